// The translator against a local service: a claimed job planned, its texts sent, its target
// locale written, and what it leaves alone.
import { characterCount } from '@circassian/core/text';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slugify } from '../../server/src/translation/slug';
import { stateStore } from '../../server/src/utils/state-store';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

let sandbox: RunningSandbox;
let strapi: FakeStrapi;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd', 'en', 'de'] }));
  strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка', slug: 'novosti-dnya', views: 7 });
});

/** The texts of every batch request the local service received after `before` requests. */
async function sentSince(before: number): Promise<string[]> {
  const calls = await sandbox.admin.calls({ operation: 'batch' });
  return calls.slice(0, calls.length - before).flatMap((call) => (call.content?.request as { texts: string[] }).texts);
}
const batchCount = async () => (await sandbox.admin.calls({ operation: 'batch' })).length;

/** Claims and runs one translate job of doc1 in `locale`. */
async function translate(locale: string) {
  const job = await claimedJob(strapi, 'doc1', locale);
  const outcome = await strapi.service('translator').run([job]);
  await strapi.service('queue').complete(job);
  return outcome;
}

describe('translator: run', () => {
  it('writes a target locale: text translated, a copied field copied, the slug made from the translated title', async () => {
    const { done, failed } = await translate('kbd');
    expect(failed).toEqual([]);
    expect(done).toHaveLength(1);
    const target = strapi.version(ARTICLE_UID, 'doc1', 'kbd');
    expect(target?.title).toEqual(expect.any(String));
    expect(target?.title).not.toBe('Новости дня');
    expect(target?.views).toBe(7);
    expect(target?.slug).toBe(slugify(String(target?.title)));
  });

  it('sends nothing for a source unchanged since its last translation', async () => {
    await translate('kbd');
    const before = await batchCount();
    const { done } = await translate('kbd');
    expect(done).toHaveLength(1);
    expect(await batchCount()).toBe(before);
  });

  it('keeps a field edited by hand and sends only the source fields that changed', async () => {
    await translate('kbd');
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Written by hand' });
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { ...strapi.version(ARTICLE_UID, 'doc1', 'ru'), title: 'Новости недели', body: 'Вторая строка' });
    const before = await batchCount();
    await translate('kbd');
    expect(await sentSince(before)).toEqual(['Вторая строка']);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toBe('Written by hand');
    const state = await stateStore(strapi).load({ contentType: ARTICLE_UID, entryDocumentId: 'doc1', locale: 'kbd' });
    expect(state.keptFields).toEqual(['title']);
  });

  it('skips a job whose entry is gone, and fails only the job whose locale has no service language', async () => {
    const gone = await claimedJob(strapi, 'doc-gone', 'kbd');
    const german = await claimedJob(strapi, 'doc1', 'de');
    const skipped = await strapi.service('translator').run([gone]);
    expect(skipped.skipped).toEqual([gone]);
    const outcome = await strapi.service('translator').run([german]);
    expect(outcome.failed.map(({ job, error }) => [job.locale, error.message])).toEqual([
      ['de', 'locale "de" has no service language; map it under languages in the plugin config'],
    ]);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'de')).toBeUndefined();
  });
});

describe('translator: status, review and estimate', () => {
  it('says a target is outdated when its source moved on, and Mark as reviewed accepts it without sending anything', async () => {
    await translate('kbd');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { ...strapi.version(ARTICLE_UID, 'doc1', 'ru'), body: 'Исправленная строка' });
    expect((await strapi.service('translator').status(ARTICLE_UID, 'doc1', 'kbd')).outdated).toEqual(['body']);
    const before = await batchCount();
    expect(await strapi.service('translator').markReviewed(ARTICLE_UID, 'doc1', 'kbd')).toEqual(['body']);
    expect((await strapi.service('translator').status(ARTICLE_UID, 'doc1', 'kbd')).outdated).toEqual([]);
    expect(await batchCount()).toBe(before);
  });

  it('estimates the characters a run would send as the service counts them, each text once, sending nothing', async () => {
    strapi.put(ARTICLE_UID, 'doc2', 'ru', { title: 'Ӏуэху 😀', body: 'Ӏуэху 😀', slug: 'x', views: 1 });
    const before = await batchCount();
    const estimate = await strapi.service('translator').estimate(ARTICLE_UID, [
      { documentId: 'doc2', locale: 'kbd' },
      { documentId: 'doc2', locale: 'en' },
    ]);
    expect(estimate).toMatchObject({ entries: 1, texts: 2, characters: 2 * characterCount('Ӏуэху 😀') });
    expect(await batchCount()).toBe(before);
  });

  it('counts apart what the translation memory answers: those characters are not sent nor spent', async () => {
    await translate('kbd');
    strapi.put(ARTICLE_UID, 'doc2', 'ru', { title: 'Новости дня', body: 'Новая строка', slug: 'x', views: 1 });
    const estimate = await strapi.service('translator').estimate(ARTICLE_UID, [
      { documentId: 'doc2', locale: 'kbd' },
      { documentId: 'doc2', locale: 'en' },
    ]);
    // The title is known in Kabardian only (doc1's translation); English knows nothing yet.
    expect(estimate).toMatchObject({
      texts: 3,
      characters: characterCount('Новая строка') * 2 + characterCount('Новости дня'),
      memoryTexts: 1,
      memoryCharacters: characterCount('Новости дня'),
    });
    // An estimate is not a use.
    expect((await strapi.service('memory').stats()).savedCharacters).toBe(0);
  });
});
