import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  APIError,
  CircassianClient,
  ConnectionError,
  ERROR_TYPES,
  InvalidRequestError,
  UnauthorizedError,
  isCircassianError,
  serviceFacts,
  type ErrorType,
} from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

const EXPECTED_NAME: Record<ErrorType, string> = {
  unauthorized: 'UnauthorizedError',
  invalid_request: 'InvalidRequestError',
  rate_limited: 'RateLimitedError',
  quota_exceeded: 'QuotaExceededError',
  queue_timeout: 'QueueTimeoutError',
  upstream_unavailable: 'UpstreamUnavailableError',
  upstream_error: 'UpstreamFailureError',
  not_found: 'NotFoundError',
  internal_error: 'InternalServiceError',
};

describe('errors from the service', () => {
  it.each(ERROR_TYPES)('maps an injected %s to its own error class with status, type and operation', async (type) => {
    await sandbox.admin.injectFault({ operation: 'translate', error_type: type, count: 1 });
    const error = await sandbox
      .client({ maxRetries: 0 })
      .translate({ text: 'унэ', target_lang: 'ru' })
      .catch((e: unknown) => e);
    expect(isCircassianError(error)).toBe(true);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({
      name: EXPECTED_NAME[type],
      type,
      status: serviceFacts.errors[type].status[0],
      operation: 'translate',
    });
  });

  it('carries the Retry-After of rate_limited as retryAfterSeconds', async () => {
    await sandbox.admin.injectFault({ operation: 'me', error_type: 'rate_limited', count: 1 });
    const error = await sandbox
      .client({ maxRetries: 0 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitedError', retryAfterSeconds: serviceFacts.limits.rateLimitRetryAfterSeconds });
  });

  it('maps a schema validation failure to InvalidRequestError and keeps its detail', async () => {
    const error = await sandbox
      .client()
      .translate({ text: '', target_lang: 'ru' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    const invalid = error as InvalidRequestError;
    expect(invalid.status).toBe(422);
    expect(invalid.type).toBe('invalid_request');
    expect(invalid.detail?.[0]?.loc).toEqual(['body', 'text']);
    expect(invalid.message).toContain('body.text: String should have at least 1 character');
  });

  it('maps a rule violation (Turkish speech) to InvalidRequestError', async () => {
    const error = await sandbox
      .client()
      .speech({ text: 'merhaba', language: 'tr' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'InvalidRequestError', status: 422, type: 'invalid_request', operation: 'speech' });
  });

  it('refuses a raw batch over the service limit with InvalidRequestError (the error-body shape of 422)', async () => {
    const texts = Array.from({ length: serviceFacts.limits.batchMaxTexts + 1 }, (_, i) => `t${i}`);
    const error = await sandbox
      .client()
      .request('POST', serviceFacts.operations.batch.path, { body: { texts, target_lang: 'ru' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ status: 422, type: 'invalid_request' });
    expect((error as Error).message).toContain(`${serviceFacts.limits.batchMaxTexts}`);
  });

  it('answers a wrong key with UnauthorizedError, never retried', async () => {
    const prefix = sandbox.key.split('.')[0];
    const error = await sandbox
      .client({ apiKey: `${prefix}.wrong-secret` })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
  });

  it('answers a revoked key with UnauthorizedError from the next call on', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: key });
    await expect(client.me()).resolves.toMatchObject({ prefix: key.split('.')[0] });
    await sandbox.admin.revokeKey(key.split('.')[0] ?? '');
    await expect(client.me()).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('never lets the key reach the logger', async () => {
    const lines: string[] = [];
    const sink = (message: string, data?: Record<string, unknown>) => lines.push(message + JSON.stringify(data ?? {}));
    await sandbox.admin.injectFault({ operation: 'me', error_type: 'queue_timeout', count: 1, retry_after_seconds: 0 });
    await sandbox.client({ logger: { debug: sink, info: sink, warn: sink, error: sink } }).me();
    expect(lines.length).toBeGreaterThan(2);
    const secret = sandbox.key.split('.')[1] ?? sandbox.key;
    for (const line of lines) expect(line).not.toContain(secret);
  });
});

describe('errors from elsewhere on the way', () => {
  it('explains a non-JSON error page from a proxy or gateway, with its status', async () => {
    const server = createServer((_, res) => res.writeHead(504, { 'content-type': 'text/html' }).end('<h1>Gateway Timeout</h1>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new CircassianClient({
      apiKey: 'k.s',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      maxRetries: 0,
    });
    try {
      const error = await client.me().catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'UpstreamUnavailableError', status: 504 });
      expect((error as Error).message).toContain('<h1>Gateway Timeout</h1>');
    } finally {
      await client.close();
      server.close();
    }
  });

  it('gives a ConnectionError when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = new CircassianClient({ apiKey: 'k.s', baseUrl: `http://127.0.0.1:${port}`, maxRetries: 1 });
    try {
      const error = await client.me().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).cause).toBeDefined();
    } finally {
      await client.close();
    }
  });
});
