/**
 * The client's options. Every field has its default here; environment fallbacks are read in one
 * place (internal/env.ts).
 */
import type { Dispatcher } from 'undici';

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
   * Time limit of one attempt, in ms: from sending until the response headers arrive, then each gap
   * between body chunks (a long download that keeps flowing is not cut off). An attempt over it
   * ends in TimeoutError, or a retry. undici's timers may fire up to about half a second late;
   * limits under 10 s also get an exact timer for the wait for the headers. Default 60_000.
   */
  timeoutMs?: number;
  /** Retries after the first attempt, for 429/502/503/504 and network failures. Default 2. */
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
   * The undici dispatcher requests go through, e.g. a `ProxyAgent` behind a corporate proxy. The
   * caller owns it: `close()` leaves it open. Default: one keep-alive `Agent` per client.
   */
  dispatcher?: Dispatcher;
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

/** Per-call options, accepted last by every method. */
export interface RequestOptions {
  /** Cancels the call, including retries, waits and job polling. */
  signal?: AbortSignal;
  /** Overrides the client's per-attempt limit. */
  timeoutMs?: number;
  /** Overrides the client's retry count. */
  maxRetries?: number;
  /** Extra headers for this call (Authorization cannot be replaced here). */
  headers?: Record<string, string>;
}

export const DEFAULTS = {
  timeoutMs: 60_000,
  maxRetries: 2,
  maxRetryDelayMs: 60_000,
  batchConcurrency: 4,
} as const;
