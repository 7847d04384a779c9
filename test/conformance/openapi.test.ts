/**
 * Every answer the sandbox gives, checked against shared/openapi/openapi.json with a real JSON
 * Schema validator: success and each error status of every operation, both 422 shapes, every job
 * state, immediate and job audio. Also the other way round: every operation the sandbox serves is
 * in the document, and every documented operation is served.
 */
import { ERROR_TYPES, OPERATION_NAMES, serviceFacts, type ErrorType } from '@circassian/core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceProblems, declaredResponse, document, documentedOperations, operation, validatorFor } from './openapi-document.js';
import { errorTypeOf, request, type Call, type Reply } from './http.js';

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ speechJobMs: 20 });
});
afterAll(() => sandbox.close());

async function freshKey(limits: Record<string, number> = {}): Promise<string> {
  const created = await sandbox.admin.createKey({ name: 'conformance', limits: { requests_per_minute: 100_000, ...limits } });
  return created.key;
}

/** Calls the sandbox and asserts the answer is what the document declares for that operation. */
async function conforming(method: string, template: string, path: string, call: Call = {}): Promise<Reply> {
  const reply = await request(sandbox.url, path, { method, ...call });
  expect(conformanceProblems(method, template, reply)).toEqual([]);
  return reply;
}

const SHORT = 'Сэ сыадыгэщ';
const LONG_SPEECH = 'а'.repeat(serviceFacts.limits.speechSyncMaxChars + 1);

/** A valid request of every operation, with the path template it belongs to. */
const VALID_CALLS: Readonly<Record<(typeof OPERATION_NAMES)[number], { template: string; path: string; body?: unknown }>> = {
  me: { template: '/v1/me', path: '/v1/me' },
  translate: { template: '/v1/translate', path: '/v1/translate', body: { text: SHORT, target_lang: 'ru' } },
  batch: { template: '/v1/translate/batch', path: '/v1/translate/batch', body: { texts: [SHORT, 'hello'], target_lang: 'kbd' } },
  dictionary: { template: '/v1/dictionary', path: '/v1/dictionary', body: { word: 'унэ' } },
  detect: { template: '/v1/detect', path: '/v1/detect', body: { text: SHORT } },
  languages: { template: '/v1/languages', path: '/v1/languages' },
  voices: { template: '/v1/voices', path: '/v1/voices' },
  speech: { template: '/v1/speech', path: '/v1/speech', body: { text: SHORT } },
  jobs: { template: '/v1/jobs/{job_id}', path: '/v1/jobs/job_unknown' },
  audio: { template: '/v1/audio/{artifact_id}', path: '/v1/audio/art_unknown' },
};

describe('the document and the sandbox serve the same operations', () => {
  it('documents every v1 operation of the service facts, with its method and path', () => {
    for (const name of OPERATION_NAMES) {
      const { method, path } = serviceFacts.operations[name];
      expect(operation(method, path), `${method} ${path}`).toBeDefined();
    }
  });

  it('documents nothing beyond the v1 operations, health and the schema', () => {
    const served = [
      'GET /health',
      'GET /openapi.json',
      ...OPERATION_NAMES.map((name) => `${serviceFacts.operations[name].method} ${serviceFacts.operations[name].path}`),
    ];
    expect(documentedOperations().sort()).toEqual(served.sort());
  });

  it('answers every documented operation (never 405; 404 only for an unknown job or file)', async () => {
    const key = await freshKey();
    for (const entry of documentedOperations()) {
      const [method = '', template = ''] = entry.split(' ');
      const call = Object.values(VALID_CALLS).find((c) => c.template === template);
      const reply = await request(sandbox.url, call?.path ?? template, { method, key, body: call?.body });
      expect(reply.status, entry).not.toBe(405);
      if (reply.status === 404) expect(template, `${entry} answered 404`).toMatch(/\{(job_id|artifact_id)\}/);
    }
  });

  it('declares interface version 1.0.0 and serves the same document at /openapi.json', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe(serviceFacts.apiVersion);
    const reply = await conforming('GET', '/openapi.json', '/openapi.json');
    expect(reply.json).toEqual(document);
  });

  it('holds every schema the interface names', () => {
    const named = [
      'TranslateRequest',
      'TranslateResponse',
      'BatchTranslateRequest',
      'BatchTranslateResponse',
      'DictionaryRequest',
      'DetectRequest',
      'DetectResponse',
      'SpeechRequest',
      'HTTPValidationError',
      'ValidationError',
      'Job',
      'KeyDetails',
      'VoicesResponse',
    ];
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(named));
  });
});

describe('the document is well-formed', () => {
  it('compiles every component schema under a strict JSON Schema 2020-12 validator (no unknown keywords)', () => {
    for (const name of Object.keys(document.components.schemas)) {
      expect(() => validatorFor({ $ref: `#/components/schemas/${name}` }), name).not.toThrow();
    }
  });

  it('gives every operation a unique operationId and every response a description', () => {
    const ids = documentedOperations().map((entry) => {
      const [method = '', path = ''] = entry.split(' ');
      const op = operation(method, path);
      for (const status of Object.keys(op?.responses ?? {})) {
        expect(declaredResponse(method, path, Number(status))?.description, `${entry} ${status}`).toEqual(expect.any(String));
      }
      return op?.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('successful answers conform', () => {
  it('GET /health without a key', async () => {
    expect((await conforming('GET', '/health', '/health')).status).toBe(200);
  });

  it.each(['me', 'translate', 'batch', 'dictionary', 'detect', 'languages', 'voices'] as const)(
    '%s answers 200 in its schema',
    async (name) => {
      const key = await freshKey();
      const { template, path, body } = VALID_CALLS[name];
      const reply = await conforming(serviceFacts.operations[name].method, template, path, { key, body });
      expect(reply.status).toBe(200);
    },
  );

  it('translate and batch answer 200 with source_lang null', async () => {
    const key = await freshKey();
    await conforming('POST', '/v1/translate', '/v1/translate', { key, body: { text: SHORT, target_lang: 'en', source_lang: null } });
    const batch = await conforming('POST', '/v1/translate/batch', '/v1/translate/batch', {
      key,
      body: { texts: ['a'], target_lang: 'en', source_lang: null },
    });
    expect(batch.status).toBe(200);
  });

  it('speech up to the synchronous limit answers audio/wav with X-Audio-Duration', async () => {
    const key = await freshKey();
    const reply = await conforming('POST', '/v1/speech', '/v1/speech', { key, body: { text: SHORT } });
    expect(reply.headers.get('content-type')).toBe('audio/wav');
    expect(Number(reply.headers.get('x-audio-duration'))).toBeGreaterThan(0);
  });

  it('a done job, its audio, and the job creation answer conform', async () => {
    const key = await freshKey();
    const created = await conforming('POST', '/v1/speech', '/v1/speech', { key, body: { text: LONG_SPEECH } });
    expect(created.json).toMatchObject({ status: 'queued' });
    const job = await pollUntilEnded(key, (created.json as { job_id: string }).job_id);
    expect(job.status).toBe('done');
    const audioUrl = job['audio_url'] as string;
    const audio = await conforming('GET', '/v1/audio/{artifact_id}', audioUrl, { key });
    expect(audio.status).toBe(200);
  });

  it('a failed job conforms', async () => {
    const key = await freshKey();
    await sandbox.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const created = await conforming('POST', '/v1/speech', '/v1/speech', { key, body: { text: LONG_SPEECH } });
    const job = await pollUntilEnded(key, (created.json as { job_id: string }).job_id);
    expect(job).toMatchObject({ status: 'failed', error: expect.any(String) });
  });
});

/** Polls a job (each poll checked against the document) until it is done or failed. */
async function pollUntilEnded(key: string, jobId: string): Promise<{ status: string } & Record<string, unknown>> {
  for (;;) {
    const reply = await conforming('GET', '/v1/jobs/{job_id}', `/v1/jobs/${jobId}`, { key });
    const job = reply.json as { status: string } & Record<string, unknown>;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('error answers conform', () => {
  it.each(Object.keys(VALID_CALLS) as (keyof typeof VALID_CALLS)[])('%s: 401 without a key and with a wrong key', async (name) => {
    const { template, path, body } = VALID_CALLS[name];
    const method = serviceFacts.operations[name].method;
    for (const key of [undefined, 'ck_nobody.wrongsecret']) {
      const reply = await conforming(method, template, path, { ...(key ? { key } : {}), body });
      expect(errorTypeOf(reply)).toBe('unauthorized');
    }
  });

  it('404 not_found for an unknown job and an unknown audio file', async () => {
    const key = await freshKey();
    for (const name of ['jobs', 'audio'] as const) {
      const reply = await conforming('GET', VALID_CALLS[name].template, VALID_CALLS[name].path, { key });
      expect(errorTypeOf(reply)).toBe('not_found');
    }
  });

  it('422 in both shapes: schema validation and invalid_request', async () => {
    const key = await freshKey();
    const cases: [string, unknown, 'detail' | 'error'][] = [
      ['/v1/translate', { text: '', target_lang: 'ru' }, 'detail'],
      ['/v1/translate', '{"text": ', 'detail'],
      ['/v1/translate/batch', { texts: [], target_lang: 'ru' }, 'detail'],
      ['/v1/translate/batch', { texts: Array(serviceFacts.limits.batchMaxTexts + 1).fill('a'), target_lang: 'ru' }, 'error'],
      ['/v1/dictionary', { word: 'a'.repeat(serviceFacts.limits.wordMaxChars + 1) }, 'detail'],
      ['/v1/detect', [], 'detail'],
      ['/v1/speech', { text: 'hi', language: 'tr' }, 'error'],
      ['/v1/speech', { text: 'hi', speed: serviceFacts.limits.speedExclusiveMin }, 'error'],
      ['/v1/speech', { text: 'hi', instruct: 'x'.repeat(serviceFacts.limits.instructMaxChars + 1) }, 'detail'],
    ];
    for (const [path, body, shape] of cases) {
      const reply = await conforming('POST', path, path, { key, body });
      expect(reply.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(422);
      expect(Object.keys(reply.json as object)).toEqual([shape]);
    }
  });

  it('429 rate_limited carries Retry-After: 60; 429 quota_exceeded for requests, characters and speech seconds', async () => {
    const minute = await freshKey({ requests_per_minute: 1 });
    await conforming('GET', '/v1/me', '/v1/me', { key: minute });
    const limited = await conforming('GET', '/v1/me', '/v1/me', { key: minute });
    expect([errorTypeOf(limited), limited.headers.get('retry-after')]).toEqual(['rate_limited', '60']);

    const day = await freshKey({ requests_per_day: 1 });
    await conforming('GET', '/v1/languages', '/v1/languages', { key: day });
    expect(errorTypeOf(await conforming('GET', '/v1/languages', '/v1/languages', { key: day }))).toBe('quota_exceeded');

    const characters = await freshKey({ translate_chars_per_day: 3 });
    const translate = await conforming('POST', '/v1/translate', '/v1/translate', { key: characters, body: VALID_CALLS.translate.body });
    expect(errorTypeOf(translate)).toBe('quota_exceeded');

    const seconds = await freshKey({ speech_seconds_per_day: 0 });
    expect(errorTypeOf(await conforming('POST', '/v1/speech', '/v1/speech', { key: seconds, body: { text: SHORT } }))).toBe(
      'quota_exceeded',
    );
  });

  /** Every error status the document declares for an operation, produced through an injected fault. */
  const declaredErrors = OPERATION_NAMES.flatMap((name) => {
    const { method, path } = serviceFacts.operations[name];
    return ERROR_TYPES.flatMap((type) =>
      serviceFacts.errors[type].status
        .filter((status) => declaredResponse(method, path, status) !== undefined)
        .map((status) => [name, type, status] as [typeof name, ErrorType, number]),
    );
  });

  it.each(declaredErrors)('%s answers an injected %s (%i) as declared', async (name, type, status) => {
    const key = await freshKey();
    await sandbox.admin.injectFault({ operation: name, error_type: type, status });
    const { template, path, body } = VALID_CALLS[name];
    const reply = await conforming(serviceFacts.operations[name].method, template, path, { key, body });
    expect([reply.status, errorTypeOf(reply)]).toEqual([status, type]);
  });

  it.each(['upstream_error', 'queue_timeout', 'upstream_unavailable'] as const)(
    'an injected %s with Retry-After conforms',
    async (type) => {
      const key = await freshKey();
      await sandbox.admin.injectFault({ operation: 'translate', error_type: type, retry_after_seconds: 5 });
      const reply = await conforming('POST', '/v1/translate', '/v1/translate', { key, body: VALID_CALLS.translate.body });
      expect(reply.headers.get('retry-after')).toBe('5');
    },
  );
});

describe('job states and the busy model conform', () => {
  let slow: RunningSandbox;
  beforeAll(async () => {
    // A task long enough to be seen running, and a short wait for the slot to see queue_timeout.
    slow = await startSandbox({ speechJobMs: 1500, queueTimeoutMs: 50, limits: { requests_per_minute: 100_000 } });
  });
  afterAll(() => slow.close());

  it('queued, running, done and failed jobs, and 503 queue_timeout while the slot is busy', async () => {
    const seen = new Set<string>();
    const submit = async (): Promise<string> => {
      const reply = await request(slow.url, '/v1/speech', { key: slow.key, body: { text: LONG_SPEECH } });
      expect(conformanceProblems('POST', '/v1/speech', reply)).toEqual([]);
      return (reply.json as { job_id: string }).job_id;
    };
    await slow.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    const first = await submit();
    const second = await submit();
    const poll = async (jobId: string): Promise<string> => {
      const reply = await request(slow.url, `/v1/jobs/${jobId}`, { key: slow.key });
      expect(conformanceProblems('GET', '/v1/jobs/{job_id}', reply)).toEqual([]);
      const status = (reply.json as { status: string }).status;
      seen.add(status);
      return status;
    };
    expect(await poll(second)).toBe('queued');
    while ((await poll(first)) === 'queued') await new Promise((resolve) => setTimeout(resolve, 10));
    const busy = await request(slow.url, '/v1/speech', { key: slow.key, body: { text: SHORT } });
    expect(conformanceProblems('POST', '/v1/speech', busy)).toEqual([]);
    expect([busy.status, errorTypeOf(busy)]).toEqual([503, 'queue_timeout']);
    for (const jobId of [first, second]) {
      while (!['done', 'failed'].includes(await poll(jobId))) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect([...seen].sort()).toEqual([...serviceFacts.jobStatuses].sort());
  });
});
