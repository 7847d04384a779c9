import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechDurationSeconds } from '../src/engines/index.js';
import { TestService } from '../src/testing.js';
import { expectError, textOf } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await TestService.start();
});
afterAll(() => service.close());

async function submitJob(key: string, text = textOf(1600)): Promise<string> {
  const submitted = await service.call('/v1/speech', { key, body: { text } });
  expect(submitted.status).toBe(200);
  return (submitted.json as { job_id: string }).job_id;
}

describe('speech jobs', () => {
  it('shows a job only to the key that made it', async () => {
    const owner = await service.newKey();
    const stranger = await service.newKey();
    const jobId = await submitJob(owner);
    expectError(await service.call(`/v1/jobs/${jobId}`, { key: stranger }), 404, 'not_found');
    const job = await service.waitForJob(jobId, owner);
    expect(job['status']).toBe('done');
    expectError(await service.call(job['audio_url'] as string, { key: stranger }), 404, 'not_found');
    expect((await service.call(job['audio_url'] as string, { key: owner })).status).toBe(200);
  });

  it('counts each poll as a request', async () => {
    const key = await service.newKey();
    const jobId = await submitJob(key);
    await service.call(`/v1/jobs/${jobId}`, { key });
    await service.call(`/v1/jobs/${jobId}`, { key });
    const me = await service.call('/v1/me', { key });
    expect((me.json as { usage: { requests: number } }).usage.requests).toBe(4);
    // Let the job end here, so no later test's job_failed fault lands on it.
    await service.waitForJob(jobId, key);
  });

  it('ends the next count jobs failed with an error when job_failed is injected, then succeeds again', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 2 });
    const sync = await service.call('/v1/speech', { key, body: { text: 'short text stays immediate' } });
    expect(sync.headers.get('content-type')).toBe('audio/wav');
    const first = await service.waitForJob(await submitJob(key), key);
    const second = await service.waitForJob(await submitJob(key), key);
    const third = await service.waitForJob(await submitJob(key), key);
    for (const failed of [first, second]) {
      expect(failed['status']).toBe('failed');
      expect(typeof failed['error']).toBe('string');
      expect(failed['audio_url']).toBeUndefined();
    }
    expect(third['status']).toBe('done');
  });

  it('deletes the audio and forgets the job one hour after the job ends', async () => {
    const key = await service.newKey();
    const jobId = await submitJob(key);
    const job = await service.waitForJob(jobId, key);
    await service.admin.advanceClock(3590);
    expect((await service.call(job['audio_url'] as string, { key })).status).toBe(200);
    await service.admin.advanceClock(11);
    expectError(await service.call(job['audio_url'] as string, { key }), 404, 'not_found');
    expectError(await service.call(`/v1/jobs/${jobId}`, { key }), 404, 'not_found');
  });

  it('runs one speech task at a time, in the order the jobs were queued', async () => {
    const slow = await TestService.start({ speechJobMs: 50 });
    try {
      const key = await slow.newKey();
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const submitted = await slow.call('/v1/speech', { key, body: { text: textOf(1600) } });
        ids.push((submitted.json as { job_id: string }).job_id);
      }
      const jobs = await Promise.all(ids.map((id) => slow.waitForJob(id, key)));
      const starts = jobs.map((job) => Date.parse(job['started_at'] as string));
      const ends = jobs.map((job) => Date.parse(job['ended_at'] as string));
      for (let i = 1; i < jobs.length; i++) {
        // Each task starts only once the one queued before it has ended.
        expect(starts[i] ?? 0).toBeGreaterThanOrEqual(ends[i - 1] ?? Infinity);
      }
    } finally {
      await slow.close();
    }
  });
});

describe('immediate speech waiting for the slot', () => {
  it('answers 503 queue_timeout when no slot frees in time', async () => {
    const busy = await TestService.start({ speechJobMs: 400, queueTimeoutMs: 50 });
    try {
      const key = await busy.newKey();
      await busy.call('/v1/speech', { key, body: { text: textOf(1600) } });
      expectError(await busy.call('/v1/speech', { key, body: { text: 'hi' } }), 503, 'queue_timeout');
      const me = await busy.call('/v1/me', { key });
      // Only the queued job is charged: the refused immediate speech produced nothing.
      expect((me.json as { usage: { speech_seconds: number } }).usage.speech_seconds).toBeCloseTo(
        speechDurationSeconds(textOf(1600), 0.85),
        3,
      );
    } finally {
      await busy.close();
    }
  });
});
