// vitest's global setup for the end-to-end projects (vitest.config.ts): one scratch folder per run,
// named to every test file and host it starts through CIRCASSIAN_TEST_RUN_DIR, so what is the same
// for every host start is made once (once-per-run.ts). A folder the caller named already (`pnpm
// test` names one for all its lanes) is kept for the caller to remove; one made here goes with the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_RUN_DIR_ENV } from './once-per-run.js';

export function setup(): (() => void) | undefined {
  if (process.env[TEST_RUN_DIR_ENV]) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'circassian-test-run-'));
  process.env[TEST_RUN_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
