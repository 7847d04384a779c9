// What a hover translates at a position: in code, the string literal or comment under the cursor
// (contents only); in subtitles, the whole cue under it (its text lines as one text, a dialogue's
// speakers included, never its number or timing); in Markdown, the paragraph, heading or list item under it, never fenced or indented
// code and never the front matter (the same texts Translate File sends, logic/file-formats); in
// plain text, the line. Pure, so it is tested without the editor.
import { markdownBodyTexts } from '../logic/file-formats/markdown';
import { subtitleTexts } from '../logic/file-formats/subtitles';
import type { RangedUnit } from '../logic/file-formats/format';
import { smartRangeAt, unescapeLiteral } from '../logic/smart-selection';
import type { OffsetRange } from '../logic/translation-plan';

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

function isWebVtt(text: string, languageId: string, path: string): boolean {
  return /vtt$/i.test(languageId) || /\.vtt$/i.test(path) || /^\uFEFF?WEBVTT/.test(text);
}

function lineAt(text: string, offset: number): OffsetRange {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  let end = text.indexOf('\n', offset);
  if (end === -1) end = text.length;
  if (text[end - 1] === '\r') end -= 1;
  return { start, end };
}

/** The text whose range holds the offset (its ends included: the mouse on its last letter). */
function textAt(units: readonly RangedUnit[], offset: number): HoverText | undefined {
  const unit = units.find((candidate) => candidate.start <= offset && offset <= candidate.end);
  return unit ? { start: unit.start, end: unit.end, text: unit.text } : undefined;
}

/**
 * The cue under the offset. Translate File keeps a dialogue cue's speakers apart (one text a line,
 * `key/1`, `key/2`); a hover shows the whole cue, so they are one text again, dashes and all.
 */
function cueAt(text: string, units: readonly RangedUnit[], offset: number): HoverText | undefined {
  const hit = units.find((unit) => unit.start <= offset && offset <= unit.end);
  if (!hit) return undefined;
  const cue = hit.key.split('/')[0] ?? hit.key;
  const speakers = units.filter((unit) => unit.key.startsWith(`${cue}/`));
  const first = speakers[0];
  const last = speakers.at(-1);
  if (!first || !last || speakers.length < 2) return { start: hit.start, end: hit.end, text: hit.text };
  const start = text.lastIndexOf('\n', first.start - 1) + 1;
  return { start, end: last.end, text: text.slice(start, last.end).replace(/\r\n/g, '\n') };
}

function found(hover: HoverText | undefined): HoverText | undefined {
  if (!hover || !/\p{L}/u.test(hover.text) || hover.text.length > HOVER_MAX_CHARACTERS) return undefined;
  return { ...hover, text: hover.text.trim() };
}

export function hoverTextAt(text: string, offset: number, languageId: string, path: string): HoverText | undefined {
  if (isSubtitle(languageId, path)) return found(cueAt(text, subtitleTexts(text, isWebVtt(text, languageId, path)), offset));
  if (languageId === 'markdown') return found(textAt(markdownBodyTexts(text), offset));
  if (languageId === 'plaintext') {
    const line = lineAt(text, offset);
    return found({ ...line, text: text.slice(line.start, line.end) });
  }
  const range = smartRangeAt(text, offset, languageId);
  if (!range) return undefined;
  const raw = text.slice(range.start, range.end);
  return found({ start: range.start, end: range.end, text: range.quote ? unescapeLiteral(raw) : raw });
}

/** What a hover translation's links do: write it over the text, copy it, or translate from a picked source. */
export type HoverAction = 'replace' | 'copy' | 'translateFrom' | 'insert';

/**
 * Whether the hovered text is prose (Markdown, plain text, subtitles): there Replace writes the
 * translation as it is. In code the text is a comment's or a literal's contents, where quotes and
 * escapes would have to be written back; Translate Selection does that, the hover offers Copy.
 */
export function isProse(document: { readonly languageId: string; readonly uri: { readonly path: string } }): boolean {
  return document.languageId === 'markdown' || document.languageId === 'plaintext' || isSubtitle(document.languageId, document.uri.path);
}
