// `@circassian/test-support/hosts/wordpress/testing.js`: a WordPress site for a test file, a benchmark or
// the directory's screenshots: the local service in-process, the host through `pnpm host wordpress`
// (as users start it), Chromium, and the page helpers an author's steps are written with (log in,
// a new post, the inserter, REST calls with the page's nonce, the editor's blocks).
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { launchChromium } from '../lib/browser.js';
import { startHost, type HostProcess } from '../lib/host-process.js';
import { SUPPORTED_LINES, type WordPressLine } from './versions.js';

/** The WordPress lines every site test runs on: those `pnpm host wordpress --wp` supports. */
export const WORDPRESS_VERSIONS: readonly WordPressLine[] = SUPPORTED_LINES;

export interface WordPressReady {
  readonly url: string;
  readonly wordpress: string;
  readonly admin: { readonly user: string; readonly password: string };
  readonly subscriber: { readonly user: string; readonly password: string };
}

export interface TestSite {
  readonly sandbox: RunningSandbox;
  readonly host: HostProcess<WordPressReady>;
  readonly ready: WordPressReady;
  readonly browser: Browser;
  /** Everything the host logged (PHP's access lines left out), for assertions and failures. */
  readonly log: string[];
  close(): Promise<void>;
}

export async function startTestSite(
  version: string,
  { speechJobMs = 30, hostArgs = [] }: { speechJobMs?: number; hostArgs?: readonly string[] } = {},
): Promise<TestSite> {
  const sandbox = await startSandbox({ speechJobMs });
  const log: string[] = [];
  let host: HostProcess<WordPressReady>;
  try {
    // Tests run WP-Cron themselves (wp-cron.php), so background work moves on when a test says.
    host = await startHost<WordPressReady>('wordpress', ['--wp', version, '--service-url', sandbox.url, '--manual-cron', ...hostArgs], {
      env: { CIRCASSIAN_API_KEY: sandbox.key },
      onLog: (line) => {
        log.push(line);
        if (!/ (Accepted|Closing|Closed without sending)|\]: (GET|POST|PUT|DELETE|HEAD) /.test(line)) process.stderr.write(`${line}\n`);
      },
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const browser = await launchChromium();
  return {
    sandbox,
    host,
    ready: host.ready,
    browser,
    log,
    async close() {
      await browser.close();
      try {
        // Rejects when the site tried to reach outside the machine: the test file fails on it.
        await host.stop();
      } finally {
        await sandbox.close();
      }
    },
  };
}

export async function logIn(
  browser: Browser,
  url: string,
  account: { user: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  // Logged in is WordPress answering the form with an admin page: waiting for that page's every image
  // and script as well (the load event) once took over 30 s on a busy machine, failing a test that
  // had not yet begun. A refused login says why instead of timing out. An answer that never comes
  // (beside two Strapi instances on two cores, the form's POST once took over a minute) is tried
  // once more, as a person would press the button again.
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(`${url}/wp-login.php`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await page.fill('#user_login', account.user);
    await page.fill('#user_pass', account.password);
    try {
      await Promise.all([page.waitForURL(/wp-admin/, { waitUntil: 'domcontentloaded', timeout: 60_000 }), page.click('#wp-submit')]);
      break;
    } catch (error) {
      const refusal = await page
        .locator('#login_error')
        .textContent({ timeout: 1_000 })
        .catch(() => null);
      if (refusal === null && attempt === 1) continue;
      throw new Error(`Logging in as ${account.user} did not reach wp-admin (at ${page.url()})${refusal ? `: ${refusal.trim()}` : ''}`, {
        cause: error,
      });
    }
  }
  return { context, page };
}

/** The block editor's canvas: an iframe on current WordPress, the page itself on older setups. */
export async function editorCanvas(page: Page): Promise<FrameLocator | Page> {
  await page.waitForFunction(() => Boolean((globalThis as unknown as { wp?: { data?: unknown } }).wp?.data));
  const iframe = page.locator('iframe[name="editor-canvas"]');
  await page.waitForTimeout(200);
  return (await iframe.count()) > 0 ? page.frameLocator('iframe[name="editor-canvas"]') : page;
}

export async function newPost(page: Page, url: string): Promise<FrameLocator | Page> {
  await page.goto(`${url}/wp-admin/post-new.php`);
  return editorOpened(page);
}

/** Opens a stored post in the editor, as its Edit link does. */
export async function openPost(page: Page, url: string, id: number): Promise<FrameLocator | Page> {
  await page.goto(`${url}/wp-admin/post.php?post=${id}&action=edit`);
  return editorOpened(page);
}

async function editorOpened(page: Page): Promise<FrameLocator | Page> {
  await page.waitForSelector('.block-editor-block-list__layout, iframe[name="editor-canvas"]');
  // A modal (welcome guide, pattern chooser) may still open on some versions.
  const dialog = page.locator('.components-modal__frame');
  if (await dialog.isVisible().catch(() => false)) await page.keyboard.press('Escape');
  return editorCanvas(page);
}

/**
 * "Translate post into a new draft" from the Circassian translation panel of the document sidebar,
 * as an author does, for the post open in the editor; resolves when the editor says the draft is made.
 */
export async function translatePostIntoDraft(page: Page, language: string, { timeoutMs = 30_000 } = {}): Promise<void> {
  await openEditorSidebar(page, 'document');
  const panel = page.getByRole('button', { name: 'Circassian translation' });
  if ((await panel.getAttribute('aria-expanded')) === 'false') await panel.click();
  await page.getByLabel('Translate into').selectOption(language);
  await page.getByRole('button', { name: 'Translate post into a new draft' }).click();
  await page.getByText('Draft created').first().waitFor({ timeout: timeoutMs });
}

/**
 * Inserts a block through the main inserter's search, as an author does; resolves once the editor
 * holds a new block of that title (an inserted block can replace an empty paragraph, so a count
 * would not say), and tries again (up to four times) when a click inserted none or another block.
 */
export async function insertThroughInserter(page: Page, search: string, optionName: RegExp): Promise<void> {
  const editorBlocksTitled = (): Promise<{ id: string; title: string }[]> =>
    page.evaluate(() => {
      const wp = (
        globalThis as unknown as {
          wp: {
            data: { select(store: string): { getClientIdsWithDescendants(): string[]; getBlockName(id: string): string } };
            blocks: { getBlockType(name: string): { title: string } | undefined };
          };
        }
      ).wp;
      const editor = wp.data.select('core/block-editor');
      return editor
        .getClientIdsWithDescendants()
        .map((id) => ({ id, title: wp.blocks.getBlockType(editor.getBlockName(id))?.title ?? '' }));
    });
  const before = new Set((await editorBlocksTitled()).map((block) => block.id));
  const toggle = page.getByRole('button', { name: /^(Block Inserter|Toggle block inserter|Add block)$/ }).first();
  const searchBox = page.getByRole('searchbox', { name: /search/i }).first();
  const option = page.getByRole('option', { name: optionName }).first();
  for (let attempt = 1; ; attempt += 1) {
    if (!(await searchBox.isVisible())) await toggle.click();
    await searchBox.fill(search);
    // Where the block directory is on (WordPress Playground), its search answers after the local
    // results and redraws the list under the pointer; a click can meet that redraw and be lost, or
    // go through and still report an error. The editor's blocks say which.
    await option.click({ timeout: 10_000 }).catch(() => undefined);
    const deadline = Date.now() + 5_000;
    let inserted = false;
    while (!inserted && Date.now() < deadline) {
      inserted = (await editorBlocksTitled()).some((block) => !before.has(block.id) && optionName.test(block.title));
      if (!inserted) await page.waitForTimeout(200);
    }
    if (inserted) return;
    if (attempt === 4) throw new Error(`the inserter put no block for "${search}" into the post in 4 tries`);
  }
}

/** Calls a REST route in the logged-in page (apiFetch adds the nonce), returning status and body. */
export async function restFromPage(page: Page, path: string, method = 'GET', data?: unknown): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ path, method, data }) => {
      const settings = (globalThis as unknown as { wpApiSettings?: { root: string; nonce: string } }).wpApiSettings;
      const root = settings?.root ?? '/wp-json/';
      const response = await fetch(`${root}${path.replace(/^\//, '')}`, {
        method,
        headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': settings?.nonce ?? '' },
        ...(data === undefined ? {} : { body: JSON.stringify(data) }),
        credentials: 'same-origin',
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body };
    },
    { path, method, data },
  );
}

/** The plugin's settings page, under Settings. */
export const SETTINGS_PAGE = '/wp-admin/options-general.php?page=circassian';

/**
 * Calls a REST route through the page's own wp.apiFetch (its nonce middleware and the site's root,
 * so it serves admin screens without wpApiSettings, a sub-site's included): status and JSON body.
 */
export async function apiFetchInPage(
  page: Page,
  path: string,
  method = 'GET',
  data?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ({ path, method, data }) => {
      const wp = (globalThis as unknown as { wp: { apiFetch(options: Record<string, unknown>): Promise<Response> } }).wp;
      const response = await wp.apiFetch({ path, method, data, parse: false }).catch((error: unknown) => error as Response);
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text) as Record<string, unknown> };
    },
    { path, method, data },
  );
}

interface EditorBlock {
  readonly clientId: string;
  readonly name: string;
  readonly attributes: Record<string, unknown>;
  readonly innerBlocks: EditorBlock[];
}

/** The editor's blocks as the block editor store holds them. */
export function editorBlocks(page: Page): Promise<EditorBlock[]> {
  return page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getBlocks(): unknown[] } } } }).wp;
    return JSON.parse(JSON.stringify(wp.data.select('core/block-editor').getBlocks())) as EditorBlock[];
  });
}

export async function firstBlock(page: Page, name: string): Promise<EditorBlock> {
  const found = (await editorBlocks(page)).find((block) => block.name === name);
  if (!found) throw new Error(`no ${name} block in the editor`);
  return found;
}

/** Opens the editor's sidebar on its Block or Post (document) tab, as a person's click on the tab does. */
export async function openEditorSidebar(page: Page, tab: 'block' | 'document'): Promise<void> {
  await page.evaluate((name) => {
    const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
    wp.data.dispatch('core/edit-post').openGeneralSidebar(name);
  }, `edit-post/${tab}`);
}

/** Inserts a block through the data API (for blocks the test only needs present, not inserted by hand). */
export async function insertBlock(page: Page, name: string, attributes: Record<string, unknown>): Promise<string> {
  return page.evaluate(
    ({ name, attributes }) => {
      const wp = (
        globalThis as unknown as {
          wp: {
            blocks: { createBlock(name: string, attributes: Record<string, unknown>): { clientId: string } };
            data: { dispatch(store: string): { insertBlocks(blocks: unknown[]): void; selectBlock(id: string): void } };
          };
        }
      ).wp;
      const block = wp.blocks.createBlock(name, attributes);
      wp.data.dispatch('core/block-editor').insertBlocks([block]);
      wp.data.dispatch('core/block-editor').selectBlock(block.clientId);
      return block.clientId;
    },
    { name, attributes },
  );
}

export async function saveDraft(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { savePost(): Promise<void> } } } }).wp;
    await wp.data.dispatch('core/editor').savePost();
  });
}

export async function publishPost(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  const panel = page.locator('.editor-post-publish-panel');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.waitForFunction(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPost(): { status: string } } } } }).wp;
    return wp.data.select('core/editor').getCurrentPost().status === 'publish';
  });
  return page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getPermalink(): string } } } }).wp;
    return wp.data.select('core/editor').getPermalink();
  });
}
