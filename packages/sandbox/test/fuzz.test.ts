import { request } from 'node:http';
import { ERROR_TYPES } from '@circassian/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestService } from '../src/testing.js';

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await TestService.start({ speechJobMs: 1 });
  key = await service.newKey({
    requests_per_minute: 1_000_000,
    requests_per_day: 1_000_000,
    translate_chars_per_day: 1_000_000_000,
    speech_seconds_per_day: 1_000_000_000,
  });
});
afterAll(() => service.close());

const ALLOWED_STATUSES = [200, 401, 404, 405, 422, 429];

const FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/v1/translate': ['text', 'target_lang', 'source_lang'],
  '/v1/translate/batch': ['texts', 'target_lang', 'source_lang'],
  '/v1/dictionary': ['word', 'dialect', 'lang'],
  '/v1/detect': ['text'],
  '/v1/speech': ['text', 'language', 'voice', 'instruct', 'ref_audio_url', 'speed'],
};
const PATHS = Object.keys(FIELDS);

/** Sends raw bytes with node:http (fetch would refuse some of them) and checks the answer's shape. */
function send(path: string, body: Uint8Array | string, method = 'POST'): Promise<{ status: number; contentType: string; text: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(service.sandbox.url);
    const req = request({
      hostname,
      port,
      path: path.startsWith('/') ? path : `/${path}`,
      method,
      // An explicit length frames the body for every method (node sends OPTIONS bodies unframed otherwise).
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: 20_000,
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${method} ${path}`)));
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: res.headers['content-type'] ?? '',
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    req.end(body);
  });
}

/** Any answer is allowed status and either audio, a success body, or one of the two documented error shapes. */
function expectDocumentedAnswer(answer: { status: number; contentType: string; text: string }): void {
  expect(ALLOWED_STATUSES).toContain(answer.status);
  if (answer.status === 200) {
    expect(answer.contentType).toMatch(/^(audio\/wav|application\/json)/);
    return;
  }
  const body = JSON.parse(answer.text) as { error?: { type: unknown; message: unknown }; detail?: unknown };
  if (body.detail !== undefined) {
    expect(answer.status).toBe(422);
    expect(Array.isArray(body.detail)).toBe(true);
    for (const item of body.detail as { loc: unknown; msg: unknown; type: unknown }[]) {
      expect(Array.isArray(item.loc)).toBe(true);
      expect(typeof item.msg).toBe('string');
      expect(typeof item.type).toBe('string');
    }
  } else {
    expect(ERROR_TYPES).toContain(body.error?.type);
    expect(typeof body.error?.message).toBe('string');
  }
}

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom('\uD800', '\uDFFF', 'a\uD83D', '\u0000', '\u202E\u04C0', 'I|l1', '\uFEFF', '𝔘𝔫𝔦'),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const wrongTyped = fc.oneof(anyJson, oddText, fc.constant(null), fc.double(), fc.array(oddText, { maxLength: 3 }));

describe('fuzzed bad input never gives a 500 or a hang', () => {
  it('survives random bytes on every POST operation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), fc.uint8Array({ maxLength: 300 }), async (path, bytes) => {
        expectDocumentedAnswer(await send(path, bytes));
      }),
      { numRuns: 150 },
    );
  });

  it('survives random JSON values as bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), anyJson, async (path, value) => {
        expectDocumentedAnswer(await send(path, JSON.stringify(value)));
      }),
      { numRuns: 150 },
    );
  });

  it('survives objects with the right field names and wrong types or odd Unicode', async () => {
    const bodies = fc
      .constantFrom(...PATHS)
      .chain((path) => fc.tuple(fc.constant(path), fc.dictionary(fc.constantFrom(...(FIELDS[path] ?? [])), wrongTyped, { maxKeys: 6 })));
    await fc.assert(
      fc.asyncProperty(bodies, async ([path, body]) => {
        expectDocumentedAnswer(await send(path, JSON.stringify(body)));
      }),
      { numRuns: 300 },
    );
  });

  it('survives truncated and corrupted JSON of valid requests', async () => {
    const valid = JSON.stringify({ text: 'Сэ Iуэ', target_lang: 'ru', source_lang: 'kbd' });
    await fc.assert(
      fc.asyncProperty(fc.nat(valid.length), fc.string({ unit: 'binary', maxLength: 4 }), async (cut, junk) => {
        expectDocumentedAnswer(await send('/v1/translate', valid.slice(0, cut) + junk + valid.slice(cut)));
      }),
      { numRuns: 150 },
    );
  });

  it('survives random methods and paths', async () => {
    const paths = fc.oneof(
      fc.constantFrom('/v1/me', '/v1/jobs/', '/v1/audio/%E0%A4%A', '/v1/jobs/..%2F..', '/v1//me', '/admin/keys', '/health'),
      fc.webPath(),
      fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).map((s) => `/v1/${encodeURIComponent(s)}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'), paths, async (method, path) => {
        const answer = await send(path, method === 'GET' ? '' : '{}', method);
        if (!path.startsWith('/admin')) expectDocumentedAnswer(answer);
        else expect([401, 404, 405]).toContain(answer.status);
      }),
      { numRuns: 200 },
    );
  });

  it('survives JSON nested deeper than it can be written back, as the body and as a field', async () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const bodies = [deep, `{"text":${deep},"target_lang":"ru"}`, `{"word":{"a":${deep}}}`, `{"word":"a","ignored":${deep}}`];
    for (const body of bodies) {
      for (const path of ['/v1/translate', '/v1/dictionary']) expectDocumentedAnswer(await send(path, body));
    }
    // The records of those calls (content logging is on) can still be listed.
    expect((await service.admin.calls({ limit: 8 })).length).toBe(8);
  });

  it('refuses huge bodies, with or without a content length, and keeps serving', async () => {
    const huge = `{"text":"${'x'.repeat(2 * 1024 * 1024)}","target_lang":"ru"}`;
    const declared = await send('/v1/translate', huge);
    expect(declared.status).toBe(422);
    expect(JSON.parse(declared.text)).toMatchObject({ error: { type: 'invalid_request' } });

    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(new URL('/v1/translate', service.sandbox.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      // The server may close the connection before every chunk is written.
      req.on('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
      );
      for (let i = 0; i < 40; i++) req.write('x'.repeat(64 * 1024));
      req.end();
    });
    expect(chunked).toBe(422);
    expect((await service.call('/v1/me', { key })).status).toBe(200);
  });
});
