import { DICTIONARY, type DictionaryConcept } from './dictionary-words.js';

export type DictionaryDialect = 'kbd' | 'ady';
export type GlossLanguage = 'ru' | 'en' | 'tr';

/** The body of a dictionary answer. An unknown word is a normal answer with `found: false`. */
export interface DictionaryEntry {
  /** The word as asked. */
  readonly word: string;
  readonly dialect: DictionaryDialect;
  readonly lang: GlossLanguage;
  readonly found: boolean;
  readonly entries: readonly DictionarySense[];
  readonly [extra: string]: unknown;
}

export interface DictionarySense {
  /** The headword as the dictionary spells it. */
  readonly headword: string;
  /** The gloss in `lang`; several glosses are separated by ", " and senses by "; ". */
  readonly translation: string;
  readonly part_of_speech?: string;
  /** Examples as `<dialect text> — <rendering in lang>`. */
  readonly examples?: readonly string[];
}

/**
 * Looks a word up in the built-in dictionary of one dialect. Matching ignores case, surrounding
 * whitespace and which palochka code point (U+04C0 or U+04CF) the word is written with.
 */
export function lookUpWord(word: string, dialect: DictionaryDialect, lang: GlossLanguage): DictionaryEntry {
  const concepts = INDEX[dialect].get(foldWord(word)) ?? [];
  return {
    word,
    dialect,
    lang,
    found: concepts.length > 0,
    entries: concepts.map((concept) => ({
      headword: concept[dialect],
      translation: concept.gloss[lang],
      part_of_speech: concept.partOfSpeech,
      examples: [`${concept.example[dialect]} — ${concept.example[lang]}`],
    })),
  };
}

/** Lowercase, trimmed, with every palochka as U+04CF (lowercasing maps U+04C0 to U+04CF already). */
function foldWord(word: string): string {
  return word.trim().toLowerCase().replaceAll('\u04C0', '\u04CF');
}

function indexBy(dialect: DictionaryDialect): ReadonlyMap<string, readonly DictionaryConcept[]> {
  const index = new Map<string, DictionaryConcept[]>();
  for (const concept of DICTIONARY) {
    const key = foldWord(concept[dialect]);
    index.set(key, [...(index.get(key) ?? []), concept]);
  }
  return index;
}

const INDEX: Readonly<Record<DictionaryDialect, ReadonlyMap<string, readonly DictionaryConcept[]>>> = {
  kbd: indexBy('kbd'),
  ady: indexBy('ady'),
};
