// Runs pnpm the way this process was started (`pnpm package` sets npm_execpath to pnpm itself),
// else the version the README pins through npx.
import { basename } from 'node:path';
import { run, type RunOptions } from '../hosts/lib/processes.js';

function pnpmCommand(): [string, string[]] {
  const execPath = process.env.npm_execpath;
  if (execPath !== undefined && /^pnpm(\.c?js)?$/.test(basename(execPath))) {
    return execPath.endsWith('js') ? [process.execPath, [execPath]] : [execPath, []];
  }
  return ['npx', ['-y', 'pnpm@10.34.9']];
}

export function runPnpm(args: readonly string[], options: RunOptions = {}): Promise<void> {
  const [command, prefix] = pnpmCommand();
  return run(command, [...prefix, ...args], options);
}
