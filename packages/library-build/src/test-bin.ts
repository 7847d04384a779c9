// A package's bin (or any script of it) bundled for its tests to run as a child process, the way the
// published dist/ is built (build-library.ts: esbuild, one file per entry) but with its dependencies
// inside, since it runs from a temporary folder. Starting it is starting plain Node: through tsx's
// loader, each run of a TypeScript bin spent about a second of CPU loading its sources, and the
// CLI's tests start it some two hundred times.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSync } from 'esbuild';

/** Bundles `entry` (a .ts file) into a temporary .mjs file, removed when this process exits; returns its path. */
export function bundledForTests(entry: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-test-bin-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, `${basename(entry, '.ts')}.mjs`);
  buildSync({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // CommonJS dependencies bundled into ESM still call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  return outfile;
}
