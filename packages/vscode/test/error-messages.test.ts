import { ERROR_TYPES } from '@circassian/core';
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
    expect(message({ type: 'quota_exceeded', message: 'translate chars 1000/1000; resets in 3 h' })).toContain('resets in 3 h');
  });

  test('a cancellation says nothing; setup errors ask for the key or the address', () => {
    expect(describeError({ type: 'aborted' })).toBeUndefined();
    expect(describeError(new SetupMissingError('key'))?.actions).toEqual(['setKey']);
    expect(describeError(new SetupMissingError('baseUrl'))?.actions).toEqual(['openSettings']);
  });

  test('anything else is shown with its message and can be retried', () => {
    expect(message(new Error('boom'))).toBe('Circassian: boom');
    expect(describeError('text')?.actions).toEqual(['retry']);
  });
});

test('formatTemplate fills numbered placeholders and leaves unknown ones', () => {
  expect(formatTemplate('{0} and {1}, {2}', ['a', 1])).toBe('a and 1, {2}');
});
