import { InMemoryTranslationMemory } from '@circassian/core';
import { expect, test } from 'vitest';
import { sourceFromMemory } from '../src/translate/memory-source';

const memory = new InMemoryTranslationMemory([
  { sourceLang: 'en', targetLang: 'kbd', source: 'Good morning', target: 'Пщэдджыжь фӀыуэ', origin: 'human' },
  { sourceLang: 'en', targetLang: 'kbd', source: 'See you', target: 'Ди зэхуэзэжыгъуэкӀэ', origin: 'machine' },
  // One spelling in two languages: the memory cannot tell which the text is.
  { sourceLang: 'ru', targetLang: 'kbd', source: 'Москва', target: 'Москва', origin: 'machine' },
  { sourceLang: 'ady', targetLang: 'kbd', source: 'Москва', target: 'Москау', origin: 'machine' },
]);

test('texts the memory knows in one language take that language, surrounding whitespace aside', async () => {
  expect(await sourceFromMemory(memory, 'kbd', ['  Good morning', 'See you\n'])).toBe('en');
});

test('a text known in two languages, or one text of several unknown, or another target: the service detects', async () => {
  expect(await sourceFromMemory(memory, 'kbd', ['Москва'])).toBeUndefined();
  expect(await sourceFromMemory(memory, 'kbd', ['Good morning', 'Good evening'])).toBeUndefined();
  expect(await sourceFromMemory(memory, 'ru', ['Good morning'])).toBeUndefined();
  expect(await sourceFromMemory(memory, 'kbd', ['  '])).toBeUndefined();
  expect(await sourceFromMemory(memory, 'pt-BR', ['Good morning'])).toBeUndefined();
});
