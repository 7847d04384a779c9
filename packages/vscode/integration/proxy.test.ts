// VS Code's http.proxy is honoured: requests go through a small proxy started here, which counts
// them. The editor's network stack sends loopback addresses past any proxy, so the service is
// named by a host only the proxy knows (SERVICE_HOST), which it forwards to the local service.
import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { command, openEditor, selectLines, serviceUrl, setSetting } from './helpers';

/** A name no resolver knows (.test is reserved): reachable through the proxy only. */
const SERVICE_HOST = 'circassian-service.test';

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
      const target = new URL(incoming.url ?? '/');
      const forwardTo = target.hostname === SERVICE_HOST ? `${serviceUrl()}${target.pathname}${target.search}` : target.href;
      request(forwardTo, {
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
    // These tests send the same sentences again and count the calls or meet injected faults: the
    // workspace memory (which keeps every answer, detected source or not) would answer them first.
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(() => setSetting('memory.enabled', undefined));
    test('http.proxy is honoured: calls go through the proxy, and stop going when it is unset', async () => {
      const proxy = await startCountingProxy();
      const servicePort = new URL(serviceUrl()).port;
      const proxiedService = `http://${SERVICE_HOST}:${servicePort}`;
      try {
        await setSetting('baseUrl', proxiedService);
        await setSetting('proxy', proxy.url, 'http');
        const editor = await openEditor('Псы щIыIэ.');
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
        assert.ok(proxy.seen.includes(`POST ${proxiedService}/v1/translate/batch`), `the proxy saw the call: ${proxy.seen.join(', ')}`);
        await setSetting('proxy', undefined, 'http');
        const count = proxy.seen.length;
        // Without the proxy the name resolves nowhere: the call fails, and the proxy hears nothing.
        const account = await command('circassian.showAccount');
        assert.equal(account.status, 'error', JSON.stringify(account));
        assert.equal(account.errorType, 'connection_error', JSON.stringify(account));
        assert.equal(proxy.seen.length, count, 'without the setting the proxy is not used');
      } finally {
        await setSetting('proxy', undefined, 'http');
        await setSetting('baseUrl', undefined);
        proxy.server.close();
      }
    });
  });
}
