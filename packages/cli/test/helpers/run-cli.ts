/** Runs the real `circassian` executable as a child process, the way a user's shell does. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundledForTests } from '@circassian/library-build/test-bin.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/**
 * Node's arguments that run the package's bin: src/bin.ts bundled once per test file as the
 * published dist/bin.js is (about a quarter of the CPU of running it through tsx at each run).
 */
export const BIN_ARGS: readonly string[] = [bundledForTests(fileURLToPath(new URL('../../src/bin.ts', import.meta.url)))];

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stdoutBytes: Buffer;
  readonly stderr: string;
}

export interface RunOptions {
  /** Piped to stdin; without it stdin is empty (never a terminal). */
  readonly input?: string;
  /**
   * Added to the environment, which starts without any CIRCASSIAN_* variable and with XDG_DATA_HOME
   * in a fresh folder per run, so no run reads or fills the user's translation memory or another run's.
   */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Sends SIGINT (Ctrl-C) once stderr satisfies this, e.g. once a speech job has been submitted. */
  readonly interruptWhen?: (stderr: string) => boolean;
}

export async function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  const dataHome = await mkdtemp(join(tmpdir(), 'circassian-cli-data-'));
  try {
    return await spawnCli(args, options, dataHome);
  } finally {
    await rm(dataHome, { recursive: true, force: true });
  }
}

function spawnCli(args: readonly string[], options: RunOptions, dataHome: string): Promise<CliRun> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CIRCASSIAN_')));
  const child = spawn(process.execPath, [...BIN_ARGS, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...env, XDG_DATA_HOME: dataHome, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
  let interrupted = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr.push(chunk);
    if (!interrupted && options.interruptWhen?.(Buffer.concat(stderr).toString('utf8'))) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const bytes = Buffer.concat(stdout);
      resolve({ code, stdout: bytes.toString('utf8'), stdoutBytes: bytes, stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

/** The last stderr line as JSON (with --json every stderr line is one JSON object). */
export function jsonError(run: CliRun): {
  error: { type: string; message: string; exit_code: number; hint?: string; job_id?: string; retry_after_seconds?: number };
} {
  const lines = run.stderr.trim().split('\n');
  return JSON.parse(lines[lines.length - 1] ?? '') as ReturnType<typeof jsonError>;
}
