// Starting and stopping the programs a host is made of. Each long-running program gets its own
// process group, so stopping it also stops what it forked (PHP's workers, code-server's
// extension host, Strapi's child), and nothing outlives `pnpm host`.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
}

/** Runs a command to completion, its output on our stderr; rejects naming the command when it fails. */
export function run(command: string, args: readonly string[], options: RunOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', process.stderr, process.stderr] });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

export interface Service {
  readonly child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has exited. */
  readonly exited: Promise<string>;
  /** SIGTERM to the whole group, SIGKILL after `graceMs`; resolves once the leader has exited. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts a long-running program in its own process group; its output goes to our stderr with a prefix. */
export function startService(name: string, command: string, args: readonly string[], options: SpawnOptions = {}): Service {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) process.stderr.write(`[${name}] ${line}\n`);
    });
  }
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`));
    child.once('error', (error) => resolve(`error ${error.message}`));
  });
  let stopping: Promise<void> | undefined;
  const stop = (graceMs = 10_000): Promise<void> => {
    stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      signalGroup(child.pid, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child.pid as number, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      // Workers that ignored SIGTERM while their leader exited.
      signalGroup(child.pid, 'SIGKILL');
    })();
    return stopping;
  };
  return { child, exited, stop };
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Polls `url` until it answers with a status `accept` takes; fails early if `service` exits first. */
export async function waitForHttp(
  url: string,
  {
    timeoutMs = 120_000,
    service,
    accept = (status: number) => status < 500,
  }: { timeoutMs?: number; service?: Service; accept?: (status: number) => boolean } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitedWith: string | undefined;
  void service?.exited.then((how) => (exitedWith = how));
  for (;;) {
    if (exitedWith !== undefined) throw new Error(`the process serving ${url} exited (${exitedWith}) before it answered`);
    try {
      const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      if (accept(response.status)) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(250);
  }
}

/**
 * Resolves once `service` prints a line matching `pattern` on stdout or stderr; fails if it exits
 * first or `timeoutMs` passes. For programs that answer HTTP before they are ready for their user.
 */
export function waitForOutput(service: Service, pattern: RegExp, { timeoutMs = 120_000 } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const streams = [service.child.stdout, service.child.stderr];
    let seen = '';
    const onData = (chunk: Buffer): void => {
      // Keep only the tail: a match never needs more than the last few lines.
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      if (pattern.test(seen)) settle();
    };
    const timer = setTimeout(
      () => settle(new Error(`no output matching ${String(pattern)} within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    const settle = (error?: Error): void => {
      clearTimeout(timer);
      for (const stream of streams) stream?.off('data', onData);
      if (error) reject(error);
      else resolve();
    };
    for (const stream of streams) stream?.on('data', onData);
    void service.exited.then((how) => settle(new Error(`the process exited (${how}) before printing ${String(pattern)}`)));
  });
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
