/**
 * Speech: the one-shot `speech()` that hides the two outcomes (immediate audio or a job), and its
 * public steps `getJob`, `waitForJob` and `downloadAudio`, so a failed or interrupted job can be
 * resumed by its id.
 */
import { CircassianError, JobFailedError, RequestAbortedError, isCircassianError } from '../errors.js';
import { audioDurationSeconds } from '../internal/duration.js';
import { operationCall } from '../internal/operations.js';
import { parseBody, type RawResponse, type RequestCore } from '../internal/request.js';
import { splitText } from '../internal/sentences.js';
import { sleep } from '../internal/sleep.js';
import type { RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import type { Job, SpeechProgress, SpeechRequest, SpeechResult } from '../types.js';
import { concatWavs } from '../wav.js';

export interface SpeechOptions extends RequestOptions {
  onProgress?: (progress: SpeechProgress) => void;
}

export interface WaitForJobOptions extends SpeechOptions {
  /** Time between polls in ms; never below the service's rule (2 s). */
  pollIntervalMs?: number;
}

interface Part {
  part: number;
  parts: number;
}

/** The service allows one status call per job every `jobPollIntervalSeconds`; faster is never used. */
export function effectivePollIntervalMs(requested: number | undefined): number {
  const floor = serviceFacts.limits.jobPollIntervalSeconds * 1000;
  return Math.max(floor, requested ?? floor);
}

/** Stamps the job id on any client error (abort, timeout, network) so the caller can resume the job. */
async function withJobId<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCircassianError(error) && error.jobId === undefined) error.jobId = jobId;
    throw error;
  }
}

export class SpeechResource {
  constructor(
    private readonly core: RequestCore,
    private readonly pollIntervalMs: number | undefined,
  ) {}

  getJob = (jobId: string, options?: RequestOptions) =>
    this.core.json<Job>(operationCall('jobs', { params: { job_id: jobId }, jobId }), options);

  downloadAudio = async (audioUrl: string, options?: RequestOptions) => {
    const { audio, contentType } = await this.#download(audioUrl, undefined, options);
    return { audio, contentType };
  };

  /** Polls the job until it is done (resolves with it) or failed (throws JobFailedError). */
  waitForJob = async (jobId: string, options: WaitForJobOptions = {}, part?: Part): Promise<Job> => {
    const { onProgress, pollIntervalMs, ...requestOptions } = options;
    const interval = effectivePollIntervalMs(pollIntervalMs ?? this.pollIntervalMs);
    const started = Date.now();
    for (;;) {
      const job = await this.getJob(jobId, requestOptions);
      if (job.status === 'done') return job;
      if (job.status === 'failed') throw new JobFailedError(jobId, job, { operation: 'jobs' });
      onProgress?.({ phase: job.status, jobId, status: job.status, elapsedMs: Date.now() - started, ...part });
      try {
        await sleep(interval, requestOptions.signal);
      } catch (reason) {
        throw new RequestAbortedError({ cause: reason, operation: 'jobs' });
      }
    }
  };

  speech = async (request: SpeechRequest, options: SpeechOptions = {}): Promise<SpeechResult> => {
    const { pieces } = splitText(request.text, serviceFacts.limits.textMaxChars);
    if (pieces.length === 1) return this.#speakOne(request, options);
    const results: SpeechResult[] = [];
    for (const [i, text] of pieces.entries()) {
      // One after another: the service synthesises one task at a time anyway.
      results.push(await this.#speakOne({ ...request, text }, options, { part: i + 1, parts: pieces.length }));
    }
    const audio = concatWavs(results.map((r) => r.audio));
    options.onProgress?.({ phase: 'done', parts: pieces.length });
    return {
      audio,
      contentType: results[0]?.contentType ?? 'audio/wav',
      durationSeconds: results.reduce((sum, r) => sum + r.durationSeconds, 0),
    };
  };

  async #speakOne(request: SpeechRequest, options: SpeechOptions, part?: Part): Promise<SpeechResult> {
    const { onProgress, ...requestOptions } = options;
    onProgress?.({ phase: 'submitted', ...part });
    const response = await this.core.send(operationCall('speech', { body: request }), requestOptions);
    const contentType = response.headers['content-type'] ?? '';
    if (contentType.toLowerCase().startsWith('audio/')) {
      const result = { audio: response.body, contentType, durationSeconds: audioDurationSeconds(response.body, response.headers) };
      if (part === undefined) onProgress?.({ phase: 'done' });
      return result;
    }
    const parsed = parseBody(response.body, contentType);
    const created = typeof parsed === 'object' && parsed !== null ? (parsed as Job) : undefined;
    const jobId = created?.job_id;
    if (created === undefined || typeof jobId !== 'string' || jobId === '') {
      throw new CircassianError(`Speech answered ${contentType || 'without a Content-Type'} and no job_id`, { operation: 'speech' });
    }
    onProgress?.({ phase: 'synthesizing', jobId, status: created.status, ...part });
    const { job, download } = await withJobId(jobId, async () => {
      const job = await this.waitForJob(jobId, options, part);
      onProgress?.({ phase: 'downloading', jobId, ...part });
      return { job, download: await this.#download(job.audio_url, jobId, requestOptions) };
    });
    if (part === undefined) onProgress?.({ phase: 'done', jobId });
    return {
      audio: download.audio,
      contentType: download.contentType,
      durationSeconds: audioDurationSeconds(download.audio, download.headers, job),
      jobId,
    };
  }

  async #download(audioUrl: string | undefined, jobId: string | undefined, options?: RequestOptions) {
    if (typeof audioUrl !== 'string' || audioUrl === '') {
      throw new CircassianError(`Job ${jobId ?? ''} is done but carries no audio_url`, { operation: 'jobs' });
    }
    const response: RawResponse = await this.core.send({ method: 'GET', path: audioUrl, operation: 'audio', jobId }, options);
    return { audio: response.body, contentType: response.headers['content-type'] ?? 'application/octet-stream', headers: response.headers };
  }
}
