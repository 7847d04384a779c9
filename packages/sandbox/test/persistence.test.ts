import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestService } from '../src/testing.js';
import { expectError, textOf } from './helpers.js';

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
      // The file goes in the background once the link is found expired (the answer does not wait
      // for the disk): a loaded machine took longer than the 404 did.
      await expect.poll(() => existsSync(join(dir, 'audio', `${artifact}.wav`)), { timeout: 10_000 }).toBe(false);
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

  it('folds the journal into state.json while it serves, and loses nothing doing so', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir, compactJournalAfterBytes: 2048 });
    const created = await Promise.all(Array.from({ length: 60 }, (_, i) => first.admin.createKey({ name: `key ${i}` })));
    // One at a time: each is a write of its own, so the journal passes the bound many times.
    for (const [i, key] of created.entries()) {
      if (i % 3 === 0) await first.admin.revokeKey(key.prefix);
      if (i % 3 === 1) await first.admin.updateKey(key.prefix, { limits: { requests_per_day: 7 } });
    }
    await first.close();
    // Each compaction starts a new journal generation; closing adds one. Several ran while serving.
    expect((JSON.parse(readFileSync(join(dir, 'state.json'), 'utf8')) as { generation: number }).generation).toBeGreaterThan(2);

    const second = await TestService.start({ dataDir: dir });
    try {
      const listed = new Map((await second.admin.listKeys()).map((key) => [key.prefix, key]));
      created.forEach((key, i) => {
        expect(listed.get(key.prefix)).toMatchObject({ revoked: i % 3 === 0, ...(i % 3 === 1 ? { limits: { requests_per_day: 7 } } : {}) });
      });
    } finally {
      await second.close();
    }
    expect(readdirSync(dir).filter((name) => name.startsWith('journal-') || name.endsWith('.tmp'))).toEqual([]);
  });

  it('keeps the call log within its byte bound and cuts big bodies, so ~280 refused calls of 1 MiB do not stop later saves', async () => {
    const dir = dataDir();
    const warnings: string[] = [];
    const first = await TestService.start({ dataDir: dir, logger: { info: () => {}, warn: (message) => warnings.push(message) } });
    const key = await first.newKey();
    // Just under the 1 MiB body limit: refused as too long (422), with the text echoed in the answer.
    const text = 'a'.repeat(1024 * 1024 - 100);
    for (let sent = 0; sent < 280; sent += 4) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => first.call('/v1/translate', { key, body: { text, target_lang: 'ru' } })),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(4).fill(422));
    }
    const later = await first.admin.createKey({ name: 'after the big calls' });
    const kept = await first.admin.calls({ operation: 'translate' });
    expect(kept[0]?.content?.request).toMatchObject({
      truncated: true,
      json_length: text.length + 30,
      head: expect.stringMatching(/^\{"text":"aaa/) as string,
    });
    // The oldest went to keep the log within its bytes.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(280);
    await first.close();
    expect(warnings).toEqual([]);
    expect(statSync(join(dir, 'state.json')).size).toBeLessThan(33 * 1024 * 1024);

    const second = await TestService.start({ dataDir: dir });
    try {
      expect((await second.call('/v1/me', { key: later.key })).status).toBe(200);
      expect(await second.admin.calls({ operation: 'translate' })).toHaveLength(kept.length);
    } finally {
      await second.close();
    }
    // ~300 MB through HTTP and the journal: a minute or more when the machine's two cores are shared.
  }, 240_000);

  it('refuses owner writes with 500 once a journal write failed, instead of answering what it cannot keep', async () => {
    const dir = dataDir();
    const warnings: string[] = [];
    // Every write starts a new journal file, and the directory is gone: the next file cannot be created.
    const sandbox = await TestService.start({
      dataDir: dir,
      compactJournalAfterBytes: 1,
      logger: { info: () => {}, warn: (message) => warnings.push(message) },
    });
    rmSync(dir, { recursive: true, force: true });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await sandbox.call('/admin/keys', { key: sandbox.sandbox.adminToken, body: { name: `after ${i}` } })).status);
    }
    expect(statuses.slice(1)).toEqual([500, 500]);
    expect(warnings.join('\n')).toMatch(/Could not write the journal .*journal-\d+\.jsonl: ENOENT.*refused until a restart/);
    // Reads go on.
    expect((await sandbox.call('/v1/me')).status).toBe(200);
    await expect(sandbox.close()).rejects.toThrow(/Could not write the journal/);
  });
});
