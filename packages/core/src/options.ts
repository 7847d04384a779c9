/**
 * The client's options. Every field has its default here; environment fallbacks are read in one
 * place (internal/env.ts).
 */
import type { Readable } from 'node:stream';

/** Receives the client's diagnostics. Messages never contain the API key. */
export interface Logger {
  debug?(message: string, data?: Record<string, unknown>): void;
  info?(message: string, data?: Record<string, unknown>): void;
  warn?(message: string, data?: Record<string, unknown>): void;
  error?(message: string, data?: Record<string, unknown>): void;
}

export interface ClientOptions {
  /** The key, `prefix.secret`. Default: `process.env.CIRCASSIAN_API_KEY`. */
  apiKey?: string;
  /** The service address, e.g. `https://api.example.org`. Default: `process.env.CIRCASSIAN_BASE_URL`. */
  baseUrl?: string;
  /**
   * Time limit of one attempt, in ms. For a JSON answer it bounds the whole attempt, from sending
   * until the last byte of the body (a server trickling a byte a second cannot keep a call alive).
   * For audio it bounds the wait for the headers and then each gap between body chunks, so a long
   * download that keeps flowing is not cut off; a download whose average rate falls below
   * `AUDIO_FLOOR_BYTES_PER_SECOND` (16 KiB/s) after its first 10 s ends too. An attempt over it
   * ends in TimeoutError, or a retry where the retry rule allows one (see `maxRetries`). undici's
   * header timer may fire up to about half a second late; limits under 10 s get an exact timer of
   * their own. Default 60_000.
   */
  timeoutMs?: number;
  /**
   * Time limit of a whole call, in ms: every attempt, every wait before a retry, pacing, and for
   * speech the job's polling and download. Past it the call throws TimeoutError (with `deadlineMs`
   * set, and `jobId` when a job exists, so it can be resumed). A retry that could not start before
   * the deadline is not waited for: the last failure is thrown. Default 300_000 (three attempts of
   * 60 s and two waits of up to 60 s); speech, `resumeSpeech` and `waitForJob` use `speechDeadlineMs`.
   * `translateBatch` applies it to each of its requests, unless a per-call `deadlineMs` is given:
   * then that bounds the whole batch.
   */
  deadlineMs?: number;
  /**
   * The whole-call limit of `speech()` (per part of a split text), `resumeSpeech()` and
   * `waitForJob()`, in ms. Default 9_000_000 (2.5 h): the longest text one job takes (20,000
   * characters) at the slowest speed (just over 0.2) is about 6,700 s (1 h 51 min) of audio at the
   * pace of reading aloud (15 characters a second at speed 1.0); a model synthesising at real time
   * finishes it within that, and the rest is left for the queue and the download.
   */
  speechDeadlineMs?: number;
  /**
   * The largest JSON (or any non-audio) answer the client reads, in bytes; a larger one throws
   * ResponseTooLargeError as soon as it is known (from Content-Length, or while streaming), so
   * memory stays bounded. Default 4 MiB: the largest answer of the interface, a batch of 20,000
   * characters, is well under 1 MiB even with every character escaped.
   */
  maxResponseBytes?: number;
  /**
   * The largest audio answer (`audio/*`) the client reads, in bytes. Default 330_000_000: the
   * longest job's audio (about 6,700 s, see `speechDeadlineMs`) as 16-bit mono WAV at 24 kHz
   * (48,000 bytes a second; the local service writes 16 kHz, 32,000) is 320 MB. A download is
   * read into one buffer of its announced size, so it costs its own size in memory, not more.
   */
  maxAudioBytes?: number;
  /**
   * Retries after the first attempt. The interface's rule, exactly: an answer is retried only when
   * it is 429, 502, 503 or 504 (never `quota_exceeded`; `upstream_error` once). A failure without
   * an answer is retried only when the request provably never left (connection refused, DNS
   * failure, connect timeout) or is a GET (which changes and costs nothing). A POST that may have
   * reached the service (it timed out, or the connection dropped after it was written) is never
   * sent again: its error has `mayHaveBeenCharged: true`. Default 2.
   */
  maxRetries?: number;
  /**
   * The longest wait the client accepts before a retry, in ms. A `Retry-After` beyond it throws at
   * once with `retryAfterSeconds`, so a UI can tell its user instead of hanging. Default 60_000.
   */
  maxRetryDelayMs?: number;
  /** Who is calling, added to the User-Agent (e.g. `{ name: 'circassian-vscode', version: '1.2.0' }`). */
  appInfo?: { name: string; version?: string; url?: string };
  /** Replaces the whole User-Agent header. */
  userAgent?: string;
  /** Diagnostics sink. Default: none. */
  logger?: Logger;
  /**
   * What requests go through: any undici dispatcher (e.g. a `ProxyAgent` behind a corporate
   * proxy), or anything with the same promise-returning `request()` (see RequestDispatcher). The
   * caller owns it: `close()` leaves it open. Default: one keep-alive undici `Agent` per client,
   * loaded on the first request, so a bundle whose callers always bring their own can leave
   * undici out.
   */
  dispatcher?: RequestDispatcher;
  /**
   * Client-side pacing under a requests-per-minute limit, for bulk work. `true` reads the key's
   * `requests_per_minute` from `me()` on first use. Default: off.
   */
  pacing?: boolean | { requestsPerMinute: number };
  /** Batch requests in flight at once in `translateBatch`. Default 4. */
  batchConcurrency?: number;
  /** Job polling interval in ms; never below the service's 2 s rule. Default 2_000. */
  pollIntervalMs?: number;
}

/**
 * The part of undici's `Dispatcher` the client uses: its promise-returning `request()`, given only
 * the fields below. Every undici dispatcher fits; so can a small adapter over another HTTP stack
 * (the VS Code extension's, over the editor's own `http`/`https`, which honours its proxy settings).
 * Failures carry undici's codes where the client reads them: `UND_ERR_HEADERS_TIMEOUT`,
 * `UND_ERR_BODY_TIMEOUT`, `UND_ERR_CONNECT_TIMEOUT`, or a system code such as `ECONNREFUSED`.
 */
export interface RequestDispatcher {
  request(options: DispatchOptions): Promise<DispatchResponse>;
}

export interface DispatchOptions {
  origin: string;
  path: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body: string | null;
  signal: AbortSignal | null;
  /** The longest wait for the answer's headers, in ms. */
  headersTimeout: number;
  /** The longest gap between two chunks of the body, in ms. */
  bodyTimeout: number;
}

export interface DispatchResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** Per-call options, accepted last by every method. */
export interface RequestOptions {
  /** Cancels the call, including retries, waits and job polling. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt limit. */
  timeoutMs?: number;
  /** Overrides the whole call's time limit (`deadlineMs`, or `speechDeadlineMs` for speech). */
  deadlineMs?: number;
  /** Overrides the size cap of this call's answers, whatever their kind (`maxResponseBytes`, `maxAudioBytes`). */
  maxResponseBytes?: number;
  /** Overrides the client's retry count. */
  maxRetries?: number;
  /** Extra headers for this call (Authorization cannot be replaced here). */
  headers?: Record<string, string>;
}

export const DEFAULTS = {
  timeoutMs: 60_000,
  deadlineMs: 300_000,
  speechDeadlineMs: 9_000_000,
  maxResponseBytes: 4 * 1024 * 1024,
  maxAudioBytes: 330_000_000,
  maxRetries: 2,
  maxRetryDelayMs: 60_000,
  batchConcurrency: 4,
} as const;
