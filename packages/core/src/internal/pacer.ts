/**
 * Client-side pacing under a requests-per-minute limit, for bulk work that would otherwise meet
 * 429 `rate_limited` and its 60-second wait. Pure scheduling: `reserve(now)` books a send time and
 * says how long to wait for it, so concurrent callers never book the same slot, and tests check
 * the schedule without sleeping.
 *
 * At most `requestsPerMinute` sends fall in any window of one minute plus a margin, the margin
 * covering the difference between when the client sends and when the service counts.
 */
export const PACING_WINDOW_MS = 60_000;
export const PACING_MARGIN_MS = 250;

export class Pacer {
  readonly #limit: number;
  readonly #windowMs: number;
  /** Booked send times, ascending. */
  #booked: number[] = [];

  constructor(requestsPerMinute: number, windowMs = PACING_WINDOW_MS + PACING_MARGIN_MS) {
    if (!(requestsPerMinute >= 1)) throw new RangeError(`requestsPerMinute must be at least 1, got ${requestsPerMinute}`);
    this.#limit = Math.floor(requestsPerMinute);
    this.#windowMs = windowMs;
  }

  /** Books the earliest send time at or after `nowMs` that keeps the limit; returns the wait in ms. */
  reserve(nowMs: number): number {
    this.#booked = this.#booked.filter((t) => t > nowMs - this.#windowMs);
    const blocking = this.#booked.length >= this.#limit ? this.#booked[this.#booked.length - this.#limit] : undefined;
    const slot = blocking === undefined ? nowMs : Math.max(nowMs, blocking + this.#windowMs);
    this.#booked.push(slot);
    this.#booked.sort((a, b) => a - b);
    return slot - nowMs;
  }
}
