import { RequestAbortedError, TimeoutError, serviceFacts, type CircassianClient } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

// Jobs that stay running long enough to be polled more than once.
const sandbox = useSandbox({ speechJobMs: 2_500 });
const longText = 'Дыгъэр къыщіэкіащ, уафэр къабзэщ. '.repeat(Math.ceil(serviceFacts.limits.speechSyncMaxChars / 30));

async function jobOf(client: CircassianClient): Promise<string> {
  const submitted = await client.submitSpeech({ text: longText });
  if (submitted.kind !== 'job') throw new Error('expected a job');
  return submitted.job.job_id;
}

describe('polling a job', () => {
  it('keeps two seconds between status calls even when a poll is retried after an error', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: key, maxRetries: 2 });
    const jobId = await jobOf(client);
    await sandbox.admin.injectFault({ operation: 'jobs', error_type: 'queue_timeout', count: 1, retry_after_seconds: 0 });
    await expect(client.waitForJob(jobId)).resolves.toMatchObject({ status: 'done' });
    const polls = await sandbox.calls('jobs', key);
    expect(polls.map((p) => p.outcome).slice(0, 2)).toEqual(['queue_timeout', 'ok']);
    for (let i = 1; i < polls.length; i++) {
      const gap = Date.parse(polls[i]?.timestamp ?? '') - Date.parse(polls[i - 1]?.timestamp ?? '');
      expect(gap).toBeGreaterThanOrEqual(serviceFacts.limits.jobPollIntervalSeconds * 1000);
    }
  });
});

describe('the job handle on every failure while following a job', () => {
  it('waitForJob aborted during its polling wait throws RequestAbortedError carrying the job id', async () => {
    const client = sandbox.client();
    const jobId = await jobOf(client);
    const controller = new AbortController();
    const error = await client
      .waitForJob(jobId, { signal: controller.signal, onProgress: () => controller.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(error).toMatchObject({ jobId, operation: 'jobs' });
  });

  it('getJob that times out throws TimeoutError carrying the job id', async () => {
    // Submitted with the default timeout: on a busy machine the submit alone has taken over 300 ms.
    const jobId = await jobOf(sandbox.client());
    const client = sandbox.client({ maxRetries: 0, timeoutMs: 300 });
    await sandbox.admin.injectFault({ operation: 'jobs', delay_ms: 3_000, count: 1 });
    const error = await client.getJob(jobId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ jobId, operation: 'jobs' });
  });

  it('downloadAudio of a job audio link aborted in flight throws RequestAbortedError', async () => {
    const client = sandbox.client();
    const jobId = await jobOf(client);
    const done = await client.waitForJob(jobId);
    await sandbox.admin.injectFault({ operation: 'audio', delay_ms: 3_000, count: 1 });
    const controller = new AbortController();
    const pending = client.downloadAudio(String(done.audio_url), { signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ name: 'RequestAbortedError', operation: 'audio' });
  });
});

describe('a type on every error', () => {
  it('gives a failed job, a timeout and an abort a type of their own next to the service types', async () => {
    const client = sandbox.client({ maxRetries: 0, timeoutMs: 300 });
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const failed = await client.speech({ text: longText }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'JobFailedError', type: 'job_failed' });
    await sandbox.admin.injectFault({ operation: 'me', delay_ms: 3_000, count: 1 });
    expect(await client.me().catch((e: unknown) => e)).toMatchObject({ name: 'TimeoutError', type: 'timeout' });
    expect(await client.me({ signal: AbortSignal.abort() }).catch((e: unknown) => e)).toMatchObject({
      name: 'RequestAbortedError',
      type: 'aborted',
    });
  });
});
