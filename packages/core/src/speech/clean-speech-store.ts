/**
 * The speech memory's limits: a part nobody has used for the grace period goes, then the least
 * recently used go until the store is under its size cap. A host that knows which parts its texts
 * still use (their timings list the parts' keys) passes them as `keep`: those stay whatever their
 * age or the cap, so an old post's next edit still re-voices only what changed.
 */
import type { SpeechStore } from './speech-store.js';

export interface SpeechStoreLimits {
  /** A part unused for longer than this many days is removed. Default 90. */
  readonly unusedForDays?: number;
  /** Then the least recently used parts are removed until the store holds at most this many bytes. Default 512 MiB. */
  readonly maxBytes?: number;
  /** Parts never removed: those the host's texts still use. */
  readonly keep?: (key: string) => boolean;
  /** The time to measure ages from, ms since 1970. Default now. */
  readonly now?: number;
}

export const DEFAULT_SPEECH_STORE_LIMITS = { unusedForDays: 90, maxBytes: 512 * 1024 * 1024 } as const;

export interface SpeechStoreCleanup {
  /** Parts removed, and their bytes. */
  readonly removed: number;
  readonly removedBytes: number;
  /** What the store holds after. */
  readonly entries: number;
  readonly bytes: number;
  /** Still over `maxBytes`: the parts to keep alone are larger. */
  readonly overCap: boolean;
}

const DAY_MS = 86_400_000;

export async function cleanSpeechStore(store: SpeechStore, limits: SpeechStoreLimits = {}): Promise<SpeechStoreCleanup> {
  const unusedForDays = limits.unusedForDays ?? DEFAULT_SPEECH_STORE_LIMITS.unusedForDays;
  const maxBytes = limits.maxBytes ?? DEFAULT_SPEECH_STORE_LIMITS.maxBytes;
  if (!(unusedForDays >= 0)) throw new RangeError(`unusedForDays must be 0 or more, got ${unusedForDays}`);
  if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be 0 or more, got ${maxBytes}`);
  const oldest = (limits.now ?? Date.now()) - unusedForDays * DAY_MS;
  const keep = limits.keep ?? (() => false);

  const survivors: { key: string; bytes: number; lastUsedAt: number }[] = [];
  let removed = 0;
  let removedBytes = 0;
  let bytes = 0;
  let kept = 0;
  for await (const entry of store.entries()) {
    if (keep(entry.key)) {
      bytes += entry.bytes;
      kept += 1;
    } else if (entry.lastUsedAt < oldest) {
      if (await store.remove(entry.key)) {
        removed += 1;
        removedBytes += entry.bytes;
      }
    } else {
      survivors.push(entry);
      bytes += entry.bytes;
    }
  }
  // Over the cap: least recently used first.
  survivors.sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  let left = survivors.length;
  for (const entry of survivors) {
    if (bytes <= maxBytes) break;
    if (await store.remove(entry.key)) {
      removed += 1;
      removedBytes += entry.bytes;
    }
    bytes -= entry.bytes;
    left -= 1;
  }
  return { removed, removedBytes, entries: kept + left, bytes, overCap: bytes > maxBytes };
}
