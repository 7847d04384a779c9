/**
 * A text read for term matching, by the memory key's rules (memory-key.ts): Unicode NFC, then
 * palochka look-alikes replaced by the service's own rule (`normalizePalochka`, which keeps every
 * offset), so `кIуэ`, `к1уэ` and `кӀуэ` read alike. Words are runs of letters, marks and digits;
 * what lies between them is kept to compare phrases (`Адыгэ Республикэ`) and edges (`C++`).
 * Offsets are the original text's, whatever NFC composed.
 */
import { normalizePalochka } from '../palochka.js';

export interface ReadWords {
  /** The text in matching form: NFC, palochkas normalised (U+04C0). */
  readonly form: string;
  /** Word i spans `form.slice(starts[i], ends[i])`. */
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** The original offset of each offset of `form` (undefined when the text was NFC already: the same). */
  readonly original: readonly number[] | undefined;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

/**
 * Whether a UTF-16 unit is part of a word: a letter, mark or digit. The scripts this pack reads
 * (Latin, Cyrillic with the palochka, combining marks) are decided by ranges; anything else by
 * the Unicode classes (a surrogate pair is tested whole by the caller). A loop over char codes is
 * several times faster than a Unicode-class regex over the same text.
 */
function wordUnit(code: number): boolean | undefined {
  if (code < 0x80) return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  if (code >= 0x0400 && code <= 0x052f) return code < 0x0482 || code > 0x0489 ? true : code >= 0x0483;
  if (code >= 0x0300 && code <= 0x036f) return true;
  if (code >= 0xc0 && code <= 0x24f) return code !== 0xd7 && code !== 0xf7;
  return undefined;
}

/** The length of the character at `at` (2 for a surrogate pair), negative when it is no word character. */
function wordCharAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  const known = wordUnit(code);
  if (known !== undefined) return known ? 1 : -1;
  const length = code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
  return WORD_CHAR.test(text.slice(at, at + length)) ? length : -length;
}

const CLUSTER = /\P{M}\p{M}*|\p{M}+/gsu;

/**
 * Characters NFC leaves as they are, alone or after any other: Basic Latin to the spacing
 * modifiers, Cyrillic without its combining marks, general punctuation from U+2002 (U+2000 and
 * U+2001 become U+2002 and U+2003). Text of only these needs no normalising, which saves a copy of
 * every text checked.
 */
// eslint-disable-next-line no-control-regex -- every character from U+0000 up is stable, controls included
const NFC_STABLE = /^[\u0000-\u02FF\u0400-\u0482\u048A-\u052F\u2002-\u206F]*$/u;

/** NFC of `text`, composed cluster by cluster so each offset maps back; undefined when it already is NFC. */
function composed(text: string): { form: string; original: number[] } | undefined {
  if (NFC_STABLE.test(text) || text.normalize('NFC') === text) return undefined;
  let form = '';
  const original: number[] = [];
  for (const match of text.matchAll(CLUSTER)) {
    const cluster = match[0].normalize('NFC');
    for (let i = 0; i < cluster.length; i++) original.push(match.index);
    form += cluster;
  }
  original.push(text.length);
  return { form, original };
}

export function readWords(text: string): ReadWords {
  return quickWords(text) ?? normalisedWords(text);
}

/** Reads text that may need NFC or the palochka rule: normalised first, then cut into words. */
function normalisedWords(text: string): ReadWords {
  const nfc = composed(text);
  const form = normalizePalochka(nfc?.form ?? text);
  const starts: number[] = [];
  const ends: number[] = [];
  let start = -1;
  for (let at = 0; at < form.length;) {
    const length = wordCharAt(form, at);
    if (length > 0 && start === -1) start = at;
    else if (length < 0 && start !== -1) {
      starts.push(start);
      ends.push(at);
      start = -1;
    }
    at += Math.abs(length);
  }
  if (start !== -1) {
    starts.push(start);
    ends.push(form.length);
  }
  return { form, starts, ends, original: nfc?.original };
}

/** What quickWords needs to know of a character below U+0530, as bits of one table. */
const WORD = 1;
const CYRILLIC = 2;
/** A look-alike the palochka rule may replace (I, l, 1, |, i, І, і); a palochka is Cyrillic. */
const LOOKALIKE = 4;
/** What NFC may compose with what stands before it: quickWords leaves such text to normalisedWords. */
const COMBINING = 8;

const QUICK_CLASSES = ((): Uint8Array => {
  const classes = new Uint8Array(0x530);
  for (let code = 0; code < 0x530; code++) {
    const char = String.fromCharCode(code);
    let bits = WORD_CHAR.test(char) ? WORD : 0;
    if (code >= 0x400) bits |= CYRILLIC;
    if (/\p{M}/u.test(char) || char.normalize('NFC') !== char) bits |= COMBINING;
    classes[code] = bits;
  }
  for (const code of [0x49, 0x6c, 0x31, 0x7c, 0x69, 0x406, 0x456]) classes[code] = (classes[code] as number) | LOOKALIKE;
  return classes;
})();

/**
 * readWords in one pass, for the text nearly every call reads: Latin and Cyrillic letters, digits,
 * punctuation (up to U+052F, and U+2002-U+206F), with nothing NFC would change and no look-alike
 * touching a Cyrillic letter, so the palochka rule changes nothing but a small palochka (U+04CF,
 * which becomes U+04C0 in place). Undefined for any other text, which `normalisedWords` reads:
 * the same words either way (read-words.test.ts holds them to it).
 */
export function quickWords(text: string): ReadWords | undefined {
  const starts: number[] = [];
  const ends: number[] = [];
  const length = text.length;
  let start = -1;
  let previous = 0;
  for (let at = 0; at < length; at++) {
    const code = text.charCodeAt(at);
    let bits: number;
    if (code < 0x530) bits = QUICK_CLASSES[code] as number;
    else if (code >= 0x2002 && code <= 0x206f) bits = 0;
    else return undefined;
    // A look-alike beside a Cyrillic letter may be a palochka: the rule decides (normalisedWords).
    if (bits >= COMBINING) return undefined;
    if (
      ((bits | previous) & LOOKALIKE) !== 0 &&
      (((bits & LOOKALIKE) !== 0 && (previous & CYRILLIC) !== 0) || ((previous & LOOKALIKE) !== 0 && (bits & CYRILLIC) !== 0))
    )
      return undefined;
    previous = bits;
    if (bits & WORD) {
      if (start === -1) start = at;
    } else if (start !== -1) {
      starts.push(start);
      ends.push(at);
      start = -1;
    }
  }
  if (start !== -1) {
    starts.push(start);
    ends.push(length);
  }
  return { form: text.includes('\u04CF') ? text.replaceAll('\u04CF', '\u04C0') : text, starts, ends, original: undefined };
}

/** The original offset of an offset of the matching form. */
export function originalOffset(words: ReadWords, offset: number): number {
  return words.original === undefined ? offset : (words.original[offset] ?? offset);
}

/** Whitespace runs read as one space: a phrase matches across a line break or a double space. */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/gu, ' ');
}
