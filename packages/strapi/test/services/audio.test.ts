// The audio service against a local service: speech made from a target's text into the Media
// Library through the upload plugin, sentence by sentence through the speech memory (each sentence
// bought once), its timings and WebVTT transcript beside it, and every job that makes none says why.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_FOLDER_NAME, UPLOAD_FILE_UID, UPLOAD_FOLDER_UID } from '../../server/src/constants';
import { PAUSE_BETWEEN_FIELDS_SECONDS } from '../../server/src/utils/joined-fields';
import { readAlongOf } from '../../server/src/utils/read-along';
import { DatabaseSpeechStore, prepareSpeechPartsTable } from '../../server/src/utils/speech-parts-table';
import { encodeWav } from '@circassian/core/wav';
import { speechKey } from '@circassian/core';
import { stateStore } from '../../server/src/utils/state-store';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig, claimedJob } from './plugin-config';

let sandbox: RunningSandbox;
let strapi: FakeStrapi;

beforeAll(async () => {
  sandbox = await startSandbox({ speechJobMs: 20 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  strapi = fakeStrapi(articleConfig(sandbox));
  strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Сэлам', slug: 'selam' });
});

const speechCalls = async () => (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
const audioState = () => stateStore(strapi).row({ contentType: ARTICLE_UID, entryDocumentId: 'doc1', locale: 'kbd' });

/** Claims and runs one audio job of `documentId` in Kabardian, and ends it. */
async function voice(documentId = 'doc1') {
  const job = await claimedJob(strapi, documentId, 'kbd', 'audio');
  const outcome = await strapi.service('audio').run(job);
  await strapi.service('queue').complete(job);
  return outcome;
}

describe('audio', () => {
  it("stores the target's text read aloud as an MP3 (this server has lame) in the plugin's folder and links it to the entry", async () => {
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(strapi.files).toHaveLength(2); // the audio and its transcript
    const [file, transcript] = strapi.files;
    expect(file).toMatchObject({ name: 'selam-kbd.mp3', mime: 'audio/mpeg' });
    expect(transcript).toMatchObject({ name: 'selam-kbd.vtt', mime: 'text/vtt' });
    // An MPEG audio frame (sync bits 0xFFE) or an ID3 tag before one, not the service's RIFF/WAVE.
    const bytes = file?.bytes ?? Buffer.alloc(0);
    expect(bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)).toBe(true);
    const folder = await strapi.db.query(UPLOAD_FOLDER_UID).findOne({ where: { name: AUDIO_FOLDER_NAME } });
    expect(folder).not.toBeNull();
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.audio).toEqual({ id: file?.id });
    expect(await audioState()).toMatchObject({ audioOutcome: 'made' });
    expect((await strapi.service('spending').today()).audioSeconds).toBeGreaterThan(0);
  });

  it('makes no audio again for text it already voiced', async () => {
    await voice();
    const before = await speechCalls();
    expect(await voice()).toEqual({ outcome: 'skipped', note: 'unchanged' });
    expect(await speechCalls()).toBe(before);
    expect(strapi.files).toHaveLength(2);
  });

  it('replaces its own file in place when the text changes', async () => {
    await voice();
    const [first, transcript] = strapi.files;
    const bytes = first?.bytes;
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Сэлам, ныбжьэгъухэ' });
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(strapi.files).toHaveLength(2);
    expect(strapi.files.map((file) => file.id)).toEqual([first?.id, transcript?.id]);
    expect(strapi.files[0]?.bytes.equals(bytes ?? Buffer.alloc(0))).toBe(false);
    expect(strapi.files[1]?.bytes.toString('utf8')).toContain('Сэлам, ныбжьэгъухэ.');
  });

  it('leaves a file an editor put in the field alone and links a new one', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), audio: { id: 999 } });
    await voice();
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.audio).toEqual({ id: strapi.files[0]?.id });
    expect(strapi.files[0]?.id).not.toBe(999);
  });

  it('puts its audio live in a published target only when the draft holds nothing else its published version lacks', async () => {
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Сэлам', slug: 'selam' }, 'published');
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd', 'published')?.audio).toEqual({ id: strapi.files[0]?.id });
    // The translation of a source draft not published yet: the audio must not publish it with itself.
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Сэлам, ныбжьэгъухэ' });
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd', 'published')?.title).toBe('Сэлам');
    expect(strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.title).toBe('Сэлам, ныбжьэгъухэ');
  });

  it('says why it made none for an entry with no version in the locale, and records it for the panel', async () => {
    const outcome = await voice('doc-without-kbd');
    expect(outcome).toMatchObject({ outcome: 'skipped', reason: { reason: 'no-version' } });
    const row = await stateStore(strapi).row({ contentType: ARTICLE_UID, entryDocumentId: 'doc-without-kbd', locale: 'kbd' });
    expect(row).toMatchObject({ audioOutcome: 'skipped' });
    expect(strapi.files).toHaveLength(0);
  });
});

describe('audio through the speech memory', () => {
  const TITLE = 'Тхылъ';
  const BODY = 'Япэ псалъэухар. ЕтӀуанэ псалъэухар. Ещанэ псалъэухар.';
  beforeEach(() => {
    strapi = fakeStrapi(articleConfig(sandbox, { audio: [{ from: ['title', 'body'], to: 'audio', locales: ['kbd'] }] }));
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: TITLE, body: BODY, slug: 'tkhyl' });
  });
  /** The texts of the speech requests the service answered since `since` (a count of all its speech calls), oldest first. */
  const askedSince = async (since: number) =>
    (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .reverse()
      .slice(since)
      .filter((call) => call.outcome === 'ok')
      .map((call) => (call.content?.request as { text: string }).text);
  const audioRow = async () => {
    const id = (strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.audio as { id: number }).id;
    return strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id } });
  };
  const readAlong = async () => readAlongOf((await audioRow())?.provider_metadata);

  it('asks for each sentence once, and after an edit only for the sentence that changed', async () => {
    const start = await speechCalls();
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(await askedSince(start)).toEqual(['Тхылъ.', 'Япэ псалъэухар.', 'ЕтӀуанэ псалъэухар.', 'Ещанэ псалъэухар.']);
    const before = await readAlong();
    expect(before?.timings.sentences.map((sentence) => sentence.text)).toEqual([
      'Тхылъ.',
      'Япэ псалъэухар.',
      'ЕтӀуанэ псалъэухар.',
      'Ещанэ псалъэухар.',
    ]);
    // The title, a pause, then the body.
    const [title, firstOfBody] = before?.timings.sentences ?? [];
    expect((firstOfBody?.start ?? 0) - (title?.end ?? 0)).toBeCloseTo(PAUSE_BETWEEN_FIELDS_SECONDS, 2);

    const edited = await speechCalls();
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', {
      title: TITLE,
      body: BODY.replace('ЕтӀуанэ', 'ЕтӀуанэ дахэ'),
      slug: 'tkhyl',
      audio: { id: (await audioRow())?.id },
    });
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(await askedSince(edited)).toEqual(['ЕтӀуанэ дахэ псалъэухар.']);
    const after = await readAlong();
    // The sentences before the edit keep their place; the edited one is longer, so the last moves.
    expect(after?.timings.sentences.slice(0, 2)).toEqual(before?.timings.sentences.slice(0, 2));
    expect(after?.timings.sentences[3]?.start).toBeGreaterThan(before?.timings.sentences[3]?.start ?? Infinity);
    const transcript = strapi.files.find((file) => file.id === after?.transcript?.id);
    expect(transcript?.bytes.toString('utf8')).toMatch(/^WEBVTT\n\n1\n00:00:00\.000 --> /);
    expect(transcript?.bytes.toString('utf8')).toContain('ЕтӀуанэ дахэ псалъэухар.');
  });

  it('costs nothing for a sentence another entry had', async () => {
    await voice();
    const start = await speechCalls();
    strapi.put(ARTICLE_UID, 'doc2', 'kbd', { title: 'Нэгъуэщӏ', body: 'Япэ псалъэухар. Щӏэуэ.', slug: 'other' });
    expect(await voice('doc2')).toEqual({ outcome: 'made' });
    expect(await askedSince(start)).toEqual(['Нэгъуэщӏ.', 'Щӏэуэ.']);
  });

  it('keeps every sentence answered before a failure: the retried job asks only for the rest', async () => {
    const start = await speechCalls();
    // The first request passes (a fault of no error, only a 1 ms delay); the second is refused for good.
    await sandbox.admin.injectFault({ operation: 'speech', delay_ms: 1, count: 1 });
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'invalid_request', count: 1 });
    const job = await claimedJob(strapi, 'doc1', 'kbd', 'audio');
    await expect(strapi.service('audio').run(job)).rejects.toThrow();
    const retried = await speechCalls();
    expect(await strapi.service('audio').run(job)).toEqual({ outcome: 'made' });
    expect(await askedSince(retried)).toEqual(['Япэ псалъэухар.', 'ЕтӀуанэ псалъэухар.', 'Ещанэ псалъэухар.']);
    expect((await askedSince(start)).filter((text) => text === 'Тхылъ.')).toHaveLength(1);
  });

  it("resumes a long sentence's speech job saved on the queue row instead of buying it again", async () => {
    // One sentence over the service's 1,500 characters answered at once: a job.
    const long = `${'Псалъэ кӀыхь '.repeat(130).trim()}.`;
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: TITLE, body: long, slug: 'tkhyl' });
    await sandbox.admin.injectFault({ operation: 'jobs', error_type: 'invalid_request', count: 1 });
    const job = await claimedJob(strapi, 'doc1', 'kbd', 'audio');
    await expect(strapi.service('audio').run(job)).rejects.toThrow();
    expect(job.result?.speechJob).toMatchObject({ jobId: expect.stringMatching(/./) });
    const submitted = await speechCalls();
    expect(await strapi.service('audio').run(job)).toEqual({ outcome: 'made' });
    expect(await speechCalls()).toBe(submitted);
    expect((await readAlong())?.timings.sentences.map((sentence) => sentence.text)).toEqual(['Тхылъ.', long]);
  });
  it('buys a part again, once, when the job saved for it is gone from the service', async () => {
    const job = await claimedJob(strapi, 'doc1', 'kbd', 'audio');
    // As a run killed long ago left it: the title's job, which the service no longer knows.
    job.result = { speechJob: { key: speechKey('Тхылъ.', { language: 'kbd' }), jobId: 'job_expired_long_ago' } };
    const start = await speechCalls();
    expect(await strapi.service('audio').run(job)).toEqual({ outcome: 'made' });
    expect(await askedSince(start)).toEqual(['Тхылъ.', 'Япэ псалъэухар.', 'ЕтӀуанэ псалъэухар.', 'Ещанэ псалъэухар.']);
  });
});

describe("the speech memory's limits", () => {
  it('removes sentences no audio uses once past the grace period, and keeps those the audio uses', async () => {
    const config = articleConfig(sandbox, { audio: [{ from: ['title', 'body'], to: 'audio', locales: ['kbd'] }] });
    strapi = fakeStrapi({ ...config, speechMemory: { unusedForDays: 1, maxBytes: 1_000_000_000 } });
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { title: 'Тхылъ', body: 'Япэ псалъэухар. ЕтӀуанэ псалъэухар.', slug: 'tkhyl' });
    await prepareSpeechPartsTable(strapi.db.connection, 'sqlite');
    // A sentence of an audio long gone, last used two days ago.
    const twoDaysAgo = Date.now() - 2 * 86_400_000;
    const store = new DatabaseSpeechStore(strapi.db.connection, 'sqlite', { now: () => twoDaysAgo });
    await store.put('gone', { audio: encodeWav(new Int16Array(160), 16_000), durationSeconds: 0.01 });
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(await store.has('gone')).toBe(false);
    const id = (strapi.version(ARTICLE_UID, 'doc1', 'kbd')?.audio as { id: number }).id;
    const keys = readAlongOf((await strapi.db.query(UPLOAD_FILE_UID).findOne({ where: { id } }))?.provider_metadata)?.timings.parts.map(
      (part) => part.key,
    );
    expect(keys).toHaveLength(3);
    expect(await store.size()).toMatchObject({ entries: 3 });
    for (const key of keys ?? []) expect(await store.has(key)).toBe(true);
  });
});
