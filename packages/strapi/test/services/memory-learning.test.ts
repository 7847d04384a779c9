// Learning from an editor's corrections: a translated field edited by hand teaches the memory its
// segments as `human`, and the next translation of that source text is the editor's, with no request.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LanguagePair } from '@circassian/core';
import { learnFromEdits } from '../../server/src/utils/memory-learning';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
let sandbox: RunningSandbox;
let strapi: FakeStrapi;

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd'] }));
  strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка\n\nВторая строка', views: 7 });
});

const batchCount = async () => (await sandbox.admin.calls({ operation: 'batch' })).length;

/** Claims and runs one translate job of `documentId` into Kabardian. */
async function translate(documentId: string) {
  const job = await claimedJob(strapi, documentId, 'kbd');
  await strapi.service('translator').run([job]);
  await strapi.service('queue').complete(job);
}

/** An editor's save of the Kabardian version with `changes`. */
function edit(changes: Record<string, unknown>) {
  strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), ...changes });
}

describe('memory: learning from hand edits', () => {
  it('teaches an edited title as human, and another entry with that title is translated with it and no request', async () => {
    await translate('doc1');
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd')).toBe(1);
    expect((await strapi.service('memory').lookup(RU_KBD, ['Новости дня']))[0]).toMatchObject({
      target: 'Махуэм и хъыбархэр',
      origin: 'human',
    });
    strapi.put(ARTICLE_UID, 'doc2', 'ru', { title: 'Новости дня', body: 'Вторая строка' });
    const before = await batchCount();
    await translate('doc2');
    expect(await batchCount()).toBe(before);
    expect(strapi.version(ARTICLE_UID, 'doc2', 'kbd')?.title).toBe('Махуэм и хъыбархэр');
  });

  it('teaches only the corrected sentence of a Markdown field, or the whole field where its lines no longer line up', async () => {
    // A machine translation of the second line that reads back as one sentence of Markdown.
    await strapi
      .service('memory')
      .store([{ sourceLang: 'ru', targetLang: 'kbd', source: 'Вторая строка', target: 'ЕтӀуанэ сатыр', origin: 'machine' }]);
    await translate('doc1');
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.body).toMatch(/\n\nЕтӀуанэ сатыр$/);
    edit({ body: 'Япэ сатыр\n\nЕтӀуанэ сатыр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd')).toBe(1);
    const [first, untouched] = await strapi.service('memory').lookup(RU_KBD, ['Первая строка', 'Вторая строка']);
    expect(first).toMatchObject({ target: 'Япэ сатыр', origin: 'human' });
    expect(untouched?.origin).toBe('machine');

    edit({ body: 'Япэ сатыр\n\nЕтӀуанэ сатыр\n\nИщанэ' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd')).toBe(1);
    expect((await strapi.service('memory').lookup(RU_KBD, ['Первая строка\n\nВторая строка']))[0]?.target).toBe(
      'Япэ сатыр\n\nЕтӀуанэ сатыр\n\nИщанэ',
    );
  });

  it('teaches nothing the plugin did not write, nor a field whose source moved on since its translation', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Написано руками' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd')).toBe(0);
    await translate('doc1');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { ...strapi.version(ARTICLE_UID, 'doc1', 'ru'), title: 'Новости недели' });
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd')).toBe(0);
  });
});
