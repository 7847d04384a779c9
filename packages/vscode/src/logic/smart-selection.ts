// In code, an empty selection means the text under the cursor, not its whole line: the contents
// of the string literal or comment the cursor is in (no quotes, no comment markers, no key).
// A light scanner of the cursor's line (and of the block comment around it), not a parser: it
// knows quotes with backslash escapes and the comment syntax of comment-syntax.ts.
import { blockCommentOf, lineCommentOf, type CommentPlace } from './comment-syntax';
import type { OffsetRange } from './translation-plan';

/** Languages whose lines are prose: the whole line is what the user means. */
const PROSE = new Set(['plaintext', 'markdown', 'latex', 'tex', 'restructuredtext', 'asciidoc', 'srt', 'vtt', 'subtitles']);
/** Data formats with strings and no comment syntax of their own in comment-syntax.ts. */
const STRING_ONLY = new Set(['json']);

export interface SmartRange extends OffsetRange {
  /** The quote of a string literal (its contents use backslash escapes); absent for a comment. */
  readonly quote?: string;
  /** The comment's syntax, for a comment's text. */
  readonly comment?: CommentPlace;
}

export function isCode(languageId: string): boolean {
  return (
    !PROSE.has(languageId) &&
    (STRING_ONLY.has(languageId) || lineCommentOf(languageId) !== undefined || blockCommentOf(languageId) !== undefined)
  );
}

function trimmed(text: string, start: number, end: number): OffsetRange | undefined {
  while (start < end && /\s/.test(text[start] ?? '')) start++;
  while (end > start && /\s/.test(text[end - 1] ?? '')) end--;
  return end > start ? { start, end } : undefined;
}

function blockAround(text: string, offset: number, open: string, close: string): OffsetRange | undefined {
  const opened = text.lastIndexOf(open, offset);
  if (opened === -1) return undefined;
  const closedBefore = text.indexOf(close, opened + open.length);
  // The comment must still be open at the cursor (closed after it, or not yet closed).
  if (closedBefore !== -1 && closedBefore + close.length <= offset) return undefined;
  const end = closedBefore === -1 ? text.length : closedBefore;
  return trimmed(text, opened + open.length, end);
}

/** The string literal or comment around `offset` in code, contents only; undefined outside both. */
export function smartRangeAt(text: string, offset: number, languageId: string): SmartRange | undefined {
  if (!isCode(languageId)) return undefined;
  const block = blockCommentOf(languageId);
  if (block) {
    const inBlock = blockAround(text, offset, block[0], block[1]);
    if (inBlock) return { ...inBlock, comment: { block } };
  }
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  let lineEnd = text.indexOf('\n', offset);
  if (lineEnd === -1) lineEnd = text.length;
  const lineMarker = lineCommentOf(languageId);
  let index = lineStart;
  while (index < lineEnd) {
    const char = text[index] ?? '';
    if (lineMarker && text.startsWith(lineMarker, index)) {
      const range = offset >= index ? trimmed(text, index + lineMarker.length, lineEnd) : undefined;
      return range ? { ...range, comment: { line: lineMarker } } : undefined;
    }
    if (char === '"' || char === "'" || char === '`') {
      let close = index + 1;
      while (close < lineEnd && text[close] !== char) close += text[close] === '\\' ? 2 : 1;
      if (offset > index && offset <= close) {
        const range = trimmed(text, index + 1, Math.min(close, lineEnd));
        return range ? { ...range, quote: char } : undefined;
      }
      index = close + 1;
      continue;
    }
    index++;
  }
  return undefined;
}

/** A literal's contents as text: `\"`, `\\`, `\n`, `\t` read as the characters they stand for. */
export function unescapeLiteral(contents: string): string {
  return contents.replace(/\\(["'`\\nt])/g, (_, char: string) => (char === 'n' ? '\n' : char === 't' ? '\t' : char));
}

/** Text written back into a literal quoted with `quote`: backslashes, that quote and line breaks escaped. */
export function escapeLiteral(text: string, quote: string): string {
  return text.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`).replace(/\r?\n/g, '\\n');
}
