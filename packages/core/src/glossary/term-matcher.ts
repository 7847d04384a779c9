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

export class TermMatcher {
  readonly #exact = new Map<string, TermPattern[]>();
  readonly #stems = new Map<string, TermPattern[]>();
  /** The first letters of every indexed stem: a word whose start is not here needs no suffix tried. */
  readonly #stemPrefixes = new Set<string>();
  readonly #suffixes: ReadonlySet<string>;
  /** Suffix lengths to try, longest first. */
  readonly #suffixLengths: readonly number[];
  readonly size: number;

  constructor(terms: Iterable<TermToFind>, language: TranslationLanguage) {
    const endings = GLOSSARY_ENDINGS[language];
    this.#suffixes = new Set((endings?.suffixes ?? ['']).map((suffix) => lower(normalizePalochka(suffix))));
    this.#suffixLengths = [...new Set([...this.#suffixes].map((suffix) => suffix.length))].sort((a, b) => b - a);
    let order = 0;
    for (const find of terms) {
      const pattern = termPattern(find, order++, endings);
      if (pattern === undefined) continue;
      const first = pattern.words[0] as WordPattern;
      const mode = pattern.caseSensitive ? 's' : 'i';
      if (first.stems === undefined) add(this.#exact, mode + first.exact, pattern);
      else
        for (const stem of first.stems) {
          if (stem.length < PREFIX) add(this.#exact, mode + stem, pattern);
          else {
            add(this.#stems, mode + stem, pattern);
            this.#stemPrefixes.add(lower(stem.slice(0, PREFIX)));
          }
        }
    }
    this.size = order;
  }

  /** Every term in `text`, left to right, none overlapping. */
  find(text: string, read: ReadWords = readWords(text)): TermMatch[] {
    const { form, starts, ends } = read;
    const count = starts.length;
    if (count === 0 || this.size === 0) return [];
    const raws: string[] = new Array<string>(count);
    const foldeds: string[] = new Array<string>(count);
    const raw = (k: number) => (raws[k] ??= form.slice(starts[k], ends[k]));
    const folded = (k: number) => (foldeds[k] ??= lower(raw(k)));
    const matches: TermMatch[] = [];
    for (let i = 0; i < count;) {
      let best: TermPattern | undefined;
      let bestEnd = -1;
      const consider = (candidates: readonly TermPattern[] | undefined) => {
        if (candidates === undefined) return;
        for (const pattern of candidates) {
          const end = this.#matchAt(pattern, i, read, raw, folded);
          if (end === -1) continue;
          const words = pattern.words.length;
          if (
            best === undefined ||
            words > best.words.length ||
            (words === best.words.length && (end > bestEnd || (end === bestEnd && pattern.order < best.order)))
          ) {
            best = pattern;
            bestEnd = end;
          }
        }
      };
      consider(this.#exact.get(`i${folded(i)}`));
      consider(this.#exact.get(`s${raw(i)}`));
      if (this.#stems.size > 0 && this.#stemPrefixes.has(folded(i).slice(0, PREFIX))) {
        const word = raw(i);
        const foldedWord = folded(i);
        for (const length of this.#suffixLengths) {
          if (foldedWord.length - length < PREFIX) continue;
          if (!this.#suffixes.has(foldedWord.slice(foldedWord.length - length))) continue;
          consider(this.#stems.get(`i${foldedWord.slice(0, foldedWord.length - length)}`));
          consider(this.#stems.get(`s${word.slice(0, word.length - length)}`));
        }
      }
      if (best === undefined) {
        i++;
        continue;
      }
      const start = (starts[i] as number) - best.lead.length;
      const from = originalOffset(read, start);
      const to = originalOffset(read, bestEnd);
      matches.push({ entry: best.entry, start: from, end: to, text: text.slice(from, to) });
      i += best.words.length;
    }
    return matches;
  }

  /** The end (in the matching form) of `pattern` read from word `i`, or -1. */
  #matchAt(pattern: TermPattern, i: number, read: ReadWords, raw: (k: number) => string, folded: (k: number) => string): number {
    const { form, starts, ends } = read;
    const last = i + pattern.words.length - 1;
    if (last >= starts.length) return -1;
    for (let j = 0; j < pattern.words.length; j++) {
      const k = i + j;
      const word = pattern.caseSensitive ? raw(k) : folded(k);
      if (!this.#wordMatches(pattern.words[j] as WordPattern, word)) return -1;
      if (j > 0 && collapseSpace(form.slice(ends[k - 1], starts[k])) !== pattern.separators[j - 1]) return -1;
    }
    const start = starts[i] as number;
    if (pattern.lead !== '' && form.slice(start - pattern.lead.length, start) !== pattern.lead) return -1;
    const end = ends[last] as number;
    if (pattern.trail !== '' && form.slice(end, end + pattern.trail.length) !== pattern.trail) return -1;
    return end + pattern.trail.length;
  }

  #wordMatches(pattern: WordPattern, word: string): boolean {
    if (pattern.stems === undefined) return word === pattern.exact;
    for (const stem of pattern.stems) {
      if (word.startsWith(stem) && this.#suffixes.has(lower(word.slice(stem.length)))) return true;
    }
    return false;
  }
}
