/** One in-process sandbox per test file, called over real HTTP, with fresh keys per test. */
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@circassian/sandbox';
import { afterAll, beforeAll } from 'vitest';
import { request, type Call, type Reply } from './http.js';

export interface SandboxUnderTest {
  readonly running: RunningSandbox;
  call(path: string, call?: Call): Promise<Reply>;
  /** A new key; unlimited per minute unless `limits` says otherwise. */
  freshKey(limits?: Record<string, number>): Promise<string>;
  /** Service-clock time in milliseconds. */
  now(): Promise<number>;
}

export function useSandbox(options: SandboxOptions = {}): SandboxUnderTest {
  let running: RunningSandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox({ speechJobMs: 20, ...options });
  });
  afterAll(() => running?.close());
  const started = (): RunningSandbox => {
    if (!running) throw new Error('The sandbox is not started yet');
    return running;
  };
  return {
    get running() {
      return started();
    },
    call: (path, call = {}) => request(started().url, path, call),
    async freshKey(limits = {}) {
      const created = await started().admin.createKey({ name: 'audit', limits: { requests_per_minute: 1_000_000, ...limits } });
      return created.key;
    },
    async now() {
      return Date.parse((await started().admin.advanceClock(0)).now);
    },
  };
}
