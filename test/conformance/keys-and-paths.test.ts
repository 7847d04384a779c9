/**
 * Edges of authentication and of the HTTP surface, over real HTTP: the Authorization header's
 * spellings, keys that are nearly right, revocation while a job runs, other keys' ids, query
 * strings, trailing slashes, percent-encoding, HEAD and OPTIONS.
 */
import { connect } from 'node:net';
import { serviceFacts } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { errorTypeOf } from './http.js';
import { useSandbox } from './sandbox-under-test.js';

const sandbox = useSandbox();
const LONG_SPEECH = 'а'.repeat(serviceFacts.limits.speechSyncMaxChars + 1);

async function finishedJob(key: string): Promise<{ job_id: string; audio_url: string }> {
  const created = await sandbox.call('/v1/speech', { key, body: { text: LONG_SPEECH } });
  const { job_id: jobId } = created.json as { job_id: string };
  for (;;) {
    const job = (await sandbox.call(`/v1/jobs/${jobId}`, { key })).json as { job_id: string; status: string; audio_url: string };
    if (job.status === 'done') return job;
    expect(['queued', 'running']).toContain(job.status);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the Authorization header', () => {
  it.each([
    ['lowercase scheme', (key: string) => `bearer ${key}`],
    ['uppercase scheme', (key: string) => `BEARER ${key}`],
    ['several spaces and a trailing space', (key: string) => `Bearer   ${key} `],
    ['a tab after the scheme', (key: string) => `Bearer\t${key}`],
  ])('accepts the bearer key with a %s', async (_case, header) => {
    const key = await sandbox.freshKey();
    const reply = await sandbox.call('/v1/me', { headers: { authorization: header(key) } });
    expect(reply.status).toBe(200);
  });

  it.each([
    ['no dot', (key: string) => key.replace('.', '')],
    ['the right prefix and a wrong secret', (key: string) => `${key.split('.')[0] ?? ''}.wrong`],
    ['the right prefix and an empty secret', (key: string) => `${key.split('.')[0] ?? ''}.`],
    ['only the secret', (key: string) => `.${key.split('.')[1] ?? ''}`],
    ['the secret of one key under another prefix', (key: string) => `ck_other.${key.split('.')[1] ?? ''}`],
    ['two tokens', (key: string) => `${key} ${key}`],
  ])('answers 401 unauthorized for a key with %s', async (_case, spoil) => {
    const key = await sandbox.freshKey();
    const reply = await sandbox.call('/v1/me', { key: spoil(key) });
    expect([reply.status, errorTypeOf(reply)]).toEqual([401, 'unauthorized']);
  });

  it('answers 401 for the Basic scheme and for a bare key without a scheme', async () => {
    const key = await sandbox.freshKey();
    for (const authorization of [`Basic ${Buffer.from(key).toString('base64')}`, key, 'Bearer']) {
      const reply = await sandbox.call('/v1/me', { headers: { authorization } });
      expect([reply.status, errorTypeOf(reply)], authorization).toEqual([401, 'unauthorized']);
    }
  });
});

describe('revocation and ownership of jobs and audio', () => {
  it('stops a revoked key from polling its job and fetching its audio, at once', async () => {
    const key = await sandbox.freshKey();
    const job = await finishedJob(key);
    await sandbox.running.admin.revokeKey(key.split('.')[0] ?? '');
    for (const path of [`/v1/jobs/${job.job_id}`, job.audio_url]) {
      const reply = await sandbox.call(path, { key });
      expect([reply.status, errorTypeOf(reply)], path).toEqual([401, 'unauthorized']);
    }
  });

  it('lets a job submitted before the revocation end, without showing it to anyone else', async () => {
    const key = await sandbox.freshKey();
    const other = await sandbox.freshKey();
    const created = await sandbox.call('/v1/speech', { key, body: { text: LONG_SPEECH } });
    const { job_id: jobId } = created.json as { job_id: string };
    await sandbox.running.admin.revokeKey(key.split('.')[0] ?? '');
    expect((await sandbox.call(`/v1/jobs/${jobId}`, { key })).status).toBe(401);
    expect(errorTypeOf(await sandbox.call(`/v1/jobs/${jobId}`, { key: other }))).toBe('not_found');
  });

  it('answers 404 not_found to another key for a job and its audio', async () => {
    const owner = await sandbox.freshKey();
    const other = await sandbox.freshKey();
    const job = await finishedJob(owner);
    for (const path of [`/v1/jobs/${job.job_id}`, job.audio_url]) {
      const reply = await sandbox.call(path, { key: other });
      expect([reply.status, errorTypeOf(reply)], path).toEqual([404, 'not_found']);
    }
    expect((await sandbox.call(job.audio_url, { key: owner })).status).toBe(200);
  });
});

describe('paths', () => {
  it('ignores query strings on every kind of path', async () => {
    const key = await sandbox.freshKey();
    const job = await finishedJob(key);
    for (const path of [
      '/health?probe=1',
      '/v1/me?x=1&y',
      '/v1/languages?',
      `/v1/jobs/${job.job_id}?poll=2`,
      `${job.audio_url}?download=1`,
    ]) {
      expect((await sandbox.call(path, { key })).status, path).toBe(200);
    }
    const translated = await sandbox.call('/v1/translate?target_lang=en', { key, body: { text: 'унэ', target_lang: 'ru' } });
    expect(translated.json).toMatchObject({ target_lang: 'ru' });
  });

  it('finds a job and its audio by percent-encoded ids', async () => {
    const key = await sandbox.freshKey();
    const job = await finishedJob(key);
    const encodeAll = (text: string): string => [...text].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    const jobReply = await sandbox.call(`/v1/jobs/${encodeAll(job.job_id)}`, { key });
    expect(jobReply.json).toMatchObject({ job_id: job.job_id, status: 'done' });
    const artifactId = job.audio_url.split('/').at(-1) ?? '';
    expect((await sandbox.call(`/v1/audio/${encodeAll(artifactId)}`, { key })).status).toBe(200);
  });

  it('answers 404 not_found, never a 500, for malformed percent-encoding and encoded slashes in ids', async () => {
    const key = await sandbox.freshKey();
    for (const id of ['%zz', '%E0%A4%A', 'job%2F..%2Fx', '%00']) {
      const reply = await sandbox.call(`/v1/jobs/${id}`, { key });
      expect([reply.status, errorTypeOf(reply)], id).toEqual([404, 'not_found']);
    }
  });

  it('serves a path written with a trailing slash as the path itself (FastAPI redirects it there)', async () => {
    const key = await sandbox.freshKey();
    const job = await finishedJob(key);
    expect((await sandbox.call('/health/')).status).toBe(200);
    expect((await sandbox.call('/v1/me/', { key })).json).toMatchObject({ prefix: key.split('.')[0] });
    expect((await sandbox.call(`/v1/jobs/${job.job_id}/`, { key })).json).toMatchObject({ status: 'done' });
    const translated = await sandbox.call('/v1/translate/', { key, body: { text: 'унэ', target_lang: 'ru' } });
    expect(translated.status).toBe(200);
  });

  it('serves a request target in absolute form, as proxies send it', async () => {
    const key = await sandbox.freshKey();
    const { host, port } = sandbox.running;
    for (const target of [`http://${host}:${port}/v1/me?x=1`, `HTTP://${host}:${port}/v1/me/`]) {
      const head = await rawRequest(
        port,
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`,
      );
      expect(head, target).toMatch(/^HTTP\/1\.1 200 /);
    }
    const health = await rawRequest(port, `GET http://${host}:${port}?probe HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(health).toMatch(/^HTTP\/1\.1 404 /);
  });

  it('answers HEAD and OPTIONS on known paths with 405, an Allow header and the error body, never a 500', async () => {
    const key = await sandbox.freshKey();
    for (const method of ['HEAD', 'OPTIONS']) {
      for (const path of ['/health', '/openapi.json', '/v1/me', '/v1/translate', '/v1/jobs/x']) {
        const reply = await sandbox.call(path, { key, method });
        expect(reply.status, `${method} ${path}`).toBe(405);
        expect(reply.headers.get('allow'), `${method} ${path}`).toMatch(/^(GET|POST)$/);
        if (method === 'OPTIONS') expect(errorTypeOf(reply)).toBe('invalid_request');
      }
    }
  });
});

/** Sends raw request bytes and resolves with the whole answer as text (the connection is closed by the server). */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
