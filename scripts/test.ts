// `pnpm test`: the type-check, lint, installs and every test, overlapped where they share nothing,
// since a fresh machine spends minutes installing (apt, npm) while its two cores wait:
//
//   type-check, then lint                    ─────────────────┐
//   installs for the unit tests ─┬─ installs for the hosts ───┤
//                                └─ unit ─┬─ e2e lanes ───────┴─ summary
//
// The unit tests (two files at a time, vitest.config.ts) start once what they need is installed
// (host-installs.ts), beside the rest of the installs; the end-to-end lanes start once the unit tests end, two at a time (E2E_LANES), each a
// `vitest run` of its projects one file at a time, so two hosts of one kind never start together. A
// host whose install is still under way when its first file starts waits for it (the installs are
// locked). Plain `vitest run` still runs every project one after another (vitest.config.ts).
//
// Each vitest writes its counts and file times to a file (vitest-summary-reporter.ts); at the end
// this prints each step's time, the ten slowest files, every failure and the one
// "N passed, N failed, N skipped" line CI reads. The exit code is 1 when any step failed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { TEST_RUN_DIR_ENV } from '@circassian/test-support/hosts/lib/once-per-run.js';
import { pnpmCommand } from '@circassian/test-support/hosts/lib/pnpm.js';
import { installForEndToEnd, installForUnitTests } from './host-installs.js';
import { SUMMARY_FILE_ENV, slowestLines, summaryLines, type Counts, type FileTime } from './vitest-summary-reporter.js';

/**
 * The end-to-end lanes, run side by side; each runs its vitest projects one after another. The
 * release test comes last in its lane: it repackages every plugin, which the hosts before it
 * install. Balanced by the lanes' measured times, which the summary prints.
 */
const E2E_LANES: ReadonlyArray<readonly string[]> = [['e2e-wordpress'], ['e2e', 'e2e-release']];

const VITEST = join(import.meta.dirname, '..', 'node_modules', '.bin', 'vitest');
const countsDir = mkdtempSync(join(tmpdir(), 'circassian-test-counts-'));
// One run for every lane: the plugin's zip and the extension's .vsix are made once (once-per-run.ts).
const runDir = mkdtempSync(join(tmpdir(), 'circassian-test-run-'));
process.env[TEST_RUN_DIR_ENV] = runDir;

/** Each step's wall time in seconds, in the order they ended, and its exit code. */
const stepSeconds: Array<[string, number]> = [];
const stepCodes = new Map<string, number>();

async function step(name: string, work: () => Promise<number>): Promise<number> {
  const started = Date.now();
  let code: number;
  try {
    code = await work();
  } catch (error) {
    console.error(`[test] ${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    code = 1;
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  stepSeconds.push([name, seconds]);
  console.log(`[test] ${name}: ${code === 0 ? 'done' : `failed (exit ${code})`} after ${seconds} s`);
  stepCodes.set(name, code);
  return code;
}

/** Runs a command, its output passed on line by line (so two steps' output never mixes within a line); resolves with its exit code. */
function command(file: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${line}\n`));
  return new Promise((resolve) => {
    child.once('error', (error) => {
      console.error(`[test] ${file}: ${error.message}`);
      resolve(1);
    });
    child.once('close', (code) => resolve(code ?? 1));
  });
}

const pnpm = (script: string): Promise<number> => {
  const [file, prefix] = pnpmCommand();
  return command(file, [...prefix, 'run', script]);
};

/** One `vitest run` of the given project, writing its counts where the summary reads them. */
const vitest = (project: string): Promise<number> =>
  step(project, () =>
    command(VITEST, ['run', '--project', project], { ...process.env, [SUMMARY_FILE_ENV]: join(countsDir, `${project}.json`) }),
  );

/** Steps one after another, every one run (as one `vitest run` would): the first failure's code. */
async function sequence(steps: ReadonlyArray<() => Promise<number>>): Promise<number> {
  let failed = 0;
  for (const next of steps) {
    const code = await next();
    if (failed === 0) failed = code;
  }
  return failed;
}

const installed = (work: () => Promise<void>) => () => work().then(() => 0);

const checks = sequence([() => step('typecheck', () => pnpm('typecheck')), () => step('lint', () => pnpm('lint'))]);
const unitInstalls = step('installs for the unit tests', installed(installForUnitTests));
const hostInstalls = unitInstalls.then(() => step('installs for the hosts', installed(installForEndToEnd)));
const unit = unitInstalls.then(() => vitest('unit'));
const e2e = unit.then(() => Promise.all(E2E_LANES.map((projects) => sequence(projects.map((project) => () => vitest(project))))));
const codes = [await checks, await unitInstalls, await hostInstalls, await unit, ...(await e2e)];

const projects = new Set(['unit', ...E2E_LANES.flat()]);
const total: Counts = { passed: 0, failed: 0, skipped: 0, failures: [], flaky: [], files: [] };
const files: Array<FileTime & { lane: string }> = [];
for (const [name, code] of stepCodes) {
  let counts: Counts | undefined;
  try {
    if (projects.has(name)) counts = JSON.parse(readFileSync(join(countsDir, `${name}.json`), 'utf8')) as Counts;
  } catch {
    // A vitest that ended before its summary (it could not start) counted nothing: its exit code says so below.
  }
  if (counts) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.failures.push(...counts.failures.map((failure) => `[${name}] ${failure}`));
    total.flaky.push(...counts.flaky.map((flaky) => `[${name}] ${flaky}`));
    files.push(...counts.files.map((file) => ({ ...file, lane: name })));
  }
  // A step that failed with no failed test to name (the type-check, lint, an install, a vitest that
  // could not start or failed outside its tests) is named itself.
  if (code !== 0 && (counts?.failures.length ?? 0) === 0) total.failures.push(`[${name}] failed (exit ${code}): see its output above`);
}
rmSync(countsDir, { recursive: true, force: true });
rmSync(runDir, { recursive: true, force: true });
console.log(
  [
    '',
    `Steps: ${stepSeconds.map(([name, seconds]) => `${name} ${seconds} s`).join(', ')}; all ${Math.round(process.uptime())} s`,
    ...slowestLines(files),
    ...summaryLines(total),
  ].join('\n'),
);
process.exitCode = codes.some((code) => code !== 0) ? 1 : 0;
