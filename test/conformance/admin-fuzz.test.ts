/**
 * Generated bodies for every admin control: none answers a 500, and the service keeps answering
 * /v1 calls afterwards (an admin body once moved the clock out of range and broke every call).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { request } from './http.js';
import { useSandbox } from './sandbox-under-test.js';

const sandbox = useSandbox();

const numbers = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 1.5, 2 ** 31, 2 ** 53, 1e13, 1e300, -1e300, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const scalars = fc.oneof(numbers, fc.string(), fc.boolean(), fc.constant(null));
const anyJson = fc.oneof(scalars, fc.array(scalars, { maxLength: 3 }), fc.dictionary(fc.string(), scalars, { maxKeys: 3 }));
const limitsLike = fc.dictionary(
  fc.constantFrom('requests_per_minute', 'requests_per_day', 'translate_chars_per_day', 'speech_seconds_per_day', 'other'),
  scalars,
);
/** A value for a named field: mostly numbers, where the edges are, else anything. */
const fieldValue = fc.oneof({ arbitrary: numbers, weight: 3 }, { arbitrary: scalars, weight: 1 }, { arbitrary: limitsLike, weight: 1 });

/** Each admin control with the field names of its body (`{startup}`: the startup key's prefix). */
const ROUTES: readonly { method: string; path: string; fields: readonly string[] }[] = [
  { method: 'POST', path: '/admin/keys', fields: ['name', 'limits', 'content_logging'] },
  { method: 'PATCH', path: '/admin/keys/{startup}', fields: ['name', 'limits', 'content_logging'] },
  { method: 'POST', path: '/admin/faults', fields: ['operation', 'error_type', 'count', 'delay_ms', 'retry_after_seconds', 'status'] },
  { method: 'POST', path: '/admin/clock', fields: ['advance_seconds'] },
  { method: 'GET', path: '/admin/calls?limit={text}&key={text}&operation={text}', fields: [] },
];

const routeAndBody = fc
  .constantFrom(...ROUTES)
  .chain((route) =>
    fc.tuple(
      fc.constant(route),
      fc.oneof(anyJson, fc.record(Object.fromEntries(route.fields.map((field) => [field, fieldValue])), { requiredKeys: [] })),
    ),
  );

describe('generated admin bodies', () => {
  it('never answer a 500 and never break the service', async () => {
    const adminToken = sandbox.running.adminToken;
    const startupPrefix = sandbox.running.key.split('.')[0] ?? '';
    await fc.assert(
      fc.asyncProperty(routeAndBody, fc.string(), async ([{ method, path: pattern }, body], text) => {
        const path = pattern.replace('{startup}', startupPrefix).replaceAll('{text}', encodeURIComponent(text));
        const reply = await request(sandbox.running.url, path, { method, key: adminToken, ...(method === 'GET' ? {} : { body }) });
        expect(reply.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        await sandbox.running.admin.clearFaults();
        const probe = await request(sandbox.running.url, '/v1/languages', { key: sandbox.running.key });
        expect(probe.status, `after ${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
