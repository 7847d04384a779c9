import {
  CircassianClient,
  ConnectionError,
  InvalidResponseError,
  NotConfiguredError,
  RateLimitedError,
  ResponseTooLargeError,
  TimeoutError,
} from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { json, useMisbehaving } from './misbehaving-server.js';

const start = useMisbehaving();
const KEY_DETAILS = {
  name: 'k',
  prefix: 'ck_test',
  content_logging: false,
  limits: { requests_per_minute: 60, requests_per_day: 100, translate_chars_per_day: 1000, speech_seconds_per_day: 100 },
};
const translate = (client: CircassianClient) => client.translate({ text: 'унэ', target_lang: 'ru' }).catch((e: unknown) => e);

describe('time limits against a misbehaving server', () => {
  it('ends a JSON answer trickled a byte at a time within timeoutMs, though no gap reaches it', async () => {
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(' ');
      const tick = setInterval(() => res.write(' '), 200);
      res.on('close', () => clearInterval(tick));
    });
    const error = await server
      .client({ timeoutMs: 1_000, maxRetries: 0 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ type: 'timeout', timeoutMs: 1_000, operation: 'me', mayHaveBeenCharged: false });
  });

  it('ends a call at deadlineMs even when timeoutMs is longer, as a TimeoutError naming the deadline', async () => {
    const server = await start(() => undefined); // never answers
    const error = await server
      .client()
      .me({ deadlineMs: 800 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ type: 'timeout', deadlineMs: 800 });
  });

  it('does not start a retry the deadline would cut off: the last answer is the error', async () => {
    const server = await start((_req, res) => {
      res.setHeader('retry-after', '1');
      json(res, 429, { error: { type: 'rate_limited', message: 'slow down' } });
    });
    const error = await server
      .client({ maxRetries: 10, deadlineMs: 2_500 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(server.seen.length).toBeLessThanOrEqual(3);
  });

  it('ends waiting for a job that never finishes at the deadline, with the job id to resume it', async () => {
    const server = await start((_req, res) => json(res, 200, { job_id: 'j1', status: 'running' }));
    const error = await server
      .client()
      .resumeSpeech('j1', { deadlineMs: 2_500 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ type: 'timeout', jobId: 'j1', deadlineMs: 2_500 });
  });
});

describe('the retry rule against a misbehaving server', () => {
  it('never sends again a POST whose connection dropped after it was written, and says it may have been charged', async () => {
    const server = await start((req) => req.socket.destroy());
    const error = await translate(server.client({ maxRetries: 3 }));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ type: 'connection_error', mayHaveBeenCharged: true, operation: 'translate' });
    expect(server.seen).toEqual(['POST /v1/translate']);
  });

  it('never sends again a POST that timed out waiting for its answer', async () => {
    const server = await start(() => undefined);
    const error = await translate(server.client({ maxRetries: 3, timeoutMs: 300 }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ mayHaveBeenCharged: true });
    expect(server.seen).toEqual(['POST /v1/translate']);
  });

  it('retries a GET whose connection dropped, which costs nothing', async () => {
    let n = 0;
    const server = await start((req, res) => (n++ === 0 ? req.socket.destroy() : json(res, 200, KEY_DETAILS)));
    await expect(server.client({ maxRetries: 1 }).me()).resolves.toEqual(KEY_DETAILS);
    expect(server.seen).toEqual(['GET /v1/me', 'GET /v1/me']);
  });

  it('retries a POST that provably never left (connection refused), and says nothing was charged', async () => {
    const server = await start(() => undefined);
    const url = server.url;
    const warnings: string[] = [];
    const logged = new CircassianClient({
      apiKey: 'ck_test.secret',
      baseUrl: url.replace(/:\d+$/, ':1'),
      maxRetries: 1,
      logger: { warn: (message) => warnings.push(message) },
    });
    try {
      const error = await translate(logged);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ mayHaveBeenCharged: false });
      expect(warnings.filter((w) => w.includes('retry 1'))).toHaveLength(1);
    } finally {
      await logged.close();
    }
  });

  it('retries a POST whose host name does not resolve (DNS failure): nothing left this machine', async () => {
    const warnings: string[] = [];
    const client = new CircassianClient({
      apiKey: 'ck_test.secret',
      baseUrl: 'http://circassian-test.invalid',
      maxRetries: 1,
      logger: { warn: (message) => warnings.push(message) },
    });
    try {
      const error = await translate(client);
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error).toMatchObject({ type: 'connection_error', mayHaveBeenCharged: false });
      expect(warnings.filter((w) => w.includes('retry 1'))).toHaveLength(1);
    } finally {
      await client.close();
    }
  });
});

describe('size caps against a misbehaving server', () => {
  it('refuses a JSON answer whose Content-Length is over the cap before reading it', async () => {
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
      res.write('{');
    });
    const error = await server
      .client({ maxRetries: 0 })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ type: 'response_too_large', maxResponseBytes: 4 * 1024 * 1024 });
  });

  it('stops reading an endless answer without a length at the per-call cap', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
      res.on('close', () => res.removeAllListeners('drain'));
    });
    const error = await server
      .client({ maxRetries: 0 })
      .me({ maxResponseBytes: 200_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ maxResponseBytes: 200_000 });
  });

  it('stops an audio download at maxAudioBytes', async () => {
    const chunk = Buffer.alloc(256 * 1024);
    const server = await start((_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
      res.on('close', () => res.removeAllListeners('drain'));
    });
    const error = await server
      .client({ maxAudioBytes: 1_000_000 })
      .downloadAudio('/v1/audio/a1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ type: 'response_too_large', maxResponseBytes: 1_000_000 });
  });
});

describe('answers of the wrong shape', () => {
  it.each([
    ['an empty object', '{}'],
    ['null', 'null'],
    ['a number for the text', '{"text":5,"source_lang":"kbd","target_lang":"ru"}'],
  ])('turns a 2xx translate answer of %s into InvalidResponseError with the status', async (_name, body) => {
    const server = await start((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const error = await translate(server.client());
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ type: 'invalid_response', status: 200, operation: 'translate', mayHaveBeenCharged: true });
  });

  it('turns a captive portal page answered 200 into InvalidResponseError', async () => {
    const server = await start((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Sign in to the Wi-Fi</body></html>'),
    );
    const error = await server
      .client()
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ type: 'invalid_response', status: 200, mayHaveBeenCharged: false });
    expect(server.seen).toEqual(['GET /v1/me']);
  });

  it.each([
    ['a status outside queued|running|done|failed', { job_id: 'j1', status: 'paused' }],
    ['no status', { job_id: 'j1' }],
  ])('stops at once at a job answer with %s, carrying the job id', async (_name, job) => {
    const server = await start((_req, res) => json(res, 200, job));
    const error = await server
      .client()
      .waitForJob('j1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ type: 'invalid_response', jobId: 'j1', status: 200 });
    expect(server.seen).toEqual(['GET /v1/jobs/j1']);
  });

  it("does not follow a done job's audio_url to another origin", async () => {
    const server = await start((_req, res) =>
      json(res, 200, { job_id: 'j1', status: 'done', audio_url: 'http://elsewhere.invalid/v1/audio/a1' }),
    );
    const error = await server
      .client()
      .resumeSpeech('j1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidResponseError);
    expect(error).toMatchObject({ type: 'invalid_response', jobId: 'j1' });
    expect(server.seen).toEqual(['GET /v1/jobs/j1']);
  });
});

describe('the escape hatch', () => {
  it('takes an empty answer from a path outside the interface, but not from one of its operations', async () => {
    const server = await start((_req, res) => res.writeHead(204).end());
    const client = server.client();
    await expect(client.request('DELETE', '/v1/things/1')).resolves.toBeUndefined();
    await expect(client.request('GET', '/v1/me')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});

describe('configuration', () => {
  it('throws NotConfiguredError when no key or base URL is set', () => {
    const saved = { key: process.env.CIRCASSIAN_API_KEY, url: process.env.CIRCASSIAN_BASE_URL };
    delete process.env.CIRCASSIAN_API_KEY;
    delete process.env.CIRCASSIAN_BASE_URL;
    try {
      expect(() => new CircassianClient({ baseUrl: 'http://127.0.0.1:1' })).toThrow(NotConfiguredError);
      expect(() => new CircassianClient({ apiKey: 'ck_a.b' })).toThrow(expect.objectContaining({ type: 'not_configured' }));
    } finally {
      if (saved.key !== undefined) process.env.CIRCASSIAN_API_KEY = saved.key;
      if (saved.url !== undefined) process.env.CIRCASSIAN_BASE_URL = saved.url;
    }
  });
});
