/**
 * One real local service per test file, started in-process on port 0, with its admin controls and
 * a client factory. Contract tests talk to it over HTTP like any user would.
 */
import { CircassianClient, type ClientOptions } from '@circassian/core';
import { SandboxAdmin, startSandbox } from '@circassian/sandbox';
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface SandboxFixture {
  url: string;
  key: string;
  admin: SandboxAdmin;
  /** A client of the sandbox; closed after the file. */
  client(options?: ClientOptions): CircassianClient;
  /** Calls of one operation the sandbox recorded, oldest first. */
  calls(operation: string, key?: string): Promise<{ timestamp: string; outcome: string; key: string | null }[]>;
}

export function useSandbox(options: Parameters<typeof startSandbox>[0] = {}): SandboxFixture {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  const clients: CircassianClient[] = [];
  const fixture: SandboxFixture = {
    url: '',
    key: '',
    admin: undefined as unknown as SandboxAdmin,
    client(clientOptions = {}) {
      const client = new CircassianClient({ apiKey: fixture.key, baseUrl: fixture.url, ...clientOptions });
      clients.push(client);
      return client;
    },
    async calls(operation, key) {
      const prefix = (key ?? fixture.key).split('.')[0] ?? '';
      const records = await fixture.admin.calls({ operation, key: prefix, limit: 10_000 });
      return [...records].reverse();
    },
  };
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, speechJobMs: 30, ...options });
    fixture.url = sandbox.url;
    fixture.key = sandbox.key;
    fixture.admin = new SandboxAdmin(sandbox.url, sandbox.adminToken);
  });
  afterEach(async () => {
    await fixture.admin.clearFaults();
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await sandbox?.close();
  });
  return fixture;
}

/** A fresh key, so counts and limits in one test do not see other tests' calls. */
export async function freshKey(fixture: SandboxFixture, limits: Record<string, number> = {}): Promise<string> {
  const created = await fixture.admin.createKey({ name: `test-${Math.random().toString(36).slice(2)}`, limits });
  return created.key;
}
