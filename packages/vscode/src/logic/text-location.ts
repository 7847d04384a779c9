// Where a unit's text stands in a translated file, for a diagnostic on it: the formats read a file
// into texts by key without offsets, so the text is found again as the file writes it (as typed,
// JSON-escaped, XML-escaped, a PO string's first line), searching forward from the previous unit's.
import type { OffsetRange } from './translation-plan';

/** The ways a file may spell `text`, most literal first; only its first line (PO and YAML split long ones). */
function spellings(text: string): string[] {
  const line = text.split('\n')[0] ?? text;
  const xml = line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [...new Set([line, JSON.stringify(line).slice(1, -1), xml, line.replace(/"/g, '\\"')])].filter(
    (spelling) => spelling.trim() !== '',
  );
}

/** The range of `text` in `file` at or after `from` (else anywhere); undefined when it is not found. */
export function locateText(file: string, text: string, from: number): OffsetRange | undefined {
  for (const start of [from, 0]) {
    for (const spelling of spellings(text)) {
      const at = file.indexOf(spelling, start);
      if (at !== -1) return { start: at, end: at + spelling.length };
    }
  }
  return undefined;
}
