// VS Code's http.proxy is honoured: requests go through a small proxy started here, which counts them.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { command, openEditor, selectLines, serviceUrl, setSetting } from './helpers';

function startCountingProxy(): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  // Forwarding goes through undici with its own agent: node:http in the extension host is patched
  // by VS Code's own proxy support, which would send the proxy's requests to itself.
  const direct = new Agent();
  const server = createServer((incoming, outgoing) => {
    // Plain http through a proxy: the request target is absolute (http://host/path).
    seen.push(`${incoming.method} ${incoming.url}`);
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(incoming.headers).filter(
          ([name]) => !['host', 'connection', 'proxy-connection', 'content-length', 'transfer-encoding'].includes(name),
        ),
      ) as Record<string, string>;
      const body = Buffer.concat(chunks);
      request(incoming.url ?? '/', {
        method: (incoming.method ?? 'GET') as 'GET',
        headers,
        body: body.length > 0 ? body : null,
        dispatcher: direct,
      })
        .then(async (answer) => {
          const payload = Buffer.from(await answer.body.arrayBuffer());
          const answerHeaders = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !['connection', 'transfer-encoding', 'keep-alive'].includes(name)),
          );
          outgoing.writeHead(answer.statusCode, { ...answerHeaders, 'content-length': String(payload.length) });
          outgoing.end(payload);
        })
        .catch(() => outgoing.destroy());
    });
  });
  server.on('connect', (incoming, socket, head) => {
    seen.push(`CONNECT ${incoming.url}`);
    const [host, port] = (incoming.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })),
  );
}

export function proxyTests(): void {
  suite('network', () => {
    test('http.proxy is honoured: calls go through the proxy, and stop going when it is unset', async () => {
      const proxy = await startCountingProxy();
      try {
        await setSetting('proxy', proxy.url, 'http');
        const editor = await openEditor('Псы щIыIэ.');
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
        // undici's ProxyAgent tunnels every request (CONNECT), plain http included.
        const service = new URL(serviceUrl());
        assert.ok(
          proxy.seen.some((line) => line === `CONNECT ${service.host}` || line.includes('/v1/translate/batch')),
          `the proxy saw the call: ${proxy.seen.join(', ')}`,
        );
        await setSetting('proxy', undefined, 'http');
        const count = proxy.seen.length;
        assert.equal((await command('circassian.showAccount')).status, 'ok');
        assert.equal(proxy.seen.length, count, 'without the setting the proxy is not used');
      } finally {
        await setSetting('proxy', undefined, 'http');
        proxy.server.close();
      }
    });
  });
}
