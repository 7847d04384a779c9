// Learning from an editor's corrections: a sentence a person changed from what the plugin wrote
// teaches the memory, paired with the source sentence it was translated from, and the next
// translation of that source text is the editor's, with no request. Untouched sentences, stale
// ones under a changed source and the corrections of a writer who may not teach teach nothing.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LanguagePair } from '@circassian/core';
import { learnFromEdits } from '../../server/src/utils/memory-learning';
import type { Teacher } from '../../server/src/utils/memory-teacher';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

const RU_KBD: LanguagePair = { source: 'ru', target: 'kbd' };
/** An admin whose role holds plugin::circassian.memory. */
const REVIEWER: Teacher = { name: 'reviewer@circassian.test', via: 'admin', mayTeach: true };
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

const kbd = () => strapi.version(ARTICLE_UID, 'doc1', 'kbd') ?? {};

/** An editor's save of the Kabardian version with `changes`. */
function edit(changes: Record<string, unknown>) {
  strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...kbd(), ...changes });
}

/** The Kabardian body's lines, for an edit of one of them. */
const bodyLines = () => String(kbd().body).split('\n\n');

describe('memory: learning from hand edits', () => {
  it('teaches an edited title as human, named by its maker, and another entry with that title gets it with no request', async () => {
    await translate('doc1');
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 1, suggested: 0 });
    expect((await strapi.service('memory').lookup(RU_KBD, ['Новости дня']))[0]).toMatchObject({
      target: 'Махуэм и хъыбархэр',
      origin: 'human',
      // The machine's unit is replaced: it keeps its creation, the reviewer is who changed it (TMX changeid).
      creator: 'circassian-strapi',
      changer: 'reviewer@circassian.test',
    });
    strapi.put(ARTICLE_UID, 'doc2', 'ru', { title: 'Новости дня', body: 'Вторая строка' });
    const before = await batchCount();
    await translate('doc2');
    expect(await batchCount()).toBe(before);
    expect(strapi.version(ARTICLE_UID, 'doc2', 'kbd')?.title).toBe('Махуэм и хъыбархэр');
  });

  it('teaches only the corrected line of a Markdown field: untouched lines (their translation opening with "[") are not corrections', async () => {
    await translate('doc1');
    // The local service's translations read "[kbd] ...": read back, such a line lost its bracket and was taught as human.
    expect(bodyLines()).toEqual([expect.stringMatching(/^\[kbd\] /), expect.stringMatching(/^\[kbd\] /)]);
    edit({ body: ['Япэ сатыр', bodyLines()[1]].join('\n\n') });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 1, suggested: 0 });
    const [first, untouched] = await strapi.service('memory').lookup(RU_KBD, ['Первая строка', 'Вторая строка']);
    expect(first).toMatchObject({ target: 'Япэ сатыр', origin: 'human' });
    expect(untouched?.origin).toBe('machine');
    // A line added after the corrected one: the correction still pairs with its source line, the new line with nothing.
    edit({ body: [...bodyLines(), 'Ищанэ сатыр'].join('\n\n') });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 0, suggested: 0 });
    expect((await strapi.service('memory').stats()).pairs[0]?.byOrigin).toMatchObject({ human: 1 });
  });

  it('never pairs a changed source sentence with the stale translation under it, even once marked as reviewed', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Фестиваль', body: 'Фестиваль пройдёт с 12 по 14 сентября.\n\nВход свободный.' });
    await translate('doc1');
    const [dates] = bodyLines();
    // The editor corrects the second line; then the source's dates change, and the locale is accepted as it is.
    edit({ body: [dates, 'Хыхьэр хуиту щытщ.'].join('\n\n') });
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Фестиваль', body: 'Фестиваль пройдёт с 19 по 21 сентября.\n\nВход свободный.' });
    expect(await strapi.service('translator').markReviewed(ARTICLE_UID, 'doc1', 'kbd')).toEqual(['body']);
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 1, suggested: 0 });
    const [newDates, oldDates, entrance] = await strapi
      .service('memory')
      .lookup(RU_KBD, ['Фестиваль пройдёт с 19 по 21 сентября.', 'Фестиваль пройдёт с 12 по 14 сентября.', 'Вход свободный.']);
    expect(newDates).toBeUndefined();
    expect(oldDates?.origin).toBe('machine');
    expect(entrance).toMatchObject({ target: 'Хыхьэр хуиту щытщ.', origin: 'human' });
    // A unit of the memory never holds the new dates beside the old ones.
    for await (const unit of strapi.service('memory').units()) expect(unit.source.includes('19') && unit.target.includes('12')).toBe(false);
  });

  it('teaches nothing the plugin did not write, nor a sentence whose source moved on since its translation', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Написано руками' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 0, suggested: 0 });
    await translate('doc1');
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { ...strapi.version(ARTICLE_UID, 'doc1', 'ru'), title: 'Новости недели' });
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 0, suggested: 0 });
  });

  it("keeps the correction of a writer who may not teach as their suggestion: their own entries get it back, nobody else's", async () => {
    const editor: Teacher = { name: 'editor@circassian.test', via: 'admin', mayTeach: false };
    await translate('doc1');
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', editor)).toEqual({ taught: 0, suggested: 1 });
    const memory = strapi.service('memory');
    expect((await memory.lookup(RU_KBD, ['Новости дня']))[0]?.origin).toBe('machine');
    expect((await memory.lookup(RU_KBD, ['Новости дня'], { asker: editor.name }))[0]).toMatchObject({
      target: 'Махуэм и хъыбархэр',
      suggestion: true,
      creator: editor.name,
      where: `${ARTICLE_UID}:doc1`,
    });
    // An entry the editor created gets their suggestion; one made by someone else, the machine's.
    // Strapi gives an entry's creator by id; the e-mail that names them is the admin user's.
    await strapi.db.query('admin::user').create({ data: { id: 7, email: editor.name } });
    await strapi.db.query('admin::user').create({ data: { id: 8, email: 'other@circassian.test' } });
    strapi.put(ARTICLE_UID, 'doc2', 'ru', { title: 'Новости дня', createdBy: { id: 7 } });
    strapi.put(ARTICLE_UID, 'doc3', 'ru', { title: 'Новости дня', createdBy: { id: 8 } });
    await translate('doc2');
    await translate('doc3');
    expect(strapi.version(ARTICLE_UID, 'doc2', 'kbd')?.title).toBe('Махуэм и хъыбархэр');
    expect(strapi.version(ARTICLE_UID, 'doc3', 'kbd')?.title).toMatch(/^\[kbd\] /);
    // An API token's correction answers nobody until a reviewer accepts it (its entries have no admin creator).
    const token: Teacher = { name: 'api-token:import', via: 'api-token', mayTeach: false };
    edit({ title: 'Хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', token)).toEqual({ taught: 0, suggested: 1 });
    expect((await memory.stats()).pairs[0]).toMatchObject({ suggestions: 2, byOrigin: { human: 0, reviewed: 0 } });
  });

  it('re-reviews a reviewed unit a teacher corrects: the newer reviewed unit answers', async () => {
    await translate('doc1');
    const memory = strapi.service('memory');
    await memory.store([
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Новости дня',
        target: 'Махуэм и хъыбар',
        origin: 'reviewed',
        created: '2026-01-01T00:00:00Z',
      },
    ]);
    edit({ title: 'Махуэм и хъыбархэр' });
    expect(await learnFromEdits(strapi, ARTICLE_UID, 'doc1', 'kbd', REVIEWER)).toEqual({ taught: 1, suggested: 0 });
    expect((await memory.lookup(RU_KBD, ['Новости дня']))[0]).toMatchObject({
      target: 'Махуэм и хъыбархэр',
      origin: 'reviewed',
      changer: REVIEWER.name,
    });
  });
});
