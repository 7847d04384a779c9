/**
 * Edges of the four limits and of the length rules, over real HTTP: the minute window's boundary,
 * concurrent calls at the limit, which 429 wins, what the daily message says, and characters
 * counted as code points everywhere (lengths, batch total, speech threshold, the quota).
 */
import { serviceFacts } from '@circassian/core';
import { startSandbox } from '@circassian/sandbox';
import { describe, expect, it } from 'vitest';
import { errorTypeOf, request, type Reply } from './http.js';
import { useSandbox } from './sandbox-under-test.js';

const sandbox = useSandbox();
const { limits } = serviceFacts;
/** One character outside the Basic Multilingual Plane: two UTF-16 units, one code point. */
const ASTRAL = '😀';

function errorMessage(reply: Reply): string {
  return (reply.json as { error: { message: string } }).error.message;
}

async function usage(key: string): Promise<{ requests: number; translate_chars: number; speech_seconds: number }> {
  return ((await sandbox.call('/v1/me', { key })).json as { usage: { requests: number; translate_chars: number; speech_seconds: number } })
    .usage;
}

describe('requests per minute', () => {
  it('keeps the window closed until a full minute after the oldest admitted call', async () => {
    const key = await sandbox.freshKey({ requests_per_minute: 2 });
    await sandbox.call('/v1/me', { key });
    await sandbox.call('/v1/me', { key });
    expect(errorTypeOf(await sandbox.call('/v1/me', { key }))).toBe('rate_limited');
    await sandbox.running.admin.advanceClock(50);
    expect(errorTypeOf(await sandbox.call('/v1/me', { key }))).toBe('rate_limited');
    await sandbox.running.admin.advanceClock(10);
    expect((await sandbox.call('/v1/me', { key })).status).toBe(200);
  });

  it('admits exactly the limit among concurrent calls, never more', async () => {
    const key = await sandbox.freshKey({ requests_per_minute: 5 });
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0 ? sandbox.call('/v1/me', { key }) : sandbox.call('/v1/translate', { key, body: { text: 'унэ', target_lang: 'ru' } }),
      ),
    );
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(replies.filter((reply) => errorTypeOf(reply) === 'rate_limited')).toHaveLength(25);
  });

  it('answers rate_limited before quota_exceeded when both limits are reached', async () => {
    const key = await sandbox.freshKey({ requests_per_minute: 1, requests_per_day: 1 });
    expect((await sandbox.call('/v1/me', { key })).status).toBe(200);
    const both = await sandbox.call('/v1/me', { key });
    expect([errorTypeOf(both), both.headers.get('retry-after')]).toEqual(['rate_limited', '60']);
    await sandbox.running.admin.advanceClock(61);
    const day = await sandbox.call('/v1/me', { key });
    expect([errorTypeOf(day), day.headers.get('retry-after')]).toEqual(['quota_exceeded', null]);
  });
});

describe('translation characters per day', () => {
  const body = { text: 'Сэ сыадыгэщ', target_lang: 'ru', source_lang: 'kbd' };

  /** What one translation of `body` costs: input plus output characters, read from a first key's usage. */
  async function costOfOne(): Promise<number> {
    const key = await sandbox.freshKey();
    await sandbox.call('/v1/translate', { key, body });
    return (await usage(key)).translate_chars;
  }

  it('takes a translation that spends the limit exactly, and refuses one character less', async () => {
    const cost = await costOfOne();
    const exact = await sandbox.freshKey({ translate_chars_per_day: cost });
    expect((await sandbox.call('/v1/translate', { key: exact, body })).status).toBe(200);
    const short = await sandbox.freshKey({ translate_chars_per_day: cost - 1 });
    expect(errorTypeOf(await sandbox.call('/v1/translate', { key: short, body }))).toBe('quota_exceeded');
    expect((await usage(short)).translate_chars).toBe(0);
  });

  it('admits exactly as many concurrent translations as the limit pays for', async () => {
    const cost = await costOfOne();
    const key = await sandbox.freshKey({ translate_chars_per_day: cost * 3 + cost - 1 });
    const replies = await Promise.all(Array.from({ length: 12 }, () => sandbox.call('/v1/translate', { key, body })));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect(replies.filter((reply) => errorTypeOf(reply) === 'quota_exceeded')).toHaveLength(9);
    expect((await usage(key)).translate_chars).toBe(cost * 3);
  });
});

describe('speech seconds per day', () => {
  it('admits exactly as many concurrent immediate speeches as the seconds left pay for', async () => {
    const probe = await sandbox.freshKey();
    const body = { text: 'Сэ сыадыгэщ', language: 'kbd' };
    const seconds = Number((await sandbox.call('/v1/speech', { key: probe, body })).headers.get('x-audio-duration'));
    const limit = 3;
    const key = await sandbox.freshKey({ speech_seconds_per_day: limit });
    const replies = await Promise.all(Array.from({ length: 20 }, () => sandbox.call('/v1/speech', { key, body })));
    const admitted = Math.floor(limit / seconds + 1e-9);
    expect(admitted).toBeLessThan(20);
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(admitted);
    expect(replies.filter((reply) => errorTypeOf(reply) === 'quota_exceeded')).toHaveLength(20 - admitted);
    expect((await usage(key)).speech_seconds).toBeCloseTo(admitted * seconds, 2);
  });
});

describe('speech refused for a busy model', () => {
  it('charges no seconds for immediate speech that timed out waiting for the slot', async () => {
    const busy = await startSandbox({ speechJobMs: 60_000, queueTimeoutMs: 20, limits: { requests_per_minute: 1000 } });
    try {
      const key = busy.key;
      const job = await request(busy.url, '/v1/speech', { key, body: { text: 'а'.repeat(limits.speechSyncMaxChars + 1) } });
      const reserved = ((await request(busy.url, '/v1/me', { key })).json as { usage: { speech_seconds: number } }).usage.speech_seconds;
      expect(job.json).toMatchObject({ status: 'queued' });
      const refused = await request(busy.url, '/v1/speech', { key, body: { text: 'Сэ сыадыгэщ' } });
      expect([refused.status, errorTypeOf(refused)]).toEqual([503, 'queue_timeout']);
      const after = ((await request(busy.url, '/v1/me', { key })).json as { usage: { speech_seconds: number } }).usage.speech_seconds;
      expect(after).toBe(reserved);
    } finally {
      await busy.close();
    }
  });
});

describe('the daily quota message', () => {
  /** The "resets in 5h 12m" part of a message, in minutes. */
  function minutesToReset(message: string): number {
    const match = /resets in (?:(\d+)h )?(\d+)m/.exec(message);
    expect(match, message).not.toBeNull();
    return Number(match?.[1] ?? 0) * 60 + Number(match?.[2]);
  }

  async function expectedMinutesToReset(): Promise<number> {
    const now = await sandbox.now();
    return Math.ceil((Math.floor(now / 86_400_000 + 1) * 86_400_000 - now) / 60_000);
  }

  it('states the requests used, the limit and the time to the UTC-midnight reset', async () => {
    const key = await sandbox.freshKey({ requests_per_day: 2 });
    await sandbox.call('/v1/me', { key });
    await sandbox.call('/v1/voices', { key });
    const message = errorMessage(await sandbox.call('/v1/me', { key }));
    expect(message).toMatch(/2 of 2 requests/);
    expect(message).toMatch(/00:00 UTC/);
    expect(Math.abs(minutesToReset(message) - (await expectedMinutesToReset()))).toBeLessThanOrEqual(1);
  });

  it('states characters used, the limit and the time to reset for translation characters', async () => {
    const key = await sandbox.freshKey({ translate_chars_per_day: 10 });
    const message = errorMessage(await sandbox.call('/v1/translate', { key, body: { text: 'Сэ сыадыгэщ', target_lang: 'ru' } }));
    expect(message).toMatch(/0 of 10 characters/);
    expect(Math.abs(minutesToReset(message) - (await expectedMinutesToReset()))).toBeLessThanOrEqual(1);
  });

  it('states seconds used, the limit and the time to reset for speech', async () => {
    const key = await sandbox.freshKey({ speech_seconds_per_day: 0 });
    const reply = await sandbox.call('/v1/speech', { key, body: { text: 'Сэ сыадыгэщ' } });
    expect(errorTypeOf(reply)).toBe('quota_exceeded');
    expect(errorMessage(reply)).toMatch(/0 of 0 seconds/);
    expect(Math.abs(minutesToReset(errorMessage(reply)) - (await expectedMinutesToReset()))).toBeLessThanOrEqual(1);
  });

  it('counts down to the next UTC midnight on the service clock', async () => {
    const key = await sandbox.freshKey({ requests_per_day: 0 });
    const now = await sandbox.now();
    await sandbox.running.admin.advanceClock(Math.ceil((Math.floor(now / 86_400_000 + 1) * 86_400_000 - now) / 1000) + 1);
    const justAfterMidnight = minutesToReset(errorMessage(await sandbox.call('/v1/me', { key })));
    expect(justAfterMidnight).toBe(24 * 60);
    await sandbox.running.admin.advanceClock(3600);
    expect(minutesToReset(errorMessage(await sandbox.call('/v1/me', { key })))).toBe(23 * 60);
  });
});

describe('characters are code points everywhere', () => {
  it('accepts a translation of exactly the maximum in astral characters and refuses one more', async () => {
    const key = await sandbox.freshKey();
    const ok = await sandbox.call('/v1/translate', {
      key,
      body: { text: ASTRAL.repeat(limits.textMaxChars), target_lang: 'ru', source_lang: 'en' },
    });
    expect(ok.status).toBe(200);
    const over = await sandbox.call('/v1/translate', { key, body: { text: ASTRAL.repeat(limits.textMaxChars + 1), target_lang: 'ru' } });
    expect((over.json as { detail: { type: string }[] }).detail[0]?.type).toBe('string_too_long');
  });

  it('charges the translation quota in code points, input plus output', async () => {
    const key = await sandbox.freshKey();
    const text = ASTRAL.repeat(100);
    const reply = await sandbox.call('/v1/translate', { key, body: { text, target_lang: 'ru', source_lang: 'en' } });
    const output = (reply.json as { text: string }).text;
    expect((await usage(key)).translate_chars).toBe([...text].length + [...output].length);
  });

  it('takes a batch of exactly the total maximum, in astral characters too, and refuses one more', async () => {
    const key = await sandbox.freshKey();
    const half = limits.batchMaxChars / 2;
    for (const unit of ['а', ASTRAL]) {
      const exact = await sandbox.call('/v1/translate/batch', {
        key,
        body: { texts: [unit.repeat(half), unit.repeat(half)], target_lang: 'en' },
      });
      expect(exact.status, unit).toBe(200);
      const over = await sandbox.call('/v1/translate/batch', {
        key,
        body: { texts: [unit.repeat(half), unit.repeat(half + 1)], target_lang: 'en' },
      });
      expect([over.status, errorTypeOf(over)], unit).toEqual([422, 'invalid_request']);
    }
  });

  it('takes a batch of exactly the maximum number of texts and refuses one more', async () => {
    const key = await sandbox.freshKey();
    const exact = await sandbox.call('/v1/translate/batch', {
      key,
      body: { texts: Array(limits.batchMaxTexts).fill('унэ'), target_lang: 'en' },
    });
    expect((exact.json as { translations: string[] }).translations).toHaveLength(limits.batchMaxTexts);
    const over = await sandbox.call('/v1/translate/batch', {
      key,
      body: { texts: Array(limits.batchMaxTexts + 1).fill('унэ'), target_lang: 'en' },
    });
    expect(errorTypeOf(over)).toBe('invalid_request');
    const empty = await sandbox.call('/v1/translate/batch', { key, body: { texts: [], target_lang: 'en' } });
    expect((empty.json as { detail: { type: string; loc: unknown[] }[] }).detail[0]).toMatchObject({
      type: 'too_short',
      loc: ['body', 'texts'],
    });
  });

  it('keeps speech of exactly the synchronous maximum in astral characters immediate, and makes one more a job', async () => {
    const key = await sandbox.freshKey();
    const sync = await sandbox.call('/v1/speech', { key, body: { text: ASTRAL.repeat(limits.speechSyncMaxChars) } });
    expect(sync.headers.get('content-type')).toBe('audio/wav');
    const job = await sandbox.call('/v1/speech', { key, body: { text: ASTRAL.repeat(limits.speechSyncMaxChars + 1) } });
    expect(job.json).toMatchObject({ status: 'queued' });
  });

  it('counts palochka look-alikes as one character each at the synchronous limit', async () => {
    const key = await sandbox.freshKey();
    const sync = await sandbox.call('/v1/speech', { key, body: { text: 'I'.repeat(limits.speechSyncMaxChars) } });
    expect(sync.headers.get('content-type')).toBe('audio/wav');
  });

  it('accepts instruct of exactly the maximum in astral characters and refuses one more', async () => {
    const key = await sandbox.freshKey();
    const ok = await sandbox.call('/v1/speech', {
      key,
      body: { text: 'hi', language: 'en', instruct: ASTRAL.repeat(limits.instructMaxChars) },
    });
    expect(ok.status).toBe(200);
    const over = await sandbox.call('/v1/speech', { key, body: { text: 'hi', instruct: ASTRAL.repeat(limits.instructMaxChars + 1) } });
    expect((over.json as { detail: { type: string; loc: unknown[] }[] }).detail[0]).toMatchObject({
      type: 'string_too_long',
      loc: ['body', 'instruct'],
    });
  });
});

describe('speech rules at their bounds', () => {
  it('accepts speed exactly at the maximum, refuses the exclusive minimum and just above the maximum with invalid_request', async () => {
    const key = await sandbox.freshKey();
    expect((await sandbox.call('/v1/speech', { key, body: { text: 'hi', speed: limits.speedMax } })).status).toBe(200);
    expect((await sandbox.call('/v1/speech', { key, body: { text: 'hi', speed: null } })).status).toBe(200);
    for (const speed of [limits.speedExclusiveMin, limits.speedMax + 0.001, 0, -1]) {
      const reply = await sandbox.call('/v1/speech', { key, body: { text: 'hi', speed } });
      expect([reply.status, errorTypeOf(reply)], String(speed)).toEqual([422, 'invalid_request']);
    }
  });

  it('refuses an unknown voice and a language outside the speech languages with invalid_request', async () => {
    const key = await sandbox.freshKey();
    for (const body of [
      { text: 'hi', voice: 'robot' },
      { text: 'hi', language: 'tr' },
      { text: 'hi', voice: 'Male' },
    ]) {
      const reply = await sandbox.call('/v1/speech', { key, body });
      expect([reply.status, errorTypeOf(reply)], JSON.stringify(body)).toEqual([422, 'invalid_request']);
    }
  });

  it('logs a reference-audio link only as the fact of its use', async () => {
    const key = await sandbox.freshKey();
    const link = 'https://example.invalid/sample-voice.wav';
    expect((await sandbox.call('/v1/speech', { key, body: { text: 'hi', ref_audio_url: link } })).status).toBe(200);
    const [record] = await sandbox.running.admin.calls({ key: key.split('.')[0] ?? '', operation: 'speech', limit: 1 });
    expect(record).toMatchObject({ ref_audio_used: true, outcome: 'ok' });
    expect(JSON.stringify(record)).not.toContain('sample-voice');
  });
});
