import type { KeyLimits } from '../store/types.js';

/**
 * Limits of a key issued without explicit ones. The interface leaves the values to the owner;
 * these are the sandbox's, overridable per key (admin controls) and for the startup key (flags).
 */
export const DEFAULT_KEY_LIMITS: Readonly<KeyLimits> = {
  requests_per_minute: 60,
  requests_per_day: 10_000,
  translate_chars_per_day: 1_000_000,
  speech_seconds_per_day: 3_600,
};

export function withDefaultLimits(limits: Partial<KeyLimits> | undefined): KeyLimits {
  return { ...DEFAULT_KEY_LIMITS, ...limits };
}
