// Where an entry's translations stand (the overview service): the bulk page's counts, the list
// view's column and "Translate what changed" read these statuses.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needsTranslation } from '../../server/src/utils/translation-status';
import { ARTICLE_UID, fakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});

describe('overview: statuses', () => {
  it('counts a target locale deleted after its translation as missing, so "Translate what changed" sends it again', async () => {
    const strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd', 'en'], audio: [] }));
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка' });
    for (const locale of ['kbd', 'en']) {
      const job = await claimedJob(strapi, 'doc1', locale);
      expect((await strapi.service('translator').run([job])).done).toHaveLength(1);
      await strapi.service('queue').complete(job);
    }
    // "Delete locale" in the Content Manager: the plugin's state row of kbd stays behind.
    strapi.deleteLocale(ARTICLE_UID, 'doc1', 'kbd');
    const statuses = (await strapi.service('overview').statuses(ARTICLE_UID, ['doc1'])).get('doc1');
    expect(Object.fromEntries(statuses ?? [])).toEqual({ kbd: 'not translated', en: 'translated' });
    expect(needsTranslation(statuses?.get('kbd') ?? 'translated')).toBe(true);
    const { locales } = await strapi.service('overview').counts(ARTICLE_UID);
    expect(locales.kbd).toMatchObject({ translated: 0, 'not translated': 1 });
    await strapi.service('client').close();
  });
});
