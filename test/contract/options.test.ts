import { CircassianClient, CircassianError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

describe('client options', () => {
  it.each([
    ['maxRetries', Number.NaN],
    ['maxRetries', -1],
    ['maxRetries', 1.5],
    ['timeoutMs', 0],
    ['timeoutMs', Number.NaN],
    ['maxRetryDelayMs', -5],
    ['batchConcurrency', 0],
    ['pollIntervalMs', Number.NaN],
  ])('refuses %s: %s at construction, naming the option', (name, value) => {
    expect(() => new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url, [name]: value })).toThrow(
      expect.objectContaining({ name: 'CircassianError', message: expect.stringContaining(name) as unknown }),
    );
  });

  it('refuses a per-call maxRetries that is not a whole number before sending, instead of retrying without end', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: key });
    await sandbox.admin.injectFault({ operation: 'me', error_type: 'queue_timeout', count: 2, retry_after_seconds: 0 });
    const error = await client.me({ maxRetries: Number.NaN }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CircassianError);
    expect((error as Error).message).toContain('maxRetries');
    expect(await sandbox.calls('me', key)).toEqual([]);
  });

  it('takes maxRetries: 0 as no retry at all', async () => {
    const key = await freshKey(sandbox);
    await sandbox.admin.injectFault({ operation: 'detect', error_type: 'upstream_unavailable', count: 1, retry_after_seconds: 0 });
    await expect(sandbox.client({ apiKey: key, maxRetries: 0 }).detect({ text: 'унэ' })).rejects.toMatchObject({
      name: 'UpstreamUnavailableError',
      operation: 'detect',
    });
    expect((await sandbox.calls('detect', key)).map((c) => c.outcome)).toEqual(['upstream_unavailable']);
  });

  it('retries a POST after a Retry-After of 0 without waiting for backoff', async () => {
    const key = await freshKey(sandbox);
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'rate_limited', count: 2, retry_after_seconds: 0 });
    await expect(sandbox.client({ apiKey: key, maxRetries: 2 }).translate({ text: 'унэ', target_lang: 'en' })).resolves.toMatchObject({
      target_lang: 'en',
    });
    expect((await sandbox.calls('translate', key)).map((c) => c.outcome)).toEqual(['rate_limited', 'rate_limited', 'ok']);
  });
});

describe('timeoutMs', () => {
  // undici's own timers tick every half second or so: 500 ms against a 900 ms answer tells them apart.
  it('times out an answer slower than a sub-second timeoutMs', async () => {
    await sandbox.admin.injectFault({ operation: 'voices', delay_ms: 900, count: 1 });
    const error = await sandbox
      .client({ maxRetries: 0, timeoutMs: 500 })
      .voices()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 500, operation: 'voices' });
  });

  it('times out an answer slower than a per-call timeoutMs of one second', async () => {
    await sandbox.admin.injectFault({ operation: 'languages', delay_ms: 1_450, count: 1 });
    const error = await sandbox
      .client({ maxRetries: 0 })
      .languages({ timeoutMs: 1_000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 1_000, operation: 'languages' });
  });
});

describe('close()', () => {
  it('makes later calls fail at once with a clear error instead of retrying a closed pool', async () => {
    const key = await freshKey(sandbox);
    const client = new CircassianClient({ apiKey: key, baseUrl: sandbox.url, maxRetries: 5 });
    await client.me();
    await client.close();
    const error = await client.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CircassianError);
    expect(error).toMatchObject({ operation: 'me', message: expect.stringMatching(/closed/) as unknown });
    expect(error).not.toHaveProperty('name', 'ConnectionError');
    expect(await sandbox.calls('me', key)).toHaveLength(1);
  });

  it('may be called twice', async () => {
    const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
    await client.me();
    await client.close();
    await expect(client.close()).resolves.toBeUndefined();
  });
});

describe('apiKey', () => {
  it('takes a key read from a file with its line break, as the environment variable is taken', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: `  ${key}\n`, maxRetries: 0 });
    await expect(client.me()).resolves.toMatchObject({ prefix: key.split('.')[0] });
  });

  it('refuses a blank key at construction', () => {
    expect(() => new CircassianClient({ apiKey: ' \n', baseUrl: sandbox.url })).toThrow(/No API key/);
  });
});
