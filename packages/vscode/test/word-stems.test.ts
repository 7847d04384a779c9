import { expect, test } from 'vitest';
import { stemsOf } from '../src/logic/word-stems';

test('an inflected noun gives its bare form first: the plural and case endings, an epenthetic ы with them', () => {
  expect(stemsOf('тхылъхэр').map(({ stem }) => stem)).toEqual(['тхылъ', 'тхылъхэ']);
  expect(stemsOf('тхылъхэр')[0]?.ending).toBe('хэр');
  expect(stemsOf('Унэм').map(({ stem }) => stem)).toEqual(['унэ']);
  expect(stemsOf('тхылъыр')[0]).toEqual({ stem: 'тхылъ', ending: 'ыр' });
});

test('the palochka as typed (a Latin I, either palochka) does not hide an ending; a short word has none', () => {
  expect(stemsOf('унэмкIэ').map(({ stem }) => stem)[0]).toBe('унэ');
  expect(stemsOf('ур')).toEqual([]);
  expect(stemsOf('унэхэмкӏэ').length).toBeLessThanOrEqual(3);
});

test('the endings are core’s glossary endings of the dialect: Adyghe’s plural ergative -хэмэ and -эр after a consonant', () => {
  expect(stemsOf('унэхэмэ', 'ady')[0]).toEqual({ stem: 'унэ', ending: 'хэмэ' });
  expect(stemsOf('тхылъэр', 'ady')[0]).toEqual({ stem: 'тхылъ', ending: 'эр' });
  // Kabardian has neither: its forms are -хэм (+ э left) and -р.
  expect(stemsOf('тхылъэр', 'kbd')[0]).toEqual({ stem: 'тхылъэ', ending: 'р' });
  // The predicative -щ after a vowel ("it is a house"), which the extension's own list lacked.
  expect(stemsOf('унэщ')[0]).toEqual({ stem: 'унэ', ending: 'щ' });
});
