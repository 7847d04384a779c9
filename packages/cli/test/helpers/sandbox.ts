/** One real local service per test file, with its owner controls (faults, keys). */
import { SandboxAdmin, startSandbox } from '@circassian/sandbox';

export interface TestService {
  readonly url: string;
  readonly key: string;
  readonly admin: SandboxAdmin;
  /** The environment a user of this service would have. */
  readonly env: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

export async function startTestService(): Promise<TestService> {
  const sandbox = await startSandbox({ port: 0 });
  const admin = new SandboxAdmin({ baseUrl: sandbox.url, adminToken: sandbox.adminToken });
  return {
    url: sandbox.url,
    key: sandbox.key,
    admin,
    env: { CIRCASSIAN_API_KEY: sandbox.key, CIRCASSIAN_BASE_URL: sandbox.url },
    close: () => sandbox.close(),
  };
}
