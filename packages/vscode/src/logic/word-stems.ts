// A Kabardian or Adyghe word as written in a sentence is often inflected: тхылъхэр "the books" is
// тхылъ "book" with the plural -хэ and the absolutive -р. The dictionary lists the bare form, so a
// word it does not know is looked up again without its ending, longest ending first; an ending
// added after a consonant cluster brings an epenthetic ы with it (тхылъыр), which goes too.
// A light rule for nouns, not a morphological analyser: at most three tries, each named to the user.
import { normalizePalochka } from '@circassian/core/palochka';

/** Noun endings, longest first: the plural -хэ with its case endings, the case and conjunctive endings. */
const ENDINGS = [
  'хэмкӀэ',
  'хэмрэ',
  'хэрщ',
  'хэри',
  'хэрэ',
  'хэр',
  'хэм',
  'хэ',
  'мкӀэ',
  'кӀэ',
  'рщ',
  'ри',
  'рэ',
  'уэ',
  'р',
  'м',
  'у',
] as const;

/** At most this many shorter forms are asked of the dictionary after the word itself. */
export const STEM_TRIES = 3;

export interface Stem {
  /** The form to look up. */
  readonly stem: string;
  /** The ending taken off (with an epenthetic ы when one went with it). */
  readonly ending: string;
}

/** The shorter forms of `word` the dictionary may list, most likely first; none for a word too short to have an ending. */
export function stemsOf(word: string): Stem[] {
  const written = normalizePalochka(word.trim()).toLowerCase().replaceAll('\u04CF', '\u04C0');
  const found: Stem[] = [];
  for (const ending of ENDINGS) {
    if (!written.endsWith(ending.toLowerCase().replaceAll('\u04CF', '\u04C0'))) continue;
    const stem = written.slice(0, written.length - ending.length);
    if ([...stem].length < 2) continue;
    if (stem.endsWith('ы') && [...stem].length > 2) found.push({ stem: stem.slice(0, -1), ending: `ы${ending}` });
    found.push({ stem, ending });
  }
  const seen = new Set<string>();
  return found.filter(({ stem }) => !seen.has(stem) && seen.add(stem)).slice(0, STEM_TRIES);
}
