/** One in-process sandbox per test file, called over real HTTP, with fresh keys per test. */
import type { RunningSandbox, SandboxOptions } from '@circassian/sandbox';
import { useSandbox as useSharedSandbox } from '@circassian/sandbox/testing';
import { request, type Call, type Reply } from './http.js';

export interface SandboxUnderTest {
  readonly running: RunningSandbox;
  call(path: string, call?: Call): Promise<Reply>;
  /** A new key; unlimited per minute unless `limits` says otherwise. */
  freshKey(limits?: Record<string, number>): Promise<string>;
  /** Service-clock time in milliseconds. */
  now(): Promise<number>;
}

/** The shared fixture (@circassian/sandbox/testing), called through this suite's own HTTP helper. */
export function useSandbox(options: SandboxOptions = {}): SandboxUnderTest {
  const service = useSharedSandbox(options);
  return {
    get running() {
      return service.sandbox;
    },
    call: (path, call = {}) => request(service.url, path, call),
    async freshKey(limits = {}) {
      const created = await service.admin.createKey({ name: 'audit', limits: { requests_per_minute: 1_000_000, ...limits } });
      return created.key;
    },
    async now() {
      return Date.parse((await service.admin.advanceClock(0)).now);
    },
  };
}
