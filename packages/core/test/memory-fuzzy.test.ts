// Fuzzy matches and concordance search over every store in core (the in-memory store, the journal
// and the TMX file, the file stores also after a fresh open): contexts and suggestions as exact
// recall respects them, ties won by the stronger then newer unit, the index kept up to date.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { JournalTranslationMemory } from '../src/memory/journal-store.js';
import { TmxFileTranslationMemory } from '../src/memory/tmx-file-store.js';
import type { MemoryUnitInput, SearchableTranslationMemory } from '../src/memory/types.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;
const unit = (source: string, target: string, extra: Partial<MemoryUnitInput> = {}): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  created: '2026-11-01T10:00:00Z',
  ...extra,
});

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'circassian-fuzzy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let files = 0;
/** Each store, seeded with `units`; the file stores also as a fresh open of what they wrote. */
const stores: [string, (units: MemoryUnitInput[]) => Promise<SearchableTranslationMemory>][] = [
  ['in memory', (units) => Promise.resolve(new InMemoryTranslationMemory(units))],
  [
    'journal, reopened',
    async (units) => {
      const path = join(dir, `m${files++}.jsonl`);
      await (await JournalTranslationMemory.open(path)).store(units);
      return JournalTranslationMemory.open(path);
    },
  ],
  [
    'TMX file, reopened',
    async (units) => {
      const path = join(dir, `m${files++}.tmx`);
      await new TmxFileTranslationMemory(path).store(units);
      return new TmxFileTranslationMemory(path);
    },
  ],
];

describe.each(stores)('fuzzy matches: %s', (_, open) => {
  it('gives the best near matches with percentages, the exact one at 100%, at least 75% and 3 by default', async () => {
    const memory = await open([
      unit('Откройте файл сейчас', 'Файлыр иджыпсту зэӀухэ'),
      unit('Откройте папку сейчас', 'Папкэр иджыпсту зэӀухэ'),
      unit('Откройте файл', 'Файлыр зэӀухэ'),
      unit('Закройте окно сейчас', 'Щхьэгъубжэр иджыпсту зэхуэщӀ'),
      unit('откройте ФАЙЛ сейчас!', 'Файлыр иджыпсту зэӀухэ!'),
    ]);
    const matches = await memory.fuzzy(ruKbd, 'Откройте файл сейчас');
    expect(matches.map(({ unit: u, percent }) => [u.source, percent])).toEqual([
      ['Откройте файл сейчас', 100],
      ['откройте ФАЙЛ сейчас!', 99],
    ]);
    const wider = await memory.fuzzy(ruKbd, 'Откройте файл сейчас', { min: 50, limit: 10 });
    expect(wider.map(({ unit: u, percent }) => [u.source, percent])).toEqual([
      ['Откройте файл сейчас', 100],
      ['откройте ФАЙЛ сейчас!', 99],
      ['Откройте папку сейчас', 66],
      ['Откройте файл', 66],
    ]);
    expect((await memory.fuzzy(ruKbd, 'Откройте файл сейчас', { min: 50, limit: 1 })).length).toBe(1);
    // Another pair has none of them.
    expect(await memory.fuzzy({ source: 'ru', target: 'ady' }, 'Откройте файл сейчас', { min: 1 })).toEqual([]);
  });

  it('reads the palochka as the memory key does, whatever look-alike either side typed', async () => {
    const memory = await open([{ ...unit('Уи пщэддджыжь фӀыуэ, Анна', 'Доброе утро, Анна'), sourceLang: 'kbd', targetLang: 'ru' }]);
    const [match] = await memory.fuzzy({ source: 'kbd', target: 'ru' }, 'уи пщэддджыжь ф1ыуэ, Мурат');
    expect(match).toMatchObject({ percent: 75, unit: { target: 'Доброе утро, Анна' } });
  });

  it('a tie goes to the stronger unit, then the newer, as recall', async () => {
    const memory = await open([
      unit('Сохраните файл сейчас', 'machine', { origin: 'machine', created: '2026-11-05T10:00:00Z' }),
      unit('Удалите файл сейчас', 'reviewed', { origin: 'reviewed', created: '2026-10-01T10:00:00Z' }),
      unit('Закройте файл сейчас', 'older human', { created: '2026-10-01T10:00:00Z' }),
      unit('Скопируйте файл сейчас', 'newer human', { created: '2026-11-03T10:00:00Z' }),
    ]);
    const matches = await memory.fuzzy(ruKbd, 'Откройте файл сейчас', { min: 60, limit: 4 });
    expect(matches.map(({ unit: u, percent }) => [u.target, percent])).toEqual([
      ['reviewed', 66],
      ['newer human', 66],
      ['older human', 66],
      ['machine', 66],
    ]);
  });

  it('matches within the text’s context only, and shows a suggestion to its creator alone', async () => {
    const memory = await open([
      unit('Прочитать сообщение сейчас', 'verb', { context: 'verb' }),
      unit('Прочитать сообщение сейчас', 'no context'),
      unit('Прочитать письмо сейчас', 'authoritative'),
      unit('Прочитать письмо сейчас', 'intern’s', { suggestion: true, creator: 'intern' }),
    ]);
    const targets = async (options: { context?: string; asker?: string }) =>
      (await memory.fuzzy(ruKbd, 'Прочитать сообщение сейчас!', { min: 60, limit: 5, ...options })).map((m) => m.unit.target);
    expect(await targets({})).toEqual(['no context', 'authoritative']);
    expect(await targets({ context: 'verb' })).toEqual(['verb']);
    expect(await targets({ asker: 'intern' })).toEqual(['no context', 'intern’s']);
    expect(await targets({ asker: 'boris' })).toEqual(['no context', 'authoritative']);
  });

  it('refuses a minimum or limit out of range with a plain error', async () => {
    const memory = await open([]);
    await expect(memory.fuzzy(ruKbd, 'текст', { min: 0 })).rejects.toThrow('min is a whole number from 1 to 100: 0');
    await expect(memory.fuzzy(ruKbd, 'текст', { min: 75.5 })).rejects.toThrow(RangeError);
    await expect(memory.fuzzy(ruKbd, 'текст', { limit: 0 })).rejects.toThrow('limit is a whole number');
  });
});

describe.each(stores)('concordance search: %s', (_, open) => {
  it('finds a word or phrase in either language, palochka- and case-tolerant, strongest first, with provenance', async () => {
    const memory = await open([
      unit('Доброе утро', 'Уи пщэддджыжь фӀыуэ', { origin: 'machine', creator: 'circassian-cli', created: '2026-11-05T10:00:00Z' }),
      unit('Доброе утро, друзья', 'Уи пщэддджыжь фӀыуэ, ныбжьэгъухэ', { creator: 'anna', where: 'post:42' }),
      unit('Спокойной ночи', 'Жэщ фӀыуэ', { origin: 'reviewed', creator: 'boris' }),
      { ...unit('Хорошо', 'ФӀыуэ'), targetLang: 'ady' },
    ]);
    const hits = await memory.search('ФIЫУЭ');
    expect(hits.map(({ unit: u, foundIn }) => [u.source, u.origin, foundIn])).toEqual([
      ['Спокойной ночи', 'reviewed', 'target'],
      ['Доброе утро, друзья', 'human', 'target'],
      ['Хорошо', 'human', 'target'],
      ['Доброе утро', 'machine', 'target'],
    ]);
    expect(hits[1]?.unit).toMatchObject({ creator: 'anna', where: 'post:42' });
    expect((await memory.search('доброе УТРО', { pair: ruKbd })).map(({ unit: u, foundIn }) => [u.source, foundIn])).toEqual([
      ['Доброе утро, друзья', 'source'],
      ['Доброе утро', 'source'],
    ]);
    expect(await memory.search('вечер')).toEqual([]);
    await expect(memory.search('   ')).rejects.toThrow('a concordance search needs a word or phrase');
  });

  it('shows a suggestion to its creator only', async () => {
    const memory = await open([unit('Читать', 'Еджэн'), unit('Читать', 'Еджэн (intern)', { suggestion: true, creator: 'intern' })]);
    expect((await memory.search('читать')).map((hit) => hit.unit.target)).toEqual(['Еджэн']);
    expect((await memory.search('читать', { asker: 'intern' })).map((hit) => hit.unit.target)).toEqual(['Еджэн (intern)']);
  });
});

describe('the fuzzy index follows the memory', () => {
  it('a unit stored, removed or cleared after a first lookup is found, or no longer found', async () => {
    const path = join(dir, 'follows.jsonl');
    const memory = await JournalTranslationMemory.open(path);
    await memory.store([unit('Откройте файл сейчас', 'a', { creator: 'anna' })]);
    expect((await memory.fuzzy(ruKbd, 'Откройте папку сейчас', { min: 60 })).map((m) => m.unit.target)).toEqual(['a']);
    await memory.store([unit('Откройте папку потом', 'b', { creator: 'boris', created: '2026-11-02T10:00:00Z' })]);
    expect((await memory.fuzzy(ruKbd, 'Откройте папку сейчас', { min: 60 })).map((m) => m.unit.target)).toEqual(['b', 'a']);
    await memory.remove({ by: 'anna' });
    expect((await memory.fuzzy(ruKbd, 'Откройте папку сейчас', { min: 60 })).map((m) => m.unit.target)).toEqual(['b']);
    await memory.clear();
    expect(await memory.fuzzy(ruKbd, 'Откройте папку сейчас', { min: 60 })).toEqual([]);
    await memory.store([unit('Откройте папку сейчас', 'c')]);
    expect(await memory.fuzzy(ruKbd, 'Откройте папку сейчас')).toMatchObject([{ percent: 100, unit: { target: 'c' } }]);
  });

  it('a near match is never an answer: lookup (what translate uses) knows only the exact text', async () => {
    const memory = new InMemoryTranslationMemory([unit('Откройте файл сейчас', 'Файлыр иджыпсту зэӀухэ')]);
    expect(await memory.fuzzy(ruKbd, 'Откройте файл сейчас!')).toMatchObject([{ percent: 99 }]);
    expect(await memory.lookup(ruKbd, ['Откройте файл сейчас!', 'откройте файл сейчас'])).toEqual([undefined, undefined]);
  });
});
