// A file's text with its byte-order mark set aside, so a file that starts with one (SRT files
// from Windows subtitle editors do) is parsed without it and written back with it.
const BOM = '\uFEFF';

/** The text without a leading BOM, and the BOM ('' when there was none). */
export function splitBom(text: string): { bom: string; text: string } {
  return text.startsWith(BOM) ? { bom: BOM, text: text.slice(1) } : { bom: '', text };
}

/** The file's bytes as text, a leading BOM kept (TextDecoder drops it unless told not to). */
export function decodeFile(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}
