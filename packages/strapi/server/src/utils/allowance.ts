// The key's three daily allowances, kept apart: translation characters, audio seconds and
// requests. A quota_exceeded answer says which one ran out only in its (developer) message, so
// the message is read first and the operation that met it second. An allowance pauses only the
// jobs that spend it: audio seconds running out stops audio, never translation.
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

/** Which allowance a quota_exceeded answer is about, from its message, else from the kind of job that met it. */
export function allowanceOf(message: string, kind: JobKind): Allowance {
  if (/\brequest(s)? quota\b|\brequests? (per day|used)\b/i.test(message)) return 'requests';
  if (/\b(speech|audio|seconds?)\b/i.test(message)) return 'audioSeconds';
  if (/\b(translation|characters?)\b/i.test(message)) return 'characters';
  return kind === 'audio' ? 'audioSeconds' : 'characters';
}

/** The kinds of job an exhausted allowance stops: requests stop everything, the others only their own. */
export function kindsStoppedBy(allowance: Allowance): JobKind[] {
  if (allowance === 'requests') return ['translate', 'audio'];
  return allowance === 'audioSeconds' ? ['audio'] : ['translate'];
}

export interface AllowanceUse {
  used: number;
  limit?: number | undefined;
}

/** One sentence naming the allowance, its use today and its reset (the admin shows the time in its own zone). */
export function exhaustedMessage(allowance: Allowance, use: AllowanceUse): string {
  const { name, unit } = ALLOWANCE_WORDS[allowance];
  const used = Math.round(use.used * 10) / 10;
  const amount = use.limit !== undefined ? `${used} of ${use.limit} ${unit} used today` : `${used} ${unit} used today by this plugin`;
  const goesOn =
    allowance === 'requests'
      ? 'All work waits'
      : allowance === 'audioSeconds'
        ? 'Audio waits; translation goes on'
        : 'Translation waits; audio goes on';
  return `Today's ${name} allowance of the key is used up (${amount}). ${goesOn} until the daily reset.`;
}
