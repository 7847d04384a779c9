const DAY_MS = 86_400_000;

/**
 * The service clock: real time plus an offset that `POST /admin/clock` moves forward. Everything
 * that depends on the calendar (daily quota resets, audio link expiry, content retention, the
 * per-minute window) reads this clock, so tests can cross midnight or an hour without waiting.
 */
export class ServiceClock {
  #offsetMs: number;

  constructor(offsetMs = 0) {
    this.#offsetMs = offsetMs;
  }

  /** Milliseconds since the epoch, on the service clock. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  advance(seconds: number): number {
    this.#offsetMs += seconds * 1000;
    return this.now();
  }
}

/** The UTC calendar day of an instant, as `YYYY-MM-DD`. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `utcDay` for instants that mostly fall on the same day: formats a date once per day, not per call. */
export class UtcDayCache {
  #start = 0;
  #end = 0;
  #day = '';

  day(ms: number): string {
    if (ms < this.#start || ms >= this.#end) {
      this.#start = Math.floor(ms / DAY_MS) * DAY_MS;
      this.#end = this.#start + DAY_MS;
      this.#day = utcDay(ms);
    }
    return this.#day;
  }
}

/** The next UTC midnight after an instant, in milliseconds. */
export function nextUtcMidnight(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS;
}

/** "5h 12m" style text for a duration, rounded up to the minute. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}
