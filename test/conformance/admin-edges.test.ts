/**
 * Edges of the owner and test controls (issue 2: names, fields, paths), over real HTTP: the admin
 * token, bodies with unknown or out-of-range fields, fault requests that cannot be honoured, and
 * the call listing's query.
 */
import { ERROR_TYPES } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { errorTypeOf, type Reply } from './http.js';
import { useSandbox } from './sandbox-under-test.js';

const sandbox = useSandbox();

function admin(path: string, method: string, body?: unknown): Promise<Reply> {
  return sandbox.call(path, { method, key: sandbox.running.adminToken, ...(body === undefined ? {} : { body }) });
}

/** A schema-validation 422: the `detail` items' types and locations. */
function detailOf(reply: Reply): { type: string; loc: (string | number)[] }[] {
  expect(reply.status).toBe(422);
  return (reply.json as { detail: { type: string; loc: (string | number)[] }[] }).detail;
}

describe('the admin token', () => {
  it('answers 401 unauthorized in the error shape on every admin route without it, with a wrong one, or with an API key', async () => {
    const apiKey = await sandbox.freshKey();
    const routes: [string, string][] = [
      ['POST', '/admin/keys'],
      ['GET', '/admin/keys'],
      ['PATCH', '/admin/keys/ck_x'],
      ['DELETE', '/admin/keys/ck_x'],
      ['POST', '/admin/faults'],
      ['GET', '/admin/faults'],
      ['DELETE', '/admin/faults'],
      ['POST', '/admin/clock'],
      ['GET', '/admin/clock'],
      ['GET', '/admin/calls'],
    ];
    for (const [method, path] of routes) {
      for (const token of [undefined, 'adm_wrong', `${sandbox.running.adminToken}x`, apiKey, sandbox.running.adminToken.toUpperCase()]) {
        const reply = await sandbox.call(path, {
          method,
          ...(token === undefined ? {} : { key: token }),
          ...(method === 'POST' || method === 'PATCH' ? { body: {} } : {}),
        });
        expect([reply.status, errorTypeOf(reply)], `${method} ${path} with ${String(token)}`).toEqual([401, 'unauthorized']);
      }
    }
  });
});

describe('key limits', () => {
  it('refuses an unknown limit name with a clear 422 naming it, rather than ignoring a typo', async () => {
    for (const method of ['POST', 'PATCH'] as const) {
      const path = method === 'POST' ? '/admin/keys' : `/admin/keys/${sandbox.running.key.split('.')[0] ?? ''}`;
      const reply = await admin(path, method, { name: 'typo', limits: { requests_per_minut: 5 } });
      expect(detailOf(reply)).toEqual([
        expect.objectContaining({ type: 'extra_forbidden', loc: ['body', 'limits', 'requests_per_minut'] }),
      ]);
    }
    const { keys } = (await admin('/admin/keys', 'GET')).json as { keys: { name: string }[] };
    expect(keys.map((k) => k.name)).not.toContain('typo');
  });

  it('refuses negative, fractional and non-numeric limits with a 422 naming the limit', async () => {
    for (const value of [-1, 1.5, '10', null]) {
      const reply = await admin('/admin/keys', 'POST', { name: 'bad', limits: { requests_per_day: value } });
      expect(detailOf(reply)[0]?.loc, String(value)).toEqual(['body', 'limits', 'requests_per_day']);
    }
  });

  it('takes a limit of 0, which refuses every call', async () => {
    const created = await admin('/admin/keys', 'POST', { name: 'closed', limits: { requests_per_day: 0 } });
    expect(created.status).toBe(201);
    const reply = await sandbox.call('/v1/me', { key: (created.json as { key: string }).key });
    expect(errorTypeOf(reply)).toBe('quota_exceeded');
  });

  it('answers a created key with the key, its prefix and the four limits of GET /v1/me', async () => {
    const created = await admin('/admin/keys', 'POST', { name: 'shape', limits: { requests_per_minute: 7 } });
    const body = created.json as { key: string; prefix: string; limits: Record<string, number> };
    expect(body.key.startsWith(`${body.prefix}.`)).toBe(true);
    const me = (await sandbox.call('/v1/me', { key: body.key })).json as { limits: Record<string, number> };
    expect(me.limits).toEqual(body.limits);
    expect(body.limits['requests_per_minute']).toBe(7);
  });
});

describe('faults', () => {
  it('refuses an unknown operation or error type with a 422 naming the field', async () => {
    expect(detailOf(await admin('/admin/faults', 'POST', { operation: 'translation', error_type: 'upstream_error' }))[0]?.loc).toEqual([
      'body',
      'operation',
    ]);
    expect(detailOf(await admin('/admin/faults', 'POST', { operation: 'translate', error_type: 'timeout' }))[0]?.loc).toEqual([
      'body',
      'error_type',
    ]);
  });

  it('refuses count 0, a negative count and a fractional one', async () => {
    for (const count of [0, -1, 1.5]) {
      const reply = await admin('/admin/faults', 'POST', { operation: 'me', error_type: 'upstream_error', count });
      expect(detailOf(reply)[0]?.loc, String(count)).toEqual(['body', 'count']);
    }
    expect((await admin('/admin/faults', 'GET')).json).toEqual({ faults: [] });
  });

  it('refuses a delay longer than a timer can wait, rather than answering at once', async () => {
    const reply = await admin('/admin/faults', 'POST', { operation: 'languages', delay_ms: 2 ** 31 });
    expect(detailOf(reply)[0]).toMatchObject({ type: 'less_than_equal', loc: ['body', 'delay_ms'] });
  });

  it('refuses a status that is not one of the error type’s spec statuses', async () => {
    const reply = await admin('/admin/faults', 'POST', { operation: 'me', error_type: 'upstream_error', status: 503 });
    expect([reply.status, errorTypeOf(reply)]).toEqual([422, 'invalid_request']);
  });

  it('accepts every spec error type and job_failed on every operation name and *', async () => {
    for (const errorType of [...ERROR_TYPES, 'job_failed']) {
      const reply = await admin('/admin/faults', 'POST', { operation: '*', error_type: errorType, count: 1 });
      expect(reply.status, errorType).toBe(201);
    }
    expect(((await admin('/admin/faults', 'GET')).json as { faults: unknown[] }).faults).toHaveLength(ERROR_TYPES.length + 1);
    expect((await admin('/admin/faults', 'DELETE')).status).toBe(204);
  });
});

describe('the clock and the call listing', () => {
  it('refuses to move the clock back or by a non-number', async () => {
    for (const advance of [-1, '60', null]) {
      const reply = await admin('/admin/clock', 'POST', { advance_seconds: advance });
      expect(reply.status, String(advance)).toBe(422);
    }
  });

  it('refuses to move the clock past the last ISO 8601 date, and keeps serving', async () => {
    for (const advance of [1e300, 1e13]) {
      const reply = await admin('/admin/clock', 'POST', { advance_seconds: advance });
      expect([reply.status, errorTypeOf(reply)], String(advance)).toEqual([422, 'invalid_request']);
    }
    expect((await admin('/admin/clock', 'GET')).status).toBe(200);
    expect((await sandbox.call('/v1/me', { key: sandbox.running.key })).status).toBe(200);
  });

  it('refuses a call listing limit that is not a count, instead of answering an empty list', async () => {
    const key = await sandbox.freshKey();
    await sandbox.call('/v1/me', { key });
    for (const limit of ['abc', '-1', '2.5', '1e3']) {
      const reply = await admin(`/admin/calls?limit=${limit}`, 'GET');
      expect([reply.status, errorTypeOf(reply)], limit).toEqual([422, 'invalid_request']);
    }
    const listed = await admin(`/admin/calls?key=${key.split('.')[0] ?? ''}&limit=1`, 'GET');
    expect((listed.json as { calls: unknown[] }).calls).toHaveLength(1);
  });
});
