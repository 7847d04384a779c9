/**
 * Sandbox throughput and latency against a bare `node:http` server answering the same bytes.
 * Run: `npx tsx packages/sandbox/bench/service.bench.ts` (or `pnpm bench sandbox`).
 *
 * For `GET /v1/me` and `POST /v1/translate` (a short text): the sandbox's real response is recorded
 * once, a bare server replays it, and each server takes the same load from a separate process
 * (load-generator.ts): `CONNECTIONS` keep-alive connections, first for `WARMUP_SECONDS` (discarded,
 * lets the JIT settle), then `ROUNDS` runs of `MEASURE_SECONDS` alternating sandbox and bare, so a
 * burst of load from elsewhere on the shared machine hits both; each figure is the median of its
 * rounds. Both servers live in this process and are loaded one at a time, so they never compete for
 * the cores; loopback only. The table gives the ratio sandbox / bare; the aim is within 2x
 * (throughput ratio >= 0.5, latency ratios <= 2). It also gives the server's CPU time per request
 * (this process's CPU during a round over the responses; the load generator's CPU is its own): on a
 * shared, noisy machine it is the steadiest of the figures.
 */
import { fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { startSandbox } from '@circassian/sandbox';
import type { LoadFigures, LoadRun } from './load-generator.js';
import { recordResponse, startReplayServer, type RecordedResponse } from './replay-server.js';

const CONNECTIONS = 20;
const WARMUP_SECONDS = 1;
const ROUNDS = 3;
const MEASURE_SECONDS = 3;
const AIM_RATIO = 2;
// Far above what a 5-second run can send, so no limit answers 429 during the run.
const UNLIMITED = 1_000_000_000;

interface Case {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

const CASES: readonly Case[] = [
  { name: 'GET /v1/me', method: 'GET', path: '/v1/me' },
  {
    name: 'POST /v1/translate',
    method: 'POST',
    path: '/v1/translate',
    body: JSON.stringify({ text: 'Уи махуэ фӀыуэ! Дэнэ ущыӀэ?', source_lang: 'kbd', target_lang: 'en' }),
  },
];

function generateLoad(load: LoadRun): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    // fork() reuses this process's execArgv, so the child loads TypeScript the same way (tsx).
    const child = fork(new URL('./load-generator.ts', import.meta.url), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (figures) => resolve(figures as LoadFigures));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(load);
  });
}

function loadFor(baseUrl: string, testCase: Case, headers: Record<string, string>, durationSeconds: number): LoadRun {
  return {
    url: baseUrl + testCase.path,
    method: testCase.method,
    headers,
    ...(testCase.body === undefined ? {} : { body: testCase.body }),
    connections: CONNECTIONS,
    durationSeconds,
  };
}

interface RoundFigures extends LoadFigures {
  /** CPU time of this process (which serves the requests) per response, in microseconds. */
  readonly cpuMicrosPerRequest: number;
}

async function measureRound(baseUrl: string, testCase: Case, headers: Record<string, string>): Promise<RoundFigures> {
  const cpuBefore = process.cpuUsage();
  const load = await generateLoad(loadFor(baseUrl, testCase, headers, MEASURE_SECONDS));
  const cpu = process.cpuUsage(cpuBefore);
  const figures = { ...load, cpuMicrosPerRequest: (cpu.user + cpu.system) / Math.max(load.responses, 1) };
  if (figures.non2xx > 0 || figures.errors > 0) {
    throw new Error(`${testCase.name} at ${baseUrl}: ${figures.non2xx} non-2xx responses and ${figures.errors} errors; the figures would not be comparable`);
  }
  return figures;
}

/** Warm-up for both servers, then alternating measured rounds; the median of each figure per server. */
async function compare(urls: { sandbox: string; bare: string }, testCase: Case, headers: Record<string, string>): Promise<{ sandbox: Summary; bare: Summary }> {
  await generateLoad(loadFor(urls.sandbox, testCase, headers, WARMUP_SECONDS));
  await generateLoad(loadFor(urls.bare, testCase, headers, WARMUP_SECONDS));
  const rounds: { sandbox: RoundFigures[]; bare: RoundFigures[] } = { sandbox: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    rounds.sandbox.push(await measureRound(urls.sandbox, testCase, headers));
    rounds.bare.push(await measureRound(urls.bare, testCase, headers));
  }
  return { sandbox: summarise(rounds.sandbox), bare: summarise(rounds.bare) };
}

interface Summary {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly cpuMicrosPerRequest: number;
}

function summarise(rounds: readonly RoundFigures[]): Summary {
  const median = (pick: (f: RoundFigures) => number) => {
    const values = rounds.map(pick).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)] ?? 0;
  };
  return {
    requestsPerSecond: median((f) => f.requestsPerSecond),
    p50Ms: median((f) => f.p50Ms),
    p99Ms: median((f) => f.p99Ms),
    cpuMicrosPerRequest: median((f) => f.cpuMicrosPerRequest),
  };
}

const format = (value: number, digits = 0) => value.toFixed(digits);
const pad = (cells: readonly string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(i === 0 ? 20 : 16) : cell.padStart(10))).join(' ');

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    limits: { requests_per_minute: UNLIMITED, requests_per_day: UNLIMITED, translate_chars_per_day: UNLIMITED },
  });
  const headers = { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' };
  const recorded: RecordedResponse[] = [];
  for (const testCase of CASES) {
    const response = await recordResponse(sandbox.url + testCase.path, {
      method: testCase.method,
      headers,
      ...(testCase.body === undefined ? {} : { body: testCase.body }),
    });
    if (response.status !== 200) throw new Error(`${testCase.name} answered ${response.status}: ${response.body.toString()}`);
    recorded.push(response);
  }
  const bare = await startReplayServer(recorded);

  console.log(
    `${CONNECTIONS} connections from a separate process, loopback; median of ${ROUNDS} alternating ${MEASURE_SECONDS} s rounds after ${WARMUP_SECONDS} s warm-up; ` +
      `load average before the run ${loadavg().map((l) => l.toFixed(2)).join(' ')} on ${availableParallelism()} cores`,
  );
  console.log(pad(['case', 'server', 'req/s', 'p50 ms', 'p99 ms', 'CPU us/req']));
  let withinAim = true;
  try {
    for (const testCase of CASES) {
      const { sandbox: s, bare: b } = await compare({ sandbox: sandbox.url, bare: bare.url }, testCase, headers);
      const ratios = {
        throughput: s.requestsPerSecond / b.requestsPerSecond,
        p50: s.p50Ms / Math.max(b.p50Ms, 1e-3),
        p99: s.p99Ms / Math.max(b.p99Ms, 1e-3),
        cpu: s.cpuMicrosPerRequest / Math.max(b.cpuMicrosPerRequest, 1e-3),
      };
      withinAim &&= ratios.throughput >= 1 / AIM_RATIO && ratios.p50 <= AIM_RATIO && ratios.p99 <= AIM_RATIO;
      const row = (f: Summary) => [format(f.requestsPerSecond), format(f.p50Ms, 2), format(f.p99Ms, 2), format(f.cpuMicrosPerRequest, 1)];
      console.log(pad([testCase.name, 'sandbox', ...row(s)]));
      console.log(pad(['', 'bare node:http', ...row(b)]));
      console.log(pad(['', 'sandbox / bare', ...[ratios.throughput, ratios.p50, ratios.p99, ratios.cpu].map((r) => `${format(r, 2)}x`)]));
    }
  } finally {
    await bare.close();
    await sandbox.close();
  }
  console.log(withinAim ? `Within the ${AIM_RATIO}x aim.` : `Outside the ${AIM_RATIO}x aim (throughput ratio below ${1 / AIM_RATIO} or a latency ratio above ${AIM_RATIO}).`);
}

await main();
