/**
 * Which failed attempts are retried, and after how long. Pure: no I/O, no clock of its own, so the
 * tests assert the scheduled delays instead of sleeping.
 *
 * The rules are the service interface's: of the answers only 429, 502, 503 and 504 retry;
 * `quota_exceeded` never does (waiting for a daily reset is pointless); `upstream_error` retries
 * once; a `Retry-After` is honoured, but one beyond `maxRetryDelayMs` is not waited for at all, so
 * a UI can tell its user instead of freezing (openai-node once dropped such a cap and scripts hung).
 * A failure without an answer retries only when the request core says it may (`mayRetry`: the
 * request provably never left, or it is a GET), so a paid POST is never sent twice. One whose
 * connection failed before a byte of the request was written (`unwritten`) is sent again at once
 * and counts as no retry: nothing reached the service, and nothing says it is in trouble.
 */
import { isErrorType, serviceFacts } from '../service-facts.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** The longest wait the client accepts, from `Retry-After` or backoff. */
  readonly maxRetryDelayMs: number;
  /** First backoff step; doubled per retry. */
  readonly initialBackoffMs: number;
  /** Ceiling of one backoff step before jitter. */
  readonly maxBackoffMs: number;
}

export const DEFAULT_BACKOFF = { initialBackoffMs: 500, maxBackoffMs: 8_000 } as const;

/** Unwritten requests sent again at once per call, uncounted; past that they count as retries (a connection that always fails). */
export const UNWRITTEN_RESENDS = 3;

/** What went wrong with one attempt, as the retry rules see it. */
export type AttemptFailure =
  /**
   * No answer came; `mayRetry` when the request never left or is idempotent, `unwritten` when its
   * connection failed before a byte of it was written, the service being there (see network-failure.ts).
   */
  | { readonly kind: 'network'; readonly mayRetry: boolean; readonly unwritten?: boolean }
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly errorType?: string | undefined;
      readonly retryAfter?: string | undefined;
    };

export interface RetryHistory {
  /** Retries already made for this call. */
  readonly retriesSoFar: number;
  /** How many earlier attempts failed with each error type (for the "retry once" rule). */
  readonly failuresByType: Readonly<Record<string, number>>;
}

export type RetryDecision =
  | { readonly action: 'retry'; readonly delayMs: number }
  | { readonly action: 'fail' }
  /** The server asked for a wait beyond `maxRetryDelayMs`: fail now and say how long it asked for. */
  | { readonly action: 'fail-wait-too-long'; readonly retryAfterSeconds: number };

/**
 * Parses `Retry-After` as delta-seconds or an HTTP date. Returns milliseconds, or undefined when
 * the header is absent or unreadable (then backoff applies).
 */
export function parseRetryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  // A header sent twice arrives joined (`60, 60`): the first value stands.
  const seconds = /^(\d+(?:\.\d+)?)\s*(?:,|$)/.exec(trimmed);
  if (seconds) return Math.round(Number(seconds[1]) * 1000);
  // An HTTP date names its weekday and month; without a letter, Date.parse would read `-1` or
  // `1, 2` as a day in 2001 and turn garbage into "retry now".
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

/** Exponential backoff with up to 25% downward jitter, so clients that failed together spread out. */
export function backoffDelayMs(retriesSoFar: number, policy: RetryPolicy, random: () => number): number {
  const step = Math.min(policy.maxBackoffMs, policy.initialBackoffMs * 2 ** retriesSoFar);
  return Math.round(Math.min(policy.maxRetryDelayMs, step * (1 - 0.25 * random())));
}

/** Whether this failure may be retried at all, ignoring how many retries are left. */
export function isRetryable(failure: AttemptFailure, history: RetryHistory): boolean {
  if (failure.kind === 'network') return failure.mayRetry;
  if (!serviceFacts.retryableStatuses.includes(failure.status)) return false;
  if (!isErrorType(failure.errorType)) return true;
  const rule = serviceFacts.errors[failure.errorType].retry;
  if (rule === 'never') return false;
  if (rule === 'once') return (history.failuresByType[failure.errorType] ?? 0) === 0;
  return true;
}

export function decideRetry(
  failure: AttemptFailure,
  history: RetryHistory,
  policy: RetryPolicy,
  nowMs: number,
  random: () => number = Math.random,
): RetryDecision {
  if (!isRetryable(failure, history)) return { action: 'fail' };
  const askedMs = failure.kind === 'response' ? parseRetryAfterMs(failure.retryAfter, nowMs) : undefined;
  if (askedMs !== undefined && askedMs > policy.maxRetryDelayMs) {
    return { action: 'fail-wait-too-long', retryAfterSeconds: Math.ceil(askedMs / 1000) };
  }
  if (history.retriesSoFar >= policy.maxRetries) return { action: 'fail' };
  return { action: 'retry', delayMs: askedMs ?? backoffDelayMs(history.retriesSoFar, policy, random) };
}

/** What happens after a failed attempt, the deadline included. */
export type NextStep = RetryDecision | { readonly action: 'fail-deadline' };

/** One call's retry bookkeeping: retries made so far, and failures by type (for "retry once"). */
export class RetryTracker {
  #retriesSoFar = 0;
  #unwrittenResends = 0;
  readonly #failuresByType: Record<string, number> = {};
  readonly #policy: RetryPolicy;

  constructor(policy: RetryPolicy) {
    this.#policy = policy;
  }

  /**
   * Decides about a failed attempt and records it. The wait is at least `minDelayMs` (a job's
   * polling rule); a retry that could not start before `latestStart` (the call's deadline) is
   * `fail-deadline`: the failure stands instead of a wait that would end past the deadline.
   */
  next(failure: AttemptFailure, nowMs: number, minDelayMs: number, latestStart: number): NextStep {
    if (failure.kind === 'network' && failure.unwritten && this.#unwrittenResends < UNWRITTEN_RESENDS) {
      if (nowMs >= latestStart) return { action: 'fail-deadline' };
      this.#unwrittenResends++;
      return { action: 'retry', delayMs: 0 };
    }
    const decision = decideRetry(failure, { retriesSoFar: this.#retriesSoFar, failuresByType: this.#failuresByType }, this.#policy, nowMs);
    if (failure.kind === 'response' && failure.errorType !== undefined) {
      this.#failuresByType[failure.errorType] = (this.#failuresByType[failure.errorType] ?? 0) + 1;
    }
    if (decision.action !== 'retry') return decision;
    const delayMs = Math.max(decision.delayMs, minDelayMs);
    if (nowMs + delayMs >= latestStart) return { action: 'fail-deadline' };
    this.#retriesSoFar++;
    return { action: 'retry', delayMs };
  }

  /** Retries scheduled so far (the next attempt's number is this plus one). */
  get retriesSoFar(): number {
    return this.#retriesSoFar;
  }
}
