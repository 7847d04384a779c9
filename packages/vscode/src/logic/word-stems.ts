// A Kabardian or Adyghe word as written in a sentence is often inflected: тхылъхэр "the books" is
// тхылъ "book" with the plural -хэ and the absolutive -р. The dictionary lists the bare form, so a
// word it does not know is looked up again without its ending, longest ending first. The endings
// are core's, the ones the glossary lets follow a term (@circassian/core/glossary's
// GLOSSARY_ENDINGS, with their shared vectors): the dialect's case, number, predicative and
// particle endings, an epenthetic ы (Kabardian) or э (Adyghe) included. A light rule for nouns, not
// a morphological analyser: at most three tries, each named to the user.
import { GLOSSARY_ENDINGS } from '@circassian/core/glossary';
import { normalizePalochka } from '@circassian/core/palochka';

/** At most this many shorter forms are asked of the dictionary after the word itself. */
export const STEM_TRIES = 3;

/** The shortest form worth asking for (гу "heart" from гум). */
const SHORTEST_STEM = 2;

export interface Stem {
  /** The form to look up. */
  readonly stem: string;
  /** The ending taken off. */
  readonly ending: string;
}

/** Lower case, the palochka as U+04C0 (as core writes the endings), look-alikes replaced. */
const comparable = (text: string): string => normalizePalochka(text.trim()).toLowerCase().replaceAll('\u04CF', '\u04C0');

/** The shorter forms of `word` the dictionary of `dialect` may list, most likely first; none for a word too short to have an ending. */
export function stemsOf(word: string, dialect: 'kbd' | 'ady' = 'kbd'): Stem[] {
  const written = comparable(word);
  const endings = [...(GLOSSARY_ENDINGS[dialect]?.suffixes ?? [])]
    .map(comparable)
    .filter((ending) => ending !== '')
    .sort((a, b) => b.length - a.length);
  const seen = new Set<string>();
  return endings
    .filter((ending) => written.endsWith(ending))
    .map((ending) => ({ stem: written.slice(0, written.length - ending.length), ending }))
    .filter(({ stem }) => [...stem].length >= SHORTEST_STEM && !seen.has(stem) && seen.add(stem))
    .slice(0, STEM_TRIES);
}
