// The near-match word table (issue 33, near-match cost: memory-words.ts): a lookup reads only the
// identities that hold one of the query's rarest words, and answers what scoring every unit of the
// memory with core's own index answers (the full scan), on a seeded memory of palochka look-alikes
// (Ӏ, I, l, 1) and mixed case, with suggestions, contexts and a second pair; and still after each
// write that changes the memory (store, an import's store, an edit, a delete of one unit, a removal
// by person, a clear of one pair), after the words of earlier versions' rows are indexed by the
// bootstrap (the migration), and the table holds no word of a removed identity.
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory, type FuzzyOptions, type LanguagePair, type MemoryUnit, type MemoryUnitInput } from '@circassian/core';
import { memoryTable } from '../../server/src/utils/memory-table';
import { prepareMemoryTable } from '../../server/src/utils/memory-table-setup';
import { rowsOf } from '../../server/src/utils/raw-results';
import { fakeStrapi, type FakeStrapi } from './fake-strapi';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
const RU_ADY: LanguagePair = { source: 'ru', target: 'ady' };

/** A deterministic generator, so every run seeds the same memory. */
function random(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

// Palochka look-alikes and case: core's memory key makes them one word, so the table must too.
const WORDS = ['кӀуэ', 'кIуэ', 'КIУЭ', 'кlуэ', 'к1уэ', 'Сэ', 'сэ', 'дэ', 'мыр', 'абы', 'Файл', 'файл', 'открыть', 'и', 'в', 'на', 'сейчас'];
const PEOPLE = ['amina@example.org', 'aslan@example.org'];

function seededUnits(count: number): MemoryUnitInput[] {
  const next = random(33);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const text = Array.from({ length: 1 + Math.floor(next() * 7) }, () => pick(WORDS)).join(' ');
    const pair = next() < 0.8 ? RU_KBD : RU_ADY;
    const kind = next();
    return {
      sourceLang: pair.source,
      targetLang: pair.target,
      source: text,
      target: `t${i}`,
      origin: kind < 0.5 ? 'machine' : 'human',
      ...(kind > 0.85 ? { suggestion: true, creator: pick(PEOPLE) } : kind > 0.7 ? { creator: pick(PEOPLE) } : {}),
      ...(next() < 0.1 ? { context: 'menu' } : {}),
    };
  });
}

async function everyUnit(strapi: FakeStrapi): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const found of strapi.service('memory').units()) units.push(found);
  return units;
}

/** The lookups compared: texts of the seed's words, each pair, with and without an asker and a context, at two minimums. */
function queries(): Array<{ pair: LanguagePair; text: string; options: FuzzyOptions }> {
  const next = random(7);
  const texts = Array.from({ length: 40 }, () =>
    Array.from({ length: 1 + Math.floor(next() * 7) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' '),
  );
  return texts.flatMap((text, i) => [
    { pair: RU_KBD, text, options: { limit: 1000 } },
    { pair: i % 2 === 0 ? RU_ADY : RU_KBD, text, options: { limit: 1000, min: 50, asker: PEOPLE[i % 2] as string } },
    { pair: RU_KBD, text, options: { limit: 1000, context: 'menu' } },
  ]);
}

const shown = (matches: ReadonlyArray<{ percent: number; unit: MemoryUnit }>) =>
  matches.map((match) => `${match.percent} ${match.unit.source} → ${match.unit.target}`);

/** Every query answered by the indexed lookup and by core's full scan of every unit: the same. */
async function expectFullScanAnswers(strapi: FakeStrapi): Promise<number> {
  const fullScan = new InMemoryTranslationMemory(await everyUnit(strapi));
  let answered = 0;
  for (const { pair, text, options } of queries()) {
    const expected = shown(await fullScan.fuzzy(pair, text, options));
    expect(shown(await strapi.service('memory').fuzzy(pair, text, options)), `${pair.target} "${text}" ${JSON.stringify(options)}`).toEqual(
      expected,
    );
    if (expected.length > 0) answered++;
  }
  return answered;
}

const wordRows = async (strapi: FakeStrapi): Promise<Array<Record<string, unknown>>> =>
  rowsOf(await strapi.db.connection.raw(`SELECT key_hash, word FROM ${memoryTable(strapi).words.table}`, []));

describe('memory: near matches through the word table', () => {
  it('answers as the full scan does on a seeded memory, and after every kind of write', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store(seededUnits(400));
    expect(await expectFullScanAnswers(strapi)).toBeGreaterThan(40);

    // An import is a store of more units (memory-transfer.ts): some new, some replacing.
    await memory.store(seededUnits(600).slice(300));
    await expectFullScanAnswers(strapi);

    const search = await memory.search('файл', { limit: 5, offset: 0 });
    const [first, second] = search.hits;
    expect(first && second).toBeTruthy();
    await memory.editUnit(first?.id ?? 0, 'исправлено', 'amina@example.org');
    expect(await memory.removeUnit(second?.id ?? 0)).toBe(true);
    await expectFullScanAnswers(strapi);

    await memory.remove({ by: 'aslan@example.org' });
    await memory.remove({ pair: RU_ADY });
    expect(await expectFullScanAnswers(strapi)).toBeGreaterThan(20);

    // No word stays for an identity no row holds.
    const keys = new Set(
      rowsOf(await strapi.db.connection.raw('SELECT key_hash FROM circassian_memory_units', [])).map((row) => row.key_hash),
    );
    expect((await wordRows(strapi)).filter((row) => !keys.has(row.key_hash))).toEqual([]);

    await memory.clear();
    expect(await wordRows(strapi)).toEqual([]);
    expect(await memory.fuzzy(RU_KBD, 'кӀуэ сэ')).toEqual([]);
  });

  it('indexes the rows of an earlier version on bootstrap (no word table before), then answers as the full scan', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store(seededUnits(300));
    const words = memoryTable(strapi).words.table;
    // The memory as an earlier version left it: its rows, no word table.
    await strapi.db.connection.raw(`DROP TABLE ${words}`, []);
    await prepareMemoryTable(strapi);
    expect((await wordRows(strapi)).length).toBeGreaterThan(300);
    expect(await expectFullScanAnswers(strapi)).toBeGreaterThan(40);
  });

  it('reads only the identities holding one of the query’s rarest words, not every unit of the pair', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([
      ...Array.from({ length: 300 }, (_, i): MemoryUnitInput => ({
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: `и в на сейчас ${i}`,
        target: `t${i}`,
        origin: 'machine',
      })),
      { sourceLang: 'ru', targetLang: 'kbd', source: 'и в на сейчас закрыть', target: 'нужный', origin: 'human' },
    ]);
    const before = strapi.sql.length;
    const found = await memory.fuzzy(RU_KBD, 'и в на сейчас закрыть окно');
    const [counts, lookup] = strapi.sql.slice(before);
    expect(strapi.sql.length - before).toBe(2);
    expect(counts).toMatch(/SELECT 1 AS one FROM \?\? WHERE source_lang = \? AND target_lang = \? AND word = \? LIMIT/);
    expect(lookup).toMatch(/IN \(SELECT held.key_hash FROM \(SELECT DISTINCT key_hash FROM/);
    expect(found.map((match) => [match.percent, match.unit.target])).toEqual([[83, 'нужный']]);
  });

  it('tests the rows’ words directly where even the rarest query words are in more identities than the count stops at, with the same answers', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    const next = random(5);
    const COMMON = ['и', 'в', 'на', 'не'];
    await memory.store(
      Array.from({ length: 700 }, (_, i): MemoryUnitInput => ({
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: `${Array.from({ length: 3 + Math.floor(next() * 3) }, () => COMMON[Math.floor(next() * COMMON.length)]).join(' ')} ${i % 50}`,
        target: `t${i}`,
        origin: 'machine',
      })),
    );
    const fullScan = new InMemoryTranslationMemory(await everyUnit(strapi));
    for (const text of ['и в на не', 'на на и 7', 'не в 12']) {
      const before = strapi.sql.length;
      expect(shown(await memory.fuzzy(RU_KBD, text, { limit: 1000 }))).toEqual(shown(await fullScan.fuzzy(RU_KBD, text, { limit: 1000 })));
      // A sentence of the commonest words alone: no word is rare enough to read through the table.
      if (text === 'и в на не') expect(strapi.sql.slice(before).some((statement) => statement.includes('candidate'))).toBe(false);
    }
  });
});
