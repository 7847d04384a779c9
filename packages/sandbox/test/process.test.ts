import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMAND_DEFAULT_PORT } from '../src/index.js';
import { BIN_ARGS } from './sandbox-process.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Starts the sandbox's bin from source (or, with `viaPnpm`, `pnpm sandbox` itself) as a process and collects its output. */
function launch(args: readonly string[], viaPnpm = false) {
  const [command, commandArgs] = viaPnpm ? ['npx', ['-y', 'pnpm@10.34.9', 'sandbox', ...args]] : [process.execPath, [...BIN_ARGS, ...args]];
  // Its own process group, so a signal reaches pnpm's child too when going through npx and pnpm.
  const child = spawn(command, commandArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: viaPnpm });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const end = stdout.indexOf('\n');
      if (end >= 0) resolve(stdout.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${String(code)} before it was ready: ${stderr}`)));
  });
  // A run that is expected to fail never reads its first line.
  firstLine.catch(() => {});
  const exited = once(child, 'exit') as Promise<[number | null]>;
  /** Sends a signal (to the whole group when started through pnpm) and resolves with the exit code. */
  const stop = async (signal: NodeJS.Signals): Promise<number | null> => {
    if (viaPnpm) process.kill(-(child.pid ?? 0), signal);
    else child.kill(signal);
    return (await exited)[0];
  };
  return { child, firstLine, exited, stop, output: () => ({ stdout, stderr }) };
}

/** Holds a port so the sandbox cannot take it; resolves undefined when something else holds it already. */
async function holdPort(port: number): Promise<Server | undefined> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('pnpm sandbox (the process)', () => {
  it('listens on 8787 without --port, and on a free port with a warning when 8787 is taken', async () => {
    const holder = await holdPort(COMMAND_DEFAULT_PORT);
    try {
      const fallback = launch([]);
      const { url } = JSON.parse(await fallback.firstLine) as { url: string };
      expect(url).not.toBe(`http://127.0.0.1:${COMMAND_DEFAULT_PORT}`);
      expect((await fetch(`${url}/health`)).status).toBe(200);
      expect(fallback.output().stderr).toContain(`port ${COMMAND_DEFAULT_PORT} is taken`);
      expect(await fallback.stop('SIGTERM')).toBe(0);
    } finally {
      await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
    }
    if (!holder) return; // something else on this machine holds 8787: only the fallback can be tested
    const preferred = launch([]);
    const { url } = JSON.parse(await preferred.firstLine) as { url: string };
    expect(url).toBe(`http://127.0.0.1:${COMMAND_DEFAULT_PORT}`);
    expect(await preferred.stop('SIGTERM')).toBe(0);
  });

  it('prints exactly one JSON line with url, key and admin token, serves them, and exits 0 on SIGTERM', async () => {
    const run = launch(['--port', '0', '--key', 'ck_processtst.s3cret-process-key', '--admin-token', 'adm-process', '--rpm', '7']);
    const ready = JSON.parse(await run.firstLine) as { url: string; key: string; adminToken: string };
    expect(ready).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      key: 'ck_processtst.s3cret-process-key',
      adminToken: 'adm-process',
    });

    const me = await fetch(`${ready.url}/v1/me`, { headers: { authorization: `Bearer ${ready.key}` } });
    expect(await me.json()).toMatchObject({ prefix: 'ck_processtst', limits: { requests_per_minute: 7 } });
    const keys = await fetch(`${ready.url}/admin/keys`, { headers: { authorization: `Bearer ${ready.adminToken}` } });
    expect(keys.status).toBe(200);

    expect(await run.stop('SIGTERM')).toBe(0);
    expect(run.output().stdout.trim().split('\n')).toHaveLength(1);
  });

  it('prints nothing but the JSON line on stdout when started as `pnpm sandbox`', async () => {
    const run = launch(['--port', '0'], true);
    const ready = JSON.parse(await run.firstLine) as { url: string };
    expect((await fetch(`${ready.url}/health`)).status).toBe(200);
    expect(run.output().stdout).toBe(`${await run.firstLine}\n`);
    await run.stop('SIGTERM');
  }, 60_000);

  it('generates a key and admin token when none are given, and stops on SIGINT', async () => {
    const run = launch(['--port', '0']);
    const ready = JSON.parse(await run.firstLine) as { url: string; key: string; adminToken: string };
    expect(ready.key).toMatch(/^ck_[a-z2-7]{10}\.[a-z2-7]{40}$/);
    expect(ready.adminToken.length).toBeGreaterThanOrEqual(32);
    const health = await fetch(`${ready.url}/health`);
    expect(health.status).toBe(200);
    expect(await run.stop('SIGINT')).toBe(0);
    expect(run.output().stdout.trim().split('\n')).toHaveLength(1);
  });

  it('reports a malformed --key on stderr and exits 1 without printing a line', async () => {
    const run = launch(['--port', '0', '--key', 'no-dot-here']);
    const [code] = await run.exited;
    expect(code).toBe(1);
    expect(run.output().stdout).toBe('');
    expect(run.output().stderr).toMatch(/Could not start the sandbox: .*PREFIX\.SECRET/);
  });

  it('refuses an unknown flag with a usage message and a non-zero exit', async () => {
    const run = launch(['--port', '0', '--bogus']);
    const [code] = await run.exited;
    expect(code).not.toBe(0);
    expect(run.output().stdout).toBe('');
    expect(run.output().stderr).toMatch(/Usage: pnpm sandbox/);
  });
});
