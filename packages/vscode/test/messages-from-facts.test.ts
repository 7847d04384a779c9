// Messages built from the facts an error or a count carries (issue 26): what the service said, in
// words, never the client's raw "429 quota_exceeded (batch): …"; a base URL without its scheme
// named as such; the hover's cap after it was lowered; a count of one in the singular.
import { makeAPIError } from '@circassian/core';
import { describe, expect, test } from 'vitest';
import { describeError, formatTemplate } from '../src/logic/error-messages';
import { hoverPausedMessage } from '../src/logic/hover-budget';
import { fixedLookAlikesMessage } from '../src/logic/palochka-messages';
import { SetupInvalidBaseUrlError, SetupMissingError } from '../src/logic/setup-error';

const now = new Date('2026-11-23T19:30:00Z');
const said = (error: unknown): string => {
  const description = describeError(error, { now, timeZone: 'UTC', locale: 'en-GB' });
  return description ? formatTemplate(description.template, description.args) : '';
};
/** The error the core client builds from the service's 429 answer to a batch call. */
const quota = (serviceMessage: string): unknown =>
  makeAPIError({
    status: 429,
    headers: {},
    body: { error: { type: 'quota_exceeded', message: serviceMessage } },
    operation: 'batch',
  });

describe('quota messages say what the service said', () => {
  test('a request bigger than what is left: it needed N, M of L used, not “the limit is spent”', () => {
    const text = said(
      quota('Daily translation character quota exceeded: 44 of 60 characters used, this request needs 59; resets in 4h 30m (00:00 UTC).'),
    );
    expect(text).toBe(
      'This request needs 59 translation characters, more than the 16 left today of your key’s 60 (44 used). Send a shorter text, or wait: the limit resets at 00:00 tomorrow, your time.',
    );
    expect(text).not.toMatch(/spent|429|quota_exceeded/);
    expect(
      said(quota('Daily speech quota exceeded: 590.5 of 600 seconds used, this request needs 12.3; resets in 4h 30m (00:00 UTC).')),
    ).toMatch(/^This audio needs 12\.3 seconds of speech, more than the 9\.5 left today of your key’s 600 \(590\.5 used\)\./);
  });

  test('a limit that is spent says so with the usage', () => {
    expect(
      said(quota('Daily translation character quota exceeded: 60 of 60 characters used, this request needs 5; resets in 4h 30m.')),
    ).toBe('Your key’s daily translation character limit is spent (60 of 60 characters used). It resets at 00:00 tomorrow, your time.');
  });

  test('a message it cannot read: the service’s own words, without the status, type and operation', () => {
    const text = said(quota('A daily quota is spent; it resets at 00:00 UTC. (fault injected through /admin/faults)'));
    expect(text).toBe(
      'A daily limit of your key is spent; the service says: “A daily quota is spent; it resets at 00:00 UTC. (fault injected through /admin/faults)” It resets at 00:00 tomorrow, your time.',
    );
    expect(text).not.toContain('429');
  });
});

describe('setup messages name what is wrong', () => {
  test('a base URL without http(s):// is its own message, with the address as typed', () => {
    const description = describeError(new SetupInvalidBaseUrlError('example.org/circassian'));
    expect(description?.type).toBe('setup_invalid_baseUrl');
    expect(description?.actions).toEqual(['openSettings']);
    expect(formatTemplate(description?.template ?? '', description?.args ?? [])).toBe(
      'The service address “example.org/circassian” (circassian.baseUrl) does not start with http:// or https://. Write it in full, such as https://example.org/circassian.',
    );
    expect(said(new SetupMissingError('baseUrl'))).not.toMatch(/http/);
  });

  test('neither key nor address: one notice naming both, whose Set Up asks both in one flow', () => {
    const both = describeError(new SetupMissingError('both'));
    expect(both?.type).toBe('setup_missing_both');
    expect(both?.actions).toEqual(['setUp']);
    expect(formatTemplate(both?.template ?? '', both?.args ?? [])).toMatch(/API key and the service address/);
    expect(describeError(new SetupMissingError('baseUrl'))?.actions).toEqual(['setUp']);
  });
});

describe('counts', () => {
  test('the hover’s pause after the cap was lowered: not “392 of 200”', () => {
    const lowered = hoverPausedMessage({ used: 392, needed: 12, limit: 200 });
    expect(formatTemplate(lowered.template, lowered.args)).toBe(
      'Hover translation is paused for today: 392 characters were used, more than the daily cap of 200 (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
    );
    const near = hoverPausedMessage({ used: 190, needed: 30, limit: 200 });
    expect(formatTemplate(near.template, near.args)).toBe(
      'Hover translation is paused for today: this text needs 30 characters and 10 of the daily 200 are left (setting circassian.hover.dailyCharacterLimit). Translate Selection still works.',
    );
    const off = hoverPausedMessage({ used: 0, needed: 5, limit: 0 });
    expect(formatTemplate(off.template, off.args)).toBe('Hover translation is off: circassian.hover.dailyCharacterLimit is 0.');
  });

  test('one palochka look-alike fixed is singular', () => {
    const one = fixedLookAlikesMessage(1);
    expect(formatTemplate(one.template, one.args)).toBe('Fixed 1 palochka look-alike');
    const three = fixedLookAlikesMessage(3);
    expect(formatTemplate(three.template, three.args)).toBe('Fixed 3 palochka look-alikes');
  });
});
