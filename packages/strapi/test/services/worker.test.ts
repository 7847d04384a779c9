// The worker's loop against a local service: queued work runs in the background, and a service
// error becomes the queue's answer (fail with an editor's words, pause what the spent allowance
// pays for, pause everything for a refused key) without losing the job.
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_UID } from '../../server/src/constants';
import { isActive } from '../../server/src/utils/pause-state';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';
import { articleConfig } from './plugin-config';

let sandbox: RunningSandbox | undefined;
let strapi: FakeStrapi | undefined;

afterEach(async () => {
  await strapi?.service('worker').stop();
  await strapi?.service('client').close();
  await sandbox?.close();
});

/** A fake Strapi with one Russian article, and its Kabardian translation queued; the worker not started yet. */
async function withQueuedArticle(options: { limits?: Record<string, number>; key?: string } = {}): Promise<FakeStrapi> {
  sandbox = await startSandbox(options.limits ? { limits: options.limits } : {});
  strapi = fakeStrapi({ ...articleConfig(sandbox, { targetLocales: ['kbd'] }), ...(options.key ? { apiKey: options.key } : {}) });
  strapi.put(ARTICLE_UID, 'doc1', 'ru', { title: 'Новости дня', body: 'Первая строка', slug: 'novosti-dnya', views: 7 });
  await strapi.service('queue').enqueue({ kind: 'translate', contentType: ARTICLE_UID, entryDocumentId: 'doc1', locale: 'kbd' });
  return strapi;
}

const jobRow = (fake: FakeStrapi) => fake.tables.get(JOB_UID)?.rows[0] ?? {};

describe('worker', () => {
  it('runs queued work in the background: the job ends done and the target is written', async () => {
    const fake = await withQueuedArticle();
    fake.service('worker').start();
    await expect.poll(() => jobRow(fake).status, { timeout: 10_000 }).toBe('done');
    expect(fake.version(ARTICLE_UID, 'doc1', 'kbd')?.views).toBe(7);
  });

  it('fails a job the service refuses as invalid, with a sentence an editor understands', async () => {
    const fake = await withQueuedArticle();
    await sandbox?.admin.injectFault({ operation: 'batch', error_type: 'invalid_request', count: 1 });
    fake.service('worker').start();
    await expect.poll(() => jobRow(fake).status, { timeout: 10_000 }).toBe('failed');
    expect(jobRow(fake)).toMatchObject({ errorType: 'invalid_request', error: expect.stringMatching(/refused this text/) });
  });

  it('pauses translation alone until the reset when the characters allowance is not enough, and the job waits uncounted', async () => {
    const fake = await withQueuedArticle({ limits: { translate_chars_per_day: 5 } });
    fake.service('worker').start();
    await expect.poll(async () => isActive(await fake.service('pauses').pauseState('translate')), { timeout: 10_000 }).toBe(true);
    const pause = await fake.service('pauses').pauseState('translate');
    expect(pause).toMatchObject({ reason: 'quota_exceeded', allowance: 'characters', byHand: false });
    expect(pause.pausedUntil).toBeGreaterThan(Date.now());
    expect(isActive(await fake.service('pauses').pauseState('audio'))).toBe(false);
    expect(isActive(await fake.service('pauses').pauseState('all'))).toBe(false);
    await expect.poll(() => jobRow(fake).status).toBe('pending');
    expect(jobRow(fake)).toMatchObject({ attempts: 0, errorType: 'quota_exceeded' });
  });

  it('retries a job taken over after four kills on one transient error: kills count no attempt, service failures do', async () => {
    // maxAttempts is 3 here: four takeovers counted as attempts would fail it on its first error.
    // internal_error (500): the client never retries it, the worker does.
    const fake = await withQueuedArticle();
    for (let kill = 1; kill <= 4; kill++) {
      const [claimed] = await fake.service('queue').claim(10);
      expect(claimed?.id).toBe(jobRow(fake).id);
      jobRow(fake).leaseUntil = Date.now() - 1;
    }
    await sandbox?.admin.injectFault({ operation: 'batch', error_type: 'internal_error', count: 1 });
    fake.service('worker').start();
    await expect.poll(() => jobRow(fake).errorType, { timeout: 10_000 }).toBe('internal_error');
    expect(jobRow(fake)).toMatchObject({ status: 'pending', attempts: 1 });
    // Tried again after its backoff, it ends done.
    await expect.poll(() => jobRow(fake).status, { timeout: 20_000 }).toBe('done');
  });

  it('fails a job after maxAttempts service failures in a row, each counted once', async () => {
    const fake = await withQueuedArticle();
    await sandbox?.admin.injectFault({ operation: 'batch', error_type: 'internal_error', count: 3 });
    // Each retry is made runnable at once (no backoff to wait out), as the clock moving on would.
    const hurry = setInterval(() => {
      if (jobRow(fake).status === 'pending') jobRow(fake).notBefore = null;
    }, 10);
    try {
      fake.service('worker').start();
      await expect.poll(() => jobRow(fake).status, { timeout: 15_000 }).toBe('failed');
    } finally {
      clearInterval(hurry);
    }
    expect(jobRow(fake)).toMatchObject({ errorType: 'internal_error', attempts: 3 });
  });

  it('pauses the whole queue when the service refuses the key, and keeps the job', async () => {
    const fake = await withQueuedArticle({ key: 'ck_unknown.secret' });
    fake.service('worker').start();
    await expect.poll(async () => isActive(await fake.service('pauses').pauseState('all')), { timeout: 10_000 }).toBe(true);
    expect((await fake.service('pauses').pauseState('all')).reason).toBe('unauthorized');
    await expect.poll(() => jobRow(fake).status).toBe('pending');
    expect(jobRow(fake).attempts).toBe(0);
  });
});
