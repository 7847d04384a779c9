// Near matches as the hover and Show Near Matches list them (src/memory/near-matches.ts): core's
// percentage, every pair into the target when the source is left to detection, best first, and
// what Insert writes (the text's own placeholders put back where the unit has marks).
import { InMemoryTranslationMemory, type MemoryUnitInput } from '@circassian/core';
import { expect, test } from 'vitest';
import { maskPlaceholders } from '../src/logic/placeholders';
import { nearMatches } from '../src/memory/near-matches';

const unit = (source: string, target: string, extra: Partial<MemoryUnitInput> = {}): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  ...extra,
});

const memory = () =>
  new InMemoryTranslationMemory([
    unit('Откройте этот файл позже', 'Мы файлыр иужькӀэ зэӀух', { origin: 'machine', created: '2026-12-01T10:00:00Z' }),
    unit('Откройте этот файл сейчас', 'Мы файлыр иджыпсту зэӀух', { created: '2026-11-01T10:00:00Z' }),
    unit('Закройте это окно сейчас', 'Мы щхьэгъубжэр иджыпсту хуэщӀ'),
    unit('Open this file now please', 'Мы файлыр иджыпсту зэӀух', { sourceLang: 'en' }),
    unit('Откройте этот файл сейчас', 'Мы файлыр иджыпсту къызэӀух', { targetLang: 'ady' }),
    unit('Откройте ⟦0⟧ прямо сейчас', '⟦0⟧ иджыпсту зэӀух'),
  ]);

const listed = async (text: string, source?: string) =>
  (await nearMatches(memory(), { masked: maskPlaceholders(text), target: 'kbd', source })).map((match) => [
    match.percent,
    match.unit.sourceLang,
    match.insert,
  ]);

test('with the source known: that pair only, 75% and up, best first (the stronger unit first at the same percentage)', async () => {
  expect(await listed('Откройте этот файл завтра', 'ru')).toEqual([
    [75, 'ru', 'Мы файлыр иджыпсту зэӀух'],
    [75, 'ru', 'Мы файлыр иужькӀэ зэӀух'],
  ]);
  expect(await listed('Откройте этот файл завтра', 'en')).toEqual([]);
});

test('with the source left to detection: every pair into the target, none into another; palochka look-alikes and case do not count', async () => {
  expect(await listed('open THIS file today please')).toEqual([[80, 'en', 'Мы файлыр иджыпсту зэӀух']]);
  expect(await listed('Откройте этот файл сейчас')).toEqual([
    [100, 'ru', 'Мы файлыр иджыпсту зэӀух'],
    [75, 'ru', 'Мы файлыр иужькӀэ зэӀух'],
  ]);
});

test('what Insert writes: the text’s own placeholder where the unit has a mark; a unit whose marks do not fit the text, as stored', async () => {
  expect(await listed('Откройте {name} прямо сейчас, пожалуйста', 'ru')).toEqual([[80, 'ru', '{name} иджыпсту зэӀух']]);
  expect(await listed('Откройте файл прямо сейчас', 'ru')).toEqual([[75, 'ru', '⟦0⟧ иджыпсту зэӀух']]);
});

test('at most three', async () => {
  const many = new InMemoryTranslationMemory(
    ['один', 'два', 'три', 'четыре', 'пять'].map((word) => unit(`Откройте этот файл ${word}`, word)),
  );
  expect(await nearMatches(many, { masked: maskPlaceholders('Откройте этот файл сегодня'), target: 'kbd', source: 'ru' })).toHaveLength(3);
});
