import {
  ClientValidationError,
  JobFailedError,
  NotFoundError,
  RequestAbortedError,
  isCircassianError,
  serviceFacts,
  type CircassianClient,
  type CreatedJob,
  type SpeechProgress,
} from '@circassian/core';
import { readWavInfo, wavDurationSeconds } from '@circassian/core/wav';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

const { speechSyncMaxChars, textMaxChars, jobPollIntervalSeconds, audioLinkLifetimeSeconds } = serviceFacts.limits;
const sentence = 'Дыгъэр къыщіэкіащ, уафэр къабзэщ. ';
/** Kabardian text of about `chars` characters, whole sentences. */
const textOf = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).trim();

/** Submits text long enough for a job and returns the created job (immediate audio fails the test). */
async function submitJob(client: CircassianClient, text = textOf(speechSyncMaxChars + 10)): Promise<CreatedJob> {
  const submitted = await client.submitSpeech({ text });
  if (submitted.kind !== 'job') throw new Error(`expected a job, got ${submitted.kind}`);
  return submitted.job;
}

describe('speech', () => {
  it('returns immediate audio for short text, with the duration the service states', async () => {
    const phases: string[] = [];
    const result = await sandbox.client().speech({ text: 'Сэ сыадыгэщ.' }, { onProgress: (p) => phases.push(p.phase) });
    expect(result.contentType.startsWith('audio/')).toBe(true);
    expect(result.jobId).toBeUndefined();
    expect(readWavInfo(result.audio).dataLength).toBeGreaterThan(0);
    expect(result.durationSeconds).toBeCloseTo(wavDurationSeconds(result.audio), 1);
    expect(phases).toEqual(['submitted', 'done']);
  });

  it('runs a job for long text: polls no more than every 2 s, downloads with the key, reports progress', async () => {
    const key = await freshKey(sandbox);
    const progress: SpeechProgress[] = [];
    const result = await sandbox
      .client({ apiKey: key, pollIntervalMs: 10 })
      .speech({ text: textOf(speechSyncMaxChars + 100), voice: 'female' }, { onProgress: (p) => progress.push(p) });
    expect(result.jobId).toEqual(expect.any(String));
    expect(result.contentType.startsWith('audio/')).toBe(true);
    expect(result.durationSeconds).toBeCloseTo(wavDurationSeconds(result.audio), 1);
    const phases = progress.map((p) => p.phase);
    expect(phases[0]).toBe('submitted');
    expect(phases).toContain('synthesizing');
    expect(phases.slice(-2)).toEqual(['downloading', 'done']);
    const polls = await sandbox.calls('jobs', key);
    expect(polls.length).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < polls.length; i++) {
      const gap = Date.parse(polls[i]?.timestamp ?? '') - Date.parse(polls[i - 1]?.timestamp ?? '');
      expect(gap).toBeGreaterThanOrEqual(jobPollIntervalSeconds * 1000);
    }
    expect((await sandbox.calls('audio', key)).map((c) => c.outcome)).toEqual(['ok']);
  });

  it('throws JobFailedError with the job id when the job fails, and the job can be looked at again', async () => {
    const client = sandbox.client();
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const error = await client.speech({ text: textOf(speechSyncMaxChars + 10) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    const failed = error as JobFailedError;
    expect(failed.job.status).toBe('failed');
    expect((await client.getJob(failed.jobId)).status).toBe('failed');
    await expect(client.waitForJob(failed.jobId)).rejects.toBeInstanceOf(JobFailedError);
  });

  it('resumeSpeech picks up the job of an aborted speech() by the id its error carried', async () => {
    const client = sandbox.client();
    const controller = new AbortController();
    const error = await client
      .speech(
        { text: textOf(speechSyncMaxChars + 10) },
        { signal: controller.signal, onProgress: (p) => p.phase === 'synthesizing' && controller.abort() },
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    const jobId = (error as RequestAbortedError).jobId ?? '';
    expect(jobId).not.toBe('');
    const result = await client.resumeSpeech(jobId);
    expect(result.jobId).toBe(jobId);
    expect(readWavInfo(result.audio).dataLength).toBeGreaterThan(0);
    expect(result.durationSeconds).toBeCloseTo(wavDurationSeconds(result.audio), 1);
  });

  it('answers an expired audio link with NotFoundError', async () => {
    const client = sandbox.client();
    const { jobId } = await client.speech({ text: textOf(speechSyncMaxChars + 10) });
    const job = await client.getJob(jobId ?? '');
    await sandbox.admin.advanceClock(audioLinkLifetimeSeconds + 1);
    await expect(client.downloadAudio(job.audio_url ?? '')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('voices text over the request limit in parts and joins them into one WAV', async () => {
    const key = await freshKey(sandbox, { speech_seconds_per_day: 1_000_000 });
    const parts = new Set<number>();
    const result = await sandbox
      .client({ apiKey: key })
      .speech({ text: textOf(textMaxChars + 2_000) }, { onProgress: (p) => p.parts !== undefined && parts.add(p.parts) });
    expect([...parts]).toEqual([2]);
    expect((await sandbox.calls('speech', key)).length).toBe(2);
    const info = readWavInfo(result.audio);
    expect(info.durationSeconds).toBeCloseTo(result.durationSeconds, 1);
  }, 60_000);
});

describe('the public steps of speech: submitSpeech, then resumeSpeech', () => {
  it('submitSpeech gives immediate audio for short text, with its duration', async () => {
    const submitted = await sandbox.client().submitSpeech({ text: 'Сэ сыадыгэщ.' });
    if (submitted.kind !== 'audio') throw new Error(`expected audio, got ${submitted.kind}`);
    expect(submitted.contentType.startsWith('audio/')).toBe(true);
    expect(submitted.durationSeconds).toBeGreaterThan(0);
    expect(submitted.durationSeconds).toBeCloseTo(wavDurationSeconds(submitted.audio), 1);
  });

  it('submitSpeech gives the created job for long text without polling it; resumeSpeech waits and downloads it', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: key });
    const job = await submitJob(client, textOf(speechSyncMaxChars + 100));
    expect(job).toMatchObject({ job_id: expect.any(String), status: 'queued', poll_url: expect.any(String) });
    expect(await sandbox.calls('jobs', key)).toEqual([]);

    // A host would store the id here and pick the job up later, perhaps in another process.
    const phases: SpeechProgress[] = [];
    const result = await sandbox.client({ apiKey: key }).resumeSpeech(job.job_id, { onProgress: (p) => phases.push(p) });
    expect(result.jobId).toBe(job.job_id);
    expect(result.contentType.startsWith('audio/')).toBe(true);
    expect(result.durationSeconds).toBeCloseTo(wavDurationSeconds(result.audio), 1);
    expect(phases.slice(-2)).toEqual([
      { phase: 'downloading', jobId: job.job_id },
      { phase: 'done', jobId: job.job_id },
    ]);
    expect((await sandbox.calls('speech', key)).length).toBe(1);
    expect((await sandbox.calls('audio', key)).map((c) => c.outcome)).toEqual(['ok']);
  });

  it('submitSpeech refuses text over the request limit before sending it', async () => {
    const key = await freshKey(sandbox);
    const text = 'а'.repeat(textMaxChars + 1);
    const error = await sandbox
      .client({ apiKey: key })
      .submitSpeech({ text })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientValidationError);
    expect(isCircassianError(error)).toBe(true);
    expect(error).toMatchObject({ type: 'invalid_request', field: 'text', operation: 'speech' });
    expect((error as Error).message).toContain(`${textMaxChars}`);
    expect(await sandbox.calls('speech', key)).toEqual([]);
  });

  it('submitSpeech counts characters as the service does: a character outside the BMP is one', async () => {
    const key = await freshKey(sandbox, { speech_seconds_per_day: 1_000_000 });
    const emoji = '🎙';
    // textMaxChars characters, but more UTF-16 code units than that.
    const text = `${'а'.repeat(textMaxChars - 10)}${emoji.repeat(10)}`;
    expect(text.length).toBeGreaterThan(textMaxChars);
    const client = sandbox.client({ apiKey: key });
    const job = await submitJob(client, text);
    // Let it end here: speech runs one job at a time, and a later test's fault must meet its own job.
    expect((await client.waitForJob(job.job_id)).status).toBe('done');
  });

  it('resumeSpeech of a failed job throws JobFailedError with the job id', async () => {
    const client = sandbox.client();
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const job = await submitJob(client);
    const error = await client.resumeSpeech(job.job_id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JobFailedError);
    expect(error).toMatchObject({ jobId: job.job_id, job: { status: 'failed' } });
  });

  it('resumeSpeech after the audio link expired throws NotFoundError with the job id', async () => {
    const client = sandbox.client();
    const job = await submitJob(client);
    await client.waitForJob(job.job_id);
    await sandbox.admin.advanceClock(audioLinkLifetimeSeconds + 1);
    const error = await client.resumeSpeech(job.job_id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ jobId: job.job_id });
  });

  it('resumeSpeech without a job id is refused before sending anything', async () => {
    const key = await freshKey(sandbox);
    const error = await sandbox
      .client({ apiKey: key })
      .resumeSpeech('')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientValidationError);
    expect(error).toMatchObject({ type: 'invalid_request', field: 'job_id' });
    expect((error as ClientValidationError).jobId).toBeUndefined();
    expect(await sandbox.calls('jobs', key)).toEqual([]);
  });
});
