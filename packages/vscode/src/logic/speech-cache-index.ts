// Which spoken audio the cache keeps: the same text, language, voice, speed and voice description
// are never paid for twice, within a bound (entries and bytes) so the global storage does not grow
// for ever; the least recently used go first. Pure: the editor side keeps the files.
import { createHash } from 'node:crypto';

export interface CachedSpeech {
  readonly file: string;
  readonly bytes: number;
  readonly durationSeconds: number;
  /** Milliseconds since the epoch of the last use (a hit counts). */
  readonly usedAt: number;
}

export const SPEECH_CACHE_LIMITS = { entries: 200, bytes: 100 * 1024 * 1024 } as const;

/** The cache key of a speech request: everything that changes the audio. */
export function speechCacheKey(request: {
  readonly text: string;
  readonly language?: string | null | undefined;
  readonly voice?: string | null | undefined;
  readonly speed?: number | null | undefined;
  readonly instruct?: string | null | undefined;
}): string {
  const identity = JSON.stringify([
    request.text,
    request.language ?? '',
    request.voice ?? '',
    request.speed ?? null,
    request.instruct ?? '',
  ]);
  return createHash('sha256').update(identity).digest('hex');
}

/** The keys to drop, least recently used first, so the rest fit both limits. */
export function keysToEvict(
  index: Readonly<Record<string, CachedSpeech>>,
  limits: { readonly entries: number; readonly bytes: number } = SPEECH_CACHE_LIMITS,
): string[] {
  const byUse = Object.entries(index).sort(([, a], [, b]) => a.usedAt - b.usedAt);
  let entries = byUse.length;
  let bytes = byUse.reduce((sum, [, entry]) => sum + entry.bytes, 0);
  const evicted: string[] = [];
  for (const [key, entry] of byUse) {
    if (entries <= limits.entries && bytes <= limits.bytes) break;
    evicted.push(key);
    entries--;
    bytes -= entry.bytes;
  }
  return evicted;
}
