// The memory's units one at a time, in Strapi's database (a real SQLite, the table as Strapi makes
// it): near matches held to shared/vectors/fuzzy.json and to scoring every unit (the SQL prefilter
// drops nothing core would find), chosen as core chooses (best first, stronger then newer, only
// the asker's own suggestions, within a context); the concordance search (either language,
// palochka look-alikes and case aside, a page at a time); one unit edited (a human unit by the
// editor, its provenance kept) and one removed; the routes that change a unit take the memory's
// own permission.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzySimilarity, type LanguagePair, type MemoryUnitInput } from '@circassian/core';
import vectorTable from '@circassian/core/testing/fuzzy-vectors.json';
import routes from '../../server/src/routes';
import { ACTIONS } from '../../server/src/permissions';
import { memoryTable } from '../../server/src/utils/memory-table';
import { prepareMemoryTable } from '../../server/src/utils/memory-table-setup';
import { rowsOf } from '../../server/src/utils/raw-results';
import { fakeStrapi, type FakeStrapi } from './fake-strapi';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
const unit = (source: string, target: string, extra: Partial<MemoryUnitInput> = {}): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  ...extra,
});

/** The statements the memory sends while `work` runs. */
async function statementsOf(strapi: FakeStrapi, work: () => Promise<unknown>): Promise<string[]> {
  const before = strapi.sql.length;
  await work();
  return strapi.sql.slice(before);
}

describe('memory: near matches', () => {
  it.each(vectorTable.cases.map((v) => [v.a, v.b, v.percent] as const))(
    '%j stored, %j asked: %i%% (shared/vectors/fuzzy.json), found at that minimum and not above it',
    async (stored, asked, percent) => {
      const memory = fakeStrapi({}).service('memory');
      await memory.store([unit(stored, 'перевод')]);
      const found = await memory.fuzzy(RU_KBD, asked, { min: Math.max(1, percent), limit: 10 });
      expect(found.map((match) => match.percent)).toEqual(percent > 0 ? [percent] : []);
      if (percent > 0) expect(found[0]?.unit.target).toBe('перевод');
      if (percent < 100) expect(await memory.fuzzy(RU_KBD, asked, { min: percent + 1 })).toEqual([]);
    },
  );

  it('finds what scoring every unit with core’s percentage finds, for any memory, text and minimum (property)', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    const WORDS = ['кӀуэ', 'кIуэ', 'уэ', 'Сэ', 'дэ', 'мыр', 'абы', 'file', 'open', 'the', 'the.'];
    const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 7 }).map((words) => words.join(' '));
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(text, { maxLength: 20 }), text, fc.integer({ min: 1, max: 100 }), async (sources, query, min) => {
        await memory.clear();
        await memory.store(sources.map((source, i) => unit(source, `t${i}`)));
        const kept = (await memory.lookup(RU_KBD, sources)).filter((found) => found !== undefined);
        const expected = [...new Map(kept.map((found) => [found.target, found])).values()]
          .map((found) => ({ target: found.target, percent: fuzzySimilarity(query, found.source) }))
          .filter((found) => found.percent >= min)
          .map((found) => `${found.target} ${found.percent}`)
          .sort();
        const found = (await memory.fuzzy(RU_KBD, query, { min, limit: 1000 })).map((match) => `${match.unit.target} ${match.percent}`);
        expect(found.sort()).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the best three, stronger then newer first at one percentage, the asker’s own suggestion only to them, within its context', async () => {
    const memory = fakeStrapi({}).service('memory');
    await memory.store([
      unit('Откройте файл сейчас же', 'машинный', { origin: 'machine', created: '2026-12-01T00:00:00Z' }),
      unit('Откройте папку сейчас же', 'человек старый', { created: '2026-11-01T00:00:00Z' }),
      unit('Откройте окно сейчас же', 'человек новый', { created: '2026-12-02T00:00:00Z' }),
      unit('Откройте дверь сейчас же', 'проверенный', { origin: 'reviewed', created: '2026-10-01T00:00:00Z' }),
      unit('Откройте файл сейчас', 'в меню', { context: 'menu' }),
      unit('Откройте ящик сейчас же', 'предложение Аслана', { suggestion: true, creator: 'aslan@example.org' }),
    ]);
    const asked = 'Откройте книгу сейчас же';
    // Every candidate is one word of four off: 75%. Reviewed, then human (newer first), then machine.
    const everyone = await memory.fuzzy(RU_KBD, asked);
    expect(everyone.map((match) => [match.percent, match.unit.target])).toEqual([
      [75, 'проверенный'],
      [75, 'человек новый'],
      [75, 'человек старый'],
    ]);
    const all = await memory.fuzzy(RU_KBD, asked, { limit: 10 });
    expect(all.map((match) => match.unit.target)).not.toContain('предложение Аслана');
    expect(all.map((match) => match.unit.target)).not.toContain('в меню');
    const aslans = await memory.fuzzy(RU_KBD, asked, { limit: 10, asker: 'aslan@example.org' });
    expect(aslans.map((match) => match.unit.target)).toContain('предложение Аслана');
    const inMenu = await memory.fuzzy(RU_KBD, 'Откройте файл сейчас', { context: 'menu' });
    expect(inMenu.map((match) => [match.percent, match.unit.target])).toEqual([[100, 'в меню']]);
  });

  it('prefilters in SQL (the word table’s counts, then one statement) reading only units of the pair, context, word counts and shared words that can reach the minimum', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([
      ...Array.from({ length: 300 }, (_, i) => unit(`Строка номер ${i} про другое`, `t${i}`)),
      unit('Сохраните файл перед закрытием окна', 'нужный'),
      unit('Сохраните', 'слишком короткий'),
    ]);
    await prepareMemoryTable(strapi);
    let found: Awaited<ReturnType<typeof memory.fuzzy>> = [];
    const statements = await statementsOf(
      strapi,
      async () => (found = await memory.fuzzy(RU_KBD, 'Сохраните файл перед закрытием этого окна')),
    );
    expect(statements).toHaveLength(2);
    expect(found.map((match) => [match.percent, match.unit.target])).toEqual([[83, 'нужный']]);
    const candidates = await memoryTable(strapi).nearCandidates(RU_KBD, ['сохраните', 'файл', 'перед', 'закрытием', 'этого', 'окна'], 75, {
      cap: 2000,
    });
    expect(candidates.map((row) => row.targetText)).toEqual(['нужный']);
  });
});

describe('memory: concordance search', () => {
  const seeded = async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([
      unit('Я иду домой', 'Сэ унэм сокӀуэж', {
        created: '2026-11-01T00:00:00Z',
        creator: 'zarema@example.org',
        where: 'api::article.article:a1',
      }),
      unit('Он идёт в школу', 'Ар еджапӀэм макӀуэ', { origin: 'machine', created: '2026-11-03T00:00:00Z' }),
      unit('КӀуэ!', 'Иди!', { origin: 'reviewed', created: '2026-10-01T00:00:00Z' }),
      unit('Скидка 50% сегодня', 'Нобэ 50% нахь пудщ', { created: '2026-11-02T00:00:00Z' }),
      unit('Они идут', 'Ахэр макӀуэ', { suggestion: true, creator: 'aslan@example.org' }),
      { ...unit('Мы идём', 'Дэ докӀуэ'), sourceLang: 'ru', targetLang: 'ady' },
    ]);
    return { strapi, memory };
  };

  it('finds a word typed with I for the palochka, in either language, case aside, strongest then newest first, with who, when and where', async () => {
    const { memory } = await seeded();
    const { hits, total } = await memory.search('КIУЭ', { limit: 10, offset: 0 });
    expect(total).toBe(4);
    expect(hits.map((hit) => [hit.unit.source, hit.foundIn])).toEqual([
      ['КӀуэ!', 'source'],
      // Human units, the newer first: this one was stored now, without a date of its own.
      ['Мы идём', 'target'],
      ['Я иду домой', 'target'],
      ['Он идёт в школу', 'target'],
    ]);
    expect(hits[2]?.unit).toMatchObject({
      origin: 'human',
      creator: 'zarema@example.org',
      created: '2026-11-01T00:00:00Z',
      where: 'api::article.article:a1',
    });
    expect(hits.every((hit) => Number.isInteger(hit.id))).toBe(true);
  });

  it('finds a phrase in one pair, a page at a time, and another person’s suggestion only for them', async () => {
    const { memory } = await seeded();
    const first = await memory.search('кӀуэ', { pair: RU_KBD, limit: 2, offset: 0 });
    const second = await memory.search('кӀуэ', { pair: RU_KBD, limit: 2, offset: 2 });
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...first.hits, ...second.hits].map((hit) => hit.unit.source)).toEqual(['КӀуэ!', 'Я иду домой', 'Он идёт в школу']);
    const aslans = await memory.search('кӀуэ', { pair: RU_KBD, asker: 'aslan@example.org', limit: 10, offset: 0 });
    expect(aslans.hits.map((hit) => hit.unit.source)).toContain('Они идут');
  });

  it('takes % and _ as the characters they are, and refuses an empty phrase', async () => {
    const { memory } = await seeded();
    expect((await memory.search('50%', { limit: 10, offset: 0 })).hits.map((hit) => hit.unit.source)).toEqual(['Скидка 50% сегодня']);
    expect((await memory.search('_', { limit: 10, offset: 0 })).total).toBe(0);
    await expect(memory.search('  ', { limit: 10, offset: 0 })).rejects.toThrow(/word or phrase/);
  });

  it('fills the search columns of rows an earlier version stored without them', async () => {
    const { strapi, memory } = await seeded();
    await strapi.db.connection.raw(
      'UPDATE circassian_memory_units SET source_folded = NULL, target_folded = NULL, source_words = NULL, word_count = NULL',
    );
    expect((await memory.search('домой', { limit: 10, offset: 0 })).total).toBe(0);
    await prepareMemoryTable(strapi);
    expect((await memory.search('домой', { limit: 10, offset: 0 })).total).toBe(1);
    expect((await memory.fuzzy(RU_KBD, 'Я иду домой сейчас')).map((match) => match.percent)).toEqual([75]);
  });
});

describe('memory: one unit edited or removed', () => {
  it('an edit makes the unit human, written by the editor now; its creator, creation, where and uses are kept; lookups give the new text', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([
      unit('Доброе утро', 'Пщэддджыжь', {
        origin: 'reviewed',
        creator: 'circassian-strapi',
        created: '2026-01-01T00:00:00Z',
        where: 'api::article.article:x',
      }),
    ]);
    await memory.recordUse(RU_KBD, ['Доброе утро', 'Доброе утро']);
    const [{ id } = { id: 0 }] = (await memory.search('утро', { limit: 1, offset: 0 })).hits;
    const edited = await memory.editUnit(id, '  Пщэддджыжь фӀыуэ ', 'editor@example.org');
    expect(edited).toMatchObject({ target: 'Пщэддджыжь фӀыуэ', origin: 'human', changer: 'editor@example.org' });
    const [kept] = await memory.lookup(RU_KBD, ['Доброе утро']);
    expect(kept).toMatchObject({
      target: 'Пщэддджыжь фӀыуэ',
      origin: 'human',
      creator: 'circassian-strapi',
      changer: 'editor@example.org',
      created: '2026-01-01T00:00:00Z',
      where: 'api::article.article:x',
      usageCount: 2,
    });
    expect(kept?.changed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The new text is what the searches read.
    expect((await memory.search('фIыуэ', { limit: 10, offset: 0 })).total).toBe(1);
    expect(await memory.editUnit(id + 1000, 'нет', 'editor@example.org')).toBeUndefined();
  });

  it('removes one unit by its id and no other', async () => {
    const strapi = fakeStrapi({});
    const memory = strapi.service('memory');
    await memory.store([unit('Один', 'Зы'), unit('Два', 'Тӏу')]);
    const [{ id } = { id: 0 }] = (await memory.search('один', { limit: 1, offset: 0 })).hits;
    expect(await memory.removeUnit(id)).toBe(true);
    expect(await memory.removeUnit(id)).toBe(false);
    expect((await memory.lookup(RU_KBD, ['Один', 'Два'])).map((found) => found?.target)).toEqual([undefined, 'Тӏу']);
    expect(rowsOf(await strapi.db.connection.raw('SELECT id FROM circassian_memory_units'))).toHaveLength(1);
  });

  it('the search (every unit’s text, as export) and the routes that change one unit take the memory’s permission; an entry’s near matches take read', () => {
    const actionOf = (method: string, path: string) =>
      routes.admin.routes
        .find((route) => route.method === method && route.path === path)
        ?.config.policies.flatMap((policy) => (typeof policy === 'string' ? [] : policy.config.actions));
    expect(actionOf('PUT', '/memory/units/:id')).toEqual([ACTIONS.memory]);
    expect(actionOf('DELETE', '/memory/units/:id')).toEqual([ACTIONS.memory]);
    expect(actionOf('GET', '/memory/search')).toEqual([ACTIONS.memory]);
    expect(actionOf('POST', '/entries/:uid/:documentId/near-matches')).toEqual([ACTIONS.read]);
  });
});
