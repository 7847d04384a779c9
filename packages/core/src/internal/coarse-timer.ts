/**
 * A shared clock for long limits: one interval for every pending body, ticking every
 * COARSE_TICK_MS while any is pending, instead of a setTimeout and clearTimeout per request
 * (measurable in `pnpm bench` at tens of thousands of requests a second). Like undici's own
 * timers it may fire up to a tick late, so it is used only for limits of 10 s and more, where
 * a quarter second is noise; shorter limits get a real timer.
 */
export const COARSE_TICK_MS = 250;

export interface Watch {
  readonly at: number;
  readonly fire: () => void;
}

const pending = new Set<Watch>();
let ticker: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  const now = Date.now();
  for (const watch of pending) {
    if (now >= watch.at) {
      pending.delete(watch);
      watch.fire();
    }
  }
  if (pending.size === 0 && ticker !== undefined) {
    clearInterval(ticker);
    ticker = undefined;
  }
}

/** Calls `fire` once, within a tick after `at` (epoch ms), unless `unwatch` comes first. */
export function watch(at: number, fire: () => void): Watch {
  const entry = { at, fire };
  pending.add(entry);
  if (ticker === undefined) {
    ticker = setInterval(tick, COARSE_TICK_MS);
    // The requests it watches keep the process alive; the clock itself must not.
    ticker.unref?.();
  }
  return entry;
}

export function unwatch(entry: Watch): void {
  pending.delete(entry);
}
