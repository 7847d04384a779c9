// What a hover translates at a position: in code, the string literal or comment under the cursor
// (contents only); in subtitles, the cue's text line (not its number or timing); in prose, the
// line. Pure, so it is tested without the editor.
import { smartRangeAt, unescapeLiteral } from '../logic/smart-selection';
import type { OffsetRange } from '../logic/translation-plan';

const PROSE = new Set(['markdown', 'plaintext']);
const SUBTITLES = new Set(['srt', 'vtt', 'subtitles', 'webvtt']);
/** Longer text is not translated on hover (a hover is a glance; Translate Selection is there). */
export const HOVER_MAX_CHARACTERS = 2_000;

export interface HoverText extends OffsetRange {
  /** The text to translate (a literal's escapes read). */
  readonly text: string;
}

function isSubtitle(languageId: string, path: string): boolean {
  return SUBTITLES.has(languageId) || /\.(srt|vtt)$/i.test(path);
}

function lineAt(text: string, offset: number): OffsetRange {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end === -1) end = text.length;
  if (text[end - 1] === '\r') end -= 1;
  return { start, end };
}

export function hoverTextAt(text: string, offset: number, languageId: string, path: string): HoverText | undefined {
  let range: (OffsetRange & { readonly quote?: string }) | undefined;
  if (isSubtitle(languageId, path)) {
    const line = lineAt(text, offset);
    const content = text.slice(line.start, line.end);
    // Cue numbers, timings and the WEBVTT header are not text to read.
    if (/^\s*\d+\s*$/.test(content) || content.includes('-->') || /^WEBVTT/.test(content)) return undefined;
    range = line;
  } else if (PROSE.has(languageId)) {
    const line = lineAt(text, offset);
    // Markdown markup at the start of a line (headings, list bullets, quotes) is not text.
    const markup = /^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)*/.exec(text.slice(line.start, line.end))?.[0].length ?? 0;
    range = { start: line.start + markup, end: line.end };
  } else {
    range = smartRangeAt(text, offset, languageId);
  }
  if (!range) return undefined;
  const raw = text.slice(range.start, range.end);
  const shown = range.quote ? unescapeLiteral(raw) : raw;
  if (!/\p{L}/u.test(shown) || shown.length > HOVER_MAX_CHARACTERS) return undefined;
  return { start: range.start, end: range.end, text: shown.trim() };
}
