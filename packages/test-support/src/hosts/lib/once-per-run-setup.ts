// vitest's global setup for the end-to-end projects (vitest.config.ts): one scratch folder per
// `vitest run`, named to every test file and host it starts through CIRCASSIAN_TEST_RUN_DIR, so what
// is the same for every host start is made once (once-per-run.ts). Removed when the run ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_RUN_DIR_ENV } from './once-per-run.js';

export function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-test-run-'));
  process.env[TEST_RUN_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
