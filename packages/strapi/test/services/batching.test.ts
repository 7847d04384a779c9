// The batching against a local service: what goes out, in how many requests, what is saved on the
// jobs and counted as spent.
import { characterCount } from '@circassian/core/text';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_UID } from '../../server/src/constants';
import type { Job, WorkItem } from '../../server/src/types/jobs';
import { ARTICLE, ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

let sandbox: RunningSandbox;
let strapi: FakeStrapi;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await strapi.service('client').close();
  await sandbox.close();
});
beforeEach(async () => {
  strapi = fakeStrapi(articleConfig(sandbox));
});

/** The batch requests the local service received since the test began, oldest first, as the texts each carried. */
async function batchesSince(before: number): Promise<string[][]> {
  const calls = await sandbox.admin.calls({ operation: 'batch' });
  return calls
    .slice(0, calls.length - before)
    .reverse()
    .map((call) => ((call.content?.request as { texts?: string[] } | undefined)?.texts ?? []) as string[]);
}
const batchCount = async () => (await sandbox.admin.calls({ operation: 'batch' })).length;

/** The part of a planned job the batching reads: its job, settings, target language and texts. */
function itemOf(job: Job, texts: string[]): WorkItem {
  const settings = strapi.service('settings').contentType(ARTICLE_UID);
  if (!settings) throw new Error('the Article is not configured');
  return {
    job,
    settings,
    schema: ARTICLE,
    source: {},
    target: null,
    state: { sourceHashes: {}, writtenHashes: {}, keptFields: [], audioHash: null },
    language: job.locale,
    texts,
    toTranslate: [],
    toCopy: [],
    kept: [],
    overwritten: [],
    heldUids: [],
    sourceHashes: {},
  } as WorkItem;
}

describe('batching: translate', () => {
  it('sends every text of the jobs of one target language once, in one request, and saves each answer on its jobs', async () => {
    const before = await batchCount();
    const first = itemOf(await claimedJob(strapi, 'doc1', 'kbd'), ['Доброе утро', 'Новости дня']);
    const second = itemOf(await claimedJob(strapi, 'doc2', 'kbd'), ['Доброе утро']);
    const translations = await strapi.service('batching').translate([first, second]);
    expect(await batchesSince(before)).toEqual([['Доброе утро', 'Новости дня']]);
    expect([...(translations.get(second)?.keys() ?? [])]).toEqual(['Доброе утро']);
    const rows = strapi.tables.get(JOB_UID)?.rows ?? [];
    expect(Object.keys((rows[0]?.result as { translations: object }).translations)).toEqual(['Доброе утро', 'Новости дня']);
    expect(Object.keys((rows[1]?.result as { translations: object }).translations)).toEqual(['Доброе утро']);
    // The request and each text's characters are counted once, on the first job that used them.
    expect(rows.map((row) => row.requests ?? 0)).toEqual([1, 0]);
    expect(rows[1]?.usedChars ?? 0).toBe(0);
  });

  it('counts what it spent as the service counts it: today’s use equals the service’s own count', async () => {
    const before = await batchCount();
    await strapi.service('batching').translate([itemOf(await claimedJob(strapi, 'doc1', 'kbd'), ['Ӏуэху 😀 𝔸', 'Сэлам'])]);
    const [call] = await sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect(await batchCount()).toBe(before + 1);
    expect((await strapi.service('spending').today()).characters).toBe(call?.volume.characters);
  });

  it('buys no answer already saved on a job row (a run cut short after the service answered)', async () => {
    const job = await claimedJob(strapi, 'doc1', 'kbd');
    job.result = { translations: { 'Доброе утро': 'Пщэдджыжь фӀыуэ' } };
    const before = await batchCount();
    const translations = await strapi.service('batching').translate([itemOf(job, ['Доброе утро'])]);
    expect(await batchCount()).toBe(before);
    expect([...(translations.values().next().value?.values() ?? [])]).toEqual(['Пщэдджыжь фӀыуэ']);
  });

  it('packs more texts than one request carries into several requests, every answer kept', async () => {
    const texts = Array.from({ length: 60 }, (_, index) => `Предложение номер ${index + 1}`);
    const before = await batchCount();
    const translations = await strapi.service('batching').translate([itemOf(await claimedJob(strapi, 'doc1', 'en'), texts)]);
    // The fewest requests the limit of 50 texts allows, balanced by core's planner.
    const sent = (await batchesSince(before)).map((request) => request.length);
    expect(sent).toHaveLength(2);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(60);
    expect(translations.values().next().value?.size).toBe(60);
  });

  it("keeps the first request's answers on the job and in the memory when the second request is refused", async () => {
    const texts = Array.from({ length: 60 }, (_, index) => `Предложение о квоте ${index + 1}`);
    const job = await claimedJob(strapi, 'doc1', 'kbd');
    const before = await batchCount();
    // The allowance runs out once the first request's answers are saved.
    const spending = strapi.service('spending');
    const save = spending.saveResult.bind(spending);
    let saves = 0;
    spending.saveResult = async (...args) => {
      await save(...args);
      if (saves++ === 0) await sandbox.admin.injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 1 });
    };
    await expect(strapi.service('batching').translate([itemOf(job, texts)])).rejects.toThrow(/quota/i);
    // Two requests went out: the first answered, the second refused.
    expect(await batchCount()).toBe(before + 2);
    const [first] = await batchesSince(before);
    const row = strapi.tables.get(JOB_UID)?.rows.find((candidate) => candidate.id === job.id);
    const saved = Object.keys((row?.result as { translations?: Record<string, string> } | null)?.translations ?? {});
    expect(saved.sort()).toEqual([...(first ?? [])].sort());
    const units = await strapi.service('memory').lookup({ source: 'ru', target: 'kbd' }, first ?? []);
    expect(units.every((unit) => unit?.origin === 'machine')).toBe(true);
    expect(saved.length).toBeGreaterThan(0);
  });
});

describe('batching: preview', () => {
  it('translates the text fields the admin may write, saves nothing, and counts its characters as the service does', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Привет 😀', body: 'Первая строка', slug: 'privet', views: 3 });
    const preview = await strapi.service('batching').preview(ARTICLE_UID, 'doc1', 'kbd', ['title']);
    expect(preview.fields).toEqual(['title']);
    expect(Object.keys(preview.data)).toEqual(['title']);
    expect(preview.data.title).not.toBe('Привет 😀');
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')).toBeUndefined();
    const [call] = await sandbox.admin.calls({ operation: 'batch', limit: 1 });
    const used = (await strapi.service('spending').today()).characters;
    expect(used).toBe(call?.volume.characters);
    expect(used).toBe(characterCount('Привет 😀') + characterCount(String(preview.data.title)));
  });

  it("names the fields whose saved target holds someone's own words, so the form asks before replacing them", async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Привет', body: 'Первая строка', slug: 'privet', views: 3 });
    const job = await claimedJob(strapi, 'doc1', 'kbd');
    await strapi.service('translator').run([job]);
    expect((await strapi.service('batching').preview(ARTICLE_UID, 'doc1', 'kbd')).handEdited).toEqual([]);
    // A title edited by hand after the translation: the machine's body is not someone's words.
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Сэлам' });
    const preview = await strapi.service('batching').preview(ARTICLE_UID, 'doc1', 'kbd');
    expect(preview.fields).toEqual(['title', 'body']);
    expect(preview.handEdited).toEqual(['title']);
  });
});

describe('batching: the translation memory', () => {
  it('sends nothing the memory knows: a second run of the same texts makes no request and spends nothing', async () => {
    const before = await batchCount();
    await strapi.service('batching').translate([itemOf(await claimedJob(strapi, 'doc1', 'kbd'), ['Доброе утро', 'Новости дня'])]);
    expect(await batchCount()).toBe(before + 1);
    const spent = (await strapi.service('spending').today()).characters;
    const again = itemOf(await claimedJob(strapi, 'doc2', 'kbd'), ['Доброе утро', ' Новости дня', 'Третья строка']);
    const translations = await strapi.service('batching').translate([again]);
    // Only the new text went out; the known ones (one with a leading space) came from the memory.
    expect(await batchesSince(before + 1)).toEqual([['Третья строка']]);
    const first = [...(translations.get(again)?.entries() ?? [])];
    expect(first[1]?.[1]).toMatch(/^ \S/);
    expect((await strapi.service('spending').today()).characters - spent).toBe(
      characterCount('Третья строка') + characterCount(translations.get(again)?.get('Третья строка') ?? ''),
    );
    const units = (await strapi.service('memory').stats()).pairs;
    expect(units).toMatchObject([{ source: 'ru', target: 'kbd', units: 3, byOrigin: { machine: 3, human: 0 } }]);
  });

  it('answers with a human unit and never replaces it with the service’s answer', async () => {
    await strapi
      .service('memory')
      .store([{ sourceLang: 'ru', targetLang: 'kbd', source: 'Доброе утро', target: 'Пщэдджыжь фӀыуэ', origin: 'human' }]);
    const before = await batchCount();
    const item = itemOf(await claimedJob(strapi, 'doc1', 'kbd'), ['Доброе утро']);
    expect((await strapi.service('batching').translate([item])).get(item)?.get('Доброе утро')).toBe('Пщэдджыжь фӀыуэ');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Доброе утро' });
    const preview = await strapi.service('batching').preview(ARTICLE_UID, 'doc1', 'kbd', ['title']);
    expect(preview.data.title).toBe('Пщэдджыжь фӀыуэ');
    expect(await batchCount()).toBe(before);
    expect((await strapi.service('spending').today()).characters).toBe(0);
  });
});

describe('batching: replacing edits', () => {
  it('asks the service, not the memory, for a confirmed "Translate again, replacing edits", and keeps the human unit', async () => {
    const memory = strapi.service('memory');
    await memory.store([{ sourceLang: 'ru', targetLang: 'kbd', source: 'Доброе утро', target: 'Правка редактора', origin: 'human' }]);
    const job = await claimedJob(strapi, 'doc1', 'kbd');
    job.result = { force: true, forcedBy: 'admin #1' };
    const item = itemOf(job, ['Доброе утро']);
    const before = await batchCount();
    const answer = (await strapi.service('batching').translate([item])).get(item)?.get('Доброе утро');
    expect(await batchesSince(before)).toEqual([['Доброе утро']]);
    expect(answer).not.toBe('Правка редактора');
    expect((await memory.lookup({ source: 'ru', target: 'kbd' }, ['Доброе утро']))[0]).toMatchObject({ origin: 'human' });
  });
});
