// The translation memory in Strapi's database (the memory service against the fake database): core's
// match rule and human-over-machine rule, one query per lookup, uses, statistics, clearing a pair.
import { describe, expect, it } from 'vitest';
import type { LanguagePair, MemoryUnitInput } from '@circassian/core';
import { MEMORY_UID } from '../../server/src/constants';
import { exportTmx, importTmx, TmxImportError } from '../../server/src/utils/memory-transfer';
import { fakeStrapi, type FakeStrapi } from './fake-strapi';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
const unit = (source: string, target: string, origin: MemoryUnitInput['origin'] = 'machine'): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin,
});

/** Counts the memory table's reads. */
function countReads(strapi: FakeStrapi): { reads: number } {
  const table = strapi.db.query(MEMORY_UID);
  const counter = { reads: 0 };
  const findMany = table.findMany.bind(table);
  table.findMany = (params) => (counter.reads++, findMany(params));
  return counter;
}

describe('memory: the store in the database', () => {
  it('answers a batch of texts with one query, matching as core does (palochka look-alikes, surrounding whitespace)', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([unit('Ӏуэху', 'дело'), unit('Сэлам', 'привет')]);
    const counter = countReads(strapi);
    // Latin I for the palochka, a trailing space: the service would see the same text.
    const found = await memory.lookup(RU_KBD, ['Iуэху ', 'Сэлам', 'Нет такого']);
    expect(counter.reads).toBe(1);
    expect(found.map((item) => item?.target)).toEqual(['дело', 'привет', undefined]);
    expect(await memory.lookup({ source: 'ru', target: 'ady' }, ['Сэлам'])).toEqual([undefined]);
    expect(strapi.tables.get(MEMORY_UID)?.rows).toHaveLength(2);
  });

  it('never replaces a human unit with a machine one; a human one replaces a machine one, keeping its date and uses', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([{ ...unit('Доброе утро', 'машинный'), created: '2026-01-01T00:00:00Z' }]);
    await memory.recordUse(RU_KBD, ['Доброе утро', 'Доброе утро']);
    expect(await memory.store([unit('Доброе утро', 'исправленный', 'human')])).toEqual({ stored: 1, keptHuman: 0 });
    expect(await memory.store([unit('Доброе утро', 'снова машинный')])).toEqual({ stored: 0, keptHuman: 1 });
    const [kept] = await memory.lookup(RU_KBD, ['Доброе утро']);
    expect(kept).toMatchObject({ target: 'исправленный', origin: 'human', created: '2026-01-01T00:00:00Z', usageCount: 2 });
    expect(kept?.changed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(strapi.tables.get(MEMORY_UID)?.rows).toHaveLength(1);
  });

  it('counts uses into the statistics by pair and origin, lists units in stored order, and clears one pair', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([unit('Один', 'зы'), unit('Два', 'тӀу', 'human'), { ...unit('Три', 'three'), targetLang: 'en' }]);
    await memory.recordUse(RU_KBD, ['Один']);
    const stats = await memory.stats();
    expect(stats.units).toBe(3);
    expect(stats.pairs.map(({ source, target, units, byOrigin }) => ({ source, target, units, byOrigin }))).toEqual([
      { source: 'ru', target: 'en', units: 1, byOrigin: { machine: 1, human: 0 } },
      { source: 'ru', target: 'kbd', units: 2, byOrigin: { machine: 1, human: 1 } },
    ]);
    // 'Один' + 'зы': 4 + 2 characters, used once.
    expect(stats.savedCharacters).toBe(6);
    const sources: string[] = [];
    for await (const stored of memory.units()) sources.push(stored.source);
    expect(sources).toEqual(['Один', 'Два', 'Три']);
    expect(await memory.clear(RU_KBD)).toBe(2);
    expect((await memory.stats()).pairs.map((pair) => pair.target)).toEqual(['en']);
  });
});

/** A whole export as one string. */
async function exported(strapi: FakeStrapi): Promise<string> {
  let text = '';
  for await (const chunk of exportTmx(strapi.service('memory'))) text += chunk;
  return text;
}

describe('memory: TMX in and out', () => {
  it('gives the same TMX back after export, import into another database and export', async () => {
    const first = fakeStrapi({});
    // Pairs interleaved, as a memory fills: the import must keep the order, not group by pair.
    for (const stored of [unit('Один', 'зы'), { ...unit('Один', 'one'), targetLang: 'en' as const }, unit('Два', 'тӀу & <b>', 'human')])
      await first.service('memory').store([stored]);
    await first.service('memory').recordUse(RU_KBD, ['Один']);
    const tmx = await exported(first);
    expect(tmx).toContain('<prop type="x-circassian-origin">human</prop>');
    const second = fakeStrapi({});
    expect(await importTmx(second.service('memory'), [tmx])).toEqual({ read: 3, stored: 3, keptHuman: 0, skipped: {} });
    expect(await exported(second)).toBe(tmx);
  });

  it('keeps the units read before a syntax error and says how many; a file with no units is refused', async () => {
    const strapi = fakeStrapi({});
    const tmx = await (async () => {
      const source = fakeStrapi({});
      await source.service('memory').store([unit('Один', 'зы')]);
      return exported(source);
    })();
    // A file cut short in the middle of its second unit.
    const cut = `${tmx.slice(0, tmx.indexOf('  </body>'))}<tu><tuv xml:lang="ru"><seg>Два</seg></tuv><tuv`;
    await expect(importTmx(strapi.service('memory'), [cut])).rejects.toThrow(
      /^This is not readable TMX: .*The 1 units before the error were imported\.$/,
    );
    expect((await strapi.service('memory').lookup(RU_KBD, ['Один']))[0]?.target).toBe('зы');
    await expect(importTmx(strapi.service('memory'), ['<html><body>no</body></html>'])).rejects.toBeInstanceOf(TmxImportError);
  });
});
