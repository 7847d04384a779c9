// The key's three daily allowances, kept apart: translation characters, audio seconds and
// requests. Which one a quota_exceeded answer is about is decided in core (readQuotaExceeded:
// the message first, the operation that met it second). An allowance pauses only the jobs that
// spend it: audio seconds running out stops audio, never translation.
import { readQuotaExceeded, type DailyLimitName } from '@circassian/core/facts';
import type { JobKind } from '../constants';

export type Allowance = 'characters' | 'audioSeconds' | 'requests';

/** What an editor reads: the allowance by name and its unit. */
export const ALLOWANCE_WORDS: Readonly<Record<Allowance, { name: string; unit: string }>> = {
  characters: { name: 'translation characters', unit: 'characters' },
  audioSeconds: { name: 'audio seconds', unit: 's' },
  requests: { name: 'requests', unit: 'requests' },
};

/** The key's daily limit of each allowance, as `me()` names it. */
export const LIMIT_OF: Readonly<Record<Allowance, 'translate_chars_per_day' | 'speech_seconds_per_day' | 'requests_per_day'>> = {
  characters: 'translate_chars_per_day',
  audioSeconds: 'speech_seconds_per_day',
  requests: 'requests_per_day',
};

/** The field of `me()`'s `usage` (when the service reports it) that counts against each allowance. */
export const USAGE_OF: Readonly<Record<Allowance, 'translate_chars' | 'speech_seconds' | 'requests'>> = {
  characters: 'translate_chars',
  audioSeconds: 'speech_seconds',
  requests: 'requests',
};

const ALLOWANCE_OF_LIMIT: Readonly<Record<DailyLimitName, Allowance>> = {
  translate_chars_per_day: 'characters',
  speech_seconds_per_day: 'audioSeconds',
  requests_per_day: 'requests',
};

/** Which allowance a quota_exceeded answer is about, from its message, else from the kind of job that met it. */
export function allowanceOf(message: string, kind: JobKind): Allowance {
  return ALLOWANCE_OF_LIMIT[readQuotaExceeded(message, { operation: kind === 'audio' ? 'speech' : 'batch' }).limit];
}

/** The kinds of job an exhausted allowance stops: requests stop everything, the others only their own. */
export function kindsStoppedBy(allowance: Allowance): JobKind[] {
  if (allowance === 'requests') return ['translate', 'audio'];
  return allowance === 'audioSeconds' ? ['audio'] : ['translate'];
}

export interface AllowanceUse {
  used: number;
  limit?: number | undefined;
  /** What the refused request needed, where the service said so and less than that was left. */
  needed?: number | undefined;
}

/** What a refused request needed, as the service's quota_exceeded message says ("… this request needs 12; …"). */
export const neededBy = (message: string): number | undefined => readQuotaExceeded(message).amounts?.needed;

/** What waits while an allowance is out, and what goes on. */
const goesOn = (allowance: Allowance): string =>
  allowance === 'requests'
    ? 'All work waits'
    : allowance === 'audioSeconds'
      ? 'Audio waits; translation goes on'
      : 'Translation waits; audio goes on';

/** One sentence naming the allowance, its use today and its reset (the admin shows the time in its own zone). */
export function exhaustedMessage(allowance: Allowance, use: AllowanceUse): string {
  const { name, unit } = ALLOWANCE_WORDS[allowance];
  const used = Math.round(use.used * 10) / 10;
  const amount = use.limit !== undefined ? `${used} of ${use.limit} ${unit} used today` : `${used} ${unit} used today by this plugin`;
  if (use.needed !== undefined && use.limit !== undefined)
    return `What is left of today's ${name} allowance of the key is not enough (${amount}, this needs ${Math.round(use.needed * 10) / 10}). ${goesOn(allowance)} until the daily reset.`;
  return `Today's ${name} allowance of the key is used up (${amount}). ${goesOn(allowance)} until the daily reset.`;
}

/**
 * Whether the key's allowance is really spent, from the service's own count (`me()`'s usage): a
 * quota_exceeded with allowance left means this one request asked for more than is left (or the
 * answer was a glitch), which is no reason to stop everything until the reset. Without the
 * service's count nothing contradicts the answer, so it is believed.
 */
export const isSpent = (use: { used?: number | undefined; limit?: number | undefined }): boolean =>
  use.used === undefined || use.limit === undefined || use.used >= use.limit;

/** What a quota_exceeded answer comes to, from the service's own count and what the request needed. */
export type QuotaVerdict =
  /** The allowance is not spent: only the refused work waits, nothing is paused (`refusedMessage`). */
  | { readonly spent: false; readonly use: { readonly used: number; readonly limit: number } }
  /**
   * Spent, or as good as spent (the request needed more than is left: `needed`): the work that
   * spends it pauses until the reset (`exhaustedMessage`). `limit` is null where the use is only
   * this plugin's count, which it may be far below (other tools share the key).
   */
  | { readonly spent: true; readonly use: { readonly used: number; readonly limit: number | null; readonly needed?: number } };

/**
 * Whether the key's allowance is really spent when the service answered quota_exceeded. The
 * service's count (`me()`'s usage) decides: with some left, the request asked for more than is
 * left (the service says how much: `needed`) or the answer was a glitch. Where the service gives no
 * count, the answer is believed and the use said is the plugin's own (`pluginUsed`), with the limit
 * only when that count reaches it.
 */
export function quotaVerdict(input: {
  /** The key's daily limit of the allowance, from me(). */
  limit?: number | undefined;
  /** Today's use by the service's count, from me(). */
  serviceUsed?: number | undefined;
  /** Today's use by this plugin's count, for when the service gives none. */
  pluginUsed: number;
  /** What the refused request needed, where the service said so. */
  needed?: number | undefined;
}): QuotaVerdict {
  const { limit, serviceUsed, pluginUsed, needed } = input;
  const tooLittle = needed !== undefined && limit !== undefined && serviceUsed !== undefined && needed > limit - serviceUsed;
  if (!isSpent({ used: serviceUsed, limit }) && !tooLittle && limit !== undefined && serviceUsed !== undefined)
    return { spent: false, use: { used: serviceUsed, limit } };
  const used = serviceUsed ?? pluginUsed;
  const knownLimit = serviceUsed !== undefined || (limit !== undefined && used >= limit) ? (limit ?? null) : null;
  return { spent: true, use: { used, limit: knownLimit, ...(tooLittle && needed !== undefined ? { needed } : {}) } };
}

/**
 * For a job refused by a quota_exceeded while the key's allowance is not spent: the numbers the
 * service gave, and what happens next (tried again shortly; refused again, it waits for the reset).
 */
export function refusedMessage(allowance: Allowance, use: { used: number; limit: number }, again: boolean): string {
  const { name, unit } = ALLOWANCE_WORDS[allowance];
  const round = (value: number) => Math.round(value * 10) / 10;
  const left = `${round(use.limit - use.used)} of ${use.limit} ${unit} left today`;
  return again
    ? `The service refused this again for the key's ${name} (${left}): it needs more than is left, so it waits for the daily reset. Other work goes on.`
    : `The service refused this for the key's ${name}, though the key has ${left}. It will try again shortly; other work goes on.`;
}
