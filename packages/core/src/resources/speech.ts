/**
 * Speech: the one-shot `speech()` that hides the two outcomes (immediate audio or a job), and its
 * public steps: `submitSpeech` (one request, either outcome), `resumeSpeech` (wait for a job and
 * fetch its audio), and below them `getJob`, `waitForJob` and `downloadAudio`. A host can submit,
 * keep the job id, and pick the job up later; `speech()` is the same steps in one call.
 */
import {
  ClientValidationError,
  InvalidResponseError,
  JobFailedError,
  RequestAbortedError,
  TimeoutError,
  isCircassianError,
} from '../errors.js';
import { audioDurationSeconds } from '../internal/duration.js';
import { checkOption } from '../internal/option-checks.js';
import { operationCall } from '../internal/operations.js';
import type { Deadline, HttpCall, RawResponse, RequestCore } from '../internal/request.js';
import { splitText } from '../internal/sentences.js';
import { sleep } from '../internal/sleep.js';
import type { RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import { characterCount } from '../text/character-count.js';
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

/** Stamps the job id on any client error (abort, timeout, network) so the caller can resume the job. */
async function withJobId<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isCircassianError(error) && error.jobId === undefined && jobId !== '') error.jobId = jobId;
    throw error;
  }
}

/** An audio link the client follows: a path on the service, or an absolute URL on its origin. */
function isOwnAudioLink(audioUrl: string, origin: string): boolean {
  if (audioUrl.startsWith('/')) return !audioUrl.startsWith('//') && !audioUrl.startsWith('/\\');
  if (!/^https?:\/\//i.test(audioUrl)) return false;
  try {
    return new URL(audioUrl).origin === origin;
  } catch {
    return false;
  }
}

export interface SpeechDefaults {
  /** The client's `pollIntervalMs`. */
  readonly pollIntervalMs: number | undefined;
  /** The client's `speechDeadlineMs`: a job's whole wait and download. */
  readonly deadlineMs: number;
}

export class SpeechResource {
  constructor(
    private readonly core: RequestCore,
    private readonly defaults: SpeechDefaults,
  ) {}

  getJob(jobId: string, options?: RequestOptions): Promise<Job> {
    return this.#getJob(jobId, options, undefined);
  }

  async downloadAudio(audioUrl: string, options?: RequestOptions): Promise<{ audio: Uint8Array; contentType: string }> {
    const { audio, contentType } = await this.#download(
      audioUrl,
      undefined,
      options,
      this.core.deadline(options, this.defaults.deadlineMs),
    );
    return { audio, contentType };
  }

  /** Polls the job until it is done (resolves with it) or failed (throws JobFailedError). */
  waitForJob(jobId: string, options: WaitForJobOptions = {}): Promise<Job> {
    return this.#waitForJob(jobId, options, this.core.deadline(options, this.defaults.deadlineMs));
  }

  /**
   * One `POST /v1/speech`: immediate audio for short text, or the created job to follow with
   * `resumeSpeech`. Text over the service's limit is refused before sending (only `speech()` splits).
   */
  submitSpeech(request: SpeechRequest, options?: RequestOptions): Promise<SpeechSubmission> {
    return this.#submit(request, options, this.core.deadline(options));
  }

  /**
   * Waits for a job and downloads its audio: what `speech()` does after submitting, callable later
   * (after a restart, or an aborted `speech()` whose error carried `jobId`). Throws JobFailedError
   * when the job failed and NotFoundError when the job or its audio link is gone.
   */
  resumeSpeech(jobId: string, options: SpeechOptions = {}): Promise<SpeechResult> {
    return this.#finishJob(jobId, options, this.core.deadline(options, this.defaults.deadlineMs));
  }

  async speech(request: SpeechRequest, options: SpeechOptions = {}): Promise<SpeechResult> {
    const { pieces } = splitText(request.text, serviceFacts.limits.textMaxChars);
    // The caller's deadline bounds the whole call; the default allows the longest job per part.
    const deadline = this.core.deadline(options, this.defaults.deadlineMs * pieces.length);
    if (pieces.length === 1) return this.#speakOne(request, options, deadline);
    const results: SpeechResult[] = [];
    for (const [i, text] of pieces.entries()) {
      // One after another: the service synthesises one task at a time anyway.
      results.push(await this.#speakOne({ ...request, text }, options, deadline, { part: i + 1, parts: pieces.length }));
    }
    const audio = concatWavs(results.map((r) => r.audio));
    options.onProgress?.({ phase: 'done', parts: pieces.length });
    return {
      audio,
      contentType: results[0]?.contentType ?? 'audio/wav',
      durationSeconds: results.reduce((sum, r) => sum + r.durationSeconds, 0),
    };
  }

  async #getJob(jobId: string, options: RequestOptions | undefined, deadline: Deadline | undefined): Promise<Job> {
    // An id a host failed to store would otherwise become the path `/v1/jobs/` and a puzzling answer.
    if (typeof jobId !== 'string' || jobId === '') {
      throw new ClientValidationError('job_id', "No job id given: pass the job_id that submitSpeech() or an error's jobId returned", {
        operation: 'jobs',
      });
    }
    // A retried status call is a poll too: it keeps the polling rule's distance from the failed one.
    const call = { ...operationCall('jobs', { params: { job_id: jobId }, jobId }), minRetryDelayMs: effectivePollIntervalMs(undefined) };
    // The answer is checked against the Job schema: a status outside queued|running|done|failed,
    // or none, is InvalidResponseError carrying the job id at once, never another poll.
    return withJobId(jobId, () => this.core.json<Job>(call, options, { deadline }));
  }

  async #waitForJob(jobId: string, options: WaitForJobOptions, deadline: Deadline, part?: Part): Promise<Job> {
    const { onProgress, pollIntervalMs, ...requestOptions } = options;
    const interval = effectivePollIntervalMs(checkOption('pollIntervalMs', pollIntervalMs, 'duration') ?? this.defaults.pollIntervalMs);
    const started = Date.now();
    for (;;) {
      const job = await this.#getJob(jobId, requestOptions, deadline);
      if (job.status === 'done') return job;
      if (job.status === 'failed') throw new JobFailedError(jobId, job, { operation: 'jobs' });
      onProgress?.({ phase: job.status, jobId, status: job.status, elapsedMs: Date.now() - started, ...part });
      // The next poll would come after the deadline: say so now, with the job id to resume later.
      if (Date.now() + interval >= deadline.at) {
        throw new TimeoutError(deadline.ms, { deadline: true, operation: 'jobs', jobId });
      }
      // An abort between polls is the caller's to resume: the error carries the job id.
      await withJobId(jobId, () =>
        sleep(interval, requestOptions.signal).catch((reason: unknown) => {
          throw new RequestAbortedError({ cause: reason, operation: 'jobs' });
        }),
      );
    }
  }

  async #submit(request: SpeechRequest, options: RequestOptions | undefined, deadline: Deadline): Promise<SpeechSubmission> {
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
    const call: HttpCall = operationCall('speech', { body: request });
    const response = await this.core.send(call, options, { deadline });
    const contentType = response.headers['content-type'] ?? '';
    if (contentType.toLowerCase().startsWith('audio/')) {
      return { kind: 'audio', audio: response.body, contentType, durationSeconds: audioDurationSeconds(response.body, response.headers) };
    }
    // Not audio: the answer must be a Job (checked against its schema), with an id to follow.
    const created = this.core.parseAnswer<Job>(response, call);
    if (typeof created.job_id !== 'string' || created.job_id === '') {
      throw new InvalidResponseError(`Speech answered ${contentType || 'without a Content-Type'} and no job_id`, {
        operation: 'speech',
        status: response.status,
        mayHaveBeenCharged: true,
      });
    }
    return { kind: 'job', job: { ...created, job_id: created.job_id } };
  }

  async #speakOne(request: SpeechRequest, options: SpeechOptions, deadline: Deadline, part?: Part): Promise<SpeechResult> {
    const { onProgress, ...requestOptions } = options;
    onProgress?.({ phase: 'submitted', ...part });
    const submitted = await this.#submit(request, requestOptions, deadline);
    if (submitted.kind === 'audio') {
      if (part === undefined) onProgress?.({ phase: 'done' });
      const { kind: _, ...result } = submitted;
      return result;
    }
    const { job } = submitted;
    onProgress?.({ phase: 'synthesizing', jobId: job.job_id, status: job.status, ...part });
    return this.#finishJob(job.job_id, options, deadline, part);
  }

  /** Waits for the job, downloads its audio and reads its duration; any client error keeps the job id. */
  async #finishJob(jobId: string, options: SpeechOptions, deadline: Deadline, part?: Part): Promise<SpeechResult> {
    const { onProgress, ...requestOptions } = options;
    const result = await withJobId(jobId, async () => {
      const job = await this.#waitForJob(jobId, options, deadline, part);
      onProgress?.({ phase: 'downloading', jobId, ...part });
      const download = await this.#download(job.audio_url, jobId, requestOptions, deadline);
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

  async #download(audioUrl: string | undefined, jobId: string | undefined, options: RequestOptions | undefined, deadline: Deadline) {
    if (typeof audioUrl !== 'string' || audioUrl === '') {
      throw new InvalidResponseError(`Job ${jobId ?? ''} is done but carries no audio_url`, { operation: 'jobs', jobId, status: 200 });
    }
    // The interface's link is a path on the service (`/v1/audio/{id}`): one elsewhere gets no request.
    if (!isOwnAudioLink(audioUrl, this.core.origin)) {
      throw new InvalidResponseError(`The audio link ${audioUrl.slice(0, 200)} is not on the service (${this.core.origin}): not fetched`, {
        operation: 'audio',
        jobId,
        status: 200,
      });
    }
    const response: RawResponse = await this.core.send({ method: 'GET', path: audioUrl, operation: 'audio', jobId }, options, { deadline });
    return { audio: response.body, contentType: response.headers['content-type'] ?? 'application/octet-stream', headers: response.headers };
  }
}
