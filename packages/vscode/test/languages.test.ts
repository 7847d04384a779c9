import { expect, test } from 'vitest';
import { parseLanguageListing } from '../src/logic/languages';

test('the languages listing is read in any of the shapes the interface leaves open', () => {
  const items = [
    { id: 'ru', title: 'Russian' },
    { id: 'kbd', title: 'Kabardian' },
  ];
  expect(parseLanguageListing({ languages: items })).toEqual(items);
  expect(parseLanguageListing(items)).toEqual(items);
  expect(parseLanguageListing({ languages: ['ru', 'kbd'] })).toEqual([
    { id: 'ru', title: 'ru' },
    { id: 'kbd', title: 'kbd' },
  ]);
  expect(parseLanguageListing({ data: [{ code: 'en', name: 'English' }] })).toEqual([{ id: 'en', title: 'English' }]);
  expect(parseLanguageListing({ ru: 'Russian', count: 1 })).toEqual([{ id: 'ru', title: 'Russian' }]);
  expect(parseLanguageListing(null)).toEqual([]);
});

test('duplicates and items without an id are dropped', () => {
  expect(parseLanguageListing({ languages: [{ id: 'ru' }, { id: 'ru' }, { title: 'x' }, 5] })).toEqual([{ id: 'ru', title: 'ru' }]);
});
