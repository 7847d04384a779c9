// The per-describe setup of the admin tests: a local service, a Strapi started through `pnpm host
// strapi` (the run's shared one, shared-strapi.ts, unless the file gives the host an environment of
// its own), and Chromium logged in to its admin. The vitest hooks live here; strapi-fixture.ts keeps
// the plain helpers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { sharedStrapi, type ServiceUnderTest } from './shared-strapi.js';
import { StrapiClient, logInToAdmin, queueSettled, startSandbox, startStrapiHost, type StrapiReady } from './strapi-fixture.js';

export interface StrapiAdmin {
  readonly sandbox: ServiceUnderTest;
  readonly host: { readonly ready: StrapiReady };
  /** The content API and the plugin's admin routes, as the host's administrator. */
  readonly strapi: StrapiClient;
  readonly browser: Browser;
  /** A page logged in as the host's administrator. */
  readonly page: Page;
  /** The host's log lines since this file started (or was given) it. */
  log(): Promise<string[]>;
  /** A full-page screenshot of what an editor sees, for a person to look at (CIRCASSIAN_E2E_SHOTS=dir). */
  shot(name: string, target?: Page): Promise<void>;
}

export interface StrapiAdminOptions {
  /**
   * The host's environment on top of the key (queue settings, for one): a file that gives one gets
   * a host and a service of its own; without one, it shares the run's (shared-strapi.ts).
   */
  env?: NodeJS.ProcessEnv;
  /** A host and a service of its own though it gives no environment: what it asserts counts every entry on the host. */
  ownHost?: boolean;
  /** Content made before the browser opens: entries (titles of this file's own), and waiting for their translations. */
  prepare?: (strapi: StrapiClient, sandbox: ServiceUnderTest) => Promise<void>;
  /** What the page does before it logs in: listen to responses, choose the admin's language. */
  beforeLogIn?: (page: Page, ready: StrapiReady) => Promise<void> | void;
}

/**
 * For a describe block: all of the above started (or the shared host asked for) before its tests,
 * and stopped after, a host of its own expected to exit cleanly. Read the fields inside tests, once
 * beforeAll has run.
 */
export function useStrapiAdmin({ env = {}, ownHost = false, prepare, beforeLogIn }: StrapiAdminOptions = {}): StrapiAdmin {
  const state: { -readonly [K in 'sandbox' | 'host' | 'strapi' | 'browser' | 'page' | 'log']?: StrapiAdmin[K] } = {};
  let stopOwn: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (!ownHost && Object.keys(env).length === 0) {
      const shared = await sharedStrapi();
      state.sandbox = shared.sandbox;
      state.host = { ready: shared.ready };
      state.log = shared.log;
    } else {
      const lines: string[] = [];
      const sandbox = await startSandbox({ speechJobMs: 20 });
      const host = await startStrapiHost(sandbox, [], env, (line) => lines.push(line));
      stopOwn = async () => {
        expect(await host.stop()).toBe(0);
        await sandbox.close();
      };
      state.sandbox = sandbox;
      state.host = host;
      state.log = async () => lines.slice();
    }
    state.strapi = new StrapiClient(state.host.ready);
    // What an earlier file on the shared host queued is done before this file's content is made.
    await queueSettled(state.strapi);
    await prepare?.(state.strapi, state.sandbox);
    state.browser = await launchChromium();
    // A context of its own, not the browser's default one: Playwright's clock (page.clock) works only there.
    state.page = await (await state.browser.newContext()).newPage();
    await beforeLogIn?.(state.page, state.host.ready);
    await logInToAdmin(state.page, state.host.ready);
  });
  afterAll(async () => {
    await state.browser?.close();
    await stopOwn?.();
  });
  const started = <K extends keyof typeof state>(key: K): NonNullable<(typeof state)[K]> => {
    const value = state[key];
    if (value === undefined) throw new Error('Strapi is not started yet (read it inside a test)');
    return value as NonNullable<(typeof state)[K]>;
  };
  return {
    get sandbox() {
      return started('sandbox');
    },
    get host() {
      return started('host');
    },
    get strapi() {
      return started('strapi');
    },
    get browser() {
      return started('browser');
    },
    get page() {
      return started('page');
    },
    log() {
      return started('log')();
    },
    async shot(name, target) {
      const dir = process.env.CIRCASSIAN_E2E_SHOTS;
      if (dir) await (target ?? started('page')).screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    },
  };
}
