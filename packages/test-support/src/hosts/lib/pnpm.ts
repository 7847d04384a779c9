// Runs pnpm the way this process was started when it was (`pnpm test`, `pnpm start` and
// `pnpm package` set npm_execpath to pnpm itself), else the version the README pins through npx.
// npx costs about 8 s a call (it asks the registry each time), once per host start: the tests and
// the playground go the fast way. pnpm is not a dependency here: npx would then take the project's
// copy and leave `pnpm` off the PATH of the scripts it runs.
import { basename } from 'node:path';
import { run, type RunOptions } from './processes.js';

export function pnpmCommand(): [string, string[]] {
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
