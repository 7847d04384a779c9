// The translation memory in Strapi's database (the memory service on a real SQLite database, its
// table as Strapi makes it and the plugin's bootstrap prepares it): core's match rule and
// human-over-machine rule, one query per lookup by the key hash's UNIQUE index, two instances at
// once, uses counted in the database, statistics grouped in SQL, rows of the earlier schema.
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '@circassian/core';
import type { LanguagePair, MemoryStats, MemoryUnit, MemoryUnitInput } from '@circassian/core';
import { memoryHash } from '../../server/src/utils/memory-hash';
import { rowsOf } from '../../server/src/utils/raw-results';
import { exportTmx, importTmx, TmxImportError } from '../../server/src/utils/memory-transfer';
import { fakeStrapi, type FakeStrapi } from './fake-strapi';
import { createMemoryTable, sqliteDatabase } from './sqlite';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
const unit = (source: string, target: string, origin: MemoryUnitInput['origin'] = 'machine'): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin,
});

/** The memory's rows, straight from its table. */
async function memoryRows(strapi: FakeStrapi): Promise<Array<Record<string, unknown>>> {
  return rowsOf(await strapi.db.connection.raw('SELECT * FROM circassian_memory_units ORDER BY id'));
}

/** The statements the memory sends while `work` runs. */
async function statementsOf(strapi: FakeStrapi, work: () => Promise<unknown>): Promise<string[]> {
  await strapi.service('memory').lookup(RU_KBD, []);
  await memoryRows(strapi);
  const before = strapi.sql.length;
  await work();
  return strapi.sql.slice(before);
}

describe('memory: the store in the database', () => {
  it('answers a batch of texts with one query, matching as core does (palochka look-alikes, surrounding whitespace)', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([unit('Ӏуэху', 'дело'), unit('Сэлам', 'привет')]);
    // Latin I for the palochka, a trailing space: the service would see the same text.
    let found: Awaited<ReturnType<typeof memory.lookup>> = [];
    const statements = await statementsOf(strapi, async () => (found = await memory.lookup(RU_KBD, ['Iуэху ', 'Сэлам', 'Нет такого'])));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/ WHERE \?\? IN \(\?, \?, \?\) /);
    expect(found.map((item) => item?.target)).toEqual(['дело', 'привет', undefined]);
    expect(await memory.lookup({ source: 'ru', target: 'ady' }, ['Сэлам'])).toEqual([undefined]);
    expect(await memoryRows(strapi)).toHaveLength(2);
  });

  it('never replaces a human unit with a machine one; a human one replaces a machine one, keeping its date and uses', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([{ ...unit('Доброе утро', 'машинный'), created: '2026-01-01T00:00:00Z' }]);
    await memory.recordUse(RU_KBD, ['Доброе утро', 'Доброе утро']);
    expect(await memory.store([unit('Доброе утро', 'исправленный', 'human')])).toMatchObject({ stored: 1, keptHuman: 0 });
    expect(await memory.store([unit('Доброе утро', 'снова машинный')])).toMatchObject({ stored: 0, keptHuman: 1 });
    const [kept] = await memory.lookup(RU_KBD, ['Доброе утро']);
    expect(kept).toMatchObject({ target: 'исправленный', origin: 'human', created: '2026-01-01T00:00:00Z', usageCount: 2 });
    expect(kept?.changed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(await memoryRows(strapi)).toHaveLength(1);
  });

  it('counts uses into the statistics by pair and origin, lists units in stored order, and clears one pair', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([unit('Один', 'зы'), unit('Два', 'тӀу', 'human'), { ...unit('Три', 'three'), targetLang: 'en' }]);
    await memory.recordUse(RU_KBD, ['Один']);
    const stats = await memory.stats();
    expect(stats.units).toBe(3);
    expect(stats.pairs.map(({ source, target, units, byOrigin }) => ({ source, target, units, byOrigin }))).toEqual([
      { source: 'ru', target: 'en', units: 1, byOrigin: { machine: 1, human: 0, reviewed: 0 } },
      { source: 'ru', target: 'kbd', units: 2, byOrigin: { machine: 1, human: 1, reviewed: 0 } },
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
    expect(await importTmx(second.service('memory'), [tmx])).toMatchObject({ read: 3, stored: 3, keptHuman: 0, skipped: {} });
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

  it('stops reading a body past the import limit: the units before it are kept and counted, the rest is not read', async () => {
    const strapi = fakeStrapi({});
    const source = fakeStrapi({});
    await source.service('memory').store([unit('Один', 'зы'), unit('Два', 'тӀу')]);
    const tmx = await exported(source);
    // Fed in pieces, as a request body comes: the second unit lies past the limit.
    const second = tmx.indexOf('<tu', tmx.indexOf('</tu>'));
    const pieces = [tmx.slice(0, second), tmx.slice(second)];
    let read = 0;
    const body = (function* () {
      for (const piece of pieces) {
        read++;
        yield piece;
      }
    })();
    const refused = await importTmx(strapi.service('memory'), body, Buffer.byteLength(pieces[0] ?? '')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TmxImportError);
    expect(refused).toMatchObject({ tooLarge: true, outcome: { read: 1, stored: 1 } });
    expect((refused as Error).message).toMatch(
      /^The file is larger than an import reads \(\d KB\): split it into smaller files\. The 1 units before that point were imported\.$/,
    );
    expect(read).toBe(2);
    expect(await strapi.service('memory').lookup(RU_KBD, ['Один', 'Два'])).toEqual([expect.objectContaining({ target: 'зы' }), undefined]);
  });
});

/** Every unit, in stored order. */
async function allUnits(strapi: FakeStrapi): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const stored of strapi.service('memory').units()) units.push(stored);
  return units;
}

/** Two instances of the plugin on one database. */
async function twoInstances(): Promise<[FakeStrapi, FakeStrapi]> {
  const database = await sqliteDatabase();
  await createMemoryTable(database);
  return [fakeStrapi({}, undefined, { memoryDatabase: database }), fakeStrapi({}, undefined, { memoryDatabase: database })];
}

describe('memory: instances sharing the database', () => {
  it('keeps one unit when two instances store the same new text at once, and a human unit wins that race over a machine one', async () => {
    const [first, second] = await twoInstances();
    await Promise.all([
      first.service('memory').store([unit('Новый текст', 'один')]),
      second.service('memory').store([unit('Новый текст', 'один')]),
    ]);
    expect((await allUnits(first)).map((stored) => stored.source)).toEqual(['Новый текст']);
    // The machine answer lands first, the editor's correction meets it: the correction stays.
    await Promise.all([
      first.service('memory').store([unit('Другой текст', 'машинный')]),
      second.service('memory').store([unit('Другой текст', 'исправленный', 'human')]),
    ]);
    // And the other way round: a machine answer meeting a human unit is dropped.
    await Promise.all([
      first.service('memory').store([unit('Третий текст', 'исправленный', 'human')]),
      second.service('memory').store([unit('Третий текст', 'машинный')]),
    ]);
    const units = await allUnits(second);
    expect(units.map(({ source, target, origin }) => ({ source, target, origin }))).toEqual([
      { source: 'Новый текст', target: 'один', origin: 'machine' },
      { source: 'Другой текст', target: 'исправленный', origin: 'human' },
      { source: 'Третий текст', target: 'исправленный', origin: 'human' },
    ]);
    expect(units[1]?.changed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('counts every use when instances record uses of one unit at once, and each record is one UPDATE', async () => {
    const [first, second] = await twoInstances();
    await first.service('memory').store([unit('Сэлам', 'привет')]);
    const statements = await statementsOf(first, () =>
      Promise.all(Array.from({ length: 10 }, (_, index) => (index % 2 ? first : second).service('memory').recordUse(RU_KBD, ['Сэлам']))),
    );
    expect((await first.service('memory').lookup(RU_KBD, ['Сэлам']))[0]?.usageCount).toBe(10);
    // The first instance's five, each an UPDATE ... SET uses = uses + 1 and no read.
    expect(statements.map((statement) => statement.split(' ')[0])).toEqual(Array(5).fill('UPDATE'));
  });

  it('gives rows made before the key hash their hash and characters on bootstrap, merges rows of one text, and adds the UNIQUE index', async () => {
    const database = await sqliteDatabase();
    await createMemoryTable(database);
    // As last session's plugin stored them, twice the same text among them (two instances at once).
    const rows = [
      ['Доброе утро', 'машинный', 'machine', 2],
      ['Доброе утро', 'исправленный', 'human', 1],
      ['Один', 'зы', 'machine', 4],
    ];
    // The UNIQUE index earlier versions made on the key hash alone (a suggestion shares its text's key hash): dropped.
    await database.raw('CREATE INDEX circassian_memory_units_key_hash_unique ON circassian_memory_units (key_hash)');
    for (const [source, target, origin, uses] of rows)
      await database.raw(
        'INSERT INTO circassian_memory_units (source_lang, target_lang, source_key, source_text, target_text, origin, unit_created, usage_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ['ru', 'kbd', source, source, target, origin, '2026-11-20T10:00:00Z', uses],
      );
    const strapi = fakeStrapi({}, undefined, { memoryDatabase: database });
    const found = await strapi.service('memory').lookup(RU_KBD, ['Доброе утро', ' Один']);
    expect(found.map((stored) => [stored?.target, stored?.origin, stored?.usageCount])).toEqual([
      ['исправленный', 'human', 3],
      ['зы', 'machine', 4],
    ]);
    const stored = await memoryRows(strapi);
    // An earlier row is an authoritative unit with no context: its place is its key hash, as earlier versions computed it.
    expect(stored.map((row) => [row.key_hash, row.slot_hash, row.characters])).toEqual([
      [memoryHash(RU_KBD, 'Доброе утро'), memoryHash(RU_KBD, 'Доброе утро'), 11 + 12],
      [memoryHash(RU_KBD, 'Один'), memoryHash(RU_KBD, 'Один'), 4 + 2],
    ]);
    const indexes = rowsOf(
      await database.raw("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'circassian_memory_units'"),
    );
    expect(indexes).toEqual([
      {
        name: 'circassian_memory_units_key_hash_index',
        sql: 'CREATE INDEX `circassian_memory_units_key_hash_index` ON `circassian_memory_units` (`key_hash`)',
      },
      {
        name: 'circassian_memory_units_slot_hash_unique',
        sql: 'CREATE UNIQUE INDEX `circassian_memory_units_slot_hash_unique` ON `circassian_memory_units` (`slot_hash`)',
      },
    ]);
    await expect(
      database.raw('INSERT INTO circassian_memory_units (slot_hash, source_text) VALUES (?, ?)', [memoryHash(RU_KBD, 'Один'), 'Один']),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("answers the statistics of 100,000 units with one query, by core's rule for saved characters", async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    const units = Array.from({ length: 100_000 }, (_, index) =>
      index % 3
        ? unit(`Текст номер ${index}`, `Тхыгъэ ${index}`, index % 7 ? 'machine' : 'human')
        : { ...unit(`Text ${index}`, `Text ${index}`), targetLang: 'en' as const },
    );
    await memory.store(units);
    await memory.recordUse(
      RU_KBD,
      units.filter((_, index) => index % 5 === 1).map((stored) => stored.source),
    );
    let stats: MemoryStats | undefined;
    const statements = await statementsOf(strapi, async () => (stats = await memory.stats()));
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/GROUP BY/);
    const expected = await new InMemoryTranslationMemory(await allUnits(strapi)).stats();
    expect(stats).toEqual(expected);
    expect(stats?.units).toBe(100_000);
    expect(stats?.savedCharacters).toBeGreaterThan(0);
    // Storing 100,000 units takes 20-50 s on a loaded 2-core machine: the time is the setup's, not what is checked.
  }, 180_000);
});
