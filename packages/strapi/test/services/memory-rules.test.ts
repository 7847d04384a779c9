// The memory in Strapi's database follows core's rules, held to the shared vectors every store is
// (shared/vectors/memory-rules.json, core's copy): reviewed > human > machine, the newer within one
// origin, a replaced unit keeping its creation, suggestions per creator answering only them,
// contexts apart, remove by author, origin, kind, context and source. Run on a real SQLite through
// the plugin's own SQL, a second instance on the same database reading what the first kept.
import { describe, expect, it } from 'vitest';
import vectorTable from '@circassian/core/testing/memory-rule-vectors.json' with { type: 'json' };
import { acceptSuggestion, type MemoryFilter, type MemoryUnit, type MemoryUnitInput, type StoreResult } from '@circassian/core';
import { fakeStrapi, type FakeStrapi } from './fake-strapi';
import { createMemoryTable, sqliteDatabase } from './sqlite';

type VectorUnit = Omit<MemoryUnitInput, 'sourceLang' | 'targetLang'>;
interface Vectors {
  readonly store: readonly {
    why: string;
    held: VectorUnit[];
    store: VectorUnit[];
    result?: StoreResult;
    error?: boolean;
    units: VectorUnit[];
  }[];
  readonly lookup: readonly {
    why: string;
    held: VectorUnit[];
    sources: string[];
    contexts?: (string | null)[];
    asker?: string;
    answers: (string | null)[];
  }[];
  readonly remove: readonly { why: string; held: VectorUnit[]; filter: Omit<MemoryFilter, 'pair'>; removed: number; left: string[] }[];
}
const vectors = vectorTable as unknown as Vectors;

const RU_KBD = { source: 'ru', target: 'kbd' } as const;
const ru = (unit: VectorUnit): MemoryUnitInput => ({ sourceLang: 'ru', targetLang: 'kbd', ...unit });

/** What a unit says, without its languages and uses (which the vectors leave out). */
function said(unit: MemoryUnit): VectorUnit {
  const { sourceLang: _source, targetLang: _target, usageCount: _uses, ...rest } = unit;
  return rest;
}

async function all(strapi: FakeStrapi): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const unit of strapi.service('memory').units()) units.push(unit);
  return units;
}

/** An instance holding `held` (stored one by one, in order), and a second instance on the same database. */
async function holding(held: readonly VectorUnit[]): Promise<[FakeStrapi, FakeStrapi]> {
  const database = await sqliteDatabase();
  await createMemoryTable(database);
  const first = fakeStrapi({}, undefined, { memoryDatabase: database });
  for (const unit of held) await first.service('memory').store([ru(unit)]);
  return [first, fakeStrapi({}, undefined, { memoryDatabase: database })];
}

describe("the memory in Strapi's database: core's rules (shared/vectors/memory-rules.json)", () => {
  describe('store', () => {
    it.each(vectors.store.map((vector) => [vector.why, vector] as const))('%s', async (_why, vector) => {
      const [strapi, other] = await holding(vector.held);
      const memory = strapi.service('memory');
      if (vector.error === true) await expect(memory.store(vector.store.map(ru))).rejects.toThrow(TypeError);
      else expect(await memory.store(vector.store.map(ru))).toEqual(vector.result);
      expect((await all(strapi)).map(said)).toEqual(vector.units);
      expect((await all(other)).map(said)).toEqual(vector.units);
    });
  });

  describe('lookup', () => {
    it.each(vectors.lookup.map((vector) => [vector.why, vector] as const))('%s', async (_why, vector) => {
      const [, other] = await holding(vector.held);
      const options = {
        ...(vector.contexts ? { contexts: vector.contexts.map((context) => context ?? undefined) } : {}),
        ...(vector.asker !== undefined ? { asker: vector.asker } : {}),
      };
      const found = await other.service('memory').lookup(RU_KBD, vector.sources, options);
      expect(found.map((unit) => unit?.target ?? null)).toEqual(vector.answers);
    });
  });

  describe('remove', () => {
    it.each(vectors.remove.map((vector) => [vector.why, vector] as const))('%s', async (_why, vector) => {
      const [strapi, other] = await holding(vector.held);
      expect(await strapi.service('memory').remove({ ...vector.filter, pair: RU_KBD })).toBe(vector.removed);
      expect((await all(other)).map((unit) => unit.source)).toEqual(vector.left);
    });
  });

  it('counts a use on the unit that answered (the asker’s own suggestion), and accepts a suggestion for everyone', async () => {
    const [strapi] = await holding([
      { source: 'Привет', target: 'машина', origin: 'machine', creator: 'circassian-strapi', created: '2026-01-01T00:00:00Z' },
      { source: 'Привет', target: 'Салам', origin: 'human', creator: 'intern', suggestion: true, where: 'api::article.article:doc7' },
    ]);
    const memory = strapi.service('memory');
    await memory.recordUse(RU_KBD, ['Привет'], { asker: 'intern' });
    await memory.recordUse(RU_KBD, ['Привет', 'Привет']);
    expect((await all(strapi)).map((unit) => [unit.target, unit.usageCount])).toEqual([
      ['машина', 2],
      ['Салам', 1],
    ]);
    const accepted = await acceptSuggestion(memory, { pair: RU_KBD, source: 'Привет', creator: 'intern' }, 'reviewer@circassian.test', {
      as: 'reviewed',
    });
    expect(accepted).toMatchObject({ accepted: true, unit: { target: 'Салам', origin: 'reviewed', changer: 'reviewer@circassian.test' } });
    expect((await all(strapi)).map((unit) => [unit.target, unit.origin, unit.suggestion ?? false, unit.creator, unit.where])).toEqual([
      ['Салам', 'reviewed', false, 'circassian-strapi', 'api::article.article:doc7'],
    ]);
  });

  it("lists people's units for a reviewer, the most recently written first, and who wrote the memory", async () => {
    const [strapi] = await holding([
      { source: 'Один', target: 'зы', origin: 'machine', creator: 'circassian-strapi', created: '2026-01-01T00:00:00Z' },
      { source: 'Один', target: 'зыщ', origin: 'human', creator: 'anna', created: '2026-01-03T00:00:00Z' },
      { source: 'Два', target: 'тӀу', origin: 'human', creator: 'boris', created: '2026-01-02T00:00:00Z' },
      { source: 'Три', target: 'щы', origin: 'human', creator: 'intern', suggestion: true, created: '2026-01-04T00:00:00Z' },
    ]);
    const memory = strapi.service('memory');
    const people = (units: MemoryUnit[]) => units.map((unit) => [unit.source, unit.changer ?? unit.creator, unit.suggestion ?? false]);
    expect(people(await memory.recent({}, 10, 0, ['machine']))).toEqual([
      ['Три', 'intern', true],
      ['Один', 'anna', false],
      ['Два', 'boris', false],
    ]);
    expect(people(await memory.recent({ by: 'anna' }, 10))).toEqual([['Один', 'anna', false]]);
    expect(people(await memory.recent({ suggestion: true }, 10))).toEqual([['Три', 'intern', true]]);
    expect(people(await memory.recent({}, 1, 1, ['machine']))).toEqual([['Один', 'anna', false]]);
    expect(await memory.authors()).toEqual([
      { by: 'anna', units: 1, suggestions: 0 },
      { by: 'boris', units: 1, suggestions: 0 },
      { by: 'intern', units: 1, suggestions: 1 },
    ]);
  });
});
