import { JobFailedError, NotFoundError, RequestAbortedError, serviceFacts, type SpeechProgress } from '@circassian/core';
import { readWavInfo, wavDurationSeconds } from '@circassian/core/wav';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

const { speechSyncMaxChars, textMaxChars, jobPollIntervalSeconds, audioLinkLifetimeSeconds } = serviceFacts.limits;
const sentence = 'Дыгъэр къыщіэкіащ, уафэр къабзэщ. ';
/** Kabardian text of about `chars` characters, whole sentences. */
const textOf = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).trim();

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

  it('keeps the job id on an aborted speech call so the job can be resumed', async () => {
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
    const job = await client.waitForJob(jobId);
    expect(job.status).toBe('done');
    const { audio, contentType } = await client.downloadAudio(job.audio_url ?? '');
    expect(contentType.startsWith('audio/')).toBe(true);
    expect(wavDurationSeconds(audio)).toBeGreaterThan(0);
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
