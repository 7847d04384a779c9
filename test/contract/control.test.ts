import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { CircassianClient, ConnectionError, InvalidResponseError, RateLimitedError, RequestAbortedError } from '@circassian/core';
import { Agent, ProxyAgent } from 'undici';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

describe('abort', () => {
  it('rejects with RequestAbortedError when the signal is already aborted, sending nothing', async () => {
    const key = await freshKey(sandbox);
    const reason = new Error('user closed the panel');
    const error = await sandbox
      .client({ apiKey: key })
      .me({ signal: AbortSignal.abort(reason) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as RequestAbortedError).cause).toBe(reason);
    expect(await sandbox.calls('me', key)).toEqual([]);
  });

  it('cuts a request in flight short', async () => {
    await sandbox.admin.injectFault({ operation: 'me', delay_ms: 5_000, count: 1 });
    const controller = new AbortController();
    const pending = sandbox.client().me({ signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
  });

  it('cuts a retry wait short', async () => {
    await sandbox.admin.injectFault({ operation: 'me', error_type: 'rate_limited', count: 1, retry_after_seconds: 30 });
    const controller = new AbortController();
    const pending = sandbox.client({ logger: { warn: () => controller.abort() } }).me({ signal: controller.signal });
    await expect(pending).rejects.toBeInstanceOf(RequestAbortedError);
  });
});

describe('pacing', () => {
  it('holds requests back under the key limit read from me(), where an unpaced client meets rate_limited', async () => {
    const limits = { requests_per_minute: 2 };
    const unpacedKey = await freshKey(sandbox, limits);
    const unpaced = sandbox.client({ apiKey: unpacedKey, maxRetries: 0 });
    const outcomes = await Promise.allSettled([unpaced.me(), unpaced.me(), unpaced.me()]);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof RateLimitedError)).toHaveLength(1);

    const pacedKey = await freshKey(sandbox, limits);
    const paced = sandbox.client({ apiKey: pacedKey, maxRetries: 0, pacing: true });
    const controller = new AbortController();
    const first = await paced.translate({ text: 'унэ', target_lang: 'ru' }, { signal: controller.signal });
    expect(first.text.length).toBeGreaterThan(0);
    // me() and the first call used the minute: the next one waits instead of being sent.
    const held = paced.translate({ text: 'унэ', target_lang: 'ru' }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(held).rejects.toBeInstanceOf(RequestAbortedError);
    const seen = [...(await sandbox.calls('me', pacedKey)), ...(await sandbox.calls('translate', pacedKey))];
    expect(seen.map((c) => c.outcome)).toEqual(['ok', 'ok']);
  });
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A minimal HTTP CONNECT proxy that counts tunnels, optionally demanding credentials. */
async function startProxy(requireAuth?: string) {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer();
  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    if (requireAuth !== undefined && req.headers['proxy-authorization'] !== requireAuth) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
      return;
    }
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(server);
  const close = () => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${port}`, tunnels, close };
}

describe('what the client sends', () => {
  it('names the calling app in the User-Agent, sends the key only to the service origin and follows no audio link elsewhere', async () => {
    const seen: { path: string; authorization: string | undefined; userAgent: string | undefined }[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization, userAgent: req.headers['user-agent'] });
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.from('RIFF'));
    });
    const port = await listen(elsewhere);
    try {
      const client = new CircassianClient({
        apiKey: 'ck_test.secret',
        baseUrl: `http://localhost:${port}/base/`,
        appInfo: { name: 'circassian-test', version: '9.9.9' },
        maxRetries: 0,
      });
      // Same port, other origin (127.0.0.1 is not localhost): an audio link pointing away from the service.
      const error = await client.downloadAudio(`http://127.0.0.1:${port}/files/a.wav`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidResponseError);
      expect(error).toMatchObject({ type: 'invalid_response' });
      await client.request('GET', '/v1/ping').catch(() => undefined);
      await client.close();
      expect(seen).toEqual([
        { path: '/base/v1/ping', authorization: 'Bearer ck_test.secret', userAgent: expect.stringContaining('circassian-test/9.9.9') },
      ]);
      expect(seen[0]?.userAgent).toContain('@circassian/core/');
    } finally {
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });
});

describe('custom dispatcher', () => {
  it('sends every request through a ProxyAgent given as dispatcher', async () => {
    const proxy = await startProxy();
    const dispatcher = new ProxyAgent(proxy.url);
    try {
      const client = sandbox.client({ dispatcher });
      await expect(client.me()).resolves.toMatchObject({ prefix: sandbox.key.split('.')[0] });
      expect(proxy.tunnels).toEqual([new URL(sandbox.url).host]);
    } finally {
      await dispatcher.close();
      await proxy.close();
    }
  });

  it('reports a proxy that refuses the credentials as a ConnectionError naming the status', async () => {
    const proxy = await startProxy('Basic dTpw');
    const dispatcher = new ProxyAgent(proxy.url);
    try {
      const error = await sandbox
        .client({ dispatcher, maxRetries: 0 })
        .me()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as Error).message).toContain('407');
    } finally {
      await dispatcher.close();
      await proxy.close();
    }
  });

  it('leaves a dispatcher it was given open when the client closes', async () => {
    const dispatcher = new Agent();
    try {
      const first = sandbox.client({ dispatcher });
      await first.me();
      await first.close();
      await expect(sandbox.client({ dispatcher }).me()).resolves.toBeDefined();
    } finally {
      await dispatcher.close();
    }
  });
});
