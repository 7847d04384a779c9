// The per-describe setup of the editor tests: a site started through `pnpm host wordpress` and a
// page logged in as its administrator (kept apart from site.ts, which benchmarks load outside vitest).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { logIn, startTestSite, type TestSite } from '@circassian/scripts/hosts/wordpress/testing.js';

/**
 * For a describe block: a site of `version` started before its tests (and stopped after), and a
 * page logged in as its administrator. Read the fields inside tests, once beforeAll has run.
 */
export function useSiteWithAdmin(version: string): { readonly site: TestSite; readonly page: Page } {
  const state: { site?: TestSite; page?: Page } = {};
  beforeAll(async () => {
    state.site = await startTestSite(version);
    state.page = (await logIn(state.site.browser, state.site.ready.url, state.site.ready.admin)).page;
  });
  afterAll(async () => {
    await state.site?.close();
  });
  return {
    get site() {
      if (!state.site) throw new Error('the site is not started yet (read it inside a test)');
      return state.site;
    },
    get page() {
      if (!state.page) throw new Error('the site is not started yet (read it inside a test)');
      return state.page;
    },
  };
}
