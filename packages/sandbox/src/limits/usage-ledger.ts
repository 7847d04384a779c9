import { serviceFacts } from '@circassian/core';
import { formatDuration, nextUtcMidnight, UtcDayCache, type ServiceClock } from '../clock.js';
import { ServiceError } from '../http/errors.js';
import type { DailyUsage, StoredKey } from '../store/types.js';
import { SlidingWindow } from './sliding-window.js';

const WINDOW_MS = 60_000;

/**
 * Per-key usage against the four limits: a sliding 60-second window of requests (rate_limited)
 * and counters for the current UTC day of the service clock (quota_exceeded), which start from
 * zero when the day changes.
 */
export class UsageLedger {
  readonly #daily = new Map<string, DailyUsage>();
  /** Service-clock times of the requests in the last minute, oldest first, per key. */
  readonly #windows = new Map<string, SlidingWindow>();
  readonly #days = new UtcDayCache();
  /** Keys whose counters changed since the journal last took them; undefined without a journal. */
  #changed: Set<string> | undefined;

  constructor(
    private readonly clock: ServiceClock,
    stored: Iterable<[string, DailyUsage]> = [],
    journaled = false,
  ) {
    for (const [prefix, usage] of stored) this.#daily.set(prefix, { ...usage });
    if (journaled) this.#changed = new Set();
  }

  /** Today's counters of a key (fresh ones after UTC midnight). */
  today(prefix: string): DailyUsage {
    const day = this.#days.day(this.clock.now());
    const usage = this.#daily.get(prefix);
    if (usage?.day === day) return usage;
    const fresh = { day, requests: 0, translate_chars: 0, speech_seconds: 0 };
    this.#daily.set(prefix, fresh);
    return fresh;
  }

  /** Counts one request toward the minute window and the day, whatever its outcome. */
  count(key: StoredKey): void {
    this.#window(key.prefix).add(this.clock.now());
    this.today(key.prefix).requests++;
    this.#changed?.add(key.prefix);
  }

  /**
   * Admits a request: rate_limited when the minute window is full (such a call is not counted,
   * so `Retry-After: 60` holds), otherwise counts it and answers quota_exceeded when the day's
   * requests are spent.
   */
  admit(key: StoredKey): void {
    if (this.#window(key.prefix).size(this.clock.now()) >= key.limits.requests_per_minute) {
      const retryAfter = serviceFacts.limits.rateLimitRetryAfterSeconds;
      throw new ServiceError(
        'rate_limited',
        `Rate limit exceeded: ${key.limits.requests_per_minute} requests per minute; retry after ${retryAfter} seconds.`,
        { headers: { 'retry-after': String(retryAfter) } },
      );
    }
    const used = this.today(key.prefix).requests;
    this.count(key);
    if (used >= key.limits.requests_per_day) {
      throw this.#quotaExceeded('request', `${used} of ${key.limits.requests_per_day} requests used`);
    }
  }

  /** Charges translation characters, or answers quota_exceeded without charging. */
  chargeTranslation(key: StoredKey, characters: number): void {
    const usage = this.today(key.prefix);
    const limit = key.limits.translate_chars_per_day;
    if (usage.translate_chars + characters > limit) {
      throw this.#quotaExceeded(
        'translation character',
        `${usage.translate_chars} of ${limit} characters used, this request needs ${characters}`,
      );
    }
    usage.translate_chars += characters;
    this.#changed?.add(key.prefix);
  }

  /** Charges the seconds of audio a speech request will produce; returns the day charged. */
  reserveSpeech(key: StoredKey, seconds: number): string {
    const usage = this.today(key.prefix);
    const limit = key.limits.speech_seconds_per_day;
    if (usage.speech_seconds + seconds > limit) {
      throw this.#quotaExceeded('speech', `${round(usage.speech_seconds)} of ${limit} seconds used, this request needs ${round(seconds)}`);
    }
    usage.speech_seconds = round(usage.speech_seconds + seconds);
    this.#changed?.add(key.prefix);
    return usage.day;
  }

  /** Corrects a speech charge (refund on failure, exact duration after synthesis) on its own day. */
  adjustSpeech(prefix: string, day: string, deltaSeconds: number): void {
    const usage = this.#daily.get(prefix);
    if (usage?.day !== day) return;
    usage.speech_seconds = Math.max(0, round(usage.speech_seconds + deltaSeconds));
    this.#changed?.add(prefix);
  }

  /** When today's counters start over, as ISO text. */
  resetsAt(): string {
    return new Date(nextUtcMidnight(this.clock.now())).toISOString();
  }

  snapshot(): Record<string, DailyUsage> {
    return Object.fromEntries(this.#daily);
  }

  /** The counters changed since the last call (for the journal), or undefined when none did. */
  takeChanged(): Record<string, DailyUsage> | undefined {
    if (!this.#changed?.size) return undefined;
    const changed: Record<string, DailyUsage> = {};
    for (const prefix of this.#changed) {
      const usage = this.#daily.get(prefix);
      if (usage) changed[prefix] = usage;
    }
    this.#changed.clear();
    return changed;
  }

  #window(prefix: string): SlidingWindow {
    let window = this.#windows.get(prefix);
    if (!window) {
      window = new SlidingWindow(WINDOW_MS);
      this.#windows.set(prefix, window);
    }
    return window;
  }

  #quotaExceeded(what: string, usage: string): ServiceError {
    const now = this.clock.now();
    const untilReset = formatDuration(nextUtcMidnight(now) - now);
    return new ServiceError('quota_exceeded', `Daily ${what} quota exceeded: ${usage}; resets in ${untilReset} (00:00 UTC).`);
  }
}

/** Seconds to the millisecond, so counters do not drift with float sums. */
function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
