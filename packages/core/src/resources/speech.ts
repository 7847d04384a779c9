/**
 * Speech: the one-shot `speech()` that hides the two outcomes (immediate audio or a job), and its
 * public steps: `submitSpeech` (one request, either outcome), `resumeSpeech` (wait for a job and
 * fetch its audio), and below them `getJob`, `waitForJob` and `downloadAudio`. A host can submit,
 * keep the job id, and pick the job up later; `speech()` is the same steps in one call.
 */
import { CircassianError, ClientValidationError, JobFailedError, RequestAbortedError, isCircassianError } from '../errors.js';
import { audioDurationSeconds } from '../internal/duration.js';
import { checkOption } from '../internal/option-checks.js';
import { operationCall } from '../internal/operations.js';
import { parseBody, type RawResponse, type RequestCore } from '../internal/request.js';
import { splitText } from '../internal/sentences.js';
import { sleep } from '../internal/sleep.js';
import type { RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import type { Job, SpeechProgress, SpeechRequest, SpeechResult, SpeechSubmission } from '../types.js';
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

/** Characters as the service counts them (code points), which a string's `length` may overstate. */
function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Stamps the job id on any client error (abort, timeout, network) so the caller can resume the job. */
async function withJobId<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCircassianError(error) && error.jobId === undefined && jobId !== '') error.jobId = jobId;
    throw error;
  }
}

export class SpeechResource {
  constructor(
    private readonly core: RequestCore,
    private readonly pollIntervalMs: number | undefined,
  ) {}

  getJob = async (jobId: string, options?: RequestOptions): Promise<Job> => {
    // An id a host failed to store would otherwise become the path `/v1/jobs/` and a puzzling answer.
    if (typeof jobId !== 'string' || jobId === '') {
      throw new ClientValidationError('job_id', 'No job id given: pass the job_id that submitSpeech() or an error\'s jobId returned', {
        operation: 'jobs',
      });
    }
    // A retried status call is a poll too: it keeps the polling rule's distance from the failed one.
    const call = { ...operationCall('jobs', { params: { job_id: jobId }, jobId }), minRetryDelayMs: effectivePollIntervalMs(undefined) };
    return withJobId(jobId, () => this.core.json<Job>(call, options));
  };

  downloadAudio = async (audioUrl: string, options?: RequestOptions) => {
    const { audio, contentType } = await this.#download(audioUrl, undefined, options);
    return { audio, contentType };
  };

  /** Polls the job until it is done (resolves with it) or failed (throws JobFailedError). */
  waitForJob = async (jobId: string, options: WaitForJobOptions = {}, part?: Part): Promise<Job> => {
    const { onProgress, pollIntervalMs, ...requestOptions } = options;
    const interval = effectivePollIntervalMs(checkOption('pollIntervalMs', pollIntervalMs, 'duration') ?? this.pollIntervalMs);
    const started = Date.now();
    for (;;) {
      const job = await this.getJob(jobId, requestOptions);
      if (job.status === 'done') return job;
      if (job.status === 'failed') throw new JobFailedError(jobId, job, { operation: 'jobs' });
      onProgress?.({ phase: job.status, jobId, status: job.status, elapsedMs: Date.now() - started, ...part });
      // An abort between polls is the caller's to resume: the error carries the job id.
      await withJobId(jobId, () =>
        sleep(interval, requestOptions.signal).catch((reason: unknown) => {
          throw new RequestAbortedError({ cause: reason, operation: 'jobs' });
        }),
      );
    }
  };

  /**
   * One `POST /v1/speech`: immediate audio for short text, or the created job to follow with
   * `resumeSpeech`. Text over the service's limit is refused before sending (only `speech()` splits).
   */
  submitSpeech = async (request: SpeechRequest, options?: RequestOptions): Promise<SpeechSubmission> => {
    const { textMaxChars } = serviceFacts.limits;
    // A non-string (from untyped callers) is left to the service's own 422.
    const length = typeof request.text === 'string' ? characterCount(request.text) : 0;
    if (length > textMaxChars) {
      throw new ClientValidationError(
        'text',
        `Speech text is ${length} characters; one request takes at most ${textMaxChars} (speech() splits longer text)`,
        { operation: 'speech' },
      );
    }
    const response = await this.core.send(operationCall('speech', { body: request }), options);
    const contentType = response.headers['content-type'] ?? '';
    if (contentType.toLowerCase().startsWith('audio/')) {
      return { kind: 'audio', audio: response.body, contentType, durationSeconds: audioDurationSeconds(response.body, response.headers) };
    }
    const parsed = parseBody(response.body, contentType);
    const created = typeof parsed === 'object' && parsed !== null ? (parsed as Job) : undefined;
    if (created === undefined || typeof created.job_id !== 'string' || created.job_id === '') {
      throw new CircassianError(`Speech answered ${contentType || 'without a Content-Type'} and no job_id`, { operation: 'speech' });
    }
    return { kind: 'job', job: { ...created, job_id: created.job_id } };
  };

  /**
   * Waits for a job and downloads its audio: what `speech()` does after submitting, callable later
   * (after a restart, or an aborted `speech()` whose error carried `jobId`). Throws JobFailedError
   * when the job failed and NotFoundError when the job or its audio link is gone.
   */
  resumeSpeech = (jobId: string, options: SpeechOptions = {}): Promise<SpeechResult> => this.#finishJob(jobId, options);

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
    const submitted = await this.submitSpeech(request, requestOptions);
    if (submitted.kind === 'audio') {
      if (part === undefined) onProgress?.({ phase: 'done' });
      const { kind: _, ...result } = submitted;
      return result;
    }
    const { job } = submitted;
    onProgress?.({ phase: 'synthesizing', jobId: job.job_id, status: job.status, ...part });
    return this.#finishJob(job.job_id, options, part);
  }

  /** Waits for the job, downloads its audio and reads its duration; any client error keeps the job id. */
  async #finishJob(jobId: string, options: SpeechOptions, part?: Part): Promise<SpeechResult> {
    const { onProgress, ...requestOptions } = options;
    const result = await withJobId(jobId, async () => {
      const job = await this.waitForJob(jobId, options, part);
      onProgress?.({ phase: 'downloading', jobId, ...part });
      const download = await this.#download(job.audio_url, jobId, requestOptions);
      return {
        audio: download.audio,
        contentType: download.contentType,
        durationSeconds: audioDurationSeconds(download.audio, download.headers, job),
        jobId,
      };
    });
    if (part === undefined) onProgress?.({ phase: 'done', jobId });
    return result;
  }

  async #download(audioUrl: string | undefined, jobId: string | undefined, options?: RequestOptions) {
    if (typeof audioUrl !== 'string' || audioUrl === '') {
      throw new CircassianError(`Job ${jobId ?? ''} is done but carries no audio_url`, { operation: 'jobs' });
    }
    const response: RawResponse = await this.core.send({ method: 'GET', path: audioUrl, operation: 'audio', jobId }, options);
    return { audio: response.body, contentType: response.headers['content-type'] ?? 'application/octet-stream', headers: response.headers };
  }
}
