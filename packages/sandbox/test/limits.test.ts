import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechDurationSeconds } from '../src/engines/index.js';
import { TestService } from '../src/testing.js';
import { expectError, textOf } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await TestService.start();
});
afterAll(() => service.close());

async function usage(key: string) {
  const me = await service.call('/v1/me', { key });
  return (me.json as { usage: { requests: number; translate_chars: number; speech_seconds: number } }).usage;
}

describe('requests per minute', () => {
  it('answers rate_limited with Retry-After: 60 once the minute is full, failed calls included', async () => {
    const key = await service.newKey({ requests_per_minute: 3 });
    expect((await service.call('/v1/me', { key })).status).toBe(200);
    expect((await service.call('/v1/translate', { key, body: {} })).status).toBe(422);
    expect((await service.call('/v1/jobs/nope', { key })).status).toBe(404);
    for (const path of ['/v1/me', '/v1/languages']) {
      const limited = await service.call(path, { key });
      expectError(limited, 429, 'rate_limited');
      expect(limited.headers.get('retry-after')).toBe('60');
    }
  });

  it('lets calls through again once the window has passed on the service clock', async () => {
    const key = await service.newKey({ requests_per_minute: 2 });
    await service.call('/v1/me', { key });
    await service.call('/v1/me', { key });
    expectError(await service.call('/v1/me', { key }), 429, 'rate_limited');
    await service.admin.advanceClock(60);
    expect((await service.call('/v1/me', { key })).status).toBe(200);
  });

  it('does not count calls refused by the rate limiter toward the day', async () => {
    const key = await service.newKey({ requests_per_minute: 1 });
    await service.call('/v1/me', { key });
    for (let i = 0; i < 3; i++) expectError(await service.call('/v1/me', { key }), 429, 'rate_limited');
    await service.admin.advanceClock(61);
    expect((await usage(key)).requests).toBe(2);
  });

  it('keeps one window per key', async () => {
    const limited = await service.newKey({ requests_per_minute: 1 });
    const other = await service.newKey({ requests_per_minute: 1 });
    await service.call('/v1/me', { key: limited });
    expectError(await service.call('/v1/me', { key: limited }), 429, 'rate_limited');
    expect((await service.call('/v1/me', { key: other })).status).toBe(200);
  });
});

describe('requests per day', () => {
  it('answers quota_exceeded with usage and time to reset, then resets at UTC midnight', async () => {
    const key = await service.newKey({ requests_per_day: 3 });
    expect((await service.call('/v1/me', { key })).status).toBe(200);
    expect((await service.call('/v1/detect', { key, body: { text: '' } })).status).toBe(422);
    expect((await service.call('/v1/voices', { key })).status).toBe(200);
    const refused = await service.call('/v1/me', { key });
    const message = expectError(refused, 429, 'quota_exceeded');
    expect(message).toMatch(/3 of 3 requests used/);
    expect(message).toMatch(/resets in (\d+h )?\d+m \(00:00 UTC\)/);
    expect(refused.headers.get('retry-after')).toBeNull();
    await service.crossMidnight();
    expect((await service.call('/v1/me', { key })).status).toBe(200);
  });
});

describe('translation characters per day', () => {
  it('refuses a translation that would pass the limit without charging it, and counts batch and single alike', async () => {
    const key = await service.newKey({ translate_chars_per_day: 60 });
    const first = await service.call('/v1/translate', { key, body: { text: textOf(10, 'x'), target_lang: 'ru', source_lang: 'en' } });
    expect(first.status).toBe(200);
    const spent = (await usage(key)).translate_chars;
    expect(spent).toBe(10 + [...(first.json as { text: string }).text].length);

    const refused = await service.call('/v1/translate/batch', {
      key,
      body: { texts: [textOf(20, 'x'), textOf(20, 'y')], target_lang: 'ru', source_lang: 'en' },
    });
    const message = expectError(refused, 429, 'quota_exceeded');
    expect(message).toContain(`${spent} of 60 characters used`);
    expect(message).toMatch(/resets in .*\(00:00 UTC\)/);
    expect((await usage(key)).translate_chars).toBe(spent);
  });

  it('does not charge dictionary or detect, and resets at UTC midnight', async () => {
    // 12 letters in, `[ru] ` and 12 letters out: 29 characters, so a second one passes 30.
    const key = await service.newKey({ translate_chars_per_day: 30 });
    await service.call('/v1/translate', { key, body: { text: textOf(12, 'a'), target_lang: 'ru', source_lang: 'en' } });
    expectError(
      await service.call('/v1/translate', { key, body: { text: textOf(12, 'a'), target_lang: 'ru', source_lang: 'en' } }),
      429,
      'quota_exceeded',
    );
    expect((await service.call('/v1/dictionary', { key, body: { word: 'уэ' } })).status).toBe(200);
    expect((await service.call('/v1/detect', { key, body: { text: textOf(100) } })).status).toBe(200);
    await service.crossMidnight();
    expect((await usage(key)).translate_chars).toBe(0);
    expect(
      (await service.call('/v1/translate', { key, body: { text: textOf(12, 'a'), target_lang: 'ru', source_lang: 'en' } })).status,
    ).toBe(200);
  });
});

describe('speech seconds per day', () => {
  it('charges the seconds produced and refuses speech that would pass the limit, sync or job', async () => {
    const key = await service.newKey({ speech_seconds_per_day: 10 });
    const text = textOf(40);
    const seconds = speechDurationSeconds(text, 0.85);
    expect(seconds).toBeLessThan(10);
    const first = await service.call('/v1/speech', { key, body: { text } });
    expect(first.status).toBe(200);
    expect((await usage(key)).speech_seconds).toBeCloseTo(Number(first.headers.get('x-audio-duration')), 2);

    const tooLong = textOf(Math.ceil(((10 - seconds + 1) / speechDurationSeconds(text, 0.85)) * 40));
    const refused = await service.call('/v1/speech', { key, body: { text: tooLong } });
    expect(expectError(refused, 429, 'quota_exceeded')).toMatch(/of 10 seconds used.*resets in/);
    const job = await service.call('/v1/speech', { key, body: { text: textOf(1600) } });
    expectError(job, 429, 'quota_exceeded');
  });

  it('starts over at UTC midnight', async () => {
    const key = await service.newKey({ speech_seconds_per_day: 1 });
    expectError(await service.call('/v1/speech', { key, body: { text: textOf(200) } }), 429, 'quota_exceeded');
    const small = await service.call('/v1/speech', { key, body: { text: 'a', speed: 2 } });
    expect(small.status).toBe(200);
    await service.crossMidnight();
    expect((await usage(key)).speech_seconds).toBe(0);
  });

  it('refunds the seconds of a job that fails', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: 'speech', error_type: 'job_failed' });
    const submitted = await service.call('/v1/speech', { key, body: { text: textOf(1600) } });
    const job = await service.waitForJob((submitted.json as { job_id: string }).job_id, key);
    expect(job['status']).toBe('failed');
    expect((await usage(key)).speech_seconds).toBe(0);
  });
});
