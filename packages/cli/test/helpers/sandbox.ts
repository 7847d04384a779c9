/** One real local service per test file, with its owner controls (faults, keys). */
import { startSandbox, type SandboxAdmin } from '@circassian/sandbox';

export interface TestService {
  readonly url: string;
  readonly key: string;
  readonly admin: SandboxAdmin;
  /** The environment a user of this service would have. */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export async function startTestService(): Promise<TestService> {
  // A test file makes more calls in a minute than the default key allows; the limits are not under test here.
  const sandbox = await startSandbox({ port: 0, limits: { requests_per_minute: 10_000 } });
  return {
    url: sandbox.url,
    key: sandbox.key,
    admin: sandbox.admin,
    env: { CIRCASSIAN_API_KEY: sandbox.key, CIRCASSIAN_BASE_URL: sandbox.url },
    close: () => sandbox.close(),
  };
}
