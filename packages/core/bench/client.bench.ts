/**
 * Client overhead per request: `client.me()` against raw `undici.request` (keep-alive Agent, body
 * parsed as JSON) on the same local endpoint. The endpoint is a bare node:http server in a worker
 * thread answering GET /v1/me with the same bytes every time, so the server's cost is equal for
 * both and runs on the other core. Rounds alternate between the two to share the machine's noise;
 * the median round counts. Run: `npx tsx packages/core/bench/client.bench.ts`.
 */
import { Worker } from 'node:worker_threads';
import { Agent, request } from 'undici';
import { CircassianClient } from '../src/index.js';

const SEQUENTIAL = 2_000;
const CONCURRENT = 8_000;
const IN_FLIGHT = 32;
const ROUNDS = 5;

const SERVER = `
const { createServer } = require('node:http');
const { parentPort } = require('node:worker_threads');
const body = Buffer.from(JSON.stringify({
  name: 'bench', prefix: 'ck_bench', content_logging: false,
  limits: { requests_per_minute: 60, requests_per_day: 10000, translate_chars_per_day: 1000000, speech_seconds_per_day: 3600 },
}));
const server = createServer({ keepAliveTimeout: 60000 }, (req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body));
});
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
parentPort.on('message', () => server.close(() => process.exit(0)));
`;

type Send = () => Promise<unknown>;

async function sequential(send: Send, n: number): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < n; i++) await send();
  return ((performance.now() - start) * 1000) / n;
}

async function concurrent(send: Send, n: number, inFlight: number): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next++ < n) await send();
    }),
  );
  return ((performance.now() - start) * 1000) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const worker = new Worker(SERVER, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  const url = `http://127.0.0.1:${port}`;
  const meUrl = `${url}/v1/me`;

  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const raw: Send = async () => {
    const response = await request(meUrl, {
      dispatcher: agent,
      headers: { authorization: 'Bearer ck_bench.secret', accept: 'application/json' },
    });
    return response.body.json();
  };
  // The floor: the same Agent's own request() with origin and path, no URL parsing, no JSON checks.
  const origin = url;
  const floor: Send = async () => {
    const response = await agent.request({
      origin,
      path: '/v1/me',
      method: 'GET',
      headers: { authorization: 'Bearer ck_bench.secret', accept: 'application/json' },
    });
    return response.body.json();
  };
  const client = new CircassianClient({ apiKey: 'ck_bench.secret', baseUrl: url });
  const viaClient: Send = () => client.me();

  // Warm both paths (connections, JIT) before measuring.
  await sequential(raw, 500);
  await sequential(floor, 500);
  await sequential(viaClient, 500);

  const seq = { raw: [] as number[], floor: [] as number[], client: [] as number[] };
  const conc = { raw: [] as number[], floor: [] as number[], client: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, send] of [
      ['raw', raw],
      ['floor', floor],
      ['client', viaClient],
    ] as const) {
      seq[name].push(await sequential(send, SEQUENTIAL));
      conc[name].push(await concurrent(send, CONCURRENT, IN_FLIGHT));
    }
  }

  const rows = [
    { mode: `sequential (${SEQUENTIAL} x ${ROUNDS})`, raw: median(seq.raw), floor: median(seq.floor), client: median(seq.client) },
    {
      mode: `concurrent (${CONCURRENT} x ${ROUNDS}, ${IN_FLIGHT} in flight)`,
      raw: median(conc.raw),
      floor: median(conc.floor),
      client: median(conc.client),
    },
  ];
  console.log('GET /v1/me on a local keep-alive server, microseconds per request (median round)');
  console.table(
    rows.map((r) => ({
      mode: r.mode,
      'raw undici.request (us)': r.raw.toFixed(1),
      'agent.request floor (us)': r.floor.toFixed(1),
      'CircassianClient.me (us)': r.client.toFixed(1),
      'ratio vs undici.request': (r.client / r.raw).toFixed(3),
      'ratio vs floor': (r.client / r.floor).toFixed(3),
      'aim < 1.1x': r.client / r.raw < 1.1 ? 'yes' : 'no',
    })),
  );

  await client.close();
  await agent.close();
  worker.postMessage('stop');
}

await main();
