/**
 * Where the audio's duration comes from, best source first: the `X-Audio-Duration` header, the done
 * job (the spec does not name its field, so the plausible names are all accepted), the WAV header.
 */
import { CircassianError } from '../errors.js';
import { wavDurationSeconds } from '../wav.js';

/** Field names in seconds, most likely first: the spec's own snake_case style, then camelCase. */
export const JOB_DURATION_FIELDS = [
  'duration_seconds',
  'duration',
  'audio_duration',
  'audio_duration_seconds',
  'audio_seconds',
  'duration_s',
  'duration_sec',
  'length_seconds',
  'durationSeconds',
  'audioDuration',
] as const;

/** Field names in milliseconds: their value is divided by 1000. */
export const JOB_DURATION_MS_FIELDS = ['duration_ms', 'audio_duration_ms', 'durationMs'] as const;

function asSeconds(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : undefined;
}

export function durationFromHeaders(headers: Readonly<Record<string, string>>): number | undefined {
  return asSeconds(headers['x-audio-duration']);
}

export function durationFromJob(job: Readonly<Record<string, unknown>>): number | undefined {
  for (const field of JOB_DURATION_FIELDS) {
    const seconds = asSeconds(job[field]);
    if (seconds !== undefined) return seconds;
  }
  for (const field of JOB_DURATION_MS_FIELDS) {
    const ms = asSeconds(job[field]);
    if (ms !== undefined) return ms / 1000;
  }
  return undefined;
}

export function audioDurationSeconds(
  audio: Uint8Array,
  headers: Readonly<Record<string, string>>,
  job?: Readonly<Record<string, unknown>>,
): number {
  return durationFromHeaders(headers) ?? (job === undefined ? undefined : durationFromJob(job)) ?? durationFromWav(audio);
}

/** The last resort; a CircassianError when it fails, so the speech call stamps its job id on it. */
function durationFromWav(audio: Uint8Array): number {
  try {
    return wavDurationSeconds(audio);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new CircassianError(`The audio's duration is unknown: the service stated none and the audio is unreadable as WAV (${reason})`, {
      cause,
      operation: 'speech',
    });
  }
}
