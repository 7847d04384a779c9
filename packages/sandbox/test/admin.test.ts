import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxAdminError } from '../src/index.js';
import { TestService } from '../src/testing.js';
import { errorType, expectDetail, expectError } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await TestService.start();
});
afterAll(() => service.close());

describe('POST, GET, PATCH and DELETE /admin/keys', () => {
  it('creates a key with default limits for the ones omitted and shows the secret only then', async () => {
    const created = await service.admin.createKey({ name: 'partner', limits: { requests_per_minute: 5 } });
    expect(created).toMatchObject({
      name: 'partner',
      prefix: created.key.split('.')[0],
      limits: { requests_per_minute: 5, requests_per_day: 10_000, translate_chars_per_day: 1_000_000, speech_seconds_per_day: 3600 },
      content_logging: true,
      revoked: false,
    });
    const listed = (await service.admin.listKeys()).find((k) => k.prefix === created.prefix);
    expect(listed).toMatchObject({ name: 'partner', revoked: false, usage: { requests: 0 } });
    expect(listed).not.toHaveProperty('key');
  });

  it('changes limits, name and content logging with PATCH, taking effect at once', async () => {
    const created = await service.admin.createKey({ name: 'before' });
    const updated = await service.admin.updateKey(created.prefix, {
      name: 'after',
      limits: { requests_per_minute: 1 },
      content_logging: false,
    });
    expect(updated).toMatchObject({ name: 'after', content_logging: false, limits: { requests_per_minute: 1, requests_per_day: 10_000 } });
    const me = await service.call('/v1/me', { key: created.key });
    expect(me.json).toMatchObject({ name: 'after', content_logging: false, limits: { requests_per_minute: 1 } });
    expectError(await service.call('/v1/me', { key: created.key }), 429, 'rate_limited');
  });

  it('answers 404 not_found for PATCH or DELETE of an unknown prefix, and 204 for a revocation', async () => {
    const token = service.sandbox.adminToken;
    expectError(await service.call('/admin/keys/ck_none', { key: token, method: 'DELETE' }), 404, 'not_found');
    expectError(await service.call('/admin/keys/ck_none', { key: token, method: 'PATCH', raw: '{}' }), 404, 'not_found');
    const created = await service.admin.createKey({ name: 'gone' });
    const revoked = await service.call(`/admin/keys/${created.prefix}`, { key: token, method: 'DELETE' });
    expect(revoked.status).toBe(204);
    expect((await service.admin.listKeys()).find((k) => k.prefix === created.prefix)?.revoked).toBe(true);
  });

  it('validates admin bodies in the schema shape', async () => {
    const token = service.sandbox.adminToken;
    expect(expectDetail(await service.call('/admin/keys', { key: token, body: {} }))[0]).toMatchObject({
      type: 'missing',
      loc: ['body', 'name'],
    });
    const wrongLimit = await service.call('/admin/keys', { key: token, body: { name: 'x', limits: { requests_per_day: -1 } } });
    expect(expectDetail(wrongLimit)[0]).toMatchObject({ type: 'greater_than_equal', loc: ['body', 'limits', 'requests_per_day'] });
    await expect(service.admin.createKey({ name: '' })).rejects.toBeInstanceOf(SandboxAdminError);
  });
});

describe('POST /admin/faults', () => {
  it('drops or reorders the inline markers of the next count translations (markers fault), then answers as before', async () => {
    const key = await service.newKey();
    const body = { text: 'Сэ <x1>адыгэбзэ</x1> сыщоджэ <x2>нобэ</x2>.', source_lang: 'kbd', target_lang: 'ru' };
    const kept = '[ru] Се <x1>адыгебзе</x1> сыщодже <x2>нобе</x2>.';
    await service.admin.injectFault({ operation: 'translate', markers: 'drop' });
    const dropped = (await service.call('/v1/translate', { key, body })).json as { text: string };
    expect(dropped.text).toBe(kept.replace(/<\/?x\d+>/g, ''));
    await service.admin.injectFault({ operation: 'batch', markers: 'reorder', count: 1 });
    const batch = { texts: [body.text, 'Уэ <x1>сыт</x1>?'], source_lang: 'kbd', target_lang: 'ru' };
    const reordered = (await service.call('/v1/translate/batch', { key, body: batch })).json as { translations: string[] };
    expect(reordered.translations[0]?.match(/<\/?x\d+>/g)).toEqual(['</x2>', '<x2>', '</x1>', '<x1>']);
    expect(reordered.translations[1]).toBe('[ru] О </x1>сыт<x1>?');
    const after = (await service.call('/v1/translate', { key, body })).json as { text: string };
    expect(after.text).toBe(kept);
  });

  it('detects the source language from the words, not from the markers', async () => {
    const key = await service.newKey();
    const body = { texts: ['Сэ <x1>кӀуэ</x1><x2/><x3/><x4/><x5/><x6/><x7/><x8/>'], target_lang: 'ru' };
    expect(((await service.call('/v1/translate/batch', { key, body })).json as { source_lang: string }).source_lang).toBe('kbd');
  });

  it('refuses a markers fault on an operation without markers, or with an error or delay', async () => {
    const token = service.sandbox.adminToken;
    expectError(
      await service.call('/admin/faults', { key: token, body: { operation: 'speech', markers: 'drop' } }),
      422,
      'invalid_request',
    );
    expectError(
      await service.call('/admin/faults', { key: token, body: { operation: 'translate', markers: 'drop', error_type: 'upstream_error' } }),
      422,
      'invalid_request',
    );
    expect(
      expectDetail(await service.call('/admin/faults', { key: token, body: { operation: 'translate', markers: 'shuffle' } }))[0],
    ).toMatchObject({ loc: ['body', 'markers'] });
  });

  it('fails the next count calls of an operation with the spec status, then recovers', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: 'translate', error_type: 'upstream_error', count: 2 });
    const body = { text: 'hi', target_lang: 'ru' };
    expect((await service.call('/v1/me', { key })).status).toBe(200);
    expectError(await service.call('/v1/translate', { key, body }), 502, 'upstream_error');
    expectError(await service.call('/v1/translate', { key, body }), 502, 'upstream_error');
    expect((await service.call('/v1/translate', { key, body })).status).toBe(200);
  });

  it('sends every error type with its spec status and headers', async () => {
    const key = await service.newKey();
    const expected: [string, number][] = [
      ['unauthorized', 401],
      ['invalid_request', 422],
      ['rate_limited', 429],
      ['quota_exceeded', 429],
      ['queue_timeout', 503],
      ['upstream_unavailable', 503],
      ['upstream_error', 502],
      ['not_found', 404],
      ['internal_error', 500],
    ];
    for (const [type, status] of expected) {
      await service.admin.injectFault({ operation: 'voices', error_type: type as 'not_found' });
      const result = await service.call('/v1/voices', { key });
      expectError(result, status, type);
      expect(result.headers.get('retry-after')).toBe(type === 'rate_limited' ? '60' : null);
    }
  });

  it('takes status 504 for upstream_unavailable and a Retry-After override', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: 'detect', error_type: 'upstream_unavailable', status: 504 });
    expectError(await service.call('/v1/detect', { key, body: { text: 'a' } }), 504, 'upstream_unavailable');
    await service.admin.injectFault({ operation: 'detect', error_type: 'queue_timeout', retry_after_seconds: 3 });
    const retried = await service.call('/v1/detect', { key, body: { text: 'a' } });
    expectError(retried, 503, 'queue_timeout');
    expect(retried.headers.get('retry-after')).toBe('3');
    const wrongStatus = await service.call('/admin/faults', {
      key: service.sandbox.adminToken,
      body: { operation: 'detect', error_type: 'upstream_error', status: 504 },
    });
    expectError(wrongStatus, 422, 'invalid_request');
  });

  it('applies a * fault to any operation, and DELETE /admin/faults clears faults', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: '*', error_type: 'internal_error', count: 2 });
    expectError(await service.call('/v1/languages', { key }), 500, 'internal_error');
    expectError(await service.call('/v1/dictionary', { key, body: { word: 'a' } }), 500, 'internal_error');
    expect((await service.call('/v1/languages', { key })).status).toBe(200);
    await service.admin.injectFault({ operation: '*', error_type: 'internal_error', count: 5 });
    await service.admin.clearFaults();
    expect((await service.call('/v1/languages', { key })).status).toBe(200);
  });

  it('delays a normal answer by delay_ms when no error type is given', async () => {
    const key = await service.newKey();
    await service.admin.injectFault({ operation: 'me', delay_ms: 200 });
    const started = performance.now();
    const result = await service.call('/v1/me', { key });
    expect(result.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('counts a faulted call toward the key’s limits', async () => {
    const key = await service.newKey({ requests_per_minute: 2 });
    await service.admin.injectFault({ operation: 'me', error_type: 'upstream_error' });
    expectError(await service.call('/v1/me', { key }), 502, 'upstream_error');
    expect((await service.call('/v1/me', { key })).status).toBe(200);
    expectError(await service.call('/v1/me', { key }), 429, 'rate_limited');
  });

  it('does not fault calls without a valid key', async () => {
    await service.admin.injectFault({ operation: 'me', error_type: 'upstream_error' });
    expectError(await service.call('/v1/me', { key: null }), 401, 'unauthorized');
    await service.admin.clearFaults();
  });

  it('refuses a fault with neither error_type nor delay_ms, and an unknown operation', async () => {
    const token = service.sandbox.adminToken;
    expectError(await service.call('/admin/faults', { key: token, body: { operation: 'me' } }), 422, 'invalid_request');
    const unknown = await service.call('/admin/faults', { key: token, body: { operation: 'teleport', error_type: 'not_found' } });
    expect(expectDetail(unknown)[0]?.type).toBe('literal_error');
  });
});

describe('GET /admin/calls', () => {
  it('records every call with timestamp, key, operation, model, volume, outcome and address, failed ones included', async () => {
    const created = await service.admin.createKey({ name: 'recorded', limits: { requests_per_minute: 1000 } });
    await service.call('/v1/translate', { key: created.key, body: { text: 'Hello', target_lang: 'ru', source_lang: 'en' } });
    await service.call('/v1/translate', { key: created.key, body: { text: 5 } });
    await service.call('/v1/speech', { key: created.key, body: { text: 'hi', ref_audio_url: 'https://example.org/me.wav' } });
    const calls = await service.admin.calls({ key: created.prefix });
    expect(calls.map((c) => [c.operation, c.outcome])).toEqual([
      ['speech', 'ok'],
      ['translate', 'validation_error'],
      ['translate', 'ok'],
    ]);
    const [speech, , translation] = calls;
    expect(translation).toMatchObject({ key: created.prefix, model: expect.any(String), address: '127.0.0.1' });
    expect(Number.isNaN(Date.parse(translation?.timestamp ?? ''))).toBe(false);
    expect(translation?.volume.characters).toBeGreaterThan(5);
    expect(speech?.volume.audio_seconds).toBeGreaterThan(0);
    expect(speech?.ref_audio_used).toBe(true);
    expect(JSON.stringify(speech)).not.toContain('example.org');
  });

  it('filters by operation and limits the count', async () => {
    const key = await service.newKey();
    const prefix = key.split('.')[0] ?? '';
    for (let i = 0; i < 3; i++) await service.call('/v1/voices', { key });
    await service.call('/v1/me', { key });
    expect(await service.admin.calls({ key: prefix, operation: 'voices', limit: 2 })).toHaveLength(2);
    expect(await service.admin.calls({ key: prefix, operation: 'me' })).toHaveLength(1);
  });

  it('records calls refused for a missing key and for the rate limit', async () => {
    const key = await service.newKey({ requests_per_minute: 0 });
    await service.call('/v1/detect', { key: null, body: { text: 'a' } });
    await service.call('/v1/detect', { key, body: { text: 'a' } });
    const [limited, anonymous] = await service.admin.calls({ operation: 'detect', limit: 2 });
    expect(limited).toMatchObject({ key: key.split('.')[0], outcome: 'rate_limited' });
    expect(anonymous).toMatchObject({ key: null, outcome: 'unauthorized' });
  });

  it('keeps content only for keys with content logging on, and deletes it after 30 days', async () => {
    const logging = await service.newKey({}, true);
    const silent = await service.newKey({}, false);
    const [loggingPrefix = '', silentPrefix = ''] = [logging.split('.')[0], silent.split('.')[0]];
    const body = { text: 'Private words', target_lang: 'ru', source_lang: 'en' };
    await service.call('/v1/translate', { key: logging, body });
    await service.call('/v1/translate', { key: silent, body });
    const [logged] = await service.admin.calls({ key: loggingPrefix });
    const [unlogged] = await service.admin.calls({ key: silentPrefix });
    expect(logged?.content).toMatchObject({ request: body, response: { source_lang: 'en', target_lang: 'ru' } });
    expect(unlogged?.content).toBeUndefined();
    expect(unlogged?.volume.characters).toBe(logged?.volume.characters);

    await service.admin.advanceClock(29 * 86_400);
    expect((await service.admin.calls({ key: loggingPrefix }))[0]?.content).toBeDefined();
    await service.admin.advanceClock(86_400 + 1);
    const [purged] = await service.admin.calls({ key: loggingPrefix });
    expect(purged?.content).toBeUndefined();
    expect(purged?.operation).toBe('translate');
  });
});

describe('POST /admin/clock', () => {
  it('moves the service clock forward and refuses to move it back', async () => {
    const before = Date.parse((await service.admin.advanceClock(0)).now);
    const after = Date.parse((await service.admin.advanceClock(7200)).now);
    expect(after - before).toBeGreaterThanOrEqual(7_200_000);
    const back = await service.call('/admin/clock', { key: service.sandbox.adminToken, body: { advance_seconds: -5 } });
    expect(errorType(back)).toBe('invalid_request');
  });
});
