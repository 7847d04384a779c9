// What a host start makes that is the same for every start of one test run (the WordPress plugin's
// zip, the extension's .vsix): made by the first start of the run and reused by the others, in any
// process, instead of once per start (a pnpm and a tsx start each time, ~5-10 s of a busy machine
// per site). A run is a `vitest run` of the end-to-end projects, whose global setup
// (once-per-run-setup.ts) names a scratch folder in CIRCASSIAN_TEST_RUN_DIR; without it (`pnpm host`,
// the playground, benchmarks) every start makes its own.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { basename, join } from 'node:path';
import { withLock } from './lock.js';

export const TEST_RUN_DIR_ENV = 'CIRCASSIAN_TEST_RUN_DIR';

/**
 * The file `make()` makes (it returns its path), made once per test run under `name` and kept as a
 * copy in the run's folder, so a later rebuild in place (the release test repackages every plugin
 * into dist/) never hands a host half a file; made every time outside a run.
 */
export async function oncePerRun(name: string, make: () => Promise<string>): Promise<string> {
  const dir = process.env[TEST_RUN_DIR_ENV];
  if (!dir || !existsSync(dir)) return make();
  const folder = join(dir, name);
  return withLock(`${folder}.lock`, name, async () => {
    const [kept] = existsSync(folder) ? readdirSync(folder) : [];
    if (kept) return join(folder, kept);
    const path = await make();
    mkdirSync(folder, { recursive: true });
    const copy = join(folder, basename(path));
    // Whole or not at all: a process stopped mid-copy leaves no file for the next start to take.
    copyFileSync(path, `${folder}.partial`);
    renameSync(`${folder}.partial`, copy);
    return copy;
  });
}
