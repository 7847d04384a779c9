import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DROP_LIMIT_BYTES } from '../src/http/body.js';
import { TestService } from '../src/testing.js';
import { expectDetail, expectError, textOf } from './helpers.js';

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await TestService.start();
  key = await service.newKey();
});
afterAll(() => service.close());

const post = (path: string, body: unknown) => service.call(path, { key, body });
const postRaw = (path: string, raw: string) => service.call(path, { key, raw });

describe('schema validation (422 with detail)', () => {
  it('reports missing required fields as type missing, located in the body', async () => {
    const detail = expectDetail(await post('/v1/translate', {}));
    expect(detail.map((d) => [d.type, d.loc])).toEqual([
      ['missing', ['body', 'text']],
      ['missing', ['body', 'target_lang']],
    ]);
    expect(detail[0]?.msg).toBe('Field required');
  });

  it('reports wrong JSON types with pydantic type names', async () => {
    const detail = expectDetail(await post('/v1/speech', { text: 5, speed: 'fast', voice: [], instruct: {} }));
    expect(Object.fromEntries(detail.map((d) => [d.loc.join('.'), d.type]))).toEqual({
      'body.text': 'string_type',
      'body.voice': 'string_type',
      'body.instruct': 'string_type',
      'body.speed': 'float_type',
    });
  });

  it('reports length bounds of text, word and instruct with their limits in ctx', async () => {
    const cases: [string, unknown, string, Record<string, number>][] = [
      ['/v1/translate', { text: '', target_lang: 'ru' }, 'string_too_short', { min_length: 1 }],
      ['/v1/translate', { text: textOf(20_001), target_lang: 'ru' }, 'string_too_long', { max_length: 20_000 }],
      ['/v1/detect', { text: textOf(20_001) }, 'string_too_long', { max_length: 20_000 }],
      ['/v1/dictionary', { word: textOf(101) }, 'string_too_long', { max_length: 100 }],
      ['/v1/dictionary', { word: '' }, 'string_too_short', { min_length: 1 }],
      ['/v1/speech', { text: 'hi', instruct: textOf(301) }, 'string_too_long', { max_length: 300 }],
      ['/v1/speech', { text: textOf(20_001) }, 'string_too_long', { max_length: 20_000 }],
    ];
    for (const [path, body, type, ctx] of cases) {
      const [issue] = expectDetail(await post(path, body));
      expect(issue).toMatchObject({ type, ctx });
    }
  });

  it('counts length in characters, so 20000 astral characters are accepted', async () => {
    const result = await post('/v1/detect', { text: textOf(20_000, '😀') });
    expect(result.status).toBe(200);
  });

  it('reports values outside the language enums as literal_error', async () => {
    const cases: [string, unknown, string][] = [
      ['/v1/translate', { text: 'a', target_lang: 'de' }, 'target_lang'],
      ['/v1/translate', { text: 'a', target_lang: 'ru', source_lang: 'xx' }, 'source_lang'],
      ['/v1/translate/batch', { texts: ['a'], target_lang: 'KBD' }, 'target_lang'],
      ['/v1/dictionary', { word: 'a', dialect: 'ru' }, 'dialect'],
      ['/v1/dictionary', { word: 'a', lang: 'kbd' }, 'lang'],
    ];
    for (const [path, body, field] of cases) {
      const [issue] = expectDetail(await post(path, body));
      expect(issue).toMatchObject({ type: 'literal_error', loc: ['body', field] });
    }
  });

  it('reports batch shape problems: not a list, an empty list, a non-string item', async () => {
    expect(expectDetail(await post('/v1/translate/batch', { texts: 'a', target_lang: 'ru' }))[0]?.type).toBe('list_type');
    expect(expectDetail(await post('/v1/translate/batch', { texts: [], target_lang: 'ru' }))[0]?.type).toBe('too_short');
    expect(expectDetail(await post('/v1/translate/batch', { texts: ['a', 2], target_lang: 'ru' }))[0]).toMatchObject({
      type: 'string_type',
      loc: ['body', 'texts', 1],
    });
  });

  it('reports malformed JSON as json_invalid at the offending position', async () => {
    const [issue] = expectDetail(await postRaw('/v1/translate', '{"text": "a",, }'));
    expect(issue).toMatchObject({
      type: 'json_invalid',
      loc: ['body', 13],
      ctx: { error: 'Expecting property name enclosed in double quotes' },
    });
    const [truncated] = expectDetail(await postRaw('/v1/translate', '{"text": "a"'));
    expect(truncated).toMatchObject({ type: 'json_invalid', loc: ['body', 12] });
  });

  it('reports a body that is not an object, and an empty body', async () => {
    for (const raw of ['[1,2]', '"text"', '42', 'null']) {
      expect(expectDetail(await postRaw('/v1/detect', raw))[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'] });
    }
    expect(expectDetail(await postRaw('/v1/detect', ''))[0]).toMatchObject({ type: 'missing', loc: ['body'] });
  });
});

describe('rule violations (422 invalid_request)', () => {
  it('refuses speech in tr and in unknown languages', async () => {
    expect(expectError(await post('/v1/speech', { text: 'merhaba', language: 'tr' }), 422, 'invalid_request')).toContain("'tr'");
    expectError(await post('/v1/speech', { text: 'a', language: 'de' }), 422, 'invalid_request');
  });

  it('refuses an unknown voice', async () => {
    expectError(await post('/v1/speech', { text: 'a', voice: 'robot' }), 422, 'invalid_request');
  });

  it('refuses speed at or below 0.2 and above 2.0, and accepts the bounds inside', async () => {
    for (const speed of [0.2, 0, -1, 2.01, 100]) {
      expectError(await post('/v1/speech', { text: 'a', speed }), 422, 'invalid_request');
    }
    for (const speed of [0.21, 2.0, null]) expect((await post('/v1/speech', { text: 'a', speed })).status).toBe(200);
  });

  it('refuses a batch over 50 texts or over 20000 characters in total', async () => {
    const many = Array.from({ length: 51 }, () => 'a');
    expect(expectError(await post('/v1/translate/batch', { texts: many, target_lang: 'ru' }), 422, 'invalid_request')).toMatch(/50/);
    const heavy = [textOf(10_000), textOf(10_001)];
    expect(expectError(await post('/v1/translate/batch', { texts: heavy, target_lang: 'ru' }), 422, 'invalid_request')).toMatch(/20000/);
    const atLimit = { texts: [...Array.from({ length: 49 }, () => 'a'), textOf(20_000 - 49)], target_lang: 'ru', source_lang: 'ru' };
    expect((await post('/v1/translate/batch', atLimit)).status).toBe(200);
  });

  it('refuses a reference audio link that is not http(s)', async () => {
    for (const ref_audio_url of ['file:///etc/passwd', 'not a url', 'ftp://example.org/a.wav']) {
      expectError(await post('/v1/speech', { text: 'a', ref_audio_url }), 422, 'invalid_request');
    }
  });

  it('checks the schema before the rules', async () => {
    const result = await post('/v1/speech', { text: '', language: 'tr' });
    expect(expectDetail(result)[0]?.type).toBe('string_too_short');
  });

  it('refuses a body over 1 MiB as too large', async () => {
    const huge = JSON.stringify({ text: textOf(1024 * 1024, 'x'), target_lang: 'ru' });
    expect(expectError(await postRaw('/v1/translate', huge), 422, 'invalid_request')).toMatch(/too large/);
  });
});

describe('paths and methods', () => {
  it('answers 404 not_found for an unknown path, with or without a key', async () => {
    for (const path of ['/v1/nothing', '/v2/me', '/', '/v1/jobs/', '/admin/nothing']) {
      expectError(await service.call(path, { key: null }), 404, 'not_found');
    }
  });

  it('answers 405 with the error shape for a wrong method on a known path', async () => {
    const cases: [string, string][] = [
      ['/v1/me', 'POST'],
      ['/v1/translate', 'GET'],
      ['/v1/speech', 'DELETE'],
      ['/health', 'POST'],
      ['/v1/jobs/abc', 'POST'],
    ];
    for (const [path, method] of cases) {
      const result = await service.call(path, { method, ...(method === 'GET' || method === 'DELETE' ? {} : { raw: '{}' }) });
      expectError(result, 405, 'invalid_request');
      expect(result.headers.get('allow')).toBeTruthy();
    }
  });
});

describe('connections', () => {
  function connectionHeader(method: string, path: string, body?: string): Promise<string | undefined> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(service.sandbox.url);
      const headers = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      const req = request({ hostname, port, method, path, headers }, (res) => {
        res.resume();
        resolve(res.headers.connection);
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  it('keeps the connection alive after an error answered to a request without a body', async () => {
    expect(await connectionHeader('GET', '/v1/me')).toBe('keep-alive');
    expect(await connectionHeader('GET', '/v1/nothing')).toBe('keep-alive');
  });

  it('reads and drops the rest of a body refused as too large, keeping the connection, up to a bound', async () => {
    expect(await connectionHeader('POST', '/v1/detect', 'x'.repeat(2 * 1024 * 1024))).toBe('keep-alive');
    expect(await connectionHeader('POST', '/v1/detect', 'x'.repeat(DROP_LIMIT_BYTES + 1))).toBe('close');
  });
});
