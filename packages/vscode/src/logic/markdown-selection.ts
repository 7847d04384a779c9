// In Markdown, what a selection translates is the words it covers, never the markup around them:
// each text it touches (a paragraph, heading, list item, quote line, table cell, front-matter
// value: the texts Translate File sends, file-formats/markdown.ts) cut to the selection, so a list
// item's `- `, a heading's `## `, a quote's `> ` and the code between texts stay where they are.
// An empty selection takes the whole text under the cursor (none in code, a rule or the markup).
import { markdownTexts } from './file-formats/markdown';
import type { OffsetRange } from './translation-plan';

export interface MarkdownRange extends OffsetRange {
  /** The text to send when it differs from the document's slice: a hard-wrapped paragraph as one line. */
  readonly source?: string;
}

/**
 * The ranges to translate for `selection` in the Markdown `text`; undefined when a selection
 * touches no text (inside a code block: what the person selected is taken as it is).
 */
export function markdownRanges(text: string, selection: OffsetRange): MarkdownRange[] | undefined {
  const units = markdownTexts(text);
  if (selection.start === selection.end) {
    const unit = units.find((candidate) => candidate.start <= selection.start && selection.start <= candidate.end);
    return unit
      ? [{ start: unit.start, end: unit.end, ...(unit.text === text.slice(unit.start, unit.end) ? {} : { source: unit.text }) }]
      : [];
  }
  const touched = units.filter((unit) => unit.start < selection.end && selection.start < unit.end);
  if (touched.length === 0) return undefined;
  return touched.map((unit) => {
    const start = Math.max(unit.start, selection.start);
    const end = Math.min(unit.end, selection.end);
    const whole = start === unit.start && end === unit.end && unit.text !== text.slice(start, end);
    return { start, end, ...(whole ? { source: unit.text } : {}) };
  });
}
