import { describe, expect, it } from 'vitest';
import { CircassianError } from '../src/errors.js';
import { JOB_DURATION_FIELDS, audioDurationSeconds, durationFromJob } from '../src/internal/duration.js';
import { encodeWav } from '../src/wav.js';

describe('audio duration', () => {
  const oneSecond = encodeWav(new Int16Array(8_000), 8_000);

  it('prefers the X-Audio-Duration header', () => {
    expect(audioDurationSeconds(oneSecond, { 'x-audio-duration': '2.5' }, { duration_seconds: 9 })).toBe(2.5);
  });

  it('reads the done job under any of the plausible field names', () => {
    for (const [i, field] of JOB_DURATION_FIELDS.entries()) expect(durationFromJob({ [field]: i + 0.5 })).toBe(i + 0.5);
    expect(durationFromJob({ duration: 'nope' })).toBeUndefined();
  });

  it('falls back to the WAV header', () => {
    expect(audioDurationSeconds(oneSecond, {}, { status: 'done' })).toBe(1);
    expect(audioDurationSeconds(oneSecond, { 'x-audio-duration': '' })).toBe(1);
  });

  it('explains a duration it cannot find with a CircassianError, not a bare parse error', () => {
    const notWav = new TextEncoder().encode('ID3 mp3 bytes');
    expect(() => audioDurationSeconds(notWav, {}, { status: 'done' })).toThrow(CircassianError);
    expect(() => audioDurationSeconds(notWav, {})).toThrow(/duration is unknown.*RIFF/u);
    expect(audioDurationSeconds(notWav, {}, { duration_seconds: 3 })).toBe(3);
  });
});
