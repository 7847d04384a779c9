import { describe, expect, it } from 'vitest';
import {
  allowanceOf,
  exhaustedMessage,
  isSpent,
  kindsStoppedBy,
  neededBy,
  quotaVerdict,
  refusedMessage,
} from '../server/src/utils/allowance';
import { audioStatus } from '../server/src/utils/audio-status';

describe('allowances kept apart', () => {
  it.each([
    ['Daily speech quota exceeded: 300 of 300 seconds used, this request needs 12; resets in 2h (00:00 UTC).', 'translate', 'audioSeconds'],
    ['Daily translation character quota exceeded: 10 of 10 characters used, this request needs 40; resets in 1h.', 'audio', 'characters'],
    ['Daily request quota exceeded: 10000 of 10000 requests used; resets in 3h (00:00 UTC).', 'audio', 'requests'],
    ['A daily quota is spent; it resets at 00:00 UTC.', 'audio', 'audioSeconds'],
    ['A daily quota is spent; it resets at 00:00 UTC.', 'translate', 'characters'],
  ] as const)('reads "%s" met by a %s job as %s', (message, kind, allowance) => {
    expect(allowanceOf(message, kind)).toBe(allowance);
  });

  it('pauses only the kind of job that spends the allowance; requests stop everything', () => {
    expect(kindsStoppedBy('audioSeconds')).toEqual(['audio']);
    expect(kindsStoppedBy('characters')).toEqual(['translate']);
    expect(kindsStoppedBy('requests')).toEqual(['translate', 'audio']);
  });

  it('names the allowance, its use and what goes on', () => {
    expect(exhaustedMessage('audioSeconds', { used: 299.96, limit: 300 })).toBe(
      "Today's audio seconds allowance of the key is used up (300 of 300 s used today). Audio waits; translation goes on until the daily reset.",
    );
    expect(exhaustedMessage('characters', { used: 12 })).toBe(
      "Today's translation characters allowance of the key is used up (12 characters used today by this plugin). Translation waits; audio goes on until the daily reset.",
    );
  });
});

describe('audio status per locale', () => {
  const none = { outcome: null, at: null, note: null };
  it('is queued while a job waits, with the pause that holds it', () => {
    expect(audioStatus({ job: { status: 'pending', error: null }, recorded: none, pause: 'Audio waits.' })).toEqual({
      state: 'queued',
      madeAt: null,
      message: 'Audio waits.',
      errorType: null,
      reason: null,
    });
  });
  it('keeps the error type of a retry that waits, and of a failure, for the admin to say in its language', () => {
    const retrying = { status: 'pending', error: 'The speech service is busy.', errorType: 'queue_timeout' };
    expect(audioStatus({ job: retrying, recorded: none, pause: null })).toMatchObject({ state: 'queued', errorType: 'queue_timeout' });
    // A pause says why itself: the job's older error type is not its reason.
    expect(audioStatus({ job: retrying, recorded: none, pause: 'Audio waits.' })).toMatchObject({
      message: 'Audio waits.',
      errorType: null,
    });
    const failed = { status: 'failed', error: 'The speech service could not make this audio.', errorType: 'job_failed' };
    expect(audioStatus({ job: failed, recorded: { outcome: 'failed', at: null, note: failed.error }, pause: null })).toMatchObject({
      state: 'failed',
      errorType: 'job_failed',
    });
  });
  it('says made, skipped and failed from the recorded outcome, keeping when audio was made', () => {
    const at = '2026-11-23T10:00:00.000Z';
    expect(audioStatus({ job: { status: 'done', error: null }, recorded: { outcome: 'made', at, note: null }, pause: null }).state).toBe(
      'made',
    );
    const unchanged = { reason: 'unchanged' } as const;
    expect(
      audioStatus({
        job: { status: 'done', error: null },
        recorded: { outcome: 'skipped', at, note: 'The text did not change.', reason: unchanged },
        pause: null,
      }),
    ).toEqual({ state: 'skipped', madeAt: at, message: 'The text did not change.', errorType: null, reason: unchanged });
    expect(audioStatus({ job: { status: 'failed', error: 'why' }, recorded: none, pause: null })).toEqual({
      state: 'failed',
      madeAt: null,
      message: 'why',
      errorType: null,
      reason: null,
    });
    expect(audioStatus({ job: undefined, recorded: none, pause: null }).state).toBe('none');
  });
});

describe("a quota_exceeded checked against the key's usage", () => {
  it('is believed only when the service counts the allowance spent, or gives no count', () => {
    expect(isSpent({ used: 570.1, limit: 3600 })).toBe(false);
    expect(isSpent({ used: 3600, limit: 3600 })).toBe(true);
    expect(isSpent({ used: undefined, limit: 3600 })).toBe(true);
    expect(isSpent({ used: 12, limit: undefined })).toBe(true);
  });

  it('comes to a verdict: spent, as good as spent for what the request needed, or not spent (only the refused work waits)', () => {
    // Seconds left, nothing said of the need: not spent, the service's count said.
    expect(quotaVerdict({ limit: 3600, serviceUsed: 570.1, pluginUsed: 12 })).toEqual({ spent: false, use: { used: 570.1, limit: 3600 } });
    // Left, but less than the request needed: as good as spent, with what it needed.
    expect(quotaVerdict({ limit: 1, serviceUsed: 0, pluginUsed: 0, needed: 5.3 })).toEqual({
      spent: true,
      use: { used: 0, limit: 1, needed: 5.3 },
    });
    // Enough left for what it needed: not spent.
    expect(quotaVerdict({ limit: 3600, serviceUsed: 0, pluginUsed: 0, needed: 5.3 }).spent).toBe(false);
    // Spent by the service's count.
    expect(quotaVerdict({ limit: 3600, serviceUsed: 3600, pluginUsed: 40 })).toEqual({ spent: true, use: { used: 3600, limit: 3600 } });
    // No count from the service: believed; the plugin's own use is said, without a limit it is below.
    expect(quotaVerdict({ limit: 3600, pluginUsed: 40 })).toEqual({ spent: true, use: { used: 40, limit: null } });
    expect(quotaVerdict({ limit: 3600, pluginUsed: 3600 })).toEqual({ spent: true, use: { used: 3600, limit: 3600 } });
    expect(quotaVerdict({ pluginUsed: 7 })).toEqual({ spent: true, use: { used: 7, limit: null } });
  });

  it('reads what the refused request needed, and says "not enough" rather than "used up" when less was left', () => {
    expect(neededBy('Daily speech quota exceeded: 0 of 1 seconds used, this request needs 5.3; resets in 2h (00:00 UTC).')).toBe(5.3);
    expect(neededBy('A daily quota is spent; it resets at 00:00 UTC.')).toBeUndefined();
    expect(exhaustedMessage('audioSeconds', { used: 0, limit: 1, needed: 5.3 })).toBe(
      "What is left of today's audio seconds allowance of the key is not enough (0 of 1 s used today, this needs 5.3). Audio waits; translation goes on until the daily reset.",
    );
  });

  it('says what is left and what happens next, never "used up" while seconds are left', () => {
    const first = refusedMessage('audioSeconds', { used: 570.1, limit: 3600 }, false);
    expect(first).toBe(
      "The service refused this for the key's audio seconds, though the key has 3029.9 of 3600 s left today. It will try again shortly; other work goes on.",
    );
    expect(refusedMessage('audioSeconds', { used: 570.1, limit: 3600 }, true)).toContain(
      'it needs more than is left, so it waits for the daily reset',
    );
    expect(first).not.toMatch(/used up/);
  });
});
