/**
 * The sentences of a text to voice: the unit the speech memory keeps audio for and the read-along
 * highlights. One rule for every host; the WordPress plugin's PHP mirrors it, held to the same cases
 * (shared/vectors/speech.json, `sentences`). Written with explicit character classes so PCRE (`/u`)
 * and JavaScript read the patterns alike.
 *
 * - Every line break ends a sentence (a heading, a list item, a line of verse is said on its own).
 * - Within a line, a sentence ends after `.`, `!`, `?`, `…` (also `։`, `؟`, `。`), any closing quotes
 *   or brackets after them, and whitespace, when what follows is not a lowercase letter or a dash: "т. е. в",
 *   "и т. д. и", "3.5" and "«Сэлам!» — жиӀащ абы." stay whole.
 * - No end after a single letter and a full stop (an initial: "А. Ш. Хьэх", "г. Налшык"), and none
 *   while the sentence so far holds no letter ("1. Япэрей", "2026. Илъэс"): the number goes with
 *   what follows.
 * - Whitespace around a sentence is not part of it. A line or a tail holding no letter or digit
 *   ("***", "—") has nothing to say and is no sentence.
 * Abbreviations followed by a capital ("ул. Ленин") do end a sentence: the part is voiced on its own,
 * which costs a slightly longer pause, never a wrong key.
 */

/** One sentence: its text and where it lies in the input (UTF-16 indexes, `input.slice(start, end) === text`). */
export interface Sentence {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** The input's line it is on, from 0: sentences of one line are one paragraph. */
  readonly line: number;
}

/** JavaScript's whitespace (what String.prototype.trim removes), spelled out so PHP's PCRE reads the same set. */
const SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/gu;
/** A sentence end: terminal punctuation, closing quotes or brackets, then whitespace before anything but a lowercase letter or a dash. */
const SENTENCE_END = new RegExp(`[.!?…։؟。]+["'»”’)\\]]*(?=[${SPACE}]+[^${SPACE}\\p{Ll}—–-])`, 'gu');
/** An initial at the end of a piece: one letter and a full stop, after the piece's start, a space or an opening mark. */
const INITIAL = new RegExp(`(?:^|[${SPACE}("'«“‘\\[])\\p{L}\\.$`, 'u');
const LETTER = /\p{L}/u;
const SAYABLE = /[\p{L}\p{N}]/u;
const LEADING_SPACE = new RegExp(`^[${SPACE}]+`, 'u');
const TRAILING_SPACE = new RegExp(`[${SPACE}]+$`, 'u');

/** The text's sentences, in order. A text with nothing to say gives none. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let lineStart = 0;
  let line = 0;
  for (const lineBreak of [...text.matchAll(LINE_BREAK), undefined]) {
    const lineEnd = lineBreak?.index ?? text.length;
    sentencesOfLine(text, lineStart, lineEnd, line, sentences);
    if (lineBreak) lineStart = lineBreak.index + lineBreak[0].length;
    line += 1;
  }
  return sentences;
}

function sentencesOfLine(text: string, from: number, to: number, line: number, into: Sentence[]): void {
  const content = text.slice(from, to);
  let start = 0;
  for (const end of content.matchAll(SENTENCE_END)) {
    const cut = end.index + end[0].length;
    const piece = content.slice(start, cut);
    if (!LETTER.test(piece) || INITIAL.test(piece.replace(LEADING_SPACE, ''))) continue;
    pushSentence(content, start, cut, from, line, into);
    start = cut;
  }
  pushSentence(content, start, content.length, from, line, into);
}

/** Adds `content.slice(start, end)` without its surrounding whitespace, when it has something to say. */
function pushSentence(content: string, start: number, end: number, offset: number, line: number, into: Sentence[]): void {
  const piece = content.slice(start, end);
  const leading = LEADING_SPACE.exec(piece)?.[0].length ?? 0;
  const trailing = TRAILING_SPACE.exec(piece)?.[0].length ?? 0;
  const trimmed = piece.slice(leading, piece.length - trailing);
  if (!SAYABLE.test(trimmed)) return;
  const at = offset + start + leading;
  into.push({ text: trimmed, start: at, end: at + trimmed.length, line });
}
