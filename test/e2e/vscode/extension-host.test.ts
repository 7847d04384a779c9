// The extension's integration suite, run INSIDE the real VS Code extension host (code-server) with
// `pnpm vscode-test` against a local service started here; each mocha test's result is read back,
// so a failure is named here, not just an exit code.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildExtension, EXTENSION_DIR } from '@circassian/test-support/hosts/vscode/package-extension.js';

const REPO = join(import.meta.dirname, '..', '..', '..');
const VSCODE_TEST_BIN = join(REPO, 'scripts', 'bin', 'vscode-test.js');

interface TestResult {
  readonly title: string;
  readonly state: 'passed' | 'failed';
  readonly error?: string;
  readonly durationMs?: number;
}

let sandbox: RunningSandbox;
let scratch: string;

beforeAll(async () => {
  // The suite makes more calls a minute than one translator (about 50 tests in a minute or so);
  // the default 60 a minute would turn its last tests into rate_limited ones.
  sandbox = await startSandbox({ speechJobMs: 300, limits: { requests_per_minute: 600 } });
  scratch = mkdtempSync(join(tmpdir(), 'circassian-vscode-e2e-'));
  await buildExtension({ tests: true });
});

afterAll(async () => {
  await sandbox?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function runVscodeTest(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [VSCODE_TEST_BIN, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

// As long as the suite takes: on a busy machine it ran past the project's 5 minutes while still
// running test after test; the run itself fails when it goes 5 minutes without a word (electron-shim.ts).
test('the integration suite passes inside the real extension host against the local service', { timeout: 60 * 60_000 }, async () => {
  const resultsFile = join(scratch, 'results.json');
  const { code, output } = await runVscodeTest(
    [join(EXTENSION_DIR, 'dist-test', 'index.js'), '--service-url', sandbox.url, '--key', sandbox.key],
    {
      CIRCASSIAN_TEST_ADMIN_TOKEN: sandbox.adminToken,
      CIRCASSIAN_VSCODE_TEST_RESULTS: resultsFile,
    },
  );
  let results: TestResult[];
  try {
    results = JSON.parse(readFileSync(resultsFile, 'utf8')) as TestResult[];
  } catch {
    throw new Error(`the suite wrote no results (exit ${code}):\n${output.slice(-4000)}`);
  }
  // With each test's time, slowest first: the suite is one of the longest files of the run.
  for (const result of [...results].sort((a, b) => (b.durationMs ?? 0) - (a.durationMs ?? 0)))
    process.stderr.write(
      `  ${result.state === 'passed' ? '✓' : '✗'} ${result.title}${result.durationMs === undefined ? '' : ` (${result.durationMs} ms)`}\n` +
        // A failure's words where it is listed: the case's first try is otherwise known only as "Array(1)".
        (result.state === 'failed' ? `      ${(result.error ?? '').split('\n').slice(0, 6).join('\n      ')}\n` : ''),
    );
  const failed = results.filter((result) => result.state === 'failed').map((result) => `${result.title}\n${result.error ?? ''}`);
  expect(failed).toEqual([]);
  expect(results.length).toBeGreaterThanOrEqual(25);
  expect(code).toBe(0);
  // The key never shows up in what the run printed.
  expect(output).not.toContain(sandbox.key.split('.')[1]);
  // Nothing tried to leave the machine: code-server logs a failed name lookup (its extension
  // gallery, before the host pointed it nowhere) as getaddrinfo ENOTFOUND.
  expect(output).not.toMatch(/getaddrinfo|ENOTFOUND|EAI_AGAIN/);
});

test('pnpm vscode-test exits non-zero when the module’s run() rejects', async () => {
  const failing = join(scratch, 'failing.cjs');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(failing, "exports.run = async () => { throw new Error('deliberate'); };\n");
  const { code } = await runVscodeTest([failing, '--service-url', sandbox.url, '--key', sandbox.key], {});
  expect(code).not.toBe(0);
});
