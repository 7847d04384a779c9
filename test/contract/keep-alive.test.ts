// Kept-alive connections between a client and the service: the service keeps one as long as it
// says, and reads a request sent on it in good time even when it was too busy to run meanwhile; the
// client lets one go before the service would close it, whatever the service says.
import { spawn } from 'node:child_process';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();

/** Two GET /health 300 ms apart with Node's fetch; prints each answer's Keep-Alive header, or why it failed. */
const CLIENT = `
  const url = process.argv[1] + '/health';
  const get = () => fetch(url).then(async (answer) => answer.status + ' keep-alive: ' + answer.headers.get('keep-alive') + ' ' + (await answer.text()), (error) => 'failed: ' + error.message + ' ' + (error.cause?.code ?? error.cause?.message ?? ''));
  (async () => {
    console.log('first ' + (await get()));
    await new Promise((resolve) => setTimeout(resolve, 300));
    console.log('second ' + (await get()));
  })();`;

/** Blocks this process's event loop, as a busy machine does to a service. */
function block(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end);
}

describe('kept-alive connections to a busy service', () => {
  it('announce how long the service keeps them, and a request sent on one in good time is answered though the service was blocked past that', async () => {
    const client = spawn(process.execPath, ['-e', CLIENT, sandbox.url], { stdio: ['ignore', 'pipe', 'inherit'] });
    const lines: string[] = [];
    const done = new Promise<void>((resolve) => client.once('close', () => resolve()));
    await new Promise<void>((resolve) => {
      createInterface({ input: client.stdout }).on('line', (line) => {
        lines.push(line);
        // The service is blocked from its first answer on, past its 5 s: the second request comes meanwhile.
        if (line.startsWith('first ')) {
          block(6_500);
          resolve();
        }
      });
    });
    await done;
    expect(lines[0]).toMatch(/^first 200 keep-alive: timeout=5 /);
    expect(lines[1]).toMatch(/^second 200 /);
  });
});

describe("the client's idle connections", () => {
  it('are let go before the 5 s a service that announces no keep-alive timeout keeps them (uvicorn): a call 5 s after the last opens a new one', async () => {
    // In front of the local service: a server that announces no keep-alive timeout and never closes
    // an idle connection itself, counting the connections the client opens.
    let connections = 0;
    const front = createServer({ keepAliveTimeout: 0 }, (req, res) => {
      const upstream = httpRequest(new URL(req.url ?? '/', sandbox.url), { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
        answer.pipe(res);
      });
      req.pipe(upstream);
    });
    front.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const client = sandbox.client({ baseUrl: `http://127.0.0.1:${(front.address() as AddressInfo).port}` });
    try {
      await client.me();
      await client.me();
      const opened = connections;
      // Where uvicorn closes the connection: the client let it go before (its timers run in this
      // process, in order, however late a busy machine runs them).
      await sleep(5_000);
      await client.me();
      expect(connections).toBe(opened + 1);
    } finally {
      await client.close();
      front.closeAllConnections();
      front.close();
    }
  });
});
