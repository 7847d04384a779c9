import { ConnectionError, NotFoundError, UnauthorizedError, isCircassianError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

describe('request(), the escape hatch', () => {
  it('names a known operation in its errors, as the typed method would', async () => {
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'internal_error', count: 1 });
    const error = await sandbox
      .client()
      .request('POST', '/v1/translate', { body: { text: 'унэ', target_lang: 'ru' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InternalServiceError', operation: 'translate' });
  });

  it('names the method and path in the errors of a path the client does not know', async () => {
    const error = await sandbox
      .client()
      .request('GET', '/v1/nothing-here')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ operation: 'GET /v1/nothing-here' });
  });

  it('keeps an explicit operation name', async () => {
    const error = await sandbox
      .client()
      .request('GET', '/v1/nothing-here', { operation: 'custom' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ operation: 'custom' });
  });

  it('never lets per-call headers replace the key, whatever their case', async () => {
    const client = sandbox.client();
    await expect(client.me({ headers: { Authorization: 'Bearer someone.else' } })).resolves.toMatchObject({
      prefix: sandbox.key.split('.')[0],
    });
    await expect(client.request('GET', '/v1/me', { headers: { AUTHORIZATION: 'Bearer x.y' } })).resolves.toMatchObject({
      prefix: sandbox.key.split('.')[0],
    });
    await expect(
      sandbox.client({ apiKey: 'wrong.key' }).me({ headers: { Authorization: `Bearer ${sandbox.key}` } }),
    ).rejects.toBeInstanceOf(UnauthorizedError);
  });
});

describe('a request undici refuses to send', () => {
  it('fails at once as a CircassianError, not as a connection failure that is retried', async () => {
    const key = await freshKey(sandbox);
    const error = await sandbox
      .client({ apiKey: key, maxRetries: 3 })
      .me({ headers: { 'x-note': 'line\nbreak' } })
      .catch((e: unknown) => e);
    expect(isCircassianError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ operation: 'me', message: expect.stringContaining('x-note') as unknown });
    expect(await sandbox.calls('me', key)).toEqual([]);
  });
});
