import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, TestService, textOf } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
  dirs.push(dir);
  return dir;
}

describe('--data-dir persistence', () => {
  it('keeps keys, usage, jobs, audio and call records across a restart', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir });
    const created = await first.admin.createKey({ name: 'durable', limits: { requests_per_minute: 1000, translate_chars_per_day: 500 } });
    const revoked = await first.admin.createKey({ name: 'revoked' });
    await first.admin.revokeKey(revoked.prefix);
    await first.call('/v1/translate', { key: created.key, body: { text: 'persist me', target_lang: 'ru', source_lang: 'en' } });
    const submitted = await first.call('/v1/speech', { key: created.key, body: { text: textOf(1600) } });
    const job = await first.waitForJob((submitted.json as { job_id: string }).job_id, created.key);
    const audioBefore = await first.call(job['audio_url'] as string, { key: created.key });
    const usageBefore = ((await first.call('/v1/me', { key: created.key })).json as { usage: Record<string, number> }).usage;
    await first.close();

    const second = await TestService.start({ dataDir: dir });
    try {
      const me = await second.call('/v1/me', { key: created.key });
      expect(me.status).toBe(200);
      const usage = (me.json as { usage: Record<string, number> }).usage;
      expect(usage).toMatchObject({
        requests: (usageBefore['requests'] ?? 0) + 1,
        translate_chars: usageBefore['translate_chars'],
        speech_seconds: usageBefore['speech_seconds'],
      });
      expectError(await second.call('/v1/me', { key: revoked.key }), 401, 'unauthorized');
      const jobAfter = await second.call(`/v1/jobs/${job['job_id'] as string}`, { key: created.key });
      expect(jobAfter.json).toMatchObject({ status: 'done', audio_url: job['audio_url'] });
      const audioAfter = await second.call(job['audio_url'] as string, { key: created.key });
      expect(audioAfter.bytes.byteLength).toBeGreaterThan(44);
      expect(Buffer.from(audioAfter.bytes).equals(Buffer.from(audioBefore.bytes))).toBe(true);
      const calls = await second.admin.calls({ key: created.prefix, operation: 'translate' });
      expect(calls).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('stores only salted hashes of secrets, the audio as WAV files, and no text of a key without content logging', async () => {
    const dir = dataDir();
    const sandbox = await TestService.start({ dataDir: dir });
    const created = await sandbox.admin.createKey({ name: 'hashed', content_logging: false });
    const submitted = await sandbox.call('/v1/speech', { key: created.key, body: { text: textOf(800, 'Qz') } });
    await sandbox.waitForJob((submitted.json as { job_id: string }).job_id, created.key);
    await sandbox.close();
    const state = readFileSync(join(dir, 'state.json'), 'utf8');
    expect(state).toContain(created.prefix);
    expect(state).not.toContain(created.key.split('.')[1]);
    expect(state).not.toContain(sandbox.sandbox.key.split('.')[1]);
    expect(state).not.toContain('QzQzQz');
    expect(readdirSync(join(dir, 'audio')).filter((f) => f.endsWith('.wav'))).toHaveLength(1);
  });

  it('deletes expired audio files after a restart as well', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir });
    const key = await first.newKey();
    const submitted = await first.call('/v1/speech', { key, body: { text: textOf(1600) } });
    const job = await first.waitForJob((submitted.json as { job_id: string }).job_id, key);
    await first.close();
    const second = await TestService.start({ dataDir: dir });
    try {
      await second.admin.advanceClock(3601);
      expectError(await second.call(job['audio_url'] as string, { key }), 404, 'not_found');
      const artifact = (job['audio_url'] as string).split('/').at(-1) ?? '';
      expect(existsSync(join(dir, 'audio', `${artifact}.wav`))).toBe(false);
    } finally {
      await second.close();
    }
  });

  it('runs a job again after a restart that interrupted it', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir, speechJobMs: 60_000 });
    const key = await first.newKey();
    const submitted = await first.call('/v1/speech', { key, body: { text: textOf(1600) } });
    const jobId = (submitted.json as { job_id: string }).job_id;
    await first.close();
    const second = await TestService.start({ dataDir: dir });
    try {
      expect((await second.waitForJob(jobId, key))['status']).toBe('done');
    } finally {
      await second.close();
    }
  });
});
