import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { bundledForTests } from '@circassian/library-build/test-bin.js';
import type { SandboxOptions } from '../src/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * Node's arguments that run the package's bin: src/bin.ts bundled once per test file as the
 * published dist/bin.js is (about a quarter of the CPU of running it through tsx at each start).
 */
export const BIN_ARGS: readonly string[] = [bundledForTests(fileURLToPath(new URL('../src/bin.ts', import.meta.url)))];

export interface SandboxProcess {
  readonly url: string;
  readonly key: string;
  readonly adminToken: string;
  /** Sends the signal and resolves with the exit code (null when killed by the signal). */
  stop(signal: NodeJS.Signals): Promise<number | null>;
  stderr(): string;
}

const WITH_OPTIONS = bundledForTests(fileURLToPath(new URL('./fixtures/sandbox-with-options.ts', import.meta.url)));

/** Starts the sandbox command as a real process and resolves once it printed its ready line. */
export function startSandboxProcess(args: readonly string[]): Promise<SandboxProcess> {
  return startReady([...BIN_ARGS, '--port', '0', ...args]);
}

/** The same with `SandboxOptions` the command has no flag for (fixtures/sandbox-with-options.ts). */
export function startSandboxProcessWith(options: SandboxOptions): Promise<SandboxProcess> {
  return startReady([WITH_OPTIONS, JSON.stringify({ port: 0, ...options })]);
}

async function startReady(nodeArgs: readonly string[]): Promise<SandboxProcess> {
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit') as Promise<[number | null]>;
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${String(code)} before it was ready: ${stderr}`)));
  });
  const ready = JSON.parse(line) as { url: string; key: string; adminToken: string };
  return {
    ...ready,
    async stop(signal) {
      child.kill(signal);
      return (await exited)[0];
    },
    stderr: () => stderr,
  };
}

/**
 * Runs the command expecting it to fail at start: its exit code and what it wrote. A process that
 * starts after all (prints its ready line) is killed, so the test fails instead of hanging.
 */
export async function failedStart(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...BIN_ARGS, '--port', '0', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    if (stdout.includes('\n')) child.kill('SIGKILL');
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
