// The writer, given a planned job and its translations (no service): what it writes into the
// target locale, the state it keeps, and when it publishes.
import { beforeEach, describe, expect, it } from 'vitest';
import { planTranslation } from '../../server/src/translation/planner';
import type { Job, WorkItem } from '../../server/src/types/jobs';
import { stateStore } from '../../server/src/utils/state-store';
import { STATE_UID } from '../../server/src/constants';
import { ARTICLE, ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { claimedJob } from './plugin-config';

const SOURCE = { title: 'Новости дня', body: 'Первая строка', slug: 'novosti-dnya', views: 7 };
const ANSWERS = new Map([
  ['Новости дня', 'Махуэм и хъыбархэр'],
  ['Первая строка', 'Япэ сатыр'],
]);

let strapi: FakeStrapi;

beforeEach(() => {
  strapi = fakeStrapi({
    apiKey: 'unused',
    contentTypes: { [ARTICLE_UID]: { sourceLocale: 'ru', targetLocales: ['kbd'], fields: { views: 'copy' } } },
  });
  strapi.put(ARTICLE_UID, 'doc1', 'ru', SOURCE);
});

/** The job planned as the translator plans it. */
async function planned(job: Job): Promise<WorkItem> {
  const settings = strapi.service('settings').contentType(ARTICLE_UID);
  const source = strapi.version(ARTICLE_UID, 'doc1', 'ru');
  if (!settings || !source) throw new Error('the Article or its source is missing');
  const target = strapi.version(ARTICLE_UID, 'doc1', 'kbd') ?? null;
  const state = await stateStore(strapi).load({ contentType: ARTICLE_UID, entryDocumentId: 'doc1', locale: 'kbd' });
  const fields = await planTranslation({
    schema: ARTICLE,
    settings,
    source,
    target,
    state,
    force: job.result?.force === true,
    targetPublished: false,
    getModel: (uid) => strapi.getModel(uid),
  });
  return { job, settings, schema: ARTICLE, source, target, state, language: 'kbd', ...fields };
}

/** Writes a claimed job's translation and ends the job, as the worker does (the next job of doc1 may then run). */
const write = async (job?: Job) => {
  const item = await planned(job ?? (await claimedJob(strapi, 'doc1', 'kbd')));
  const written = await strapi.service('writer').write(item, ANSWERS);
  await strapi.service('queue').complete(item.job);
  return written;
};

describe('writer', () => {
  it('writes the translations, the copies and a slug of the translated title, and keeps what it wrote', async () => {
    // The media field is copied too (an empty one here): no audio mapping writes it in this config.
    expect((await write()).sort()).toEqual(['audio', 'body', 'slug', 'title', 'views']);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')).toMatchObject({
      title: 'Махуэм и хъыбархэр',
      body: 'Япэ сатыр',
      slug: 'makhuem-i-khybarkher',
      views: 7,
    });
    const state = await stateStore(strapi).load({ contentType: ARTICLE_UID, entryDocumentId: 'doc1', locale: 'kbd' });
    expect(Object.keys(state.writtenHashes).sort()).toEqual(['audio', 'body', 'slug', 'title', 'views']);
    expect(state.keptFields).toEqual([]);
  });

  it('makes the slug unique among the locale’s other entries', async () => {
    strapi.put(ARTICLE_UID, 'other', 'kbd', { title: 'x', slug: 'makhuem-i-khybarkher' });
    await write();
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.slug).toBe('makhuem-i-khybarkher-1');
  });

  it('publishes the target when, and only when, the source’s published version says what was translated', async () => {
    await write();
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd', 'published')).toBeUndefined();
    strapi.put(ARTICLE_UID, 'doc1', 'ru', SOURCE, 'published');
    await strapi.service('queue').complete((await claimedJob(strapi, 'doc1', 'kbd')) as Job);
    await write();
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd', 'published')?.title).toBe('Махуэм и хъыбархэр');
  });

  it('overwrites a hand edit only when an editor confirmed, and logs who did without the text', async () => {
    await write();
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'A private note' });
    await strapi.service('queue').enqueue({
      kind: 'translate',
      contentType: ARTICLE_UID,
      entryDocumentId: 'doc1',
      locale: 'kbd',
      force: true,
      forcedBy: 'admin #1 (editor@example.com)',
    });
    const [forced] = await strapi.service('queue').claim(10);
    await write(forced);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toBe('Махуэм и хъыбархэр');
    const warnings = strapi.logs.filter((log) => log.level === 'warn').map((log) => log.message);
    expect(warnings.some((message) => /overwrote hand edits of title .*as admin #1 \(editor@example.com\) confirmed/.test(message))).toBe(
      true,
    );
    expect(warnings.join('\n')).not.toContain('A private note');
  });

  it('writes a target and its state together: a failure between the two leaves the old translation with its state', async () => {
    await write();
    await strapi.service('queue').complete((await claimedJob(strapi, 'doc1', 'kbd')) as Job);
    // The source's title changes; its new translation is written, and the state's save fails (as a kill there would end it).
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { ...SOURCE, title: 'Новости вечера' });
    const answers = new Map([...ANSWERS, ['Новости вечера', 'Пщыхьэщхьэ хъыбархэр']]);
    const states = strapi.tables.get(STATE_UID);
    if (!states) throw new Error('the first write saved no state');
    const save = states.update.bind(states);
    states.update = async () => {
      throw new Error('killed between the target and its state');
    };
    const item = await planned(await claimedJob(strapi, 'doc1', 'kbd'));
    await expect(strapi.service('writer').write(item, answers)).rejects.toThrow(/killed/);
    states.update = save;
    // The old translation, and a state that says it was the plugin's: no field looks edited by hand.
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')).toMatchObject({ title: 'Махуэм и хъыбархэр', slug: 'makhuem-i-khybarkher' });
    const retried = await planned(item.job);
    expect(retried.kept).toEqual([]);
    expect(retried.toTranslate.map((field) => field.name).sort()).toEqual(['slug', 'title']);
    // Run again, the job writes both.
    await strapi.service('writer').write(retried, answers);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toBe('Пщыхьэщхьэ хъыбархэр');
    expect((await planned(item.job)).kept).toEqual([]);
  });
});
