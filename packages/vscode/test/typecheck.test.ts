// packages/vscode has its own tsconfig (the vscode and mocha types, bundler resolution), so the
// root typecheck excludes it; this runs its typecheck as part of the unit tests.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';

test('the extension, its integration suite and its benchmarks typecheck under strict settings', async () => {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const result = await promisify(execFile)(process.execPath, [tsc, '-p', join(import.meta.dirname, '..', 'tsconfig.json')]).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
  );
  expect(result.stdout).toBe('');
}, 120_000);
