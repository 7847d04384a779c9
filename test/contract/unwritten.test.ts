// A request whose connection failed before a byte of it was written never reached the service: the
// client sends it again at once, a POST included, and counts no retry. The service is reached over
// TLS through a front that resets connections as a proxy or load balancer in trouble does: reset
// during the handshake, before any request can have been written.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Agent } from 'undici';
import { ConnectionError, type CircassianClient } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
let certificate: { key: Buffer; cert: Buffer };

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-tls-'));
  try {
    await promisify(execFile)('openssl', [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    ]);
    certificate = { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const closers: Array<() => void> = [];
afterAll(() => {
  for (const close of closers) close();
});

/** An HTTPS front of the local service that resets the first `resets` connections as they open; counts the connections. */
async function resettingFront(resets: number): Promise<{ url: string; connections: () => number }> {
  const tls = createHttpsServer(certificate, (req, res) => {
    const upstream = httpRequest(new URL(req.url ?? '/', sandbox.url), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  let connections = 0;
  const front = createNetServer((socket) => {
    connections += 1;
    if (connections <= resets) socket.resetAndDestroy();
    else tls.emit('connection', socket);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  closers.push(() => front.close());
  return { url: `https://127.0.0.1:${(front.address() as AddressInfo).port}`, connections: () => connections };
}

/** A client of the service through `url`, trusting the front's certificate; closed after the file. */
async function clientThrough(url: string, maxRetries: number): Promise<{ client: CircassianClient; key: string }> {
  const key = await freshKey(sandbox);
  const client = sandbox.client({ apiKey: key, baseUrl: url, maxRetries, dispatcher: new Agent({ connect: { ca: certificate.cert } }) });
  closers.push(() => void client.close());
  return { client, key };
}

const translate = (client: CircassianClient) => client.translate({ text: 'унэ', source_lang: 'kbd', target_lang: 'ru' });

describe('a request whose connection failed before it was written', () => {
  it('is sent again at once, a POST included, counting no retry (maxRetries 0), and reaches the service once', async () => {
    const front = await resettingFront(1);
    const { client, key } = await clientThrough(front.url, 0);
    await expect(translate(client)).resolves.toMatchObject({ target_lang: 'ru' });
    expect(front.connections()).toBe(2);
    expect((await sandbox.calls('translate', key)).map((call) => call.outcome)).toEqual(['ok']);
  });

  it('is sent again at most three times so; then it counts as a retry like a refused connection, and fails saying nothing was charged', async () => {
    const front = await resettingFront(100);
    const { client, key } = await clientThrough(front.url, 1);
    const error = await translate(client).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ mayHaveBeenCharged: false });
    // The first attempt, three at once, then the one retry maxRetries allows (after its backoff).
    expect(front.connections()).toBe(5);
    expect(await sandbox.calls('translate', key)).toEqual([]);
  });
});
