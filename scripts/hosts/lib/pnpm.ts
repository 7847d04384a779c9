// Runs pnpm without npx, which costs about 8 s a call (it asks the registry each time): once per
// host start, for every end-to-end test file. The pnpm that started this process when there is one
// (`pnpm test` and `pnpm package` set npm_execpath to it), else the same pinned version, a
// dependency of this package.
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { run, type RunOptions } from './processes.js';

export function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /^pnpm(\.c?js)?$/.test(basename(execPath))) {
    return execPath.endsWith('js') ? [process.execPath, [execPath]] : [execPath, []];
  }
  // pnpm exports only its package.json; its bin is beside it.
  const pnpmPackage = createRequire(import.meta.url).resolve('pnpm');
  return [process.execPath, [join(dirname(pnpmPackage), 'bin', 'pnpm.cjs')]];
}

export function runPnpm(args: readonly string[], options: RunOptions = {}): Promise<void> {
  const [command, prefix] = pnpmCommand();
  return run(command, [...prefix, ...args], options);
}
