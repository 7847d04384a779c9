/**
 * Finds a set of terms in texts: whole words, read by read-words.ts (NFC, palochka look-alikes),
 * letter case as each entry says, and, for `stem` entries, the endings of the term's language
 * (suffixes.ts). Phrases match word by word, whitespace between them read as one space. Where
 * terms overlap, the longest wins (`Адыгэ Республикэ` over `Адыгэ`), then the earlier entry.
 *
 * Built once per glossary, language pair and role, then used on every text: terms are indexed by
 * their first word (by each of its stems for a stem entry), so a text costs a few map lookups per
 * word whatever the glossary's size.
 */
import { normalizePalochka } from '../palochka.js';
import type { TranslationLanguage } from '../service-facts.js';
import { collapseSpace, originalOffset, readWords, type ReadWords } from './read-words.js';
import { GLOSSARY_ENDINGS, MIN_STEM_LENGTH, type LanguageEndings } from './suffixes.js';
import type { GlossaryEntry } from './types.js';

/** One found term: the entry, where it stands in the text as given (UTF-16, end exclusive) and how it is written there. */
export interface TermMatch {
  readonly entry: GlossaryEntry;
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A term to look for: its entry, and which of its texts is the term (the source, or the target). */
export interface TermToFind {
  readonly entry: GlossaryEntry;
  readonly term: string;
  /** Endings tolerated (default: the entry's `stem`). */
  readonly stem?: boolean;
}

interface WordPattern {
  readonly exact: string;
  /** Stems this word may be written with, a suffix of the language after each; undefined: the exact word only. */
  readonly stems: readonly string[] | undefined;
}

interface TermPattern {
  readonly entry: GlossaryEntry;
  readonly order: number;
  readonly caseSensitive: boolean;
  readonly words: readonly WordPattern[];
  readonly separators: readonly string[];
  readonly lead: string;
  readonly trail: string;
}

/** Stems shorter than this are not indexed by stem: a one-letter stem would be tried on every word. */
const PREFIX = 2;

const lower = (text: string) => text.toLowerCase();

/** How many letters of a word or stem its filter key takes. */
const KEY_LENGTH = 3;
/** The filter's size: 2^20 bits (128 KiB), so a glossary of tens of thousands of terms lets few words through by chance. */
const FILTER_BITS = 20;

/** What foldUnit gives where folding one unit alone would not fold it as the whole word folds (İ, a surrogate). */
const UNFOLDABLE = -1;

/** Units below U+0530 folded, as toLowerCase folds each alone; the Greek sigmas (σ, ς, Σ) fold to one, since a word's end decides which. */
const FOLDED = ((): Int32Array => {
  const table = new Int32Array(0x530);
  for (let code = 0; code < 0x530; code++) {
    const folded = String.fromCharCode(code).toLowerCase();
    table[code] = folded.length === 1 ? folded.charCodeAt(0) : UNFOLDABLE;
  }
  table[0x3a3] = table[0x3c2] = 0x3c3;
  return table;
})();

/**
 * One UTF-16 unit folded for the filter: two words equal once lower-cased have equal folded
 * units, or a unit that is UNFOLDABLE (so the filter lets the word through: the map decides).
 */
function foldUnit(code: number): number {
  if (code < 0x530) return FOLDED[code] as number;
  if (code >= 0xd800 && code <= 0xdfff) return UNFOLDABLE;
  const folded = String.fromCharCode(code).toLowerCase();
  return folded.length === 1 ? folded.charCodeAt(0) : UNFOLDABLE;
}

/**
 * The filter's bit for the first `length` (1 to 3) units of a word, folded one by one (no string
 * cut, no lower-casing of the text): a multiplicative hash of small integers, no number outside 32
 * bits. UNFOLDABLE when a unit is: such a word is not filtered.
 */
function filterBit(text: string, start: number, length: number): number {
  let hash = Math.imul(length, 0x27d4eb2d);
  for (let i = 0; i < length; i++) {
    const folded = foldUnit(text.charCodeAt(start + i));
    if (folded === UNFOLDABLE) return UNFOLDABLE;
    hash = Math.imul(hash ^ folded, 0x9e3779b1);
  }
  return (hash ^ (hash >>> 15)) >>> (32 - FILTER_BITS);
}

/** Whether a bit is set in a filter. */
const hasBit = (filter: Uint32Array, bit: number): boolean =>
  bit === UNFOLDABLE || ((filter[bit >>> 5] as number) & (1 << (bit & 31))) !== 0;

/** The first two folded units of a word as one small integer: the stem filter's key (below 2^32). */
function pairKey(text: string, start: number): number {
  return text.charCodeAt(start) * 0x10000 + text.charCodeAt(start + 1);
}

/** Whether `form[from, to)` is what stands between two words of a term: one space stands for any run of whitespace. */
function separatorMatches(form: string, from: number, to: number, separator: string): boolean {
  if (separator !== ' ') return collapseSpace(form.slice(from, to)) === separator;
  // The common case without a string cut: the gap is whitespace only (a space, a tab, a line break, NBSP).
  if (to <= from) return false;
  for (let at = from; at < to; at++) if (!isSpace(form.charCodeAt(at))) return false;
  return true;
}

/** What `\s` matches, by code (the Unicode space separators and line terminators). */
function isSpace(code: number): boolean {
  if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** A term in matching form: its words (folded unless case-sensitive) and what stands between and around them. */
function termPattern(find: TermToFind, order: number, endings: LanguageEndings | undefined): TermPattern | undefined {
  const caseSensitive = find.entry.caseSensitive === true;
  const read = readWords(find.term.trim());
  const count = read.starts.length;
  if (count === 0) return undefined;
  const stem = (find.stem ?? find.entry.stem === true) && endings !== undefined;
  const words = read.starts.map((start, i): WordPattern => {
    const raw = read.form.slice(start, read.ends[i]);
    const exact = caseSensitive ? raw : lower(raw);
    const inflects = stem && (endings.inflects === 'every' || i === count - 1);
    return { exact, stems: inflects ? stemsOf(exact, endings) : undefined };
  });
  const separators = read.starts.slice(1).map((start, i) => collapseSpace(read.form.slice(read.ends[i], start)));
  return {
    entry: find.entry,
    order,
    caseSensitive,
    words,
    separators,
    lead: read.form.slice(0, read.starts[0]),
    trail: read.form.slice(read.ends[count - 1]),
  };
}

/** The word itself, and for a language that replaces endings, the word without each ending it has (keeping a stem of 3 letters). */
function stemsOf(word: string, endings: LanguageEndings): string[] {
  const stems = [word];
  if (!endings.replacesEnding) return stems;
  const folded = lower(word);
  for (const ending of endings.suffixes) {
    if (ending !== '' && folded.endsWith(ending) && word.length - ending.length >= MIN_STEM_LENGTH)
      stems.push(word.slice(0, -ending.length));
  }
  return stems;
}

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The best match so far at one word. */
interface Best {
  pattern: TermPattern | undefined;
  end: number;
}

/** A text's words, each sliced and folded once, when first asked for. */
class WordCache {
  readonly form: string;
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  readonly #raw: string[] = [];
  readonly #folded: string[] = [];

  constructor(readonly words: ReadWords) {
    this.form = words.form;
    this.starts = words.starts;
    this.ends = words.ends;
  }

  raw(k: number): string {
    return (this.#raw[k] ??= this.form.slice(this.starts[k], this.ends[k]));
  }

  /** The word lower-cased alone, as the terms' words are. */
  folded(k: number): string {
    return (this.#folded[k] ??= lower(this.raw(k)));
  }
}

/** The language's suffixes read from a word's end, letter by letter: a walk finds every suffix the word ends with. */
interface SuffixNode {
  terminal: boolean;
  readonly next: Map<number, SuffixNode>;
}

function suffixTrie(suffixes: Iterable<string>): SuffixNode {
  const root: SuffixNode = { terminal: false, next: new Map() };
  for (const suffix of suffixes) {
    let node = root;
    for (let i = suffix.length - 1; i >= 0; i--) {
      const code = suffix.charCodeAt(i);
      let child = node.next.get(code);
      if (child === undefined) {
        child = { terminal: false, next: new Map() };
        node.next.set(code, child);
      }
      node = child;
    }
    node.terminal = true;
  }
  return root;
}

export class TermMatcher {
  /**
   * Terms by their first word, or by each stem of it for a stem entry: folded for case-insensitive
   * terms, as written for case-sensitive ones. One map for both, so a word costs one lookup as
   * itself (a stem with no suffix is the word too); #matchAt tells them apart.
   */
  readonly #byWord = new Map<string, TermPattern[]>();
  readonly #byWordCased = new Map<string, TermPattern[]>();
  /** The first letters of every indexed stem: a word whose start is not here needs no suffix tried. */
  readonly #stemPrefixes = new Set<number>();
  /** The first letters (up to three, folded) of every indexed word or stem, as bits: a word whose bit is unset is skipped at once. */
  readonly #filter = new Uint32Array(1 << (FILTER_BITS - 5));
  /** Which key lengths (1 to 3) the filter holds: a word is tested at those only (nearly always 3 alone). */
  readonly #keyLengths: number[] = [];
  readonly #suffixes: ReadonlySet<string>;
  readonly #suffixTrie: SuffixNode;
  readonly size: number;

  constructor(terms: Iterable<TermToFind>, language: TranslationLanguage) {
    const endings = GLOSSARY_ENDINGS[language];
    this.#suffixes = new Set((endings?.suffixes ?? ['']).map((suffix) => lower(normalizePalochka(suffix))));
    this.#suffixTrie = suffixTrie(this.#suffixes);
    let order = 0;
    for (const find of terms) {
      const pattern = termPattern(find, order++, endings);
      if (pattern === undefined) continue;
      const first = pattern.words[0] as WordPattern;
      const byWord = pattern.caseSensitive ? this.#byWordCased : this.#byWord;
      for (const key of first.stems ?? [first.exact]) {
        add(byWord, key, pattern);
        const folded = lower(key);
        const length = Math.min(KEY_LENGTH, folded.length);
        const bit = filterBit(folded, 0, length);
        // A key with a unit that does not fold alone needs no bit: a word it matches has such a unit too, and passes.
        if (bit !== UNFOLDABLE) (this.#filter[bit >>> 5] as number) |= 1 << (bit & 31);
        if (!this.#keyLengths.includes(length)) this.#keyLengths.push(length);
        // A stem shorter than the filter's two letters is found as a whole word only.
        if (first.stems !== undefined && key.length >= PREFIX) this.#stemPrefixes.add(pairKey(folded, 0));
      }
    }
    this.size = order;
  }

  /** Every term in `text`, left to right, none overlapping. */
  find(text: string, words?: ReadWords): TermMatch[] {
    if (this.size === 0) return [];
    const read_ = words ?? readWords(text);
    const { form, starts, ends } = read_;
    const count = starts.length;
    const matches: TermMatch[] = [];
    // Made for the first word the filter lets through: most texts' words are all skipped before.
    let read: WordCache | undefined;
    // No closure per word: this runs for every word of every text sent and checked.
    const best: Best = { pattern: undefined, end: -1 };
    for (let i = 0; i < count;) {
      if (!this.#mayStartAt(form, starts[i] as number, ends[i] as number)) {
        i++;
        continue;
      }
      read ??= new WordCache(read_);
      best.pattern = undefined;
      best.end = -1;
      const folded = read.folded(i);
      this.#consider(best, this.#byWord.get(folded), i, read);
      if (this.#byWordCased.size > 0) this.#consider(best, this.#byWordCased.get(read.raw(i)), i, read);
      if (this.#stemPrefixes.size > 0 && this.#stemPrefixes.has(pairKey(folded, 0))) this.#considerStems(best, i, read, folded);
      const found = best.pattern as TermPattern | undefined; // set by #consider, which TypeScript does not follow
      if (found === undefined) {
        i++;
        continue;
      }
      const from = originalOffset(read_, (starts[i] as number) - found.lead.length);
      const to = originalOffset(read_, best.end);
      matches.push({ entry: found.entry, start: from, end: to, text: text.slice(from, to) });
      i += found.words.length;
    }
    return matches;
  }

  /** Whether any term or stem may begin as the word `form[start, end)` does: a few multiplications and an array read, no string cut. */
  #mayStartAt(form: string, start: number, end: number): boolean {
    const length = end - start;
    const lengths = this.#keyLengths;
    for (let k = 0; k < lengths.length; k++) {
      const n = lengths[k] as number;
      if (n <= length && hasBit(this.#filter, filterBit(form, start, n))) return true;
    }
    return false;
  }

  /** The stem entries a word may be: its start before each suffix of the language it ends with (the bare word was looked up already). */
  #considerStems(best: Best, i: number, read: WordCache, folded: string): void {
    let node = this.#suffixTrie.next.get(folded.charCodeAt(folded.length - 1));
    for (let at = folded.length - 1; node !== undefined && at >= PREFIX; at--) {
      if (node.terminal) {
        this.#consider(best, this.#byWord.get(folded.slice(0, at)), i, read);
        if (this.#byWordCased.size > 0) this.#consider(best, this.#byWordCased.get(read.raw(i).slice(0, at)), i, read);
      }
      node = node.next.get(folded.charCodeAt(at - 1));
    }
  }

  /** Keeps in `best` the longest of `candidates` that matches from word `i` (then the earlier entry). */
  #consider(best: Best, candidates: readonly TermPattern[] | undefined, i: number, read: WordCache): void {
    if (candidates === undefined) return;
    for (const pattern of candidates) {
      const end = this.#matchAt(pattern, i, read);
      if (end === -1) continue;
      const current = best.pattern;
      const words = pattern.words.length;
      if (
        current === undefined ||
        words > current.words.length ||
        (words === current.words.length && (end > best.end || (end === best.end && pattern.order < current.order)))
      ) {
        best.pattern = pattern;
        best.end = end;
      }
    }
  }

  /** The end (in the matching form) of `pattern` read from word `i`, or -1. */
  #matchAt(pattern: TermPattern, i: number, read: WordCache): number {
    const { form, starts, ends } = read;
    const last = i + pattern.words.length - 1;
    if (last >= starts.length) return -1;
    for (let j = 0; j < pattern.words.length; j++) {
      const k = i + j;
      const word = pattern.caseSensitive ? read.raw(k) : read.folded(k);
      if (!this.#wordMatches(pattern.words[j] as WordPattern, word, pattern.caseSensitive)) return -1;
      if (j > 0 && !separatorMatches(form, ends[k - 1] as number, starts[k] as number, pattern.separators[j - 1] as string)) return -1;
    }
    const start = starts[i] as number;
    if (pattern.lead !== '' && form.slice(start - pattern.lead.length, start) !== pattern.lead) return -1;
    const end = ends[last] as number;
    if (pattern.trail !== '' && form.slice(end, end + pattern.trail.length) !== pattern.trail) return -1;
    return end + pattern.trail.length;
  }

  /** `word` is folded unless `caseSensitive` (then the suffix is folded here, as the suffixes are). */
  #wordMatches(pattern: WordPattern, word: string, caseSensitive: boolean): boolean {
    if (pattern.stems === undefined) return word === pattern.exact;
    for (const stem of pattern.stems) {
      if (!word.startsWith(stem)) continue;
      const suffix = word.slice(stem.length);
      if (this.#suffixes.has(caseSensitive ? lower(suffix) : suffix)) return true;
    }
    return false;
  }
}
