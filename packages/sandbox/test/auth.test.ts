import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestService } from '../src/testing.js';
import { expectError } from './helpers.js';

let service: TestService;

beforeAll(async () => {
  service = await TestService.start();
});
afterAll(() => service.close());

const V1_CALLS: readonly [string, unknown][] = [
  ['/v1/me', undefined],
  ['/v1/translate', { text: 'hi', target_lang: 'ru' }],
  ['/v1/translate/batch', { texts: ['hi'], target_lang: 'ru' }],
  ['/v1/dictionary', { word: 'hi' }],
  ['/v1/detect', { text: 'hi' }],
  ['/v1/languages', undefined],
  ['/v1/voices', undefined],
  ['/v1/speech', { text: 'hi' }],
  ['/v1/jobs/job_x', undefined],
  ['/v1/audio/art_x', undefined],
];

describe('keys', () => {
  it('answers 401 unauthorized on every v1 operation without a key', async () => {
    for (const [path, body] of V1_CALLS) {
      expectError(await service.call(path, { key: null, body }), 401, 'unauthorized');
    }
  });

  it('answers 401 for a wrong secret, an unknown prefix, a malformed key and a non-bearer scheme', async () => {
    const [prefix] = service.sandbox.key.split('.');
    for (const key of [`${prefix}.wrongsecret`, 'ck_unknown.secret', 'no-dot-at-all', `${prefix}.`, '.secret']) {
      expectError(await service.call('/v1/me', { key }), 401, 'unauthorized');
    }
    const basic = await service.call('/v1/me', { key: null, headers: { authorization: `Basic ${service.sandbox.key}` } });
    expectError(basic, 401, 'unauthorized');
  });

  it('accepts the startup key and keys issued by the owner', async () => {
    expect((await service.call('/v1/me')).status).toBe(200);
    const issued = await service.admin.createKey({ name: 'issued' });
    expect(issued.key).toMatch(/^ck_[a-z2-7]{10}\.[a-z2-7]{40}$/);
    expect((await service.call('/v1/me', { key: issued.key })).status).toBe(200);
  });

  it('stops a revoked key at once, while other keys keep working', async () => {
    const first = await service.admin.createKey({ name: 'to-revoke' });
    const second = await service.admin.createKey({ name: 'stays' });
    expect((await service.call('/v1/me', { key: first.key })).status).toBe(200);
    await service.admin.revokeKey(first.prefix);
    expectError(await service.call('/v1/me', { key: first.key }), 401, 'unauthorized');
    expect((await service.call('/v1/me', { key: second.key })).status).toBe(200);
  });

  it('checks every call on one kept-alive connection: a revoked key or a wrong secret is refused there too', async () => {
    const issued = await service.admin.createKey({ name: 'one-connection' });
    const other = await service.admin.createKey({ name: 'same-connection' });
    const connection = new Pool(service.sandbox.url, { connections: 1 });
    const status = async (key: string) => {
      const response = await connection.request({ path: '/v1/me', method: 'GET', headers: { authorization: `Bearer ${key}` } });
      await response.body.dump();
      return response.statusCode;
    };
    try {
      expect(await status(issued.key)).toBe(200);
      expect(await status(issued.key)).toBe(200);
      expect(await status(`${issued.prefix}.${'a'.repeat(40)}`)).toBe(401);
      expect(await status(other.key)).toBe(200);
      expect(await status(issued.key)).toBe(200);
      await service.admin.revokeKey(issued.prefix);
      expect(await status(issued.key)).toBe(401);
      expect(await status(other.key)).toBe(200);
    } finally {
      await connection.close();
    }
  });

  it('never shows a secret or its hash in the key listing', async () => {
    const issued = await service.admin.createKey({ name: 'secretive' });
    const secret = issued.key.split('.')[1] ?? '';
    const listing = await service.call('/admin/keys', { key: service.sandbox.adminToken });
    const text = JSON.stringify(listing.json);
    expect(text).toContain(issued.prefix);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(hash|salt|secret)"/);
  });
});

describe('admin token', () => {
  it('answers 401 unauthorized on admin controls without the admin token or with a key instead', async () => {
    for (const key of [null, 'wrong-token', service.sandbox.key]) {
      expectError(await service.call('/admin/keys', { key }), 401, 'unauthorized');
      expectError(await service.call('/admin/clock', { key, body: { advance_seconds: 1 } }), 401, 'unauthorized');
    }
  });

  it('does not accept the admin token as an API key', async () => {
    expectError(await service.call('/v1/me', { key: service.sandbox.adminToken }), 401, 'unauthorized');
  });
});
