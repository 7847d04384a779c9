/** One in-process sandbox per test file, called over real HTTP, with fresh keys per test. */
import { nextUtcMidnight } from '@circassian/core';
import type { RunningSandbox, SandboxOptions } from '@circassian/sandbox';
import { useSandbox as useSharedSandbox } from '@circassian/sandbox/testing';
import { request, type Call, type Reply } from './http.js';

export interface SandboxUnderTest {
  readonly running: RunningSandbox;
  call(path: string, call?: Call): Promise<Reply>;
  /**
   * A new key; unlimited per minute unless `limits` says otherwise. A key with a daily limit starts
   * at least ten service minutes before the service's midnight UTC, so the test's day does not end
   * under it (the clock moves forward through a file; a run near midnight once saw a spent daily
   * allowance start over between two calls).
   */
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
      if (Object.keys(limits).some((name) => name.endsWith('_per_day'))) {
        const now = Date.parse((await service.admin.advanceClock(0)).now);
        const left = nextUtcMidnight(new Date(now)).getTime() - now;
        if (left < 10 * 60_000) await service.admin.advanceClock(Math.ceil(left / 1000) + 1);
      }
      const created = await service.admin.createKey({ name: 'audit', limits: { requests_per_minute: 1_000_000, ...limits } });
      return created.key;
    },
    async now() {
      return Date.parse((await service.admin.advanceClock(0)).now);
    },
  };
}
