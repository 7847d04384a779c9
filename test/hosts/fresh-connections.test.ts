// The end-to-end tests' own requests hold where a host is merely busy (test/e2e/fresh-connections.ts,
// their setup): a host whose event loop was blocked past its keep-alive timeout closes the idle
// connection as soon as it runs again, before it reads a request already waiting on it, so a
// request sent on a kept-alive connection meanwhile failed (`fetch failed`, other side closed).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../e2e/fresh-connections.js';

/** A host in a process of its own: keep-alive 3 s (a client keeps the connection 2 s), and after each answer its event loop blocked for 5 s. */
const BUSY_HOST = `
  const server = require('node:http').createServer({ keepAliveTimeout: 3000 }, (req, res) => {
    res.on('finish', () => setImmediate(() => { const end = Date.now() + 5000; while (Date.now() < end); }));
    res.end('answered ' + req.url);
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;

let host: ChildProcess;
let url: string;

beforeAll(async () => {
  host = spawn(process.execPath, ['-e', BUSY_HOST], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [port] = (await once(host.stdout!, 'data')) as [Buffer];
  url = `http://127.0.0.1:${port.toString().trim()}`;
});

afterAll(() => {
  host?.kill();
});

describe("the end-to-end tests' requests to a host", () => {
  it('are answered by a host that was busy past its keep-alive timeout when the request came', async () => {
    expect(await (await fetch(`${url}/first`)).text()).toBe('answered /first');
    // A moment later the host is blocked: this request waits for it, on a connection it will not close.
    await sleep(300);
    expect(await (await fetch(`${url}/second`)).text()).toBe('answered /second');
  });
});
