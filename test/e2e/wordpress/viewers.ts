// The people a post's privacy is tested against: a logged-out visitor, and logged-in users (a
// subscriber, another author) whose REST requests carry their own nonce, as their browser's would.
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { logIn, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';

export interface Answer {
  readonly status: number;
  readonly text: string;
}

export interface Viewer {
  readonly name: string;
  /** A GET of a site path (`/?p=1`, `/wp-json/wp/v2/media`…), with the REST nonce when logged in. */
  get(path: string): Promise<Answer>;
  /** A POST of JSON to a site path, with the REST nonce when logged in. */
  post(path: string, data: unknown): Promise<Answer>;
  close(): Promise<void>;
}

/** JSON as its text reads (WordPress escapes every non-ASCII letter as \\uXXXX), anything else as sent. */
function readable(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}

function viewer(name: string, url: string, context: BrowserContext, request: APIRequestContext, nonce: string): Viewer {
  const headers = nonce ? { 'X-WP-Nonce': nonce } : {};
  const answer = async (response: { status(): number; text(): Promise<string> }): Promise<Answer> => ({
    status: response.status(),
    text: readable(await response.text()),
  });
  return {
    name,
    get: async (path) => answer(await request.get(`${url}${path}`, { headers, maxRedirects: 0 })),
    post: async (path, data) => answer(await request.post(`${url}${path}`, { headers, data })),
    close: () => context.close(),
  };
}

export async function visitor(site: TestSite): Promise<Viewer> {
  const context = await site.browser.newContext();
  return viewer('a logged-out visitor', site.ready.url, context, context.request, '');
}

export async function loggedIn(site: TestSite, name: string, account: { user: string; password: string }): Promise<Viewer> {
  const { context, page } = await logIn(site.browser, site.ready.url, account);
  const nonce = await (await page.request.get(`${site.ready.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
  if (!/^[0-9a-f]{10}$/.test(nonce)) throw new Error(`No REST nonce for ${account.user}: ${nonce.slice(0, 80)}`);
  return viewer(name, site.ready.url, context, page.request, nonce);
}
