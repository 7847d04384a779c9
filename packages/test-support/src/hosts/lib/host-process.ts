// Starts `pnpm host <name>` as a child process and reads its ready line: the one way tests, the
// playground and benchmarks start a host, so they drive exactly what users run.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { OUTBOUND_LOG_ENV, outboundRecord } from './outbound.js';

const HOST_SCRIPT = join(import.meta.dirname, '..', '..', 'host.ts');

export interface HostProcess<Ready> {
  readonly ready: Ready;
  readonly child: ChildProcess;
  /**
   * Sends SIGTERM and resolves with the exit code once the host and all it started are gone; rejects
   * when any of the host's processes tried to reach an address outside the machine (outbound.ts).
   */
  stop(): Promise<number | null>;
  /** What the host's processes tried to reach outside the machine so far, one line each. */
  outboundAttempts(): string[];
}

export interface StartHostOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Give up after this long (installs included). Default 15 minutes. */
  readonly timeoutMs?: number;
  /** Where the host's log (stderr) goes. Default: this process's stderr. */
  readonly onLog?: (line: string) => void;
  /** Record the host's attempts to reach outside the machine, and fail stop() on one. Default true (tests). */
  readonly checkOutbound?: boolean;
}

export function startHost<Ready = Record<string, unknown>>(
  name: string,
  args: readonly string[] = [],
  { env, timeoutMs = 15 * 60_000, onLog = (line) => process.stderr.write(`${line}\n`), checkOutbound = true }: StartHostOptions = {},
): Promise<HostProcess<Ready>> {
  const record = outboundRecord();
  const child = spawn(process.execPath, ['--import', 'tsx', HOST_SCRIPT, name, ...args], {
    env: { ...process.env, ...env, ...(checkOutbound ? { [OUTBOUND_LOG_ENV]: record.file } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  createInterface({ input: child.stderr! }).on('line', onLog);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const code = await exited;
    const attempts = record.attempts();
    record.remove();
    if (attempts.length > 0) throw new Error(`pnpm host ${name} tried to reach outside the machine:\n${attempts.join('\n')}`);
    return code;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop().catch(() => undefined);
      reject(new Error(`pnpm host ${name} printed no ready line within ${Math.round(timeoutMs / 1000)} s`));
    }, timeoutMs);
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve({ ready: JSON.parse(line) as Ready, child, stop, outboundAttempts: record.attempts });
      } catch {
        void stop().catch(() => undefined);
        reject(new Error(`pnpm host ${name} printed a line that is not JSON: ${line}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`pnpm host ${name} exited (${code ?? child.signalCode}) before it was ready`));
    });
  });
}
