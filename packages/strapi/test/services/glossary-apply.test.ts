// The glossary where the plugin translates and speaks, against a local service: a keep term never
// travels as text and comes back as it stood, a translate term comes back as agreed, a machine unit
// of the memory that contradicts the glossary is sent again rather than reused (core's
// useGlossary); the status lists each field's term problems; a respelling reaches the speech
// request and nothing else (not the stored text, not the timings or the WebVTT).
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { pseudoTranslate } from '@circassian/sandbox/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job, WorkItem } from '../../server/src/types/jobs';
import { UPLOAD_FILE_UID } from '../../server/src/constants';
import { readAlongOf } from '../../server/src/utils/read-along';
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
  await strapi.service('glossary').add({ sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Нальчик', target: '' });
  await strapi.service('glossary').add({ sourceLang: 'ru', targetLang: 'kbd', type: 'translate', source: 'сайт', target: 'сайтыр' });
});

/** Every text the local service was sent since `before` batch calls. */
async function sentSince(before: number): Promise<string[]> {
  const calls = await sandbox.admin.calls({ operation: 'batch' });
  return calls.slice(0, calls.length - before).flatMap((call) => (call.content?.request as { texts?: string[] } | undefined)?.texts ?? []);
}
const batchCount = async () => (await sandbox.admin.calls({ operation: 'batch' })).length;

function itemOf(job: Job, texts: string[]): WorkItem {
  const settings = strapi.service('settings').contentType(ARTICLE_UID);
  if (!settings) throw new Error('the Article is not configured');
  return { job, settings, schema: ARTICLE, source: {}, target: null, language: job.locale, texts } as unknown as WorkItem;
}

describe('glossary: applied to translations', () => {
  it('sends a keep term as a marker, never as text, and puts it back unchanged; a translate term comes back as agreed', async () => {
    const before = await batchCount();
    const text = 'Фамилия Нальчик и наш сайт.';
    const translations = await strapi.service('batching').translate([itemOf(await claimedJob(strapi, 'doc1', 'kbd'), [text])]);
    const sent = await sentSince(before);
    expect(sent).toEqual(['Фамилия <x1/> и наш <x2/>.']);
    expect(sent.join(' ')).not.toContain('Нальчик');
    const answer = translations.values().next().value?.get(text) ?? '';
    expect(answer).toBe(pseudoTranslate('Фамилия <x1/> и наш <x2/>.', 'ru', 'kbd').replace('<x1/>', 'Нальчик').replace('<x2/>', 'сайтыр'));
    expect(answer).toContain('Нальчик');
    expect(answer).toContain('сайтыр');
  });

  it('does not reuse a machine unit of the memory that contradicts the glossary: the text is sent again, with its terms as markers', async () => {
    const text = 'Наш сайт открыт.';
    await strapi
      .service('memory')
      .store([{ sourceLang: 'ru', targetLang: 'kbd', source: text, target: 'Ди веб-сайт зэӀухащ.', origin: 'machine' }]);
    const before = await batchCount();
    const translations = await strapi.service('batching').translate([itemOf(await claimedJob(strapi, 'doc1', 'kbd'), [text])]);
    expect(await sentSince(before)).toEqual(['Наш <x1/> открыт.']);
    expect(translations.values().next().value?.get(text)).toContain('сайтыр');
  });

  it('"Translate into this locale" (translateTexts) applies it too', async () => {
    const before = await batchCount();
    const answers = await strapi.service('batching').translateTexts(ARTICLE_UID, 'doc1', 'kbd', ['Нальчик']);
    expect(await sentSince(before)).toEqual(['<x1/>']);
    expect(answers.get('Нальчик')).toBe(pseudoTranslate('<x1/>', 'ru', 'kbd').replace('<x1/>', 'Нальчик'));
  });
});

describe('glossary: the review panel’s term problems', () => {
  it('lists none for a field translated with the glossary, and a missing agreed term and a forbidden word once an editor changes it', async () => {
    await strapi
      .service('glossary')
      .add({ sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: 'обновление', target: 'апдейт' });
    strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Наш сайт', slug: 'nash-sait' });
    await strapi.service('translator').run([await claimedJob(strapi, 'doc1', 'kbd')]);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toContain('сайтыр');
    expect((await strapi.service('translator').status(ARTICLE_UID, 'doc1', 'kbd')).termProblems).toEqual([]);
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Ди апдейт' });
    expect((await strapi.service('translator').status(ARTICLE_UID, 'doc1', 'kbd')).termProblems).toEqual([
      { field: 'title', kind: 'missing', term: 'сайт', agreed: 'сайтыр' },
      { field: 'title', kind: 'forbidden', term: 'апдейт' },
    ]);
  });
});

describe('glossary: say-as in the audio', () => {
  it('sends the respelling in the speech request only: the stored text, the timings and the WebVTT keep the word as written', async () => {
    await strapi.service('glossary').add({ sourceLang: 'kbd', targetLang: 'ru', type: 'say', source: 'Коков', target: 'Ко́ков' });
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Сэлам, Коков.', slug: 'selam' });
    const calls = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
    const job = await claimedJob(strapi, 'doc1', 'kbd', 'audio');
    expect(await strapi.service('audio').run(job)).toEqual({ outcome: 'made' });
    const asked = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .slice(0, -calls || undefined)
      .map((call) => (call.content?.request as { text: string }).text);
    expect(asked).toEqual(['Сэлам, Ко́ков.']);
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toBe('Сэлам, Коков.');
    const transcript = strapi.files.find((file) => file.name.endsWith('.vtt'))?.bytes.toString('utf8') ?? '';
    expect(transcript).toContain('Сэлам, Коков.');
    expect(transcript).not.toContain('Ко́ков');
    const id = (strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.audio as { id: number }).id;
    const timings = readAlongOf((await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id } }))?.provider_metadata)?.timings;
    expect(timings?.sentences.map((sentence) => sentence.text)).toEqual(['Сэлам, Коков.']);
  });
});
