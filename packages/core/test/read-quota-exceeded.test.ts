import { describe, expect, it } from 'vitest';
import vectorTable from './quota-message-vectors.json' with { type: 'json' };
import { nextUtcMidnight, readQuotaExceeded, serviceFacts, type DailyLimitName, type KeyLimitName } from '../src/service-facts.js';

/** One row of shared/vectors/quota-messages.json. Absent numbers mean the message states none. */
interface QuotaMessageVector {
  readonly message: string;
  readonly operation?: string;
  readonly limit: DailyLimitName;
  readonly from: 'message' | 'operation';
  readonly used?: number;
  readonly cap?: number;
  readonly needed?: number;
  readonly resetsInMinutes?: number;
  readonly resetsAt?: string;
  readonly why: string;
}

const vectors = vectorTable as readonly QuotaMessageVector[];
const NOW = new Date('2026-11-27T20:48:00Z');

describe('quota_exceeded vectors (shared/vectors/quota-messages.json)', () => {
  it('covers each daily limit, named and inferred', () => {
    for (const limit of ['requests_per_day', 'translate_chars_per_day', 'speech_seconds_per_day'] as const) {
      expect(
        vectors.some((v) => v.limit === limit && v.from === 'message'),
        limit,
      ).toBe(true);
      expect(
        vectors.some((v) => v.limit === limit && v.from === 'operation'),
        limit,
      ).toBe(true);
    }
  });

  it.each(vectors)('$why', (vector) => {
    const reading = readQuotaExceeded(vector.message, { operation: vector.operation, now: NOW });
    expect(reading.limit).toBe(vector.limit);
    expect(reading.from).toBe(vector.from);
    expect(reading.amounts?.used).toBe(vector.used);
    expect(reading.amounts?.cap).toBe(vector.cap);
    expect(reading.amounts?.needed).toBe(vector.needed);
    const expectedReset =
      vector.resetsAt !== undefined
        ? new Date(vector.resetsAt)
        : vector.resetsInMinutes !== undefined
          ? new Date(NOW.getTime() + vector.resetsInMinutes * 60_000)
          : nextUtcMidnight(NOW);
    expect(reading.resetsAt.toISOString()).toBe(expectedReset.toISOString());
  });
});

describe('readQuotaExceeded', () => {
  it('keeps the usage as the service stated it, without what this request needed', () => {
    const reading = readQuotaExceeded(
      'Daily translation character quota exceeded: 990 of 1000 characters used, this request needs 20; resets in 3h 12m (00:00 UTC).',
      { now: NOW },
    );
    expect(reading.usage).toBe('990 of 1000 characters used');
  });

  it('gives no amounts for numbers it cannot read', () => {
    expect(readQuotaExceeded('Daily request quota exceeded: lots of them used', { now: NOW }).amounts).toBeUndefined();
  });
});

describe('DailyLimitName', () => {
  it('is every key limit of the interface but the per-minute one', () => {
    const daily: readonly DailyLimitName[] = ['requests_per_day', 'translate_chars_per_day', 'speech_seconds_per_day'];
    const perDay: readonly KeyLimitName[] = daily;
    expect(serviceFacts.keyLimitNames.filter((name) => name !== 'requests_per_minute').sort()).toEqual([...perDay].sort());
  });
});
