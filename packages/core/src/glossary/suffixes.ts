/**
 * The endings a `stem` entry tolerates, per source language. Kabardian and Adyghe nouns take
 * their case and number as suffixes on the word as written in the dictionary (Налшык, Налшыкыр,
 * Налшыкым, НалшыкымкӀэ; унэ, унэхэр, унэхэм), so the term is the stem and the suffixes follow it.
 * Russian declines by replacing the ending (Москва, Москвы, Москве), so there the term's own
 * ending may give way to another.
 *
 * Sources, read for these lists: the four Kabardian cases (absolutive -р, ergative -м,
 * instrumental -кӀэ / -мкӀэ, adverbial -у / -уэ), the plural -хэ before them, -ы- after a consonant
 * (институтым, чемпионыр), the predicative -щ (щӀалэрщ) and the particle -и (щӀалэри), as the
 * grammar of Kabardian describes them; Adyghe's -эр / -эм / -эмкӀэ after a consonant, -эу, and the
 * plural ergative -хэмэ. Coordinative -рэ ("and": унэрэ) both. They are the nominal suffixes only:
 * a verb's are not listed, so a verb entry matches as a whole word.
 *
 * The same lists, with words that must and must not match, are in shared/vectors/glossary.json,
 * which the PHP side reads too (a test holds these to it).
 */
import type { TranslationLanguage } from '../service-facts.js';

export interface LanguageEndings {
  /** What may follow the term; `''` is the bare term. Written with U+04C0 for the palochka. */
  readonly suffixes: readonly string[];
  /** Whether the term's own ending (one of `suffixes`) may give way to another (Russian: Москва, Москвы). */
  readonly replacesEnding: boolean;
  /** Which words of a phrase inflect: the last (Kabardian, Adyghe: the case ends the phrase) or every one (Russian). */
  readonly inflects: 'last' | 'every';
}

/** The shortest stem left when a term's own ending gives way, so a short word does not match everything. */
export const MIN_STEM_LENGTH = 3;

const KABARDIAN: readonly string[] = [
  '',
  'р',
  'м',
  'мкӀэ',
  'кӀэ',
  'у',
  'уэ',
  'ыр',
  'ым',
  'ымкӀэ',
  'ыу',
  'ыуэ',
  'хэ',
  'хэр',
  'хэм',
  'хэмкӀэ',
  'хэкӀэ',
  'хэу',
  'ри',
  'ми',
  'кӀи',
  'уи',
  'ыри',
  'ыми',
  'хэри',
  'хэми',
  'рэ',
  'ырэ',
  'хэрэ',
  'щ',
  'рщ',
  'ыщ',
  'ырщ',
  'хэщ',
  'хэрщ',
];

const ADYGHE: readonly string[] = [
  '',
  'р',
  'м',
  'мкӀэ',
  'кӀэ',
  'у',
  'эу',
  'эр',
  'эм',
  'эмкӀэ',
  'хэ',
  'хэр',
  'хэм',
  'хэмэ',
  'хэмкӀэ',
  'хэкӀэ',
  'хэу',
  'ри',
  'ми',
  'кӀи',
  'эри',
  'эми',
  'хэри',
  'хэми',
  'рэ',
  'эрэ',
  'хэрэ',
];

const RUSSIAN: readonly string[] = [
  '',
  'а',
  'я',
  'о',
  'е',
  'ё',
  'у',
  'ю',
  'ы',
  'и',
  'ь',
  'й',
  'ой',
  'ей',
  'ою',
  'ею',
  'ом',
  'ем',
  'ём',
  'ам',
  'ям',
  'ами',
  'ями',
  'ах',
  'ях',
  'ов',
  'ев',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ый',
  'ий',
  'ого',
  'его',
  'ому',
  'ему',
  'ым',
  'им',
  'ых',
  'их',
  'ую',
  'юю',
];

export const GLOSSARY_ENDINGS: Readonly<Partial<Record<TranslationLanguage, LanguageEndings>>> = {
  kbd: { suffixes: KABARDIAN, replacesEnding: false, inflects: 'last' },
  ady: { suffixes: ADYGHE, replacesEnding: false, inflects: 'last' },
  ru: { suffixes: RUSSIAN, replacesEnding: true, inflects: 'every' },
};
