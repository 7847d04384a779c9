// The per-describe setup of the editor tests: a site started through `pnpm host wordpress` and a
// page logged in as its administrator (kept apart from site.ts, which benchmarks load outside vitest).
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import {
  apiFetchInPage,
  logIn,
  SETTINGS_PAGE,
  startTestSite,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';

/**
 * The line that runs what does not depend on the WordPress version (the plugin's REST routes, WP-Cron,
 * feeds, pages its PHP renders): the oldest supported, since the PHPUnit tests run that PHP on the
 * newest. The block editor and the admin pages' scripts are tested on every line.
 */
export const SERVER_SIDE_LINE = WORDPRESS_VERSIONS[0] as string;

/**
 * `it` for a case that does not depend on the WordPress version, inside a describe.each over the
 * versions: declared on SERVER_SIDE_LINE only, and absent (not skipped) on the others.
 */
export function itOnServerSideLine(version: string): (name: string, fn: () => Promise<void>) => void {
  return (name, fn) => {
    if (version === SERVER_SIDE_LINE) it(name, fn);
  };
}

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

/**
 * Opens the lightest admin screen where wp.apiFetch is, with its nonce, for an administrator's REST
 * calls (apiFetchInPage, createUser, restFromPage): the plugin's settings page, which PHP renders and
 * whose one script needs apiFetch. The block editor has it too, but is the heaviest screen to load;
 * WordPress 6.8's dashboard has no wp.apiFetch; and an administrator's profile.php asks
 * api.wordpress.org for its language list, which the test site refuses as reaching outside.
 */
export async function openAdminRestScreen(page: Page, url: string): Promise<void> {
  await page.goto(`${url}${SETTINGS_PAGE}`, { waitUntil: 'domcontentloaded' });
  await page.waitForFunction(() => typeof (globalThis as unknown as { wp?: { apiFetch?: unknown } }).wp?.apiFetch === 'function');
}

/**
 * Creates a user of `role` through the REST API as the administrator logged in on `page` (an admin
 * screen, where wp.apiFetch is), and returns what logIn() needs and the user's id.
 */
export async function createUser(page: Page, login: string, role: string): Promise<{ id: number; user: string; password: string }> {
  const password = `${login}-Passw0rd!`;
  const created = await apiFetchInPage(page, '/wp/v2/users', 'POST', {
    username: login,
    email: `${login}@example.test`,
    password,
    roles: [role],
  });
  if (created.status !== 201) throw new Error(`creating ${role} ${login} answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { id: created.body.id as number, user: login, password };
}

/** The site's WordPress folder: the `-t` folder of the PHP server listening on the site's port. */
export function siteRoot(url: string): string {
  const listen = new URL(url).host;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    const served = args.indexOf('-S');
    const root = args.indexOf('-t');
    if (served >= 0 && args[served + 1] === listen && root >= 0 && args[root + 1]) return args[root + 1] as string;
  }
  throw new Error(`no PHP server found for ${url}`);
}
