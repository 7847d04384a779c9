import { expect, test } from 'vitest';
import { firstLanguages, preferredFirst, rememberLanguage } from '../src/logic/preferred-languages';

test('the preferred languages lead, as the user ordered them; the last picks follow, most recent first', () => {
  const recent = rememberLanguage(rememberLanguage([], 'ru'), 'en');
  expect(recent).toEqual(['en', 'ru']);
  expect(firstLanguages(['kbd', 'en'], recent)).toEqual(['kbd', 'en', 'ru']);
  const list = ['ady', 'en', 'kbd', 'ru', 'tr'].map((id) => ({ id }));
  expect(preferredFirst(list, firstLanguages(['kbd', 'en'], recent)).map((item) => item.id)).toEqual(['kbd', 'en', 'ru', 'ady', 'tr']);
  expect(rememberLanguage(['a', 'b', 'c', 'd', 'e'], 'f')).toEqual(['f', 'a', 'b', 'c', 'd']);
});
