import { QuotaExceededError, RateLimitedError, TimeoutError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

/** A client on a fresh key, and the count of its translate calls the service saw. */
async function setup(options: Parameters<typeof sandbox.client>[0] = {}) {
  const key = await freshKey(sandbox);
  const client = sandbox.client({ apiKey: key, ...options });
  const translate = () => client.translate({ text: 'унэ', source_lang: 'kbd', target_lang: 'ru' });
  const records = () => sandbox.calls('translate', key);
  const calls = async () => (await records()).map((c) => c.outcome);
  return { client, translate, calls, records };
}

describe('retries', () => {
  it('retries queue_timeout with backoff until it succeeds', async () => {
    const { translate, calls } = await setup({ maxRetries: 2 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'queue_timeout', count: 2 });
    await expect(translate()).resolves.toMatchObject({ target_lang: 'ru' });
    expect(await calls()).toEqual(['queue_timeout', 'queue_timeout', 'ok']);
  });

  it('retries upstream_unavailable sent as 504 as well as 503', async () => {
    const { translate, calls } = await setup({ maxRetries: 1 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'upstream_unavailable', status: 504, count: 1 });
    await expect(translate()).resolves.toMatchObject({ target_lang: 'ru' });
    expect(await calls()).toEqual(['upstream_unavailable', 'ok']);
  });

  it('gives up after maxRetries and throws the last error', async () => {
    const { translate, calls } = await setup({ maxRetries: 1 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'upstream_unavailable', count: 5 });
    await expect(translate()).rejects.toMatchObject({ name: 'UpstreamUnavailableError' });
    expect(await calls()).toEqual(['upstream_unavailable', 'upstream_unavailable']);
  });

  it('retries upstream_error once, then reports it', async () => {
    const { translate, calls } = await setup({ maxRetries: 5 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'upstream_error', count: 3 });
    await expect(translate()).rejects.toMatchObject({ name: 'UpstreamFailureError', status: 502 });
    expect(await calls()).toEqual(['upstream_error', 'upstream_error']);
  });

  it('does not retry quota_exceeded', async () => {
    const { translate, calls } = await setup({ maxRetries: 5 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'quota_exceeded', count: 3 });
    await expect(translate()).rejects.toBeInstanceOf(QuotaExceededError);
    expect(await calls()).toEqual(['quota_exceeded']);
  });

  it('does not retry internal_error, not_found or invalid_request', async () => {
    const { translate, calls } = await setup({ maxRetries: 5 });
    for (const type of ['internal_error', 'not_found', 'invalid_request'] as const) {
      await sandbox.admin.injectFault({ operation: 'translate', error_type: type, count: 3 });
      await expect(translate()).rejects.toMatchObject({ type });
      await sandbox.admin.clearFaults();
    }
    expect(await calls()).toEqual(['internal_error', 'not_found', 'invalid_request']);
  });

  it('honours a short Retry-After and then succeeds', async () => {
    const { translate, calls, records } = await setup({ maxRetries: 1 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'rate_limited', count: 1, retry_after_seconds: 1 });
    await expect(translate()).resolves.toMatchObject({ target_lang: 'ru' });
    expect(await calls()).toEqual(['rate_limited', 'ok']);
    const [first, second] = await records();
    expect(Date.parse(second?.timestamp ?? '') - Date.parse(first?.timestamp ?? '')).toBeGreaterThanOrEqual(1000);
  });

  it('throws at once, with retryAfterSeconds, when Retry-After is beyond maxRetryDelayMs', async () => {
    const { translate, calls } = await setup({ maxRetries: 3, maxRetryDelayMs: 5_000 });
    await sandbox.admin.injectFault({ operation: 'translate', error_type: 'rate_limited', count: 1, retry_after_seconds: 600 });
    const error = await translate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterSeconds: 600 });
    expect(await calls()).toEqual(['rate_limited']);
  });

  it('turns a slow answer into TimeoutError when no retry is allowed', async () => {
    const { translate } = await setup({ maxRetries: 0, timeoutMs: 300 });
    await sandbox.admin.injectFault({ operation: 'translate', delay_ms: 3_000, count: 1 });
    const error = await translate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ timeoutMs: 300, operation: 'translate' });
  });

  it('retries a GET whose attempt timed out, and the next attempt succeeds', async () => {
    const { client } = await setup({ maxRetries: 1, timeoutMs: 300 });
    await sandbox.admin.injectFault({ operation: 'me', delay_ms: 3_000, count: 1 });
    await expect(client.me()).resolves.toMatchObject({ prefix: expect.any(String) });
  });

  it('lets a per-call timeoutMs and maxRetries override the client', async () => {
    const { client } = await setup({ maxRetries: 3, timeoutMs: 60_000 });
    await sandbox.admin.injectFault({ operation: 'me', delay_ms: 3_000, count: 1 });
    await expect(client.me({ timeoutMs: 200, maxRetries: 0 })).rejects.toBeInstanceOf(TimeoutError);
  });
});
