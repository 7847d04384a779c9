/**
 * What the request core tells the caller's logger, in one place: each attempt and its answer at
 * debug, each retry and each failure given up at warn. Headers are logged redacted; messages never
 * hold the key (errors are redacted where they are made).
 */
import type { Logger } from '../options.js';
import { redactHeaders } from './headers.js';

/** The call as the log names it. */
export interface LoggedCall {
  readonly method: string;
  /** The path as sent (with the base URL's prefix). */
  readonly path: string;
}

export function logAttempt(log: Logger | undefined, call: LoggedCall, attempt: number, headers: Readonly<Record<string, string>>): void {
  log?.debug?.(`${call.method} ${call.path}`, { attempt, headers: redactHeaders(headers) });
}

export function logAnswer(log: Logger | undefined, call: LoggedCall, status: number, startedAt: number): void {
  log?.debug?.(`${call.method} ${call.path} -> ${status}`, { ms: Date.now() - startedAt });
}

export function logRetry(log: Logger | undefined, call: LoggedCall, error: Error, retry: number, delayMs: number): void {
  log?.warn?.(`${call.method} ${call.path} failed (${error.message}); retry ${retry} in ${delayMs} ms`);
}

export function logWaitTooLong(log: Logger | undefined, call: LoggedCall, retryAfterSeconds: number): void {
  log?.warn?.(`${call.method} ${call.path}: service asked to wait ${retryAfterSeconds} s, over maxRetryDelayMs`);
}

export function logDeadlineFirst(log: Logger | undefined, call: LoggedCall, error: Error): void {
  log?.warn?.(`${call.method} ${call.path} failed (${error.message}); no retry: the deadline comes first`);
}
