import { describe, expect, it } from 'vitest';
import { PACING_MARGIN_MS, PACING_WINDOW_MS, Pacer } from '../src/internal/pacer.js';

const window = PACING_WINDOW_MS + PACING_MARGIN_MS;

describe('pacing', () => {
  it('lets the first requests_per_minute requests go at once', () => {
    const pacer = new Pacer(3);
    expect([pacer.reserve(0), pacer.reserve(0), pacer.reserve(0)]).toEqual([0, 0, 0]);
  });

  it('books the next request one window after the oldest of the last requests_per_minute', () => {
    const pacer = new Pacer(2);
    pacer.reserve(0);
    pacer.reserve(1_000);
    expect(pacer.reserve(1_000)).toBe(window - 1_000);
    expect(pacer.reserve(1_000)).toBe(window);
  });

  it('never lets more than requests_per_minute sends fall in one window, however callers interleave', () => {
    const pacer = new Pacer(5);
    const sends: number[] = [];
    let now = 0;
    for (let i = 0; i < 40; i++) {
      now += (i * 7_919) % 5_000; // callers arriving irregularly
      sends.push(now + pacer.reserve(now));
    }
    sends.sort((a, b) => a - b);
    for (const [i, t] of sends.entries()) {
      expect(sends.filter((s) => s > t - window && s <= t).length, `window ending at send ${i}`).toBeLessThanOrEqual(5);
    }
  });

  it('forgets sends older than the window', () => {
    const pacer = new Pacer(1);
    pacer.reserve(0);
    expect(pacer.reserve(window + 1)).toBe(0);
  });

  it('rejects a limit below one request per minute', () => {
    expect(() => new Pacer(0)).toThrow(RangeError);
  });
});
