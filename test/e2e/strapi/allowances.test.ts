// The key's allowances kept apart in the real Strapi: the audio seconds of the day running out
// pause audio only, with a message that names the allowance and its use, while translation goes
// on; the audio left waiting is made after Resume, each locale's audio status says what became
// of it (made, or skipped because the text did not change), and nothing is dropped in silence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrapiClient, startSandbox, startStrapiHost, waitFor, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

interface Pause {
  pausedUntil: number | null;
  reason: string | null;
  byHand: boolean;
  allowance?: string | null;
  message?: string | null;
}
interface EntryStatus {
  locales: Array<{
    locale: string;
    status: string;
    error: string | null;
    audioStatus: { state: string; madeAt: string | null; message: string | null } | null;
  }>;
  queue: { pause: Pause; pauses: Record<'all' | 'translate' | 'audio', Pause> };
}

describe('Strapi: translation characters, audio seconds and requests paused apart', () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<StrapiReady>;
  let strapi: StrapiClient;
  let prefix: string;

  const status = async (documentId: string) => (await strapi.plugin<EntryStatus>('GET', `${strapi.entryPath(documentId)}/status`)).body;
  const audioOf = async (documentId: string, locale: string) =>
    (await status(documentId)).locales.find((entry) => entry.locale === locale)?.audioStatus;
  const translated = (documentId: string) =>
    waitFor(`article ${documentId} in kbd, ady and en`, async () => {
      for (const locale of ['kbd', 'ady', 'en'])
        if (!(await strapi.article(documentId, locale))?.title?.startsWith(`[${locale}]`)) return undefined;
      return true;
    });

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    host = await startStrapiHost(sandbox, [], { CIRCASSIAN_QUEUE_POLL_MS: '200' });
    strapi = new StrapiClient(host.ready);
    prefix = sandbox.key.split('.')[0] as string;
    // One second of audio a day: the first speech request of the run meets the daily limit.
    await sandbox.admin.updateKey(prefix, { limits: { speech_seconds_per_day: 1 } });
  });

  afterAll(async () => {
    expect(await host?.stop()).toBe(0);
    await sandbox?.close();
  });

  let first: string;

  it('pauses only audio when the audio seconds run out, naming the allowance and its use', async () => {
    first = (await strapi.createArticle({ title: 'Первая статья', body: 'Длинный текст статьи, который читают вслух.' })).documentId;
    await translated(first);
    const paused = await waitFor('the audio pause', async () => {
      const current = await status(first);
      return current.queue.pauses.audio.reason === 'quota_exceeded' ? current : undefined;
    });
    expect(paused.queue.pauses.audio.allowance).toBe('audioSeconds');
    // Not "used up (0 of 1 s)": the second left was too little for this audio, and that is what is said.
    expect(paused.queue.pauses.audio.message).toMatch(
      /^What is left of today's audio seconds allowance of the key is not enough \(0 of 1 s used today, this needs [\d.]+\)\./,
    );
    expect(paused.queue.pauses.audio.message).toContain('translation goes on');
    expect(paused.queue.pauses.audio.pausedUntil).toBeGreaterThan(Date.now());
    expect(paused.queue.pauses.all).toMatchObject({ pausedUntil: null, byHand: false });
    expect(paused.queue.pauses.translate).toMatchObject({ pausedUntil: null, byHand: false });
    // The speech request really met the service's daily limit.
    expect((await sandbox.admin.calls({ operation: 'speech', limit: 50 })).map((call) => call.outcome)).toContain('quota_exceeded');

    // Translation is untouched: every locale translated, none shown as failed or waiting.
    expect(paused.locales.map((entry) => entry.status)).toEqual(['translated', 'translated', 'translated']);
    const kbdAudio = paused.locales.find((entry) => entry.locale === 'kbd')?.audioStatus;
    expect(kbdAudio?.state).toBe('queued');
    expect(kbdAudio?.message).toContain('audio seconds');
    expect(paused.locales.find((entry) => entry.locale === 'en')?.audioStatus).toBeNull();
  });

  it('goes on translating new entries while audio waits', async () => {
    const callsBefore = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
    const second = (await strapi.createArticle({ title: 'Вторая статья', body: 'Ещё один текст.' })).documentId;
    await translated(second);
    expect((await status(second)).queue.pauses.audio.reason).toBe('quota_exceeded');
    // Audio stays paused: no speech request was sent for either entry meanwhile.
    expect((await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length).toBe(callsBefore);
    expect((await audioOf(second, 'ady'))?.state).toBe('queued');
  });

  it("makes the waiting audio after Resume, named <slug>-<locale>.wav, and counts it in today's use", async () => {
    await sandbox.admin.updateKey(prefix, { limits: { speech_seconds_per_day: 100_000 } });
    expect((await strapi.plugin('POST', '/queue/resume')).status).toBe(200);
    for (const locale of ['kbd', 'ady']) {
      const made = await waitFor(`${locale} audio made`, async () => {
        const audio = await audioOf(first, locale);
        return audio?.state === 'made' ? audio : undefined;
      });
      expect(Date.parse(made.madeAt ?? '')).toBeGreaterThan(Date.now() - 120_000);
      const entry = await strapi.article(first, locale);
      expect(entry?.audio?.mime).toMatch(/^audio\//);
      expect((entry?.audio as { name?: string } | null)?.name).toBe(`${entry?.slug}-${locale}.wav`);
    }
    const { usage } = (await strapi.plugin<{ usage: { audioSeconds: number; characters: number } }>('GET', '/settings')).body;
    expect(usage.audioSeconds).toBeGreaterThan(0);
    expect(usage.characters).toBeGreaterThan(0);
  });

  it('says in words, up front, that audio will not be made again when the text did not change', async () => {
    const speechBefore = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
    const answer = await strapi.plugin<{ queued: string[]; notQueued: Array<{ locale: string; reason: string; message: string }> }>(
      'POST',
      `${strapi.entryPath(first)}/audio`,
      { locales: ['kbd'] },
    );
    // Nothing is queued: the answer names the locale and why, and the audio stays as it was made.
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      queued: [],
      notQueued: [
        { locale: 'kbd', reason: 'unchanged', message: 'The text did not change since the audio was made, so it was not made again.' },
      ],
    });
    const audio = await audioOf(first, 'kbd');
    expect(audio?.state).toBe('made');
    expect(audio?.madeAt).not.toBeNull();
    expect((await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length).toBe(speechBefore);
  });

  it("checks the key's usage before pausing: a quota_exceeded with seconds left pauses nothing, and the audio is made", async () => {
    // Plenty of seconds left (the limit raised above); the service still answers one speech request quota_exceeded.
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'quota_exceeded', count: 1 });
    const third = (await strapi.createArticle({ title: 'Третья статья', body: 'Текст, который прочтут.' })).documentId;
    await translated(third);
    for (const locale of ['kbd', 'ady'])
      await waitFor(`${locale} audio made despite the refusal`, async () =>
        (await audioOf(third, locale))?.state === 'made' ? true : undefined,
      );
    const outcomes = (await sandbox.admin.calls({ operation: 'speech', limit: 50 })).map((call) => call.outcome);
    expect(outcomes.filter((outcome) => outcome === 'quota_exceeded').length).toBeGreaterThanOrEqual(2);
    // Audio was never paused until the reset by it: the key's usage showed seconds left.
    const { queue } = await status(third);
    expect(queue.pauses.audio.pausedUntil === null || queue.pauses.audio.pausedUntil < Date.now()).toBe(true);
  });
});
