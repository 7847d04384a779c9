// `pnpm test`'s test run. The unit and contract tests first (in parallel, as vitest runs them);
// then the end-to-end files in two lanes at once: the WordPress files in one, the Strapi and VS
// Code files and then the release test in the other. Each lane runs its files one at a time, so
// two hosts of one kind never start together; the lanes share nothing but the machine (each host
// has its own port and data directory, and the release test, which repackages every plugin, runs
// after the other lane's hosts that read those packages). Plain `vitest run` still runs every
// project one after another (vitest.config.ts).
//
// Each vitest writes its counts to a file (vitest-summary-reporter.ts) and this prints the one
// "N passed, N failed, N skipped" line CI reads, after every failed test's name, for all of them.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { SUMMARY_FILE_ENV, summaryLines, type Counts } from './vitest-summary-reporter.js';

const VITEST = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const countsDir = mkdtempSync(join(tmpdir(), 'circassian-test-counts-'));

/** One `vitest run` of the given projects, its output passed on line by line with the lane's name. */
function vitest(lane: string, projects: readonly string[]): Promise<number> {
  const started = Date.now();
  const child = spawn(VITEST, ['run', ...projects.flatMap((project) => ['--project', project])], {
    env: { ...process.env, [SUMMARY_FILE_ENV]: join(countsDir, `${lane}.json`) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Whole lines only, so two lanes' output never mixes within a line.
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${line}\n`));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`[test] ${lane}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code, signal) => {
      console.log(`[test] ${lane}: ${signal ?? `exit ${code}`} after ${Math.round((Date.now() - started) / 1000)} s`);
      resolve(code ?? 1);
    });
  });
}

/** Steps one after another, every one run (as one `vitest run` would): the first failure's code. */
const sequence = async (...steps: Array<() => Promise<number>>): Promise<number> => {
  let failed = 0;
  for (const step of steps) {
    const code = await step();
    if (failed === 0) failed = code;
  }
  return failed;
};

const codes: number[] = [await vitest('unit', ['unit'])];
codes.push(
  ...(await Promise.all([
    vitest('e2e-wordpress', ['e2e-wordpress']),
    sequence(
      () => vitest('e2e', ['e2e']),
      () => vitest('e2e-release', ['e2e-release']),
    ),
  ])),
);

const total: Counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
for (const lane of ['unit', 'e2e-wordpress', 'e2e', 'e2e-release']) {
  try {
    const counts = JSON.parse(readFileSync(join(countsDir, `${lane}.json`), 'utf8')) as Counts;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.failures.push(...counts.failures.map((failure) => `[${lane}] ${failure}`));
  } catch {
    // A vitest that ended before its summary (it could not start) counted nothing; its exit code says so.
  }
}
rmSync(countsDir, { recursive: true, force: true });
console.log(summaryLines(total).join('\n'));
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
