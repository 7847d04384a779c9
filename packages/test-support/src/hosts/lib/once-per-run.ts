// What a host start makes that is the same for every start of one test run (the WordPress plugin's
// zip, the extension's .vsix): made by the first start of the run and reused by the others, in any
// process, instead of once per start (a pnpm and a tsx start each time, ~5-10 s of a busy machine
// per site). A run is a `vitest run` of the end-to-end projects, whose global setup
// (once-per-run-setup.ts) names a scratch folder in CIRCASSIAN_TEST_RUN_DIR; without it (`pnpm host`,
// the playground, benchmarks) every start makes its own.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withLock } from './lock.js';

export const TEST_RUN_DIR_ENV = 'CIRCASSIAN_TEST_RUN_DIR';

/** `make()`'s result (a path), made once per test run under `name`; every time outside a run. */
export async function oncePerRun(name: string, make: () => Promise<string>): Promise<string> {
  const dir = process.env[TEST_RUN_DIR_ENV];
  if (!dir || !existsSync(dir)) return make();
  const record = join(dir, `${name}.path`);
  return withLock(join(dir, `${name}.lock`), name, async () => {
    if (existsSync(record)) {
      const made = readFileSync(record, 'utf8');
      if (existsSync(made)) return made;
    }
    const made = await make();
    writeFileSync(record, made);
    return made;
  });
}
