// Planning a multi-cursor translation without the editor: which pieces of text go to the service
// (in one batch), and which edits put the answers back. Offsets are UTF-16 indexes into the
// document text, as `document.offsetAt` gives them.
import type { CommentPlace } from './comment-syntax';
import type { TranslationOutput } from './output-mode';

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

export interface Segment extends OffsetRange {
  /** The document's text in the range. */
  readonly text: string;
  /** The segment is the contents of a string literal with this quote (see smart-selection.ts). */
  readonly quote?: string;
  /** The segment is the text of a comment (see smart-selection.ts): a translation written there is kept a comment. */
  readonly comment?: CommentPlace;
  /** What to translate when it is not `text` as it stands: a hard-wrapped Markdown paragraph as one line. */
  readonly source?: string;
}

/** A range to translate, with what it is (a literal's quote, a comment's syntax, the text to send). */
export type SegmentRange = OffsetRange & Pick<Segment, 'quote' | 'comment' | 'source'>;

export interface PlannedEdit extends OffsetRange {
  readonly newText: string;
}

function lineAround(text: string, offset: number): OffsetRange {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end === -1) end = text.length;
  if (end > start && text[end - 1] === '\r') end -= 1;
  return { start, end };
}

/**
 * The segments to translate: for each selection what `rangesOf` finds for it (in code, for an
 * empty selection, the string literal or comment under the cursor; in Markdown the words of the
 * texts it covers, markers left out), else the selection itself, or for an empty one its line.
 * Blank segments are dropped, and overlapping ones (two cursors on one line, a cursor on a line
 * that also holds a selection) give one segment, the widest, since the editor refuses one edit
 * with overlapping ranges. Order is the selections' order, so the batch's answers map back one to one.
 */
export function planSegments(
  text: string,
  selections: readonly OffsetRange[],
  rangesOf?: (selection: OffsetRange) => readonly SegmentRange[] | undefined,
): Segment[] {
  const candidates = selections
    .flatMap((selection, order) => {
      const ordered = { start: Math.min(selection.start, selection.end), end: Math.max(selection.start, selection.end) };
      const ranges: readonly SegmentRange[] = rangesOf?.(ordered) ?? [
        ordered.start === ordered.end ? lineAround(text, ordered.start) : ordered,
      ];
      return ranges.map((range) => ({
        start: range.start,
        end: range.end,
        ...(range.quote ? { quote: range.quote } : {}),
        ...(range.comment ? { comment: range.comment } : {}),
        ...(range.source === undefined ? {} : { source: range.source }),
        text: text.slice(range.start, range.end),
        order,
      }));
    })
    .filter((candidate) => candidate.text.trim() !== '')
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: typeof candidates = [];
  for (const candidate of candidates) {
    const previous = kept.at(-1);
    // An empty range touching a neighbour is no overlap; anything sharing a character is.
    if (previous && candidate.start < previous.end) continue;
    kept.push(candidate);
  }
  // Stable: the ranges of one selection keep their document order.
  return kept.sort((a, b) => a.order - b.order || a.start - b.start).map(({ order: _order, ...segment }) => segment);
}

/** The edits that put `translations[i]` back for `segments[i]`, for the replace and below outputs. */
export function planOutputEdits(
  text: string,
  segments: readonly Segment[],
  translations: readonly string[],
  mode: Exclude<TranslationOutput, 'beside' | 'copy'>,
  eol: '\n' | '\r\n',
): PlannedEdit[] {
  if (mode === 'replace') {
    return segments.map((segment, index) => ({ start: segment.start, end: segment.end, newText: translations[index] ?? segment.text }));
  }
  // Below: one new line under the last line of each segment; segments ending on the same line share it.
  const byLineEnd = new Map<number, { indent: string; texts: string[] }>();
  segments.forEach((segment, index) => {
    const line = lineAround(text, segment.end);
    const indent = /^[ \t]*/.exec(text.slice(line.start, line.end))?.[0] ?? '';
    const entry = byLineEnd.get(line.end) ?? { indent, texts: [] };
    // The new line has the source line's indentation; whitespace the selection had around its text is not added to it.
    entry.texts.push((translations[index] ?? '').trim());
    byLineEnd.set(line.end, entry);
  });
  return [...byLineEnd].map(([lineEnd, { indent, texts }]) => ({
    start: lineEnd,
    end: lineEnd,
    newText: `${eol}${indent}${texts.join(' ')}`,
  }));
}

/** One change the user made while a request was in flight (offsets in the text before it). */
export interface TextChange extends OffsetRange {
  readonly text: string;
}

/**
 * Where `range` is after `change`, or `undefined` when the change touched it (that segment's
 * answer no longer fits and is not applied; everything the user typed is kept).
 */
export function shiftRange(range: OffsetRange, change: TextChange): OffsetRange | undefined {
  if (change.end <= range.start) {
    const delta = change.text.length - (change.end - change.start);
    return { start: range.start + delta, end: range.end + delta };
  }
  if (change.start >= range.end) return range;
  return undefined;
}

/** Where each edit's new text lies once all of them (which never overlap) are applied, in the edits' order. */
export function rangesAfter(edits: readonly PlannedEdit[]): OffsetRange[] {
  return edits.map((edit) => {
    const shift = edits
      .filter((other) => other !== edit && other.end <= edit.start)
      .reduce((sum, other) => sum + other.newText.length - (other.end - other.start), 0);
    return { start: edit.start + shift, end: edit.start + shift + edit.newText.length };
  });
}

/**
 * Where a text the extension wrote is after `change`: moved by changes around it, grown or shrunk
 * by a change inside it (a person correcting the translation, a word retyped, the whole of it
 * replaced); `undefined` when the change reaches across one of its edges.
 */
export function followRange(range: OffsetRange, change: TextChange): OffsetRange | undefined {
  const delta = change.text.length - (change.end - change.start);
  if (change.end <= range.start && !(change.start === change.end && change.start === range.start)) return shiftRange(range, change);
  if (change.start >= range.end && !(change.start === change.end && change.start === range.end)) return range;
  if (change.start >= range.start && change.end <= range.end) return { start: range.start, end: range.end + delta };
  return undefined;
}
