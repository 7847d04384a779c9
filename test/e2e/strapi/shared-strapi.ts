// The one Strapi host and local service the `e2e` project's global setup keeps for every file that
// needs no host of its own (packages/test-support/src/hosts/strapi/shared-host-setup.ts). A file
// with an environment of its own (queue settings), restarts or kills starts its own through
// startStrapiHost instead. A file on the shared host holds nothing to itself: its entries carry
// titles of their own, its counts are before/after deltas of the service's call log, and a case
// that injects a fault, pauses the queue or changes a limit puts it back before it ends.
import { inject } from 'vitest';
import { SandboxAdmin, type RunningSandbox } from '@circassian/sandbox';
import { SHARED_STRAPI_PROVIDE_KEY, type SharedStrapiAnswer } from '@circassian/test-support/hosts/strapi/shared-host-setup.js';
import type { StrapiReady } from './strapi-fixture.js';

declare module 'vitest' {
  export interface ProvidedContext {
    [SHARED_STRAPI_PROVIDE_KEY]: string;
  }
}

/** The local service as a test drives it: its URL, the key the host uses, and its admin controls. */
export type ServiceUnderTest = Pick<RunningSandbox, 'url' | 'key' | 'adminToken' | 'admin'>;

export interface SharedStrapi {
  readonly sandbox: ServiceUnderTest;
  /** The host's ready line, its `admin` a super admin of this file's own (Strapi's login limit counts per e-mail). */
  readonly ready: StrapiReady;
  /** The host's log lines since this file asked for it. */
  log(): Promise<string[]>;
}

/** The shared host and service, started by the first file that asks (vitest's main process waits for the start). */
export async function sharedStrapi(): Promise<SharedStrapi> {
  const setupUrl = inject(SHARED_STRAPI_PROVIDE_KEY);
  if (!setupUrl) throw new Error("no shared Strapi host: run the Strapi files through vitest.config.ts's `e2e` project");
  // 202 while the host starts (its install included, as startHost allows: up to 15 minutes).
  let response = await fetch(`${setupUrl}/acquire`, { method: 'POST' });
  while (response.status === 202) response = await fetch(`${setupUrl}/acquire`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`the shared Strapi host did not start: ${await response.text()}`);
  const { sandbox, ready, logFrom } = (await response.json()) as SharedStrapiAnswer;
  return {
    sandbox: { ...sandbox, admin: new SandboxAdmin(sandbox.url, sandbox.adminToken) },
    ready: ready as StrapiReady,
    log: async () => ((await (await fetch(`${setupUrl}/log?from=${logFrom}`)).json()) as { lines: string[] }).lines,
  };
}
