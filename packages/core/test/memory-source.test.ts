import { expect, test } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { detectedAnswerUnits, sourceFromMemory } from '../src/memory/memory-source.js';

const memory = new InMemoryTranslationMemory([
  { sourceLang: 'en', targetLang: 'kbd', source: 'Good morning', target: 'Пщэдджыжь фӀыуэ', origin: 'human' },
  { sourceLang: 'en', targetLang: 'kbd', source: 'See you', target: 'Ди зэхуэзэжыгъуэкӀэ', origin: 'machine' },
  // One spelling in two languages: the memory cannot tell which the text is.
  { sourceLang: 'ru', targetLang: 'kbd', source: 'Москва', target: 'Москва', origin: 'machine' },
  { sourceLang: 'ady', targetLang: 'kbd', source: 'Москва', target: 'Москау', origin: 'machine' },
]);

test('texts the memory knows in one language take that language, surrounding whitespace aside', async () => {
  expect(await sourceFromMemory(memory, 'kbd', ['  Good morning', 'See you\n'])).toEqual({ source: 'en', partly: false });
});

test('a text known in two languages, another target, no text: the service detects', async () => {
  expect(await sourceFromMemory(memory, 'kbd', ['Москва'])).toEqual({ partly: false });
  expect(await sourceFromMemory(memory, 'ru', ['Good morning'])).toEqual({ partly: false });
  expect(await sourceFromMemory(memory, 'kbd', ['  '])).toEqual({ partly: false });
  expect(await sourceFromMemory(memory, 'pt-BR', ['Good morning'])).toEqual({ partly: false });
});

test('texts known in part, in one language: no source, but worth a detect call', async () => {
  expect(await sourceFromMemory(memory, 'kbd', ['Good morning', 'Good evening'])).toEqual({ partly: true });
});

test("the service's answers are filed under the language it detected, surrounding whitespace aside", () => {
  expect(detectedAnswerUnits('en', 'kbd', [' Good night\n', ''], [' Жэщ махуэ\n', ''])).toEqual([
    { sourceLang: 'en', targetLang: 'kbd', source: 'Good night', target: 'Жэщ махуэ', origin: 'machine' },
  ]);
});

test('nothing is filed for a detected language that is no source, the target itself, or texts that took two requests', () => {
  expect(detectedAnswerUnits('de', 'kbd', ['Gute Nacht'], ['Жэщ махуэ'])).toEqual([]);
  expect(detectedAnswerUnits('kbd', 'kbd', ['Жэщ махуэ'], ['Жэщ махуэ'])).toEqual([]);
  const many = Array.from({ length: 51 }, (_, i) => `Line ${i}`);
  expect(detectedAnswerUnits('en', 'kbd', many, many)).toEqual([]);
});
