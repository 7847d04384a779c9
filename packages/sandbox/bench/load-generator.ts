/**
 * The benchmark's load generator, run as its own process (service.bench.ts forks it) so the load it
 * makes never shares an event loop with the server it measures. It receives one run's options over
 * IPC, keeps `connections` keep-alive connections busy (one request in flight on each, a new one as
 * soon as the previous answer is fully read) until the duration is over, and sends back the figures.
 *
 * Not autocannon: its histograms hold whole milliseconds, and on loopback both servers answer in well
 * under one, so every latency ratio came out 0/0. Here each request is timed with
 * `performance.now()` (microseconds) and percentiles are read from the sorted samples.
 */
import { Pool } from 'undici';

/** One load run, as the parent asks for it. */
export interface LoadRun {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly connections: number;
  readonly durationSeconds: number;
}

/** What a run measured. Latencies are in milliseconds, from sending the request to its last byte. */
export interface LoadFigures {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly responses: number;
  readonly non2xx: number;
  readonly errors: number;
}

async function run(load: LoadRun): Promise<LoadFigures> {
  const url = new URL(load.url);
  const pool = new Pool(url.origin, { connections: load.connections, pipelining: 1 });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + load.durationSeconds * 1000;
  const connection = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const response = await pool.request({
          path: url.pathname + url.search,
          method: load.method,
          headers: load.headers,
          body: load.body ?? null,
        });
        await response.body.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: load.connections }, connection));
  const elapsedSeconds = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    responses: latencies.length,
    non2xx,
    errors,
  };
}

/** Nearest-rank percentile of ascending samples (0 when there are none). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

process.once('message', (load: LoadRun) => {
  run(load).then(
    (figures) => process.send?.(figures, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
