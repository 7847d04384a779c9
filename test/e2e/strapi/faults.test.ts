// Every error type of the interface injected through the local service's fault controls while
// the real Strapi translates: retryable ones end in a translation, the others in a plain-words
// error or a pause, and a daily quota running out in the middle of a bulk run pauses the queue
// until it is resumed, with nothing lost and no text bought twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_UID, StrapiClient, sentTexts, startSandbox, startStrapiHost, waitFor, type RunningSandbox } from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

type EntryStatus = {
  locales: Array<{ locale: string; status: string; error: string | null }>;
  queue: { pause: { byHand: boolean; reason: string | null; pausedUntil: number | null } };
};
type RunStatus = {
  counts: Record<string, number>;
  total: number;
  finished: boolean;
  errors: unknown[];
  pause: { reason: string | null; pausedUntil: number | null };
};

describe('Strapi: service errors while translating', () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<{ url: string; admin: { email: string; password: string }; apiToken: string }>;
  let strapi: StrapiClient;

  const allTranslated = (documentId: string, timeoutMs = 60_000) =>
    waitFor(
      `article ${documentId} in kbd, ady and en`,
      async () => {
        for (const locale of ['kbd', 'ady', 'en']) {
          if (!(await strapi.article(documentId, locale))?.title?.startsWith(`[${locale}]`)) return undefined;
        }
        return true;
      },
      timeoutMs,
    );
  const status = async (documentId: string) => (await strapi.plugin<EntryStatus>('GET', `${strapi.entryPath(documentId)}/status`)).body;

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    host = await startStrapiHost(sandbox, [], { CIRCASSIAN_QUEUE_CLAIM_SIZE: '6', CIRCASSIAN_QUEUE_POLL_MS: '200' });
    strapi = new StrapiClient(host.ready);
  });

  afterAll(async () => {
    expect(await host?.stop()).toBe(0);
    await sandbox?.close();
  });

  it.each(['rate_limited', 'queue_timeout', 'upstream_unavailable', 'upstream_error', 'internal_error'])(
    'recovers from %s and translates',
    async (type) => {
      // A short Retry-After keeps the test short; the queue honours it either way.
      await sandbox.admin.injectFault({ operation: 'batch', error_type: type as never, count: 3, retry_after_seconds: 1 });
      const article = await strapi.createArticle({ title: `Статья ${type}`, summary: 'Текст' });
      await allTranslated(article.documentId);
      const outcomes = (await sandbox.admin.calls({ operation: 'batch', limit: 50 })).map((call) => call.outcome);
      expect(outcomes).toContain(type);
      await sandbox.admin.clearFaults();
    },
  );

  it('fails on invalid_request with words an editor understands, and "Translate now" tries again', async () => {
    await sandbox.admin.injectFault({ operation: 'batch', error_type: 'invalid_request', count: 3 });
    const article = await strapi.createArticle({ title: 'Неудачная статья' });
    const failed = await waitFor('the failure in the entry status', async () => {
      const current = await status(article.documentId);
      return current.locales.every((locale) => locale.status === 'failed') ? current : undefined;
    });
    expect(failed.locales[0]?.error).toMatch(/refused this text/);
    expect(failed.locales[0]?.error).not.toMatch(/invalid_request|422|Error/);
    await sandbox.admin.clearFaults();
    expect((await strapi.plugin('POST', `${strapi.entryPath(article.documentId)}/translate`, {})).status).toBe(202);
    await allTranslated(article.documentId);
    expect((await status(article.documentId)).locales.map((locale) => locale.status)).toEqual(['translated', 'translated', 'translated']);
  });

  it('pauses on unauthorized without losing the work, and continues when resumed', async () => {
    await sandbox.admin.injectFault({ operation: 'batch', error_type: 'unauthorized', count: 1 });
    const article = await strapi.createArticle({ title: 'Статья без ключа' });
    const paused = await waitFor('the pause', async () => {
      const current = await status(article.documentId);
      return current.queue.pause.reason === 'unauthorized' ? current : undefined;
    });
    expect(paused.locales.some((locale) => locale.error?.includes('did not accept the key'))).toBe(true);
    expect((await strapi.plugin('POST', '/queue/resume')).status).toBe(200);
    await allTranslated(article.documentId);
  });

  it('pauses a bulk run when the daily quota runs out in the middle, resumes it, and loses and repeats nothing', async () => {
    // Twenty entries written while the queue is paused by hand, so only the bulk run translates them.
    expect((await strapi.plugin('POST', '/queue/pause')).status).toBe(200);
    const ids: string[] = [];
    for (let index = 0; index < 20; index++) {
      ids.push(
        (
          await strapi.createArticle({
            title: `Массовая статья номер ${index}`,
            summary: `Описание статьи номер ${index} для проверки квоты`,
          })
        ).documentId,
      );
    }
    const estimate = await strapi.plugin<{ entries: number; characters: number; texts: number }>(
      'POST',
      `/bulk/${encodeURIComponent(ARTICLE_UID)}/estimate`,
      { locales: ['kbd', 'ady', 'en'] },
    );
    expect(estimate.body.entries).toBeGreaterThanOrEqual(20);
    expect(estimate.body.characters).toBeGreaterThan(20 * 3 * 40);

    // The key's characters for today run out about half way through the run.
    const prefix = sandbox.key.split('.')[0] as string;
    const [usage] = (await sandbox.admin.listKeys()).filter((key) => key.prefix === prefix).map((key) => key.usage.translate_chars);
    await sandbox.admin.updateKey(prefix, { limits: { translate_chars_per_day: (usage ?? 0) + estimate.body.characters } });
    const sentBefore = (await sentTexts(sandbox)).length;

    const started = await strapi.plugin<{ run: string; jobs: number }>('POST', `/bulk/${encodeURIComponent(ARTICLE_UID)}`, {
      locales: ['kbd', 'ady', 'en'],
    });
    expect(started.status).toBe(202);
    await strapi.plugin('POST', '/queue/resume');
    const paused = await waitFor('the quota pause', async () => {
      const run = (await strapi.plugin<RunStatus>('GET', `/runs/${started.body.run}`)).body;
      return run.pause.reason === 'quota_exceeded' ? run : undefined;
    });
    expect(paused.counts.done).toBeGreaterThan(0);
    expect(paused.counts.done).toBeLessThan(paused.total);
    expect(paused.pause.pausedUntil).toBeGreaterThan(Date.now());
    expect((await sandbox.admin.calls({ operation: 'batch', limit: 20 })).map((call) => call.outcome)).toContain('quota_exceeded');

    // The next day: the service's clock moves past the reset and an administrator resumes.
    await sandbox.admin.updateKey(prefix, { limits: { translate_chars_per_day: 1_000_000 } });
    await strapi.plugin('POST', '/queue/resume');
    const finished = await waitFor(
      'the end of the run',
      async () => {
        const run = (await strapi.plugin<RunStatus>('GET', `/runs/${started.body.run}`)).body;
        return run.finished ? run : undefined;
      },
      120_000,
    );
    expect(finished.counts.failed).toBe(0);
    expect(finished.errors).toEqual([]);
    for (const id of ids) await allTranslated(id);
    // Every text went out once per target language, before and after the pause together.
    const sent = (await sentTexts(sandbox)).slice(0, (await sentTexts(sandbox)).length - sentBefore);
    const title = 'Массовая статья номер 7';
    expect(sent.filter((text) => text === title)).toHaveLength(3);
    expect(sent.length).toBe(new Set(sent).size * 3);
  });
});
