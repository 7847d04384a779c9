/**
 * Palochka helpers: find and fix the characters people type in place of the palochka letter
 * of Kabardian and Adyghe (`кIуэ`, `к1уэ`, `к|уэ` for `кӀуэ`).
 *
 * Browser-safe and dependency-free: this module imports nothing, so editors, CMS plugins and
 * web pages can load it without the HTTP client (`@circassian/core/palochka`).
 *
 * ## Which code point is written
 * Unicode has two: U+04C0 `Ӏ` (CYRILLIC LETTER PALOCHKA) and U+04CF `ӏ` (CYRILLIC SMALL
 * LETTER PALOCHKA). The default target is U+04C0 because the letter is traditionally caseless
 * and most printed Kabardian uses U+04C0 everywhere, so that is what readers, fonts and
 * search expect in a user's own text. Machine translation models trained on normalised
 * corpora reportedly know only U+04CF; pass `{ target: 'U+04CF' }` when feeding such a model
 * directly (the service normalises on its own, so text sent to it can stay as typed). Both
 * code points are accepted as input; the one that is not the target is always rewritten,
 * because it is unambiguously a palochka.
 *
 * ## What counts as a look-alike, and where
 * Text is read as words: maximal runs of letters (any script), digits, look-alikes and
 * combining marks. Everything else (spaces, punctuation, quotes, hyphens, apostrophes) ends
 * a word, so `«кIуэ»`, `(щI)` and `кIуэ-кIуэ` are handled like bare words. Within a word,
 * consecutive look-alikes and palochkas form a run; "the letter before/after" a run means the
 * nearest character outside it (marks skipped). A look-alike is only ever replaced when a
 * Cyrillic letter stands right next to its run, so text without Cyrillic is never changed,
 * and never when a Latin (or other non-Cyrillic) letter does: that keeps Latin words, brands
 * and formulas glued to Cyrillic ones as typed (`Телеstudio`, `iPhoneхэр`, `КCl`, which also
 * covers "an `l` after an uppercase Latin letter is Latin").
 *
 * - Latin `I` and `l`, Cyrillic `І`/`і` (U+0406/U+0456): replaced when a Cyrillic letter is
 *   next to the run on at least one side and no foreign letter is on the other: mid-word
 *   (`кIуэ`), word-initial (`Iэ`), word-final (`щI`), all-caps (`КIУЭ`). A lone Ukrainian `і`
 *   ("and") has no neighbour and stays; Ukrainian words are otherwise out of scope.
 * - Latin small `i` and the vertical bar `|`: replaced only between two Cyrillic letters
 *   (`кiуэ`, `к|уэ`). Both are weaker look-alikes: at a word edge an `i` is more often Latin
 *   text or a slip for `и`, and a bar is a table border or a pipe (`|кӀуэ|`, `а||б`, `a|b`
 *   stay).
 * - Digit `1`: never when it touches another digit, so numbers stay numbers (`1928гъэм`,
 *   `к12`). Between two Cyrillic letters it is replaced (`к1уэ`, `К1УЭ`). At the start of a
 *   word only before `э`, `ы`, or `у` followed by a letter (`1эщ`, `1уэху`), since a leading
 *   digit is usually a number with a unit or a brand (`1С`, `1кг`, `1а` class, `1у.е.`).
 *   At the end of a word only after a lowercase letter (`щ1`, `жы1`), since an uppercase
 *   letter plus digit is a code (`М1` road, `А1` paper).
 * - Roman numerals typed with Cyrillic `Х`, `С`, `М`, `І` (with Latin `I`, `V`, `X`, `L`,
 *   `C`, `D`, `M`) stay when the whole word is a valid Roman numeral: `ХIХ лIэщIыгъуэ` keeps
 *   the century XIX and fixes the second word.
 * - URLs (containing `://` or starting with `www.`) and e-mail addresses are left exactly
 *   as typed, palochka code points included: the "word" is everything up to whitespace,
 *   `«`, `»`, `"`, `<` or `>`.
 * - English `I`, `1990`, `x1`, `a|b` and code without Cyrillic letters are untouched by the
 *   first rule.
 *
 * Known limits, chosen deliberately (each is a vector): a digit glued to the end of a
 * lowercase Russian word (`тест1`) becomes a palochka, and so does a bar between two Cyrillic
 * words with no spaces (`да|нет`): both are rare in prose, and the alternative loses real
 * Kabardian words. A word-final 1 stays after an uppercase letter even in an all-caps word
 * (`ЖЫ1`), to keep codes like `М1`. Ukrainian and Belarusian `і` inside a word (`він`) is
 * read as a palochka: the helpers are for Kabardian and Adyghe text.
 *
 * Guarantees (property-tested): idempotent; every replacement is one UTF-16 unit for one, so
 * offsets and length are preserved; applying every range of `findPalochkaLookalikes` gives
 * exactly `normalizePalochka`; the decisions do not depend on the target. The test vectors
 * every package shares are in `shared/vectors/palochka.json`.
 *
 * Speed: native regex searches settle text without Cyrillic and skip to the first place a
 * change could be; from there one pass over char codes with a class table, where only runs
 * of look-alikes reach the rules; the result is written into a UTF-16 copy when replacements
 * are dense (see packages/core/bench/palochka.bench.ts).
 */

/** U+04C0 CYRILLIC LETTER PALOCHKA: the default target, as most printed Kabardian uses it. */
export const PALOCHKA = '\u04C0';
/** U+04CF CYRILLIC SMALL LETTER PALOCHKA: the form MT models trained on normalised corpora know. */
export const SMALL_PALOCHKA = '\u04CF';

/** The palochka code point to write, named by its Unicode code point. */
export type PalochkaTarget = 'U+04C0' | 'U+04CF';
export const DEFAULT_PALOCHKA_TARGET: PalochkaTarget = 'U+04C0';

export interface PalochkaOptions {
  /** Which palochka to write. Default `'U+04C0'` (see the module comment for why). */
  readonly target?: PalochkaTarget;
}

/** One look-alike: `text.slice(start, end) === found`; write `replacement` there to fix it. */
export interface PalochkaLookalike {
  /** UTF-16 offset of the look-alike (inclusive). */
  readonly start: number;
  /** UTF-16 offset after it (exclusive); always `start + 1`. */
  readonly end: number;
  /** The character as typed, e.g. `'I'`, `'1'` or the non-target palochka. */
  readonly found: string;
  /** The palochka to write instead (the target code point). */
  readonly replacement: string;
}

/** Returns `text` with every palochka look-alike replaced, as U+04C0; the same string if none. */
export function normalizePalochka(text: string): string;
/** Returns `text` with every palochka look-alike replaced by `options.target`. */
export function normalizePalochka(text: string, options: PalochkaOptions | undefined): string;
// Two overloads rather than one optional parameter, so `texts.map(normalizePalochka)` type-checks
// (map passes an index second; any non-options value means the default).
export function normalizePalochka(text: string, options?: PalochkaOptions): string {
  const replacement = targetChar(options);
  const indices: number[] = [];
  scanLookalikes(text, replacement.charCodeAt(0), (index) => {
    indices.push(index);
    return false;
  });
  if (indices.length === 0) return text;
  return indices.length * DENSE_REPLACEMENTS > text.length
    ? (replaceCodeUnits(text, indices, replacement) ?? joinAround(text, indices, replacement))
    : joinAround(text, indices, replacement);
}

/** Above one replacement per this many code units, rewriting a code-unit copy beats slicing. */
const DENSE_REPLACEMENTS = 256;

function joinAround(text: string, indices: readonly number[], replacement: string): string {
  const pieces: string[] = [];
  let copied = 0;
  for (const index of indices) {
    pieces.push(text.slice(copied, index));
    copied = index + 1;
  }
  pieces.push(text.slice(copied));
  return pieces.join(replacement);
}

/**
 * Rewrites a UTF-16 copy of `text`. Node's Buffer copies and decodes natively and keeps lone
 * surrogates; elsewhere TextDecoder does the decoding, but it would turn a lone surrogate into
 * U+FFFD, so text with surrogates gets undefined (the caller then slices instead).
 */
function replaceCodeUnits(text: string, indices: readonly number[], replacement: string): string | undefined {
  const code = replacement.charCodeAt(0);
  const NodeBuffer = (globalThis as { Buffer?: Utf16BufferConstructor }).Buffer;
  if (NodeBuffer !== undefined) {
    const bytes = NodeBuffer.from(text, 'utf16le');
    for (const index of indices) bytes.writeUInt16LE(code, index * 2);
    return bytes.toString('utf16le');
  }
  const units = new Uint16Array(text.length);
  let surrogates = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    units[i] = unit;
    surrogates |= (unit & 0xf800) === 0xd800 ? 1 : 0;
  }
  if (surrogates !== 0) return undefined;
  for (const index of indices) units[index] = code;
  return UTF16_DECODER.decode(units);
}

/** The little of Node's Buffer used here, typed locally: this module imports nothing. */
interface Utf16BufferConstructor {
  from(text: string, encoding: 'utf16le'): { writeUInt16LE(value: number, offset: number): number; toString(encoding: 'utf16le'): string };
}

// ignoreBOM keeps a leading U+FEFF in the output instead of swallowing it.
const UTF16_DECODER = new TextDecoder('utf-16le', { ignoreBOM: true });

/** Every look-alike `normalizePalochka` would replace, in order, with UTF-16 ranges. */
export function findPalochkaLookalikes(text: string, options?: PalochkaOptions): PalochkaLookalike[] {
  const replacement = targetChar(options);
  const found: PalochkaLookalike[] = [];
  scanLookalikes(text, replacement.charCodeAt(0), (index) => {
    found.push({ start: index, end: index + 1, found: text.charAt(index), replacement });
    return false;
  });
  return found;
}

/** How many look-alikes `normalizePalochka` would replace (for status bars). */
export function countPalochkaLookalikes(text: string, options?: PalochkaOptions): number {
  let count = 0;
  scanLookalikes(text, targetChar(options).charCodeAt(0), () => {
    count++;
    return false;
  });
  return count;
}

/** Whether `normalizePalochka` would change `text`; stops at the first look-alike. */
export function hasPalochkaLookalikes(text: string, options?: PalochkaOptions): boolean {
  let any = false;
  scanLookalikes(text, targetChar(options).charCodeAt(0), () => (any = true));
  return any;
}

function targetChar(options: PalochkaOptions | undefined): string {
  return (options?.target ?? DEFAULT_PALOCHKA_TARGET) === 'U+04CF' ? SMALL_PALOCHKA : PALOCHKA;
}

// ---------------------------------------------------------------------------------------
// The scanner. One pass over char codes; everything costly happens only around a run of
// look-alikes, and most runs (English `i`, `l`) are rejected by one table lookup per side.

const CODE_LATIN_CAPITAL_I = 0x49;
const CODE_LATIN_SMALL_L = 0x6c;
const CODE_LATIN_SMALL_I = 0x69;
const CODE_DIGIT_ONE = 0x31;
const CODE_VERTICAL_BAR = 0x7c;
const CODE_CYRILLIC_CAPITAL_I = 0x406;
const CODE_CYRILLIC_SMALL_I = 0x456;
const CODE_PALOCHKA = 0x4c0;
const CODE_SMALL_PALOCHKA = 0x4cf;

/** Character classes, as seen by the rules. */
const BOUNDARY = 0; // ends a word: space, punctuation, quotes, symbols, astral characters
const CYRILLIC = 1; // a Cyrillic letter that is neither a look-alike nor a palochka
const FOREIGN = 2; // any other letter or number (Latin, Greek, non-ASCII digits)
const DIGIT = 3; // ASCII digits other than 1
const LOOKALIKE = 4; // the look-alikes and both palochkas
const MARK = 5; // combining marks and soft hyphens: transparent inside words

/** Classes of U+0000..U+052F (Basic Latin to Cyrillic Supplement), precomputed. */
const TABLE_SIZE = 0x530;
const CLASS_TABLE = buildClassTable();

function buildClassTable(): Uint8Array {
  const table = new Uint8Array(TABLE_SIZE);
  for (let code = 0; code < TABLE_SIZE; code++) table[code] = classifyCode(code);
  return table;
}

function classifyCode(code: number): number {
  switch (code) {
    case CODE_LATIN_CAPITAL_I:
    case CODE_LATIN_SMALL_L:
    case CODE_LATIN_SMALL_I:
    case CODE_DIGIT_ONE:
    case CODE_VERTICAL_BAR:
    case CODE_CYRILLIC_CAPITAL_I:
    case CODE_CYRILLIC_SMALL_I:
    case CODE_PALOCHKA:
    case CODE_SMALL_PALOCHKA:
      return LOOKALIKE;
  }
  if (code >= 0x30 && code <= 0x39) return DIGIT;
  if (code >= 0xd800 && code <= 0xdfff) return BOUNDARY;
  const char = String.fromCharCode(code);
  if (code === 0xad || /\p{M}/u.test(char)) return MARK;
  if (/\p{L}/u.test(char)) return /\p{Script=Cyrillic}/u.test(char) ? CYRILLIC : FOREIGN;
  if (/\p{N}/u.test(char)) return FOREIGN;
  return BOUNDARY;
}

/** Classes of the rest of the BMP, plus one, filled in as met (0: not classified yet). */
const WIDE_CLASSES = new Uint8Array(0x10000);

function classAt(text: string, index: number): number {
  if (index < 0 || index >= text.length) return BOUNDARY;
  const code = text.charCodeAt(index);
  if (code < TABLE_SIZE) return CLASS_TABLE[code] as number;
  const known = WIDE_CLASSES[code] as number;
  if (known !== 0) return known - 1;
  const cls = classifyCode(code);
  WIDE_CLASSES[code] = cls + 1;
  return cls;
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isLowercaseCyrillic(code: number): boolean {
  if (code >= 0x430 && code <= 0x45f) return true; // а..я, ѐ..џ: the common case, without a string
  if (code >= 0x400 && code <= 0x42f) return false;
  const char = String.fromCharCode(code);
  return char.toLowerCase() === char && char.toUpperCase() !== char;
}

function isRunClass(cls: number): boolean {
  return cls === LOOKALIKE || cls === MARK;
}

/** Called with each index to replace, in order; returning true stops the scan. */
type Visit = (index: number) => boolean;

/** Ranges holding every BMP Cyrillic letter, palochkas included (tested exhaustively). */
const CYRILLIC_RANGE = '[\\u0400-\\u052F\\u1C80-\\u1C8F\\u1D2B\\u1D78\\uA640-\\uA69F]';
/** Without a Cyrillic letter there is nothing to replace. */
const ANY_CYRILLIC = new RegExp(CYRILLIC_RANGE);

/**
 * Where the first change could be: a typed look-alike with a Cyrillic letter or a palochka
 * before (marks skipped) or after, or the palochka that is not the target. A superset of
 * what the rules replace (palochkas are in the Cyrillic range, so a look-alike deep in a run
 * of them is still found), written literal-first so the engine skips to candidates. One
 * native search lets text without any (English, Russian, correct Kabardian) skip the loop.
 */
function firstCandidatePattern(wrongPalochka: string): RegExp {
  const cyrillic = CYRILLIC_RANGE;
  const typed = '[Il1|i\\u0406\\u0456]';
  const marks = '[\\p{M}\\u00AD]*';
  return new RegExp(`${typed}(?<=${cyrillic}${marks}${typed})|${typed}(?=${marks}${cyrillic})|${wrongPalochka}`, 'u');
}
const FIRST_CANDIDATE_FOR_PALOCHKA = firstCandidatePattern('\\u04CF');
const FIRST_CANDIDATE_FOR_SMALL_PALOCHKA = firstCandidatePattern('\\u04C0');

function scanLookalikes(text: string, targetCode: number, visit: Visit): void {
  // The plain test is far cheaper than the search below and settles text without Cyrillic.
  if (!ANY_CYRILLIC.test(text)) return;
  const first = text.search(targetCode === CODE_PALOCHKA ? FIRST_CANDIDATE_FOR_PALOCHKA : FIRST_CANDIDATE_FOR_SMALL_PALOCHKA);
  if (first === -1) return;
  const length = text.length;
  const urls = new ProtectedChunks(text);
  let runStart = first;
  while (runStart > 0 && isRunClass(classAt(text, runStart - 1))) runStart--;
  for (let i = runStart; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code >= TABLE_SIZE || CLASS_TABLE[code] !== LOOKALIKE) continue;
    // A correct palochka on its own (already-normalised text) needs no decision.
    if (code === targetCode && !isRunClass(classAt(text, i + 1))) continue;
    let end = i + 1;
    while (end < length && isRunClass(classAt(text, end))) end++;
    if (scanRun(text, i, end, targetCode, urls, visit)) return;
    i = end - 1;
  }
}

/** Decides each character of the run `[start, end)` of look-alikes, palochkas and marks. */
function scanRun(text: string, start: number, end: number, targetCode: number, urls: ProtectedChunks, visit: Visit): boolean {
  let before = start - 1;
  while (classAt(text, before) === MARK) before--;
  const beforeClass = classAt(text, before);
  const afterClass = classAt(text, end);
  const touchesCyrillic = beforeClass === CYRILLIC || afterClass === CYRILLIC;
  const touchesForeign = beforeClass === FOREIGN || afterClass === FOREIGN;
  let romanNumeral: boolean | undefined;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    let replace: boolean;
    switch (code) {
      case CODE_PALOCHKA:
      case CODE_SMALL_PALOCHKA:
        replace = code !== targetCode;
        break;
      case CODE_LATIN_CAPITAL_I:
      case CODE_CYRILLIC_CAPITAL_I:
        replace = touchesCyrillic && !touchesForeign && !(romanNumeral ??= isRomanNumeralWord(text, start));
        break;
      case CODE_LATIN_SMALL_L:
      case CODE_CYRILLIC_SMALL_I:
        replace = touchesCyrillic && !touchesForeign;
        break;
      case CODE_LATIN_SMALL_I:
      case CODE_VERTICAL_BAR:
        replace = classAt(text, i - 1) === CYRILLIC && classAt(text, i + 1) === CYRILLIC;
        break;
      case CODE_DIGIT_ONE:
        replace = touchesCyrillic && isPalochkaDigit(text, i, before, end, beforeClass, afterClass);
        break;
      default:
        replace = false; // a combining mark inside the run
    }
    if (replace && !urls.protects(i) && visit(i)) return true;
  }
  return false;
}

/** The digit rules: see the module comment. */
function isPalochkaDigit(text: string, index: number, before: number, after: number, beforeClass: number, afterClass: number): boolean {
  if (isAsciiDigit(text.charCodeAt(index - 1)) || isAsciiDigit(text.charCodeAt(index + 1))) return false;
  if (beforeClass === CYRILLIC && afterClass === CYRILLIC) return true;
  if (beforeClass === BOUNDARY && afterClass === CYRILLIC) {
    switch (text.charCodeAt(after)) {
      case 0x44d:
      case 0x42d: // э Э
      case 0x44b:
      case 0x42b: // ы Ы
        return true;
      case 0x443:
      case 0x423: // у У, when a letter follows (Ӏуэху, not 1 у.е.)
        return classAt(text, after + 1) === CYRILLIC;
      default:
        return false;
    }
  }
  if (beforeClass === CYRILLIC && afterClass === BOUNDARY) return isLowercaseCyrillic(text.charCodeAt(before));
  return false;
}

const ROMAN_NUMERAL = /^M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})$/;
/** Longest Roman numeral worth recognising (MMMDCCCLXXXVIII is 15). */
const ROMAN_MAX_LENGTH = 15;

/** The Latin Roman-numeral letter for a Latin letter or its Cyrillic twin; '' for anything else. */
function romanLetter(code: number): string {
  switch (code) {
    case 0x49:
    case 0x406:
      return 'I';
    case 0x58:
    case 0x425:
      return 'X';
    case 0x43:
    case 0x421:
      return 'C';
    case 0x4d:
    case 0x41c:
      return 'M';
    case 0x56:
      return 'V';
    case 0x4c:
      return 'L';
    case 0x44:
      return 'D';
    default:
      return '';
  }
}

/** Whether the word around `index` is a Roman numeral written with Latin/Cyrillic twins. */
function isRomanNumeralWord(text: string, index: number): boolean {
  // Walk out to the word's edges through Roman letters only, so ordinary words stop at once.
  let start = index;
  while (start > 0 && index - start <= ROMAN_MAX_LENGTH && romanLetter(text.charCodeAt(start - 1)) !== '') start--;
  if (classAt(text, start - 1) !== BOUNDARY) return false;
  let end = index;
  while (end - start <= ROMAN_MAX_LENGTH && romanLetter(text.charCodeAt(end)) !== '') end++;
  if (end - start > ROMAN_MAX_LENGTH || classAt(text, end) !== BOUNDARY) return false;
  let latin = '';
  for (let i = start; i < end; i++) latin += romanLetter(text.charCodeAt(i));
  return ROMAN_NUMERAL.test(latin);
}

/**
 * URLs and e-mail addresses: whitespace-delimited chunks that hold `://` or an address's `@`,
 * or start with `www.`. Found once per text from those markers with native searches (most
 * texts have none), then answered by a cursor, as the scan asks in increasing order.
 */
class ProtectedChunks {
  /** Sorted, disjoint chunks as flat [start, end, start, end, ...]; read on first use. */
  private ranges: number[] | undefined;
  private cursor = 0;

  constructor(private readonly text: string) {}

  protects(index: number): boolean {
    const ranges = (this.ranges ??= findProtectedChunks(this.text));
    while (this.cursor < ranges.length && (ranges[this.cursor + 1] as number) <= index) this.cursor += 2;
    return this.cursor < ranges.length && (ranges[this.cursor] as number) <= index;
  }
}

const EMAIL_AT = /[\p{L}\p{N}_.+-]@[\p{L}\p{N}]/u;
/** What makes a chunk a URL or an address; one native pass finds them all. */
const URL_MARKERS = /:\/\/|@|www\./gi;

function findProtectedChunks(text: string): number[] {
  const flat: number[] = [];
  let chunkEnd = -1;
  URL_MARKERS.lastIndex = 0;
  for (let match = URL_MARKERS.exec(text); match !== null; match = URL_MARKERS.exec(text)) {
    const index = match.index;
    if (index < chunkEnd) continue; // a chunk already read: protected, or not for this marker
    let start = index;
    while (start > 0 && !isChunkBreak(text.charCodeAt(start - 1))) start--;
    chunkEnd = index;
    while (chunkEnd < text.length && !isChunkBreak(text.charCodeAt(chunkEnd))) chunkEnd++;
    if (isUrlOrAddress(text, start, chunkEnd)) flat.push(start, chunkEnd);
  }
  return flat;
}

function isUrlOrAddress(text: string, start: number, end: number): boolean {
  if (startsWithWww(text, start)) return true;
  const chunk = text.slice(start, end);
  return chunk.includes('://') || EMAIL_AT.test(chunk);
}

/** `www.` in any case, after an optional `(` or `[`; read by code so no string is made per chunk. */
function startsWithWww(text: string, start: number): boolean {
  const first = text.charCodeAt(start);
  const at = first === 0x28 || first === 0x5b ? start + 1 : start;
  for (let i = at; i < at + 3; i++) if ((text.charCodeAt(i) | 0x20) !== 0x77) return false;
  return text.charCodeAt(at + 3) === 0x2e;
}

function isChunkBreak(code: number): boolean {
  // « » " < > never occur raw inside a URL; they often wrap one. The rest is Unicode White_Space.
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0x22 || code === 0x3c || code === 0x3e;
  if (code < 0x2000) return code === 0xab || code === 0xbb || code === 0x85 || code === 0xa0 || code === 0x1680;
  return code <= 0x200a || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000;
}
