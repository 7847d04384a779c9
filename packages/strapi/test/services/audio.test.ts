// The audio service against a local service: speech made from a target's text into the Media
// Library through the upload plugin, and every job that makes none says why.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIO_FOLDER_NAME, UPLOAD_FOLDER_UID } from '../../server/src/constants';
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

const speechCalls = async () => (await sandbox.admin.calls({ operation: 'speech' })).length;
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
    expect(strapi.files).toHaveLength(1);
    const [file] = strapi.files;
    expect(file).toMatchObject({ name: 'selam-kbd.mp3', mime: 'audio/mpeg' });
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
    expect(strapi.files).toHaveLength(1);
  });

  it('replaces its own file in place when the text changes', async () => {
    await voice();
    const [first] = strapi.files;
    const bytes = first?.bytes;
    strapi.put(ARTICLE_UID, 'doc1', 'kbd', { ...strapi.version(ARTICLE_UID, 'doc1', 'kbd'), title: 'Сэлам, ныбжьэгъухэ' });
    expect(await voice()).toEqual({ outcome: 'made' });
    expect(strapi.files).toHaveLength(1);
    expect(strapi.files[0]?.id).toBe(first?.id);
    expect(strapi.files[0]?.bytes.equals(bytes ?? Buffer.alloc(0))).toBe(false);
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
