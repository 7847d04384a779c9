import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_BACKOFF,
  RetryTracker,
  UNWRITTEN_RESENDS,
  backoffDelayMs,
  decideRetry,
  parseRetryAfterMs,
  type AttemptFailure,
  type RetryHistory,
  type RetryPolicy,
} from '../src/internal/retry.js';
import { serviceFacts } from '../src/service-facts.js';

const policy: RetryPolicy = { maxRetries: 2, maxRetryDelayMs: 60_000, ...DEFAULT_BACKOFF };
const fresh: RetryHistory = { retriesSoFar: 0, failuresByType: {} };
const now = Date.parse('2026-01-01T00:00:00Z');
const noJitter = () => 0;
const response = (status: number, errorType?: string, retryAfter?: string): AttemptFailure => ({
  kind: 'response',
  status,
  errorType,
  retryAfter,
});

describe('retry decisions', () => {
  it('retries every status the service lists as retryable when the type is unknown', () => {
    for (const status of serviceFacts.retryableStatuses) {
      expect(decideRetry(response(status), fresh, policy, now, noJitter).action).toBe('retry');
    }
  });

  it('never retries other statuses, whatever the type says', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 500, 501]) {
      expect(decideRetry(response(status, 'rate_limited'), fresh, policy, now).action).toBe('fail');
    }
  });

  it('does not retry quota_exceeded', () => {
    expect(decideRetry(response(429, 'quota_exceeded', '60'), fresh, policy, now).action).toBe('fail');
  });

  it('retries upstream_error once and then reports it', () => {
    expect(decideRetry(response(502, 'upstream_error'), fresh, policy, now, noJitter).action).toBe('retry');
    const afterOne: RetryHistory = { retriesSoFar: 1, failuresByType: { upstream_error: 1 } };
    expect(decideRetry(response(502, 'upstream_error'), afterOne, policy, now).action).toBe('fail');
  });

  it('retries a failure without an answer when the request never left or is a GET', () => {
    expect(decideRetry({ kind: 'network', mayRetry: true }, fresh, policy, now, noJitter)).toEqual({ action: 'retry', delayMs: 500 });
  });

  it('never retries a failure without an answer that may have reached the service (a POST)', () => {
    expect(decideRetry({ kind: 'network', mayRetry: false }, fresh, policy, now, noJitter)).toEqual({ action: 'fail' });
  });

  it('stops when the retries are used up', () => {
    const spent: RetryHistory = { retriesSoFar: 2, failuresByType: { queue_timeout: 2 } };
    expect(decideRetry(response(503, 'queue_timeout'), spent, policy, now).action).toBe('fail');
    expect(
      decideRetry({ kind: 'network', mayRetry: true }, { retriesSoFar: 0, failuresByType: {} }, { ...policy, maxRetries: 0 }, now).action,
    ).toBe('fail');
  });

  it('waits exactly the Retry-After seconds when the service gives them', () => {
    expect(decideRetry(response(429, 'rate_limited', '7'), fresh, policy, now)).toEqual({ action: 'retry', delayMs: 7000 });
  });

  it('reads Retry-After given as an HTTP date', () => {
    const inTen = new Date(now + 10_000).toUTCString();
    expect(decideRetry(response(503, 'queue_timeout', inTen), fresh, policy, now)).toEqual({ action: 'retry', delayMs: 10_000 });
  });

  it('fails at once with retryAfterSeconds when the asked wait exceeds maxRetryDelayMs', () => {
    const short = { ...policy, maxRetryDelayMs: 5_000 };
    expect(decideRetry(response(429, 'rate_limited', '60'), fresh, short, now)).toEqual({
      action: 'fail-wait-too-long',
      retryAfterSeconds: 60,
    });
  });

  it('backs off exponentially with at most 25% jitter when no delay is given', () => {
    const delays = [0, 1, 2, 3, 4, 5].map((n) => backoffDelayMs(n, policy, noJitter));
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    expect(backoffDelayMs(2, policy, () => 1)).toBe(1500);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(1750);
  });

  it('never schedules a backoff longer than maxRetryDelayMs', () => {
    expect(backoffDelayMs(10, { ...policy, maxRetryDelayMs: 1_200 }, noJitter)).toBe(1_200);
  });
});

describe('a request whose connection failed before it was written', () => {
  const unwritten: AttemptFailure = { kind: 'network', mayRetry: true, unwritten: true };

  it(`is sent again at once ${UNWRITTEN_RESENDS} times without counting as a retry, then retries as a request that never left`, () => {
    const tracker = new RetryTracker({ ...policy, maxRetries: 0 });
    for (let resend = 0; resend < UNWRITTEN_RESENDS; resend++)
      expect(tracker.next(unwritten, now, 0, now + 60_000)).toEqual({ action: 'retry', delayMs: 0 });
    expect(tracker.retriesSoFar).toBe(0);
    expect(tracker.next(unwritten, now, 0, now + 60_000)).toEqual({ action: 'fail' });
  });

  it('is not sent again once the call is past its deadline', () => {
    expect(new RetryTracker(policy).next(unwritten, now, 0, now)).toEqual({ action: 'fail-deadline' });
  });
});

describe('Retry-After parsing', () => {
  it('accepts delta seconds, fractions and HTTP dates', () => {
    expect(parseRetryAfterMs('60', now)).toBe(60_000);
    expect(parseRetryAfterMs(' 1.5 ', now)).toBe(1_500);
    expect(parseRetryAfterMs(new Date(now + 3_000).toUTCString(), now)).toBe(3_000);
  });

  it('treats a date in the past as no wait, and garbage or absence as no header', () => {
    expect(parseRetryAfterMs(new Date(now - 3_000).toUTCString(), now)).toBe(0);
    expect(parseRetryAfterMs('soon', now)).toBeUndefined();
    expect(parseRetryAfterMs('', now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });

  it('does not read a negative or bare number that is not delta-seconds as a date in the past', () => {
    // Date.parse('-1') and Date.parse('1 2') are dates in 2001: that would mean "retry now".
    expect(parseRetryAfterMs('-1', now)).toBeUndefined();
    expect(parseRetryAfterMs('1 2', now)).toBeUndefined();
    expect(parseRetryAfterMs('1e3', now)).toBeUndefined();
  });

  it('reads the first of repeated headers joined by a comma', () => {
    expect(parseRetryAfterMs('60, 60', now)).toBe(60_000);
    expect(parseRetryAfterMs('2,5', now)).toBe(2_000);
  });
});

describe('retry decisions (properties)', () => {
  const failures = fc.oneof(
    fc.constant<AttemptFailure>({ kind: 'network', mayRetry: true }),
    fc.constant<AttemptFailure>({ kind: 'network', mayRetry: false }),
    fc.record({
      kind: fc.constant('response' as const),
      status: fc.integer({ min: 400, max: 599 }),
      errorType: fc.option(fc.constantFrom(...Object.keys(serviceFacts.errors), 'something_new'), { nil: undefined }),
      retryAfter: fc.option(
        fc.oneof(
          fc.nat({ max: 600 }).map(String),
          fc.constant('garbage'),
          fc.nat({ max: 600 }).map((s) => new Date(now + s * 1000).toUTCString()),
        ),
        { nil: undefined },
      ),
    }),
  );
  const policies = fc.record({
    maxRetries: fc.nat({ max: 5 }),
    maxRetryDelayMs: fc.integer({ min: 0, max: 120_000 }),
    initialBackoffMs: fc.integer({ min: 1, max: 2_000 }),
    maxBackoffMs: fc.integer({ min: 1, max: 60_000 }),
  });
  const histories = fc.record({
    retriesSoFar: fc.nat({ max: 6 }),
    failuresByType: fc.dictionary(fc.constantFrom(...Object.keys(serviceFacts.errors)), fc.nat({ max: 3 })),
  });

  it('never waits longer than maxRetryDelayMs, never retries past maxRetries, never retries quota_exceeded', () => {
    fc.assert(
      fc.property(failures, histories, policies, fc.double({ min: 0, max: 1, noNaN: true }), (failure, history, p, r) => {
        const decision = decideRetry(failure, history, p, now, () => r);
        if (decision.action !== 'retry') return;
        expect(decision.delayMs).toBeLessThanOrEqual(p.maxRetryDelayMs);
        expect(decision.delayMs).toBeGreaterThanOrEqual(0);
        expect(history.retriesSoFar).toBeLessThan(p.maxRetries);
        if (failure.kind === 'network') expect(failure.mayRetry).toBe(true);
        if (failure.kind === 'response') {
          expect(serviceFacts.retryableStatuses).toContain(failure.status);
          expect(failure.errorType).not.toBe('quota_exceeded');
        }
      }),
    );
  });
});
