// `pnpm start` as a person runs it in a terminal, stopped with Ctrl+C: the terminal sends SIGINT to
// the whole foreground process group (pnpm, the shell it starts the script in, the playground and
// its hosts). A clean stop exits 0 and says what it stopped; before, pnpm printed "ELIFECYCLE
// Command failed" after every host had stopped cleanly. (Started through npx, as the quick start
// does, npm itself dies of the SIGINT at once and the playground finishes stopping after it.)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { expect, test } from 'vitest';
import { pnpmCommand } from '@circassian/test-support/hosts/lib/pnpm.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

test('Ctrl+C stops the playground cleanly: exit 0, each stopped piece named, no pnpm failure', async () => {
  const [command, prefix] = pnpmCommand();
  expect(command, 'run through `pnpm test`, which gives pnpm itself to the hosts (npm_execpath)').not.toBe('npx');
  // detached: a process group of its own, as a terminal gives the command it runs.
  const child = spawn(command, [...prefix, 'start', 'vscode'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, CIRCASSIAN_API_KEY: '', CIRCASSIAN_BASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const running = new Promise<void>((resolve) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        output.push(line);
        if (line.includes('The playground is running')) resolve();
      });
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  await Promise.race([running, exited]);
  expect(output.join('\n')).toContain('The playground is running');

  process.kill(-child.pid!, 'SIGINT');
  const code = await exited;
  const text = output.join('\n');
  expect(text).toContain('Stopped vscode, the local service.');
  expect(text).not.toContain('ELIFECYCLE');
  expect(code).toBe(0);
});
