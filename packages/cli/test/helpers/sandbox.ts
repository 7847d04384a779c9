/** The CLI tests' service: the shared fixture (@circassian/sandbox/testing), one per test file. */
import { TestService } from '@circassian/sandbox/testing';

export type { TestService };

export function startTestService(): Promise<TestService> {
  // A test file makes more calls in a minute than the default key allows; the limits are not under test here.
  // Speech jobs take the sandbox's default second (not the fixture's 20 ms): the progress tests watch one run.
  return TestService.start({ limits: { requests_per_minute: 10_000 }, speechJobMs: 1000 });
}
