/**
 * One real local service per test file, started in-process on port 0, with its admin controls and
 * a client factory: the shared fixture (@circassian/sandbox/testing). Contract tests talk to it over
 * HTTP like any user would.
 */
import { useSandbox as useSharedSandbox, type TestService } from '@circassian/sandbox/testing';
import type { SandboxOptions } from '@circassian/sandbox';

export type SandboxFixture = TestService;

export function useSandbox(options: SandboxOptions = {}): SandboxFixture {
  return useSharedSandbox({ speechJobMs: 30, ...options });
}

/** A fresh key, so counts and limits in one test do not see other tests' calls. */
export async function freshKey(fixture: SandboxFixture, limits: Record<string, number> = {}): Promise<string> {
  const created = await fixture.admin.createKey({ name: `test-${Math.random().toString(36).slice(2)}`, limits });
  return created.key;
}
