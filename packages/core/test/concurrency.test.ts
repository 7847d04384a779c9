import { describe, expect, it } from 'vitest';
import { mapWithConcurrency } from '../src/internal/concurrency.js';

/** A task whose completion the test controls, so no timing is involved. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('bounded concurrency', () => {
  it('never runs more than the limit at once and keeps results in input order', async () => {
    const gates = Array.from({ length: 10 }, gate);
    let active = 0;
    let peak = 0;
    const run = mapWithConcurrency(gates, 3, async (g, i) => {
      active++;
      peak = Math.max(peak, active);
      await g.opened;
      active--;
      return i * 2;
    });
    // Open the gates in reverse order: results must still follow the input order.
    for (const g of [...gates].reverse()) {
      g.open();
      await Promise.resolve();
    }
    await new Promise((resolve) => setImmediate(resolve));
    gates.forEach((g) => g.open());
    expect(await run).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);
    expect(peak).toBe(3);
  });

  it('stops starting new work after a failure and reports the first error', async () => {
    const started: number[] = [];
    const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      if (n === 1) throw new Error('boom');
      return n;
    });
    await expect(run).rejects.toThrow('boom');
    expect(started.length).toBeLessThan(6);
  });

  it('handles no items', async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });
});
