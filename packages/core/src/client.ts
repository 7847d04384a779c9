/**
 * CircassianClient: the typed client of the translation and speech service. Each method is one
 * line over a resource; every request goes through one core (internal/request.ts).
 */
import { NotConfiguredError } from './errors.js';
import { API_KEY_ENV, BASE_URL_ENV, credentialsFromEnvironment } from './environment.js';
import { checkOption } from './internal/option-checks.js';
import { operationForPath } from './internal/operations.js';
import { RequestCore, type HttpMethod } from './internal/request.js';
import { buildUserAgent } from './internal/user-agent.js';
import { DEFAULTS, type ClientOptions, type RequestOptions } from './options.js';
import { AccountResource } from './resources/account.js';
import { BatchResource, type TranslateBatchOptions } from './resources/batch.js';
import { SpeechResource, type SpeechOptions, type WaitForJobOptions } from './resources/speech.js';
import { TextResource } from './resources/text.js';
import { MEMORY_NOT_CONSULTED, requestPair, translateWithMemory } from './memory/translate-with-memory.js';
import type { MemoryUsage, TranslationMemory } from './memory/types.js';
import type {
  BatchTranslateRequest,
  BatchTranslateResponse,
  DetectRequest,
  DetectResponse,
  DictionaryRequest,
  DictionaryResponse,
  Job,
  KeyDetails,
  LanguagesResponse,
  SpeechRequest,
  SpeechResult,
  SpeechSubmission,
  TranslateRequest,
  TranslateResponse,
  VoicesResponse,
} from './types.js';

function parseBaseUrl(value: string): URL {
  try {
    // A trailing slash makes relative paths resolve under a base with a path prefix.
    const url = new URL(value.endsWith('/') ? value : `${value}/`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(url.protocol);
    return url;
  } catch {
    throw new NotConfiguredError(`baseUrl is not an http(s) URL: ${value}`);
  }
}

/** Options of `translate`: the per-call options, and a translation memory to consult. */
export interface TranslateOptions extends RequestOptions {
  /**
   * Answers texts it knows without a request and keeps the service's answers (as `machine`).
   * Consulted only when `source_lang` is given: the memory is keyed by the source language.
   */
  memory?: TranslationMemory;
  /** Who asks `memory`: their own suggestion answers them first (see TranslateBatchOptions' `asker`). */
  asker?: string;
}

/** The service's answer; with a `memory` option, also what came from the memory. */
export type TranslateResult = TranslateResponse & { memory?: MemoryUsage };
export type BatchTranslateResult = BatchTranslateResponse & { memory?: MemoryUsage };

export class CircassianClient {
  readonly #core: RequestCore;
  readonly #account: AccountResource;
  readonly #text: TextResource;
  readonly #batch: BatchResource;
  readonly #speech: SpeechResource;
  readonly #warnStoreError: (error: unknown, answers: number) => void;

  constructor(options: ClientOptions = {}) {
    // Trimmed like the environment's: a key read from a file keeps its line break, which no header may carry.
    const fromEnvironment = credentialsFromEnvironment();
    const apiKey = options.apiKey?.trim() ?? fromEnvironment.apiKey;
    if (apiKey === undefined || apiKey === '') {
      throw new NotConfiguredError(`No API key: pass { apiKey } or set ${API_KEY_ENV}. Keys are issued by the service owner.`);
    }
    const baseUrl = options.baseUrl ?? fromEnvironment.baseUrl;
    if (baseUrl === undefined || baseUrl === '') {
      throw new NotConfiguredError(`No service address: pass { baseUrl } or set ${BASE_URL_ENV}.`);
    }
    this.#core = new RequestCore({
      apiKey,
      baseUrl: parseBaseUrl(baseUrl),
      timeoutMs: checkOption('timeoutMs', options.timeoutMs ?? DEFAULTS.timeoutMs, 'positive-duration'),
      deadlineMs: checkOption('deadlineMs', options.deadlineMs ?? DEFAULTS.deadlineMs, 'positive-duration'),
      maxResponseBytes: checkOption('maxResponseBytes', options.maxResponseBytes ?? DEFAULTS.maxResponseBytes, 'positive-count'),
      maxAudioBytes: checkOption('maxAudioBytes', options.maxAudioBytes ?? DEFAULTS.maxAudioBytes, 'positive-count'),
      maxRetries: checkOption('maxRetries', options.maxRetries ?? DEFAULTS.maxRetries, 'count'),
      maxRetryDelayMs: checkOption('maxRetryDelayMs', options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs, 'duration'),
      userAgent: buildUserAgent(options),
      logger: options.logger,
      dispatcher: options.dispatcher,
      pacing: options.pacing,
    });
    this.#warnStoreError = (error, answers) =>
      options.logger?.warn?.(
        `The translation memory could not keep ${answers} new translations; they are returned all the same: ${String(error)}`,
      );
    this.#account = new AccountResource(this.#core);
    this.#text = new TextResource(this.#core);
    this.#batch = new BatchResource(
      this.#core,
      checkOption('batchConcurrency', options.batchConcurrency ?? DEFAULTS.batchConcurrency, 'positive-count'),
    );
    this.#speech = new SpeechResource(this.#core, {
      pollIntervalMs: checkOption('pollIntervalMs', options.pollIntervalMs, 'duration'),
      deadlineMs: checkOption('speechDeadlineMs', options.speechDeadlineMs ?? DEFAULTS.speechDeadlineMs, 'positive-duration'),
    });
  }

  /** The key's name, prefix, limits and content logging: the zero-cost check that a key works. */
  me(options?: RequestOptions): Promise<KeyDetails> {
    return this.#account.me(options);
  }
  /** Translation languages (fetched: the list grows). */
  languages(options?: RequestOptions): Promise<LanguagesResponse> {
    return this.#account.languages(options);
  }
  /** Voices and speech languages (fetched: the lists grow). */
  voices(options?: RequestOptions): Promise<VoicesResponse> {
    return this.#account.voices(options);
  }

  /** One text. With `{ memory }`, a text the memory knows costs no request (see TranslateOptions). */
  async translate(request: TranslateRequest, options: TranslateOptions = {}): Promise<TranslateResult> {
    const { memory, asker, ...requestOptions } = options;
    const pair = requestPair(request);
    if (memory === undefined) return this.#text.translate(request, requestOptions);
    if (pair === undefined) return { ...(await this.#text.translate(request, requestOptions)), memory: MEMORY_NOT_CONSULTED };
    const { translations, usage } = await translateWithMemory(
      [request.text],
      pair,
      memory,
      async ([text = '']) => [(await this.#text.translate({ ...request, text }, requestOptions)).text],
      this.#warnStoreError,
      asker !== undefined ? { asker } : {},
    );
    return { text: translations[0] ?? '', source_lang: pair.source, target_lang: pair.target, memory: usage };
  }
  dictionary(request: DictionaryRequest, options?: RequestOptions): Promise<DictionaryResponse> {
    return this.#text.dictionary(request, options);
  }
  detect(request: DetectRequest, options?: RequestOptions): Promise<DetectResponse> {
    return this.#text.detect(request, options);
  }

  /**
   * Any number of texts: deduped, packed into the fewest valid requests, sent concurrently, kept in order.
   * With `{ memory }`, only the texts the memory does not know are sent (see TranslateBatchOptions);
   * with `{ onAnswers }`, answers are handed on request by request, one request at a time.
   */
  async translateBatch(request: BatchTranslateRequest, options: TranslateBatchOptions = {}): Promise<BatchTranslateResult> {
    const { memory, onAnswers, mayRecall, asker, ...batchOptions } = options;
    const pair = requestPair(request);
    if (memory === undefined && onAnswers === undefined) return this.#batch.translateBatch(request, batchOptions);
    if (pair === undefined && onAnswers === undefined)
      return { ...(await this.#batch.translateBatch(request, batchOptions)), memory: MEMORY_NOT_CONSULTED };
    let detected: BatchTranslateResponse['source_lang'] | undefined;
    const { translations, usage } = await translateWithMemory(
      request.texts,
      pair,
      memory,
      async (texts) => {
        const response = await this.#batch.translateBatch({ ...request, texts }, batchOptions);
        detected ??= response.source_lang;
        return response.translations;
      },
      this.#warnStoreError,
      { ...(onAnswers ? { onAnswers } : {}), ...(mayRecall ? { mayRecall } : {}), ...(asker !== undefined ? { asker } : {}) },
    );
    return {
      translations,
      source_lang: pair?.source ?? detected ?? request.source_lang ?? '',
      target_lang: request.target_lang,
      ...(memory === undefined ? {} : { memory: usage }),
    };
  }

  /** Speech for any length of text: immediate audio or a job, polled and downloaded; over-long text in joined parts. */
  speech(request: SpeechRequest, options?: SpeechOptions): Promise<SpeechResult> {
    return this.#speech.speech(request, options);
  }
  /**
   * One speech request: `{ kind: 'audio', ... }` for short text, `{ kind: 'job', job }` for long text
   * (keep `job.job_id`, then `resumeSpeech`). Text over the request limit is refused before sending.
   */
  submitSpeech(request: SpeechRequest, options?: RequestOptions): Promise<SpeechSubmission> {
    return this.#speech.submitSpeech(request, options);
  }
  /** Waits for a submitted job and downloads its audio, as `speech()` would have: the same result. */
  resumeSpeech(jobId: string, options?: SpeechOptions): Promise<SpeechResult> {
    return this.#speech.resumeSpeech(jobId, options);
  }
  getJob(jobId: string, options?: RequestOptions): Promise<Job> {
    return this.#speech.getJob(jobId, options);
  }
  /** Resolves with the done job; throws JobFailedError (with `jobId`) when it failed. */
  waitForJob(jobId: string, options?: WaitForJobOptions): Promise<Job> {
    return this.#speech.waitForJob(jobId, options);
  }
  /** Fetches a job's audio from the service's own origin; a link elsewhere is InvalidResponseError and gets no request. */
  downloadAudio(audioUrl: string, options?: RequestOptions): Promise<{ audio: Uint8Array; contentType: string }> {
    return this.#speech.downloadAudio(audioUrl, options);
  }

  /** Escape hatch: any path under the base URL, with the same auth, retries and errors. */
  request<T = unknown>(method: HttpMethod, path: string, init: RequestOptions & { body?: unknown; operation?: string } = {}): Promise<T> {
    const { body, operation, ...options } = init;
    return this.#core.json<T>({ method, path, body, operation: operation ?? operationForPath(method, path) }, options);
  }

  /** Closes the client's connections (a dispatcher passed in options is left to its owner). */
  close(): Promise<void> {
    return this.#core.close();
  }
}
