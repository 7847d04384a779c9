import { CLIENT_ERROR_TYPES, ERROR_TYPES } from '@circassian/core';
import { describe, expect, test } from 'vitest';
import { describeError, formatTemplate } from '../src/logic/error-messages';
import { SetupMissingError } from '../src/logic/setup-error';

const message = (error: unknown): string => {
  const description = describeError(error);
  return description ? formatTemplate(description.template, description.args) : '';
};

describe('describeError', () => {
  test('every error type of the interface has its own message, none the generic fallback', () => {
    const templates = ERROR_TYPES.map((type) => describeError({ type, message: 'm' })?.template);
    expect(templates.every((template) => template !== 'Circassian: {0}')).toBe(true);
    expect(new Set(templates).size).toBe(ERROR_TYPES.length);
  });

  test('each type gets the action that helps', () => {
    expect(describeError({ type: 'unauthorized' })?.actions).toEqual(['setKey']);
    expect(describeError({ type: 'rate_limited' })?.actions).toEqual(['retry']);
    expect(describeError({ type: 'quota_exceeded' })?.actions).toEqual(['showAccount']);
    expect(describeError({ type: 'invalid_request' })?.actions).toEqual([]);
    expect(describeError({ type: 'connection_error', message: 'x' })?.actions).toEqual(['retry', 'openSettings']);
  });

  test('rate_limited says how long to wait, quota_exceeded passes on the service’s usage and reset', () => {
    expect(message({ type: 'rate_limited', retryAfterSeconds: 42 })).toBe('Too many requests this minute. Try again in 42 seconds.');
    expect(message({ type: 'rate_limited' })).toContain('60 seconds');
  });

  test('quota_exceeded names the limit that ran out and when it resets, in the user’s time zone', () => {
    const now = new Date('2026-11-23T19:30:00Z');
    const at = (text: string, timeZone: string): string => {
      const description = describeError({ type: 'quota_exceeded', message: text }, { now, timeZone, locale: 'en-GB' });
      return description ? formatTemplate(description.template, description.args) : '';
    };
    // The sandbox's wording (packages/sandbox/src/limits/usage-ledger.ts).
    const characters =
      'quota_exceeded: Daily translation character quota exceeded: 990 of 1000 characters used, this request needs 20; resets in 4h 30m (00:00 UTC).';
    // 10 were left: the request was too big, the limit is not spent.
    expect(at(characters, 'Europe/Moscow')).toMatch(
      /needs 20 translation characters, more than the 10 left today of your key’s 1000 \(990 used\)\. .* resets at 03:00 tomorrow, your time\./,
    );
    expect(at(characters, 'America/New_York')).toMatch(/resets at 19:00 today, your time\./);
    expect(at('Daily request quota exceeded: 500 of 500 requests used; resets in 4h 30m (00:00 UTC).', 'UTC')).toMatch(
      /daily request limit is spent \(500 of 500 requests used\)\. It resets at 00:00 tomorrow/,
    );
    expect(at('Daily speech quota exceeded: 600 of 600 seconds used, this request needs 3; resets in 4h 30m (00:00 UTC).', 'UTC')).toMatch(
      /daily speech limit \(seconds of audio\) is spent \(600 of 600 seconds used\)/,
    );
    // A message it cannot read: the next midnight UTC, and the service's own words.
    expect(at('limit reached', 'UTC')).toMatch(
      /A daily limit of your key is spent; the service says: “limit reached” It resets at 00:00 tomorrow/,
    );
  });

  test('the table covers every error type of the client too (the Record makes a missing one a compile error)', () => {
    const generic = CLIENT_ERROR_TYPES.filter((type) => type !== 'unknown' && type !== 'aborted').filter(
      (type) => describeError({ type, message: 'm' })?.template === 'Circassian: {0}',
    );
    expect(generic).toEqual([]);
  });

  test('a cancellation says nothing; setup errors ask for the key or the address', () => {
    expect(describeError({ type: 'aborted' })).toBeUndefined();
    expect(describeError(new SetupMissingError('key'))?.actions).toEqual(['setKey']);
    expect(describeError(new SetupMissingError('baseUrl'))?.actions).toEqual(['setUp']);
  });

  test('anything else is shown with its message and can be retried', () => {
    expect(message(new Error('boom'))).toBe('Circassian: boom');
    expect(describeError('text')?.actions).toEqual(['retry']);
  });
});

test('formatTemplate fills numbered placeholders and leaves unknown ones', () => {
  expect(formatTemplate('{0} and {1}, {2}', ['a', 1])).toBe('a and 1, {2}');
});
