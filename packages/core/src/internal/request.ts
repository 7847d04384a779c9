/**
 * The one request core every operation goes through: URL and headers, per-attempt timeout, the
 * caller's AbortSignal, retries decided by ./retry.ts, optional pacing, error mapping and logging.
 */
import { Agent, type Dispatcher } from 'undici';
import {
  CircassianError,
  ConnectionError,
  RequestAbortedError,
  TimeoutError,
  makeAPIError,
  type APIError,
} from '../errors.js';
import type { ClientOptions, Logger, RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import type { KeyDetails } from '../types.js';
import { flattenHeaders, redactHeaders, withoutAuthorization } from './headers.js';
import { checkOption } from './option-checks.js';
import { Pacer } from './pacer.js';
import { keyRedactor, redactRecord, type Redactor } from './redact.js';
import { DEFAULT_BACKOFF, decideRetry, parseRetryAfterMs, type AttemptFailure, type RetryPolicy } from './retry.js';
import { sleep } from './sleep.js';

/** Limits below this get a precise timer of our own on top of undici's coarse ones (see #attempt). */
const PRECISE_TIMEOUT_BELOW_MS = 10_000;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface HttpCall {
  method: HttpMethod;
  /** A path under the base URL (`/v1/me`) or an absolute URL. */
  path: string;
  body?: unknown;
  /** Names the call in errors and logs (`translate`, `jobs`, ...). */
  operation?: string | undefined;
  /** The job this call concerns; copied onto errors so the caller can resume. */
  jobId?: string | undefined;
  /** The shortest wait before a retry, whatever the server or backoff says (a job's polling rule). */
  minRetryDelayMs?: number | undefined;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface CoreConfig {
  apiKey: string;
  baseUrl: URL;
  timeoutMs: number;
  maxRetries: number;
  maxRetryDelayMs: number;
  userAgent: string;
  logger: Logger | undefined;
  dispatcher: Dispatcher | undefined;
  pacing: ClientOptions['pacing'];
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

interface Target {
  origin: string;
  path: string;
  sameOrigin: boolean;
}

const UNDICI_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

function isUndiciTimeout(error: unknown): boolean {
  return UNDICI_TIMEOUT_CODES.has(codeOf(error) ?? '');
}

function hasCode(error: unknown, code: string): boolean {
  return codeOf(error) === code;
}

/** Parsed JSON when the body is JSON, else its text. */
export function parseBody(body: Uint8Array, contentType: string | undefined): unknown {
  const text = decoder.decode(body);
  if (contentType?.includes('json') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export class RequestCore {
  readonly #config: CoreConfig;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  #pacer: Promise<Pacer | undefined> | undefined;
  readonly #redact: Redactor;
  /** Set by close(): later calls fail at once instead of retrying a pool that is gone. */
  #closed = false;

  constructor(config: CoreConfig) {
    this.#config = config;
    this.#redact = keyRedactor(config.apiKey);
    this.#ownsDispatcher = config.dispatcher === undefined;
    this.#dispatcher =
      config.dispatcher ?? new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connect: { timeout: config.timeoutMs } });
    const pacing = config.pacing;
    if (typeof pacing === 'object') this.#pacer = Promise.resolve(new Pacer(pacing.requestsPerMinute));
  }

  /** Sends a call and returns its 2xx response, or throws the mapped error. */
  async send(call: HttpCall, options: RequestOptions = {}, internal: { unpaced?: boolean } = {}): Promise<RawResponse> {
    const { signal } = options;
    if (this.#closed) throw new CircassianError('The client is closed: create a new CircassianClient', { operation: call.operation });
    const timeoutMs = checkOption('timeoutMs', options.timeoutMs, 'positive-duration') ?? this.#config.timeoutMs;
    const policy: RetryPolicy = {
      maxRetries: checkOption('maxRetries', options.maxRetries, 'count') ?? this.#config.maxRetries,
      maxRetryDelayMs: this.#config.maxRetryDelayMs,
      ...DEFAULT_BACKOFF,
    };
    const target = this.#target(call.path);
    const headers: Record<string, string> = {
      accept: 'application/json, audio/*;q=0.9, */*;q=0.5',
      'user-agent': this.#config.userAgent,
      ...withoutAuthorization(options.headers),
      ...(target.sameOrigin ? { authorization: `Bearer ${this.#config.apiKey}` } : {}),
    };
    let body: string | null = null;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const failuresByType: Record<string, number> = {};
    const log = this.#config.logger;

    for (let retriesSoFar = 0; ; retriesSoFar++) {
      if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason, operation: call.operation });
      if (this.#config.pacing && !internal.unpaced) await this.#pace(signal, call.operation);
      log?.debug?.(`${call.method} ${target.path}`, { attempt: retriesSoFar + 1, headers: redactHeaders(headers) });
      const started = Date.now();
      const outcome = await this.#attempt(target, call, headers, body, timeoutMs, signal);
      let failure: AttemptFailure;
      let error: CircassianError;
      if ('status' in outcome) {
        log?.debug?.(`${call.method} ${target.path} -> ${outcome.status}`, { ms: Date.now() - started });
        if (outcome.status >= 200 && outcome.status < 300) return outcome;
        const apiError = this.#toError(outcome, call);
        failure = { kind: 'response', status: outcome.status, errorType: apiError.type, retryAfter: outcome.headers['retry-after'] };
        error = apiError;
      } else {
        failure = { kind: 'network' };
        error = outcome.error;
      }
      const decision = decideRetry(failure, { retriesSoFar, failuresByType }, policy, Date.now());
      if (failure.kind === 'response' && failure.errorType !== undefined) {
        failuresByType[failure.errorType] = (failuresByType[failure.errorType] ?? 0) + 1;
      }
      if (decision.action !== 'retry') {
        if (decision.action === 'fail-wait-too-long') {
          log?.warn?.(`${call.method} ${target.path}: service asked to wait ${decision.retryAfterSeconds} s, over maxRetryDelayMs`);
        }
        throw error;
      }
      const delayMs = Math.max(decision.delayMs, call.minRetryDelayMs ?? 0);
      log?.warn?.(`${call.method} ${target.path} failed (${error.message}); retry ${retriesSoFar + 1} in ${delayMs} ms`);
      try {
        await sleep(delayMs, signal);
      } catch (reason) {
        throw new RequestAbortedError({ cause: reason, operation: call.operation });
      }
    }
  }

  /** Sends a call and parses its JSON answer. */
  async json<T>(call: HttpCall, options?: RequestOptions, internal?: { unpaced?: boolean }): Promise<T> {
    const response = await this.send(call, options, internal);
    const parsed = parseBody(response.body, response.headers['content-type']);
    if (typeof parsed === 'string' && response.body.length > 0) {
      throw new CircassianError(`Expected JSON from ${call.operation ?? call.path}, got: ${this.#redact(parsed).slice(0, 200)}`, {
        operation: call.operation,
      });
    }
    return parsed as T;
  }

  async close(): Promise<void> {
    // A second close() is a no-op (undici's Agent throws on one).
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  /** Where a call goes: the base URL's origin and path prefix, or an absolute URL (an audio link elsewhere). */
  #target(path: string): Target {
    const base = this.#config.baseUrl;
    if (/^https?:\/\//i.test(path)) {
      const url = new URL(path);
      return { origin: url.origin, path: url.pathname + url.search, sameOrigin: url.origin === base.origin };
    }
    return { origin: base.origin, path: base.pathname + path.replace(/^\//, ''), sameOrigin: true };
  }

  /**
   * One attempt. undici bounds the wait for the headers (`headersTimeout`) and each gap between
   * body chunks (`bodyTimeout`, so a large audio download that keeps flowing is not cut off). Its
   * timers tick about every half second: for a short limit that is a large error (a `timeoutMs` of
   * 500 let a 700 ms answer through), so below PRECISE_TIMEOUT_BELOW_MS the wait for the headers
   * is also timed by a timer of our own. Long limits skip it: the tick is noise there, and the
   * timer and its AbortController were most of the client's overhead per request.
   */
  async #attempt(
    target: Target,
    call: HttpCall,
    headers: Record<string, string>,
    body: string | null,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<RawResponse | { error: CircassianError }> {
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let forwardAbort: (() => void) | undefined;
    let attemptSignal = signal;
    if (timeoutMs < PRECISE_TIMEOUT_BELOW_MS) {
      const controller = new AbortController();
      forwardAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', forwardAbort, { once: true });
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      attemptSignal = controller.signal;
    }
    try {
      const response = await this.#dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: call.method,
        headers,
        body,
        signal: attemptSignal ?? null,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      clearTimeout(timer);
      const bytes = new Uint8Array(await response.body.arrayBuffer());
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body: bytes };
    } catch (cause) {
      if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason, operation: call.operation });
      if (timedOut || isUndiciTimeout(cause)) return { error: new TimeoutError(timeoutMs, { cause, operation: call.operation }) };
      // undici refused the request itself (a header value with a line break, ...): no retry can help.
      if (hasCode(cause, 'UND_ERR_INVALID_ARG')) {
        throw new CircassianError(`The request could not be sent: ${this.#redact((cause as Error).message)}`, { cause, operation: call.operation });
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      return { error: new ConnectionError(`Could not reach ${target.origin}: ${reason}`, { cause, operation: call.operation }) };
    } finally {
      clearTimeout(timer);
      if (forwardAbort) signal?.removeEventListener('abort', forwardAbort);
    }
  }

  #toError(response: RawResponse, call: HttpCall): APIError {
    const retryAfterMs = parseRetryAfterMs(response.headers['retry-after'], Date.now());
    const headers = redactRecord(response.headers, this.#redact);
    return makeAPIError({
      status: response.status,
      headers,
      body: parseBody(encoder.encode(this.#redact(decoder.decode(response.body))), headers['content-type']),
      operation: call.operation,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000),
      jobId: call.jobId,
    });
  }

  async #pace(signal: AbortSignal | undefined, operation: string | undefined): Promise<void> {
    if (this.#config.pacing === true && this.#pacer === undefined) {
      const me = serviceFacts.operations.me;
      this.#pacer = this.json<KeyDetails>({ method: me.method, path: me.path, operation: 'me' }, signal ? { signal } : {}, { unpaced: true }).then(
        (details) => {
          const pacer = new Pacer(details.limits.requests_per_minute);
          pacer.reserve(Date.now()); // the me() call just made counts too
          return pacer;
        },
        (error: unknown) => {
          this.#pacer = undefined; // let a later call try again
          throw error;
        },
      );
    }
    const pacer = await this.#pacer;
    if (pacer === undefined) return;
    const waitMs = pacer.reserve(Date.now());
    if (waitMs > 0) this.#config.logger?.debug?.(`pacing: waiting ${waitMs} ms`, { operation });
    try {
      await sleep(waitMs, signal);
    } catch (reason) {
      throw new RequestAbortedError({ cause: reason, operation });
    }
  }
}
