/**
 * The one request core every operation goes through: URL and headers, the attempt's time and size
 * limits (./read-body.ts), the call's deadline, the caller's AbortSignal, error mapping and answer
 * validation (./validate.ts). Retries are decided by ./retry.ts, pacing by ./pacing-gate.ts, and
 * what the logger hears is in ./call-log.ts.
 */
import {
  CircassianError,
  ConnectionError,
  InvalidResponseError,
  RequestAbortedError,
  ResponseTooLargeError,
  TimeoutError,
  makeAPIError,
  type APIError,
} from '../errors.js';
import type { ClientOptions, Logger, RequestDispatcher, RequestOptions } from '../options.js';
import { serviceFacts } from '../service-facts.js';
import type { KeyDetails } from '../types.js';
import { logAnswer, logAttempt, logDeadlineFirst, logRetry, logWaitTooLong } from './call-log.js';
import { flattenHeaders, withoutAuthorization } from './headers.js';
import { codeOf, isIdempotent, lostBeforeWriting, provablyNeverSent, watchUndiciWrites } from './network-failure.js';
import { checkOption } from './option-checks.js';
import { PacingGate } from './pacing-gate.js';
import { keyRedactor, redactRecord, type Redactor } from './redact.js';
import { DEFAULT_BACKOFF, RetryTracker, parseRetryAfterMs, type AttemptFailure } from './retry.js';
import { BodyLimitExceeded, readBody } from './read-body.js';
import { sleep } from './sleep.js';
import { hasAnswerSchema, validateAnswer } from './validate.js';

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
  deadlineMs: number;
  maxResponseBytes: number;
  maxAudioBytes: number;
  maxRetries: number;
  maxRetryDelayMs: number;
  userAgent: string;
  logger: Logger | undefined;
  dispatcher: RequestDispatcher | undefined;
  pacing: ClientOptions['pacing'];
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

interface Target {
  origin: string;
  path: string;
}

const UNDICI_TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * The end of a whole call (`deadlineMs`): an epoch time, and the limit it came from for the error.
 * Made once per public call and handed down, so a speech job's polls and download share it.
 */
export interface Deadline {
  readonly at: number;
  readonly ms: number;
}

export function deadlineAfter(ms: number): Deadline {
  return { at: Date.now() + ms, ms };
}

/** What a resource may hand the core beside the caller's options. */
export interface InternalOptions {
  /** Skip pacing (the pacer's own `me()` call). */
  unpaced?: boolean;
  /** The call's deadline, when a resource made it (speech); else the core makes one from the options. */
  deadline?: Deadline | undefined;
}

/** A 2xx answer that is not JSON of the operation's schema. */
function invalidAnswer(message: string, call: HttpCall, status: number): InvalidResponseError {
  return new InvalidResponseError(message, {
    operation: call.operation,
    jobId: call.jobId,
    status,
    // A 2xx means the service did the work: for a POST it was charged, though the answer is unusable.
    mayHaveBeenCharged: !isIdempotent(call.method),
  });
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

/**
 * How long the client's own pool keeps an idle connection when the service does not say how long
 * it keeps one (with `Keep-Alive: timeout=N`, undici keeps it N less 2 s): well below the 5 s that
 * the service's server (uvicorn, which says nothing) and Node's keep one, so the client never sends
 * a request on a connection the service is closing at that moment. It was 30 s: a request sent as
 * the service's 5 s ran out met its close (`other side closed`), and a POST so lost is not sent again.
 */
const IDLE_CONNECTION_MS = 3_000;

/** The client's own keep-alive pool, made on its first request (undici is imported only then). */
async function defaultAgent(connectTimeoutMs: number): Promise<RequestDispatcher & { close(): Promise<void> }> {
  const { Agent } = await import('undici');
  return new Agent({ keepAliveTimeout: IDLE_CONNECTION_MS, keepAliveMaxTimeout: 600_000, connect: { timeout: connectTimeoutMs } });
}

export class RequestCore {
  readonly #config: CoreConfig;
  /** Set when the caller gave no dispatcher: the client's own, which close() closes. */
  #agent: ReturnType<typeof defaultAgent> | undefined;
  readonly #pacing: PacingGate | undefined;
  readonly #redact: Redactor;
  /** Set by close(): later calls fail at once instead of retrying a pool that is gone. */
  #closed = false;

  constructor(config: CoreConfig) {
    this.#config = config;
    this.#redact = keyRedactor(config.apiKey);
    if (config.pacing) {
      const me = serviceFacts.operations.me;
      const readLimit = (signal: AbortSignal | undefined) =>
        this.json<KeyDetails>({ method: me.method, path: me.path, operation: 'me' }, signal ? { signal } : {}, { unpaced: true }).then(
          (details) => details.limits.requests_per_minute,
        );
      this.#pacing = new PacingGate(config.pacing, readLimit, config.logger);
    }
  }

  /** The service's origin: the only one requests and audio links may go to. */
  get origin(): string {
    return this.#config.baseUrl.origin;
  }

  /** The deadline of a call starting now: the caller's `deadlineMs`, else `defaultMs`, else the client's. */
  deadline(options: RequestOptions | undefined, defaultMs?: number): Deadline {
    const ms = checkOption('deadlineMs', options?.deadlineMs, 'positive-duration') ?? defaultMs ?? this.#config.deadlineMs;
    return deadlineAfter(ms);
  }

  /** Sends a call and returns its 2xx response, or throws the mapped error. */
  async send(call: HttpCall, options: RequestOptions = {}, internal: InternalOptions = {}): Promise<RawResponse> {
    const { signal } = options;
    if (this.#closed) throw new CircassianError('The client is closed: create a new CircassianClient', { operation: call.operation });
    const timeoutMs = checkOption('timeoutMs', options.timeoutMs, 'positive-duration') ?? this.#config.timeoutMs;
    const maxBytes = checkOption('maxResponseBytes', options.maxResponseBytes, 'positive-count');
    const deadline = internal.deadline ?? this.deadline(options);
    const retries = new RetryTracker({
      maxRetries: checkOption('maxRetries', options.maxRetries, 'count') ?? this.#config.maxRetries,
      maxRetryDelayMs: this.#config.maxRetryDelayMs,
      ...DEFAULT_BACKOFF,
    });
    const target = this.#target(call.path, call.operation);
    const headers: Record<string, string> = {
      accept: 'application/json, audio/*;q=0.9, */*;q=0.5',
      'user-agent': this.#config.userAgent,
      ...withoutAuthorization(options.headers),
      authorization: `Bearer ${this.#config.apiKey}`,
    };
    let body: string | null = null;
    if (call.body !== undefined) {
      body = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    }
    const log = this.#config.logger;
    const logged = { method: call.method, path: target.path };

    for (;;) {
      if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason, operation: call.operation, jobId: call.jobId });
      if (this.#pacing !== undefined && !internal.unpaced && !(await this.#pacing.wait(signal, call.operation, deadline.at, call.jobId))) {
        throw this.#deadlineError(call, deadline);
      }
      if (Date.now() >= deadline.at) throw this.#deadlineError(call, deadline);
      logAttempt(log, logged, retries.retriesSoFar + 1, headers);
      const started = Date.now();
      const outcome = await this.#attempt(target, call, headers, body, { timeoutMs, deadline, maxBytes }, signal);
      let failure: AttemptFailure;
      let error: CircassianError;
      if ('status' in outcome) {
        logAnswer(log, logged, outcome.status, started);
        if (outcome.status >= 200 && outcome.status < 300) return outcome;
        const apiError = this.#toError(outcome, call);
        failure = { kind: 'response', status: outcome.status, errorType: apiError.type, retryAfter: outcome.headers['retry-after'] };
        error = apiError;
      } else {
        failure = { kind: 'network', mayRetry: outcome.mayRetry, unwritten: outcome.unwritten === true };
        error = outcome.error;
      }
      const next = retries.next(failure, Date.now(), call.minRetryDelayMs ?? 0, deadline.at);
      if (next.action === 'fail-wait-too-long') logWaitTooLong(log, logged, next.retryAfterSeconds);
      if (next.action === 'fail-deadline') logDeadlineFirst(log, logged, error);
      if (next.action !== 'retry') throw error;
      logRetry(log, logged, error, retries.retriesSoFar, next.delayMs);
      try {
        await sleep(next.delayMs, signal);
      } catch (reason) {
        throw new RequestAbortedError({ cause: reason, operation: call.operation, jobId: call.jobId });
      }
    }
  }

  /** Sends a call and parses its JSON answer, checked against the operation's schema when it is one of the interface's. */
  async json<T>(call: HttpCall, options?: RequestOptions, internal?: InternalOptions): Promise<T> {
    const response = await this.send(call, options, internal);
    return this.parseAnswer<T>(response, call);
  }

  /** A 2xx answer's JSON, or InvalidResponseError (not JSON, or not of the operation's schema). */
  parseAnswer<T>(response: RawResponse, call: HttpCall): T {
    const parsed = parseBody(response.body, response.headers['content-type']);
    if (typeof parsed === 'string') {
      // An empty answer (a 204) is fine from a path outside the interface, reached with request().
      if (response.body.length === 0 && !hasAnswerSchema(call.operation)) return undefined as T;
      const shown = this.#redact(parsed).trim().slice(0, 200);
      throw invalidAnswer(
        `Expected JSON from ${call.operation ?? call.path} (${response.status}), got: ${shown || 'an empty body'}`,
        call,
        response.status,
      );
    }
    const problem = validateAnswer(call.operation, parsed);
    if (problem !== undefined) {
      throw invalidAnswer(
        `The answer of ${call.operation ?? call.path} (${response.status}) is not what the interface states: ${problem}`,
        call,
        response.status,
      );
    }
    return parsed as T;
  }

  async close(): Promise<void> {
    // A second close() is a no-op (undici's Agent throws on one).
    if (this.#closed) return;
    this.#closed = true;
    if (this.#agent) await (await this.#agent).close();
  }

  /**
   * Where a call goes: the base URL's origin and path prefix. An absolute URL is accepted only on
   * the base URL's origin: the key, and the caller's trust, belong to the service alone.
   */
  #target(path: string, operation: string | undefined): Target {
    const base = this.#config.baseUrl;
    if (/^https?:\/\//i.test(path)) {
      const url = new URL(path);
      if (url.origin !== base.origin) {
        throw new CircassianError(`Refusing to send a request to ${url.origin}: the client talks only to ${base.origin}`, { operation });
      }
      return { origin: url.origin, path: url.pathname + url.search };
    }
    return { origin: base.origin, path: base.pathname + path.replace(/^\//, '') };
  }

  #deadlineError(call: HttpCall, deadline: Deadline, cause?: unknown): TimeoutError {
    return new TimeoutError(deadline.ms, {
      deadline: true,
      cause,
      operation: call.operation,
      jobId: call.jobId,
      mayHaveBeenCharged: cause !== undefined && !isIdempotent(call.method),
    });
  }

  /**
   * One attempt. A JSON answer must be whole by the attempt's end (`timeoutMs`, or the deadline if
   * sooner); audio keeps a per-gap timer, a floor rate and the deadline (./read-body.ts).
   *
   * The wait for the headers is bounded by undici (`headersTimeout`). Its timers tick about every
   * half second: for a short limit that is a large error (a `timeoutMs` of 500 let a 700 ms answer
   * through), so below PRECISE_TIMEOUT_BELOW_MS the wait for the headers is also timed by a timer
   * of our own. Long limits skip it: the tick is noise there, and the timer and its
   * AbortController were most of the client's overhead per request. The body's limit is one plain
   * timer started when the headers arrive, with no AbortController (it destroys the stream); a
   * clock shared by all requests instead measured no faster in `pnpm bench`, so it was not kept.
   */
  async #attempt(
    target: Target,
    call: HttpCall,
    headers: Record<string, string>,
    body: string | null,
    limits: { timeoutMs: number; deadline: Deadline; maxBytes: number | undefined },
    signal: AbortSignal | undefined,
  ): Promise<RawResponse | { error: CircassianError; mayRetry: boolean; unwritten?: boolean }> {
    const { timeoutMs, deadline } = limits;
    const dispatcher = this.#config.dispatcher ?? (await (this.#agent ??= defaultAgent(this.#config.timeoutMs)));
    watchUndiciWrites();
    const attemptStart = Date.now();
    const attemptEnd = Math.min(attemptStart + timeoutMs, deadline.at);
    const byDeadline = attemptEnd === deadline.at;
    const headersMs = Math.max(1, attemptEnd - attemptStart);
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let forwardAbort: (() => void) | undefined;
    let attemptSignal = signal;
    if (headersMs < PRECISE_TIMEOUT_BELOW_MS) {
      const controller = new AbortController();
      forwardAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', forwardAbort, { once: true });
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, headersMs);
      attemptSignal = controller.signal;
    }
    let audio = false;
    try {
      const response = await dispatcher.request({
        origin: target.origin,
        path: target.path,
        method: call.method,
        headers,
        body,
        signal: attemptSignal ?? null,
        headersTimeout: headersMs,
        bodyTimeout: Math.min(timeoutMs, Math.max(1, deadline.at - attemptStart)),
      });
      clearTimeout(timer);
      const flat = flattenHeaders(response.headers);
      audio = /^audio\//i.test(flat['content-type'] ?? '');
      const length = flat['content-length'];
      const bytes = await readBody(response.body, length === undefined || !/^\d+$/.test(length) ? undefined : Number(length), {
        maxBytes: limits.maxBytes ?? (audio ? this.#config.maxAudioBytes : this.#config.maxResponseBytes),
        endAt: audio ? deadline.at : attemptEnd,
        floorRate: audio,
      });
      return { status: response.statusCode, headers: flat, body: bytes };
    } catch (cause) {
      if (signal?.aborted) throw new RequestAbortedError({ cause: signal.reason, operation: call.operation, jobId: call.jobId });
      const idempotent = isIdempotent(call.method);
      const neverSent = provablyNeverSent(cause);
      const charged = !idempotent && !neverSent;
      const context = { cause, operation: call.operation, jobId: call.jobId, mayHaveBeenCharged: charged };
      if (cause instanceof BodyLimitExceeded) {
        if (cause.reason === 'too-large') {
          const cap = limits.maxBytes ?? (audio ? this.#config.maxAudioBytes : this.#config.maxResponseBytes);
          // The same request would bring the same answer: never retried.
          return { error: new ResponseTooLargeError(cap, { ...context, mayHaveBeenCharged: !idempotent }), mayRetry: false };
        }
        if (cause.reason === 'too-slow') {
          const error = new TimeoutError(timeoutMs, { ...context, message: 'The audio download stalled below the floor rate of 16 KiB/s' });
          return { error, mayRetry: idempotent };
        }
        const error = audio || byDeadline ? this.#deadlineError(call, deadline, cause) : new TimeoutError(timeoutMs, context);
        return { error, mayRetry: idempotent && !(audio || byDeadline) };
      }
      if (timedOut || UNDICI_TIMEOUT_CODES.has(codeOf(cause) ?? '')) {
        const error = byDeadline && !neverSent ? this.#deadlineError(call, deadline, cause) : new TimeoutError(timeoutMs, context);
        return { error, mayRetry: (idempotent || neverSent) && !byDeadline };
      }
      // undici refused the request itself (a header value with a line break, ...): no retry can help.
      if (codeOf(cause) === 'UND_ERR_INVALID_ARG') {
        throw new CircassianError(`The request could not be sent: ${this.#redact((cause as Error).message)}`, {
          cause,
          operation: call.operation,
        });
      }
      const reason = cause instanceof Error ? cause.message : String(cause);
      return {
        error: new ConnectionError(`Could not reach ${target.origin}: ${reason}`, context),
        mayRetry: idempotent || neverSent,
        unwritten: lostBeforeWriting(cause),
      };
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
}
