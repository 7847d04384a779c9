/**
 * Inline markers: how a client sends formatting inside one text (`<x1>bold</x1>`, `<x2/>` for an
 * element with no text), so a whole sentence is translated at once and the formatting comes back
 * where the words went. A real engine is asked to keep such tags; the pseudo-translation keeps
 * them verbatim, and a test control (a fault with `markers`) drops or reorders them.
 */

/** One marker: `<xN>`, `</xN>` or `<xN/>`, N a positive number. */
export const MARKER_PATTERN = /<\/?x[1-9]\d*\/?>/g;

/** The text as pieces: markers (kept as they are) and the text between them. */
export function splitMarkers(text: string): { readonly text: string; readonly marker: boolean }[] {
  const pieces: { text: string; marker: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKER_PATTERN)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), marker: false });
    pieces.push({ text: match[0], marker: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), marker: false });
  return pieces;
}

/** What an engine that loses formatting answers: the text with every marker gone. */
export function dropMarkers(text: string): string {
  return text.replace(MARKER_PATTERN, '');
}

/**
 * What an engine that scrambles formatting answers: the markers in reverse order, each put where
 * another stood (`<x1>a</x1>` becomes `</x1>a<x1>`), so no client can place them.
 */
export function reorderMarkers(text: string): string {
  const markers = [...text.matchAll(MARKER_PATTERN)].map((match) => match[0]).reverse();
  let next = 0;
  return text.replace(MARKER_PATTERN, () => markers[next++] ?? '');
}
