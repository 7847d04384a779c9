/**
 * A glossary: entries per language pair, checked when made, with the matchers every use needs
 * built on first use and kept (a glossary is made once and applied to many texts).
 *
 * Which entries apply where:
 * - `keep` and `translate`: their pair (source and target language);
 * - `forbidden`: every target text in their target language, whatever it was translated from;
 * - `say`: speech in their source language.
 */
import { isTranslationLanguage, type TranslationLanguage } from '../service-facts.js';
import type { LanguagePair } from '../memory/types.js';
import { readWords } from './read-words.js';
import { TermMatcher, type TermToFind } from './term-matcher.js';
import { GLOSSARY_ENTRY_TYPES, type GlossaryEntry } from './types.js';

/** An entry or a glossary file that cannot be used: `message` says why; nothing was changed. */
export class GlossaryError extends Error {
  override readonly name = 'GlossaryError';
}

/** A term has at least one letter or digit: punctuation alone is no word to find. */
const HAS_WORD = /[\p{L}\p{N}]/u;
/** What XML 1.0 cannot carry (so no TBX could hold it): control characters, U+FFFE/U+FFFF, a lone surrogate. */
// With the u flag a surrogate class matches only a lone surrogate (a pair is one code point).
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u;

/** The entry as the glossary keeps it: trimmed, a `translate` into itself is a `keep`, a `keep`'s target is its source. */
export function checkedEntry(entry: GlossaryEntry, where = 'entry'): GlossaryEntry {
  const fail = (why: string) => {
    throw new GlossaryError(`${where}: ${why}`);
  };
  if (!isTranslationLanguage(entry.sourceLang)) fail(`"${String(entry.sourceLang)}" is not a translation language`);
  if (!isTranslationLanguage(entry.targetLang)) fail(`"${String(entry.targetLang)}" is not a translation language`);
  if (entry.sourceLang === entry.targetLang) fail(`source and target are both ${entry.sourceLang}`);
  if (!GLOSSARY_ENTRY_TYPES.includes(entry.type)) fail(`type "${String(entry.type)}" is not keep, translate, forbidden or say`);
  const source = entry.source.trim();
  const target = entry.target.trim();
  for (const text of [source, target, entry.note ?? '', entry.partOfSpeech ?? ''])
    if (NOT_XML.test(text)) fail(`"${text.slice(0, 40)}" holds a control character`);
  let type = entry.type;
  if (type === 'translate' && target === source) type = 'keep';
  if (type !== 'forbidden' && !HAS_WORD.test(source)) fail(`the ${type} term "${source}" has no letter or digit`);
  if (type === 'keep' && target !== '' && target !== source) fail(`a keep term's target is empty or the term itself, not "${target}"`);
  if (type !== 'keep' && !HAS_WORD.test(target))
    fail(type === 'translate' ? `"${source}" has no target term` : type === 'say' ? `"${source}" has no respelling` : 'no forbidden word');
  const note = entry.note?.trim();
  const partOfSpeech = entry.partOfSpeech?.trim();
  return {
    sourceLang: entry.sourceLang,
    targetLang: entry.targetLang,
    type,
    source,
    target: type === 'keep' ? source : target,
    ...(note ? { note } : {}),
    ...(partOfSpeech ? { partOfSpeech } : {}),
    ...(entry.caseSensitive === true ? { caseSensitive: true } : {}),
    ...(entry.stem === true ? { stem: true } : {}),
  };
}

/** The form two terms are compared in: read as the matcher reads them, folded unless case counts. */
export function termKey(term: string, caseSensitive: boolean | undefined): string {
  const read = readWords(term.trim());
  const form = read.form.slice(read.starts[0] ?? 0, read.ends.at(-1) ?? 0);
  return caseSensitive === true ? form : form.toLowerCase();
}

/** What makes two entries one: an import replaces the entry of the same identity. */
export function entryIdentity(entry: GlossaryEntry): string {
  if (entry.type === 'forbidden') return `forbidden ${entry.targetLang} ${termKey(entry.target, entry.caseSensitive)}`;
  if (entry.type === 'say') return `say ${entry.sourceLang} ${termKey(entry.source, entry.caseSensitive)}`;
  return `term ${entry.sourceLang} ${entry.targetLang} ${termKey(entry.source, entry.caseSensitive)}`;
}

export class Glossary {
  readonly entries: readonly GlossaryEntry[];
  readonly #matchers = new Map<string, TermMatcher>();

  /** Throws GlossaryError naming the first entry that cannot be used. */
  constructor(entries: Iterable<GlossaryEntry> = []) {
    this.entries = [...entries].map((entry, i) => checkedEntry(entry, `entry ${i + 1}`));
  }

  /** The language pairs with keep or translate terms, and the pairs of the others, each once. */
  pairs(): LanguagePair[] {
    const seen = new Map<string, LanguagePair>();
    for (const { sourceLang: source, targetLang: target } of this.entries) seen.set(`${source}:${target}`, { source, target });
    return [...seen.values()];
  }

  /** The entries a pair's CSV carries: its keep and translate terms, forbidden words of its target, respellings of its source. */
  entriesFor(pair: LanguagePair): GlossaryEntry[] {
    return this.entries.filter((entry) =>
      entry.type === 'forbidden'
        ? entry.targetLang === pair.target
        : entry.type === 'say'
          ? entry.sourceLang === pair.source
          : entry.sourceLang === pair.source && entry.targetLang === pair.target,
    );
  }

  /** Keep and translate terms of the pair, found in source texts. */
  sourceTerms(pair: LanguagePair): TermMatcher {
    return this.#matcher(`source ${pair.source} ${pair.target}`, pair.source, () =>
      this.#terms(pair).map((entry) => ({ entry, term: entry.source })),
    );
  }

  /** The agreed forms of the pair's terms, found in target texts with the target language's endings (a translator inflects them). */
  agreedTerms(pair: LanguagePair): TermMatcher {
    return this.#matcher(`agreed ${pair.source} ${pair.target}`, pair.target, () =>
      this.#terms(pair).map((entry) => ({ entry, term: entry.target, stem: true })),
    );
  }

  /** Forbidden words of a target language. */
  forbiddenWords(language: TranslationLanguage): TermMatcher {
    return this.#matcher(`forbidden ${language}`, language, () =>
      this.entries
        .filter((entry) => entry.type === 'forbidden' && entry.targetLang === language)
        .map((entry) => ({ entry, term: entry.target })),
    );
  }

  /** Words of a speech language that have a respelling. */
  respelledWords(language: TranslationLanguage): TermMatcher {
    return this.#matcher(`say ${language}`, language, () =>
      this.entries.filter((entry) => entry.type === 'say' && entry.sourceLang === language).map((entry) => ({ entry, term: entry.source })),
    );
  }

  #terms(pair: LanguagePair): GlossaryEntry[] {
    return this.entries.filter(
      (entry) =>
        (entry.type === 'keep' || entry.type === 'translate') && entry.sourceLang === pair.source && entry.targetLang === pair.target,
    );
  }

  #matcher(key: string, language: TranslationLanguage, terms: () => TermToFind[]): TermMatcher {
    let matcher = this.#matchers.get(key);
    if (matcher === undefined) {
      matcher = new TermMatcher(terms(), language);
      this.#matchers.set(key, matcher);
    }
    return matcher;
  }
}

/**
 * `incoming` laid over `existing`: an entry of the same identity (pair or language, type family
 * and term, see entryIdentity) is replaced, the others kept in order, new ones appended.
 */
export function mergeGlossaries(
  existing: readonly GlossaryEntry[],
  incoming: readonly GlossaryEntry[],
): { entries: GlossaryEntry[]; added: number; replaced: number } {
  const incomingIds = new Set(incoming.map(entryIdentity));
  const kept = existing.filter((entry) => !incomingIds.has(entryIdentity(entry)));
  const existingIds = new Set(existing.map(entryIdentity));
  const replacedIds = new Set([...incomingIds].filter((id) => existingIds.has(id)));
  return { entries: [...kept, ...incoming], added: incomingIds.size - replacedIds.size, replaced: replacedIds.size };
}
