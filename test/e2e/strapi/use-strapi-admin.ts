// The per-describe setup of the admin tests: a local service, a Strapi started through `pnpm host
// strapi`, and Chromium logged in to its admin. The vitest hooks live here; strapi-fixture.ts keeps
// the plain helpers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import { StrapiClient, logInToAdmin, startSandbox, startStrapiHost, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';

export interface StrapiAdmin {
  readonly sandbox: RunningSandbox;
  readonly host: HostProcess<StrapiReady>;
  /** The content API and the plugin's admin routes, as the host's administrator. */
  readonly strapi: StrapiClient;
  readonly browser: Browser;
  /** A page logged in as the host's administrator. */
  readonly page: Page;
  /** A full-page screenshot of what an editor sees, for a person to look at (CIRCASSIAN_E2E_SHOTS=dir). */
  shot(name: string, target?: Page): Promise<void>;
}

export interface StrapiAdminOptions {
  /** The host's environment on top of the key (queue settings, for one). */
  env?: NodeJS.ProcessEnv;
  /** Content made before the browser opens: entries, and waiting for their translations. */
  prepare?: (strapi: StrapiClient, sandbox: RunningSandbox) => Promise<void>;
  /** What the page does before it logs in: listen to responses, choose the admin's language. */
  beforeLogIn?: (page: Page, ready: StrapiReady) => Promise<void> | void;
  /** Each line the host prints (Strapi's log among them). */
  onLog?: (line: string) => void;
}

/**
 * For a describe block: all of the above started before its tests and stopped after, the host
 * expected to exit cleanly. Read the fields inside tests, once beforeAll has run.
 */
export function useStrapiAdmin({ env = {}, prepare, beforeLogIn, onLog }: StrapiAdminOptions = {}): StrapiAdmin {
  const state: { -readonly [K in 'sandbox' | 'host' | 'strapi' | 'browser' | 'page']?: StrapiAdmin[K] } = {};
  beforeAll(async () => {
    state.sandbox = await startSandbox({ speechJobMs: 20 });
    state.host = await startStrapiHost(state.sandbox, [], env, onLog);
    state.strapi = new StrapiClient(state.host.ready);
    await prepare?.(state.strapi, state.sandbox);
    state.browser = await launchChromium();
    // A context of its own, not the browser's default one: Playwright's clock (page.clock) works only there.
    state.page = await (await state.browser.newContext()).newPage();
    await beforeLogIn?.(state.page, state.host.ready);
    await logInToAdmin(state.page, state.host.ready);
  });
  afterAll(async () => {
    await state.browser?.close();
    expect(await state.host?.stop()).toBe(0);
    await state.sandbox?.close();
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
    async shot(name, target) {
      const dir = process.env.CIRCASSIAN_E2E_SHOTS;
      if (dir) await (target ?? started('page')).screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    },
  };
}
