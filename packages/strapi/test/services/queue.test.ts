// The queue's store, its pauses and its spending, against the fake Strapi's database.
import { beforeEach, describe, expect, it } from 'vitest';
import { INSTANCE_UID, JOB_UID } from '../../server/src/constants';
import { HEARTBEAT_MS, LIVE_MS } from '../../server/src/services/instances';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from './fake-strapi';

const job = (locale: string, entryDocumentId = 'doc1', kind: 'translate' | 'audio' = 'translate') => ({
  kind,
  contentType: ARTICLE_UID,
  entryDocumentId,
  locale,
});

let strapi: FakeStrapi;
const rows = () => strapi.tables.get(JOB_UID)?.rows ?? [];

beforeEach(() => {
  strapi = fakeStrapi({ apiKey: 'unused', queue: { claimSize: 200, leaseMs: 60_000, pollMs: 20, maxAttempts: 3 } });
});

describe('queue: enqueue', () => {
  it('adds a job once while the same one waits (a second save before the first ran)', async () => {
    expect(await strapi.service('queue').enqueue(job('kbd'))).toBe(true);
    expect(await strapi.service('queue').enqueue(job('kbd'))).toBe(false);
    expect(await strapi.service('queue').enqueue(job('ady'))).toBe(true);
    expect(rows().map((row) => [row.locale, row.status])).toEqual([
      ['kbd', 'pending'],
      ['ady', 'pending'],
    ]);
  });

  it('holds a refused save, and releases it with the fields of someone who may write the locale', async () => {
    await strapi.service('queue').enqueue({ ...job('kbd'), heldBecause: 'Waiting for an editor of Kabardian' });
    expect(rows()[0]).toMatchObject({ status: 'held', errorType: 'held_by_role' });
    // A second refused save leaves it held, with the newer reason.
    expect(await strapi.service('queue').enqueue({ ...job('kbd'), heldBecause: 'Still waiting' })).toBe(false);
    expect(rows()[0]).toMatchObject({ status: 'held', error: 'Still waiting' });
    expect(await strapi.service('queue').enqueue({ ...job('kbd'), fields: ['title'] })).toBe(true);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ status: 'pending', error: null, result: { fields: ['title'] } });
  });

  it('merges two narrowed requests for a waiting job into the fields of both, and an unrestricted one lifts the narrowing', async () => {
    await strapi.service('queue').enqueue({ ...job('kbd'), fields: ['title', 'body'] });
    await strapi.service('queue').enqueue({ ...job('kbd'), fields: ['title', 'slug'] });
    expect(rows()[0]?.result).toEqual({ fields: ['title', 'body', 'slug'] });
    await strapi.service('queue').enqueue(job('kbd'));
    expect(rows()[0]?.result).toEqual({});
  });
});

describe('queue: claim', () => {
  it('claims the oldest runnable job’s kind, type and locale only, with a lease and no attempt counted', async () => {
    await strapi.service('queue').enqueue(job('kbd', 'doc1'));
    await strapi.service('queue').enqueue(job('ady', 'doc1'));
    await strapi.service('queue').enqueue(job('kbd', 'doc2'));
    const claimed = await strapi.service('queue').claim(10);
    expect(claimed.map((row) => [row.entryDocumentId, row.locale])).toEqual([
      ['doc1', 'kbd'],
      ['doc2', 'kbd'],
    ]);
    expect(claimed.every((row) => row.status === 'running' && row.attempts === 0)).toBe(true);
    expect(rows().find((row) => row.locale === 'kbd')?.leaseUntil).toBeGreaterThan(Date.now() + 50_000);
    // Claimed rows are not claimed again while their lease holds: the next claim takes the other locale.
    expect((await strapi.service('queue').claim(10)).map((row) => row.locale)).toEqual(['ady']);
    expect(await strapi.service('queue').claim(10)).toEqual([]);
  });

  it('takes over a job whose lease ran out (a killed worker), four times over, and counts no attempt for it', async () => {
    await strapi.service('queue').enqueue(job('kbd'));
    const [first] = await strapi.service('queue').claim(10);
    let again = first;
    for (let kill = 1; kill <= 4; kill++) {
      (rows()[0] as Record<string, unknown>).leaseUntil = Date.now() - 1;
      const previous = again;
      [again] = await strapi.service('queue').claim(10);
      expect(again?.id).toBe(first?.id);
      expect(again?.claimedBy).not.toBe(previous?.claimedBy);
    }
    expect(again?.attempts).toBe(0);
  });

  it('leaves jobs of paused kinds and of paused locales waiting, and the rest goes on', async () => {
    await strapi.service('queue').enqueue(job('kbd', 'doc1', 'audio'));
    await strapi.service('queue').enqueue(job('kbd', 'doc2'));
    await strapi.service('queue').enqueue(job('ady', 'doc3'));
    const pausedLocales = [{ contentType: ARTICLE_UID, locale: 'kbd', by: 'admin', at: new Date().toISOString() }];
    const claimed = await strapi.service('queue').claim(10, ['audio'], pausedLocales);
    expect(claimed.map((row) => row.entryDocumentId)).toEqual(['doc3']);
  });

  it('claims at most three speech jobs at once, so none waits past its lease', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e']) await strapi.service('queue').enqueue(job('kbd', id, 'audio'));
    expect(await strapi.service('queue').claim(200)).toHaveLength(3);
  });

  it('puts a job back without counting an attempt, and counts a failure it is told of, with a delayed retry', async () => {
    await strapi.service('queue').enqueue(job('kbd'));
    const [claimed] = await strapi.service('queue').claim(10);
    await strapi.service('queue').release(claimed!);
    expect(rows()[0]).toMatchObject({ status: 'pending', attempts: 0, leaseUntil: null, notBefore: null });
    const [again] = await strapi.service('queue').claim(10);
    await strapi.service('queue').release(again!, { retryInMs: 30_000, failed: true, errorType: 'rate_limited', message: 'busy' });
    expect(rows()[0]).toMatchObject({ attempts: 1, errorType: 'rate_limited', error: 'busy' });
    expect(await strapi.service('queue').claim(10)).toEqual([]);
  });

  it("runs one job per entry, locale and kind at a time: a save while that entry's audio is made waits for it; other entries go on; a dead instance's job holds nothing", async () => {
    await strapi.service('queue').enqueue(job('kbd', 'doc1', 'audio'));
    const [making] = await strapi.service('queue').claim(10);
    // Saved again while its audio is made: a second audio job, for the same sentences.
    expect(await strapi.service('queue').enqueue(job('kbd', 'doc1', 'audio'))).toBe(true);
    await strapi.service('queue').enqueue(job('kbd', 'doc2', 'audio'));
    await strapi.service('queue').enqueue(job('ady', 'doc1', 'audio'));
    expect((await strapi.service('queue').claim(10)).map((row) => [row.entryDocumentId, row.locale])).toEqual([['doc2', 'kbd']]);
    expect((await strapi.service('queue').claim(10)).map((row) => [row.entryDocumentId, row.locale])).toEqual([['doc1', 'ady']]);
    expect(await strapi.service('queue').claim(10)).toEqual([]);
    await strapi.service('queue').complete(making!);
    expect((await strapi.service('queue').claim(10)).map((row) => [row.entryDocumentId, row.locale, row.status])).toEqual([
      ['doc1', 'kbd', 'running'],
    ]);
    // Its instance killed (the lease ran out): the next save's job is not held back by it.
    for (const row of rows()) if (row.status === 'running') (row as Record<string, unknown>).leaseUntil = Date.now() - 1;
    await strapi.service('queue').enqueue(job('kbd', 'doc3'));
    expect((await strapi.service('queue').claim(10)).length).toBeGreaterThan(0);
  });

  it('counts by status and cancels only what waits', async () => {
    await strapi.service('queue').enqueue(job('kbd', 'doc1'));
    await strapi.service('queue').enqueue(job('kbd', 'doc2'));
    const [running] = await strapi.service('queue').claim(1);
    expect(running).toBeDefined();
    expect(await strapi.service('queue').cancel({ contentType: ARTICLE_UID })).toBe(1);
    expect(await strapi.service('queue').counts()).toMatchObject({ running: 1, cancelled: 1, pending: 0 });
  });
});

describe('queue: fair claims', () => {
  it('takes translation and audio in turns: a translation queued behind an audio backlog goes next', async () => {
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await strapi.service('queue').enqueue(job('kbd', id, 'audio'));
    await strapi.service('queue').enqueue(job('kbd', 'late'));
    const kinds: string[] = [];
    for (let turn = 0; turn < 3; turn++) kinds.push(...new Set((await strapi.service('queue').claim(200)).map((row) => row.kind)));
    expect(kinds).toEqual(['audio', 'translate', 'audio']);
  });
});

describe('instances', () => {
  /** A row of another instance, last seen `ago` ms ago, holding a claim on the job `jobId` with a lease still running. */
  const otherInstance = async (instanceId: string, ago: number, jobId?: number) => {
    await strapi.db.query(INSTANCE_UID).create({ data: { instanceId, seenAt: Date.now() - ago } });
    if (jobId !== undefined)
      Object.assign(rows().find((row) => row.id === jobId) ?? {}, { claimedBy: `${instanceId}:claim`, leaseUntil: Date.now() + 120_000 });
  };

  it("puts a silent instance's claims back to wait at the next heartbeat, well before their lease ends, and counts it gone", async () => {
    await strapi.service('queue').enqueue(job('kbd'));
    const [claimed] = await strapi.service('queue').claim(10);
    await otherInstance('deadbeef', LIVE_MS + HEARTBEAT_MS, claimed?.id);
    expect(await strapi.service('queue').claim(10)).toEqual([]);
    expect(await strapi.service('instances').beat()).toBe(1);
    expect(rows()[0]).toMatchObject({ status: 'pending', claimedBy: null, leaseUntil: null, attempts: 0 });
    expect((await strapi.service('queue').claim(10)).map((row) => row.id)).toEqual([claimed?.id]);
  });

  it("leaves a live instance's claims alone and counts it", async () => {
    await strapi.service('queue').enqueue(job('kbd'));
    const [claimed] = await strapi.service('queue').claim(10);
    await otherInstance('a11ce000', HEARTBEAT_MS, claimed?.id);
    expect(await strapi.service('instances').beat()).toBe(2);
    expect(rows()[0]).toMatchObject({ status: 'running', claimedBy: 'a11ce000:claim' });
  });

  it('counts right at the first heartbeat after a restart: instances silent for longer than a live one may be are gone', async () => {
    await otherInstance('killed01', LIVE_MS + 1);
    await otherInstance('killed02', LIVE_MS + 1);
    expect(await strapi.service('instances').beat()).toBe(1);
    expect(strapi.service('instances').live()).toBe(1);
  });
});

describe('pauses', () => {
  it('stops both kinds while the whole queue is paused, and only the spent kind otherwise', async () => {
    const pauses = strapi.service('pauses');
    expect(await pauses.pausedKinds()).toEqual([]);
    await pauses.pause({ pausedUntil: Date.now() + 60_000, reason: 'quota_exceeded', byHand: false }, 'audio');
    expect(await pauses.pausedKinds()).toEqual(['audio']);
    await pauses.pause({ pausedUntil: null, reason: 'paused by an administrator', byHand: true });
    expect(await pauses.pausedKinds()).toEqual(['translate', 'audio']);
    await pauses.resume(['all']);
    expect(await pauses.pausedKinds()).toEqual(['audio']);
  });

  it('ends a pause with a time by itself at that time', async () => {
    await strapi.service('pauses').pause({ pausedUntil: Date.now() - 1, reason: 'quota_exceeded', byHand: false }, 'translate');
    expect(await strapi.service('pauses').pausedKinds()).toEqual([]);
  });

  it('pauses one content type in one locale once, and resumes it', async () => {
    const pauses = strapi.service('pauses');
    const pause = { contentType: ARTICLE_UID, locale: 'kbd', by: 'admin', at: new Date().toISOString() };
    await pauses.pauseLocale(pause);
    await pauses.pauseLocale(pause);
    expect(await pauses.localePauses()).toHaveLength(1);
    await pauses.resumeLocale(ARTICLE_UID, 'kbd');
    expect(await pauses.localePauses()).toEqual([]);
  });
});

describe('spending', () => {
  it("adds each step's spending to the job's counts, and today's use is their sum", async () => {
    await strapi.service('queue').enqueue(job('kbd'));
    const [claimed] = await strapi.service('queue').claim(1);
    await strapi.service('spending').saveResult(claimed!, { translations: { а: 'a' } }, { sentChars: 1, usedChars: 2, requests: 1 });
    await strapi.service('spending').saveResult(claimed!, { translations: { а: 'a', б: 'b' } }, { sentChars: 1, usedChars: 2 });
    await strapi.service('spending').recordSpend(job('ady'), { usedChars: 10, requests: 1 });
    expect(rows()[0]).toMatchObject({ sentChars: 2, usedChars: 4, requests: 1, result: { translations: { а: 'a', б: 'b' } } });
    expect(await strapi.service('spending').today()).toMatchObject({ characters: 14, requests: 2, audioSeconds: 0 });
  });

  it('does not count what was spent before the daily reset', async () => {
    await strapi.service('spending').recordSpend(job('kbd'), { usedChars: 10, requests: 1 });
    expect((await strapi.service('spending').today(Date.now() + 86_400_000)).characters).toBe(0);
  });
});
