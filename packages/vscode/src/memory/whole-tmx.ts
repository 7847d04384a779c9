// Core's readTmx tokenizes, it does not validate: a note, an HTML page or a TMX cut between two units
// reads as no units (or the units before the cut) and no error. An import refuses those, as core's
// TMX file store refuses such a file as the workspace memory: the document must be one <tmx>
// element from its start to its end.

/** How much of each end is looked at: the XML declaration, comments and a doctype fit before <tmx>. */
const EDGE = 4096;

/** Which end of the bytes is not that of one <tmx> document, or undefined when they are one. */
export function notWholeTmx(bytes: Uint8Array): 'start' | 'end' | undefined {
  // Latin-1 without zero bytes: the markup of UTF-8 and UTF-16 files alike reads as ASCII.
  const ascii = (part: Uint8Array): string => Buffer.from(part).toString('latin1').replace(/\0/gu, '');
  const head = ascii(bytes.subarray(0, EDGE)).replace(/^(?:\xEF\xBB\xBF|\xFF\xFE|\xFE\xFF)/u, '');
  if (!/^\s*(?:<\?[^]*?\?>\s*|<!--[^]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<tmx[\s>]/u.test(head)) return 'start';
  if (!/<\/tmx\s*>\s*(?:<!--[^]*?-->\s*)*$/u.test(ascii(bytes.subarray(-EDGE)))) return 'end';
  return undefined;
}
