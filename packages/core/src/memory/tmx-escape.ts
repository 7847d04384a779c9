/** Escaping for the TMX this package writes. */

/** Text as element content; CR as a reference, since XML readers turn a raw CR LF into LF. */
export function escapeText(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/\r/gu, '&#13;');
}

export function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/gu, '&quot;').replace(/\n/gu, '&#10;').replace(/\t/gu, '&#9;');
}
