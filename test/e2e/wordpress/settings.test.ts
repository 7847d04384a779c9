// The settings page and who may spend the key, in a real WordPress (oldest and newest supported; what
// is server-side only, on SERVER_SIDE_LINE) driven by Chromium against the local service: "Test
// connection" tests what is typed and keeps it, defaults from the service's lists, a Contributor told
// why they may not translate or voice, the draft's translated title stored as plain text, and, with the
// key in wp-config.php, the service address pinned there too.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiFetchInPage,
  insertBlock,
  logIn,
  newPost,
  SETTINGS_PAGE,
  startTestSite,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { itOnServerSideLine, SERVER_SIDE_LINE } from './use-site.js';
import { loggedIn } from './viewers.js';

async function resultText(page: Page): Promise<string> {
  const box = page.locator('#circassian-settings-result');
  await expect.poll(async () => (await box.textContent())?.trim() ?? '', { timeout: 30_000 }).not.toBe('');
  return ((await box.textContent()) ?? '').trim();
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: settings and who may spend the key', (version) => {
  let site: TestSite;
  let page: Page;
  // What the plugin's PHP checks, with no editor or page script in the way (a REST refusal, the
  // form's checks and choices, a title's markup dropped): one line.
  const once = itOnServerSideLine(version);

  beforeAll(async () => {
    site = await startTestSite(version);
    page = (await logIn(site.browser, site.ready.url, site.ready.admin)).page;
  });

  afterAll(async () => {
    await site?.close();
  });

  it('"Test connection" tests the key and address as typed, without saving them or emptying the fields', async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const saved = await page.locator('#circassian-base-url').inputValue();
    expect(saved).toBe(site.sandbox.url);

    await page.fill('#circassian-api-key', 'ck_typed.notthekey0000');
    await page.getByRole('button', { name: 'Test connection' }).click();
    expect(await resultText(page)).toMatch(/API key|refused|unauthorized|invalid/i);
    expect(await page.locator('#circassian-api-key').inputValue()).toBe('ck_typed.notthekey0000');

    await page.fill('#circassian-api-key', '');
    await page.fill('#circassian-base-url', 'http://127.0.0.1:9');
    await page.locator('#circassian-settings-result').evaluate((box) => (box.textContent = ''));
    // The saved key would go to the typed address: sent once confirmed.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Test connection' }).click();
    expect(await resultText(page)).toMatch(/could not reach/);
    expect(await page.locator('#circassian-base-url').inputValue()).toBe('http://127.0.0.1:9');

    await page.fill('#circassian-base-url', saved);
    await page.locator('#circassian-settings-result').evaluate((box) => (box.textContent = ''));
    await page.getByRole('button', { name: 'Test connection' }).click();
    expect(await resultText(page)).toMatch(/Connected as key "sandbox"/);
    // Nothing typed was saved.
    expect((await apiFetchInPage(page, '/circassian/v1/settings')).body).toMatchObject({
      base_url: site.sandbox.url,
      key_source: 'database',
    });
    const calls = await site.sandbox.admin.calls({ operation: 'me' });
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('"Test connection" sends the saved key to an address typed only once the administrator confirms it is the service', async () => {
    const received: string[] = [];
    const elsewhere = createServer((request, response) => {
      received.push(request.headers.authorization ?? '');
      response
        .writeHead(401, { 'Content-Type': 'application/json' })
        .end('{"error":{"type":"unauthorized","message":"Not the Circassian service."}}');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const address = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    try {
      await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
      await page.fill('#circassian-base-url', address);
      const asked: string[] = [];
      page.once('dialog', (dialog) => {
        asked.push(dialog.message());
        void dialog.dismiss();
      });
      await page.getByRole('button', { name: 'Test connection' }).click();
      expect(await resultText(page)).toContain(`sends the saved API key to ${address}`);
      expect(asked).toEqual([expect.stringContaining(address)]);
      expect(received).toEqual([]);
      // Without the page's script (the form), and through the route without confirming: refused too.
      const unconfirmed = await apiFetchInPage(page, '/circassian/v1/settings/test', 'POST', { base_url: address });
      expect([unconfirmed.status, unconfirmed.body.code]).toEqual([409, 'circassian_confirm_address']);
      expect(received).toEqual([]);

      await page.locator('#circassian-settings-result').evaluate((box) => (box.textContent = ''));
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Test connection' }).click();
      expect(await resultText(page)).toContain('Not the Circassian service.');
      expect(received).toEqual([`Bearer ${site.sandbox.key}`]);
    } finally {
      elsewhere.close();
    }
  });

  once('refuses an address with a query or plain http to another host, and says why', async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    await page.fill('#circassian-base-url', 'http://internal.example/?x=');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    expect(await resultText(page)).toMatch(/query|https/);
    expect(await page.locator('#circassian-base-url').inputValue()).toBe(site.sandbox.url);
  });

  once("offers the default language and voice from the service's lists", async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const language = page.getByLabel('Default speech language');
    expect(await language.evaluate((element) => element.tagName)).toBe('SELECT');
    const options = await language
      .locator('option')
      .evaluateAll((items) => items.map((item) => [(item as unknown as { value: string }).value, item.textContent]));
    expect(options).toEqual(
      expect.arrayContaining([
        ['kbd', 'Kabardian'],
        ['ady', 'Adyghe'],
      ]),
    );
    await language.selectOption({ label: 'Adyghe' });
    await page.getByLabel('Default voice').selectOption({ label: 'Female' });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    expect((await apiFetchInPage(page, '/circassian/v1/settings')).body.defaults).toMatchObject({ language: 'ady', voice: 'female' });
    await page.getByLabel('Default speech language').selectOption('kbd');
    await page.getByLabel('Default voice').selectOption('male');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    await page.screenshot({ path: `/tmp/circassian-wp-${version}-settings.png`, fullPage: true });
  });

  it('tells a Contributor why they may not voice or translate (Authors and up by default), and lets them once allowed', async () => {
    const password = 'contributor-Passw0rd!';
    const created = await apiFetchInPage(page, '/wp/v2/users', 'POST', {
      username: 'contributor',
      email: 'contributor@example.test',
      password,
      roles: ['contributor'],
    });
    expect(created.status).toBe(201);
    const { page: contributor, context } = await logIn(site.browser, site.ready.url, { user: 'contributor', password });
    const canvas = await newPost(contributor, site.ready.url);
    await insertBlock(contributor, 'circassian/audio', { text: 'Сэ кӀуэ.' });
    const block = canvas.locator('.wp-block-circassian-audio').first();
    await expect.poll(() => block.locator('.circassian-audio__not-allowed').textContent()).toMatch(/Authors and up/);
    expect(await block.getByRole('button', { name: 'Generate audio', exact: true }).isDisabled()).toBe(true);
    await contributor.screenshot({ path: `/tmp/circassian-wp-${version}-contributor.png` });
    const refused = await apiFetchInPage(contributor, '/circassian/v1/translate', 'POST', { texts: ['good morning'], target_lang: 'kbd' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/Authors and up/);

    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { capability: 'edit_posts' });
    expect(
      (await apiFetchInPage(contributor, '/circassian/v1/translate', 'POST', { texts: ['good morning'], target_lang: 'kbd' })).status,
    ).toBe(200);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { capability: 'publish_posts' });
    await context.close();
  });

  once("refuses a Contributor who names another author's post as their draft's original through /wp/v2/posts, saving nothing", async () => {
    const account = { user: 'linker', password: 'linker-Passw0rd!' };
    const user = { username: account.user, email: 'linker@example.test', password: account.password, roles: ['contributor'] };
    expect((await apiFetchInPage(page, '/wp/v2/users', 'POST', user)).status).toBe(201);
    const original = await apiFetchInPage(page, '/wp/v2/posts', 'POST', { title: 'Пщэдджыжь хъыбар', status: 'publish' });
    const originalId = original.body.id as number;
    const contributor = await loggedIn(site, 'a contributor', account);
    const link = { _circassian_translation_of: originalId, _circassian_translation_language: 'ru' };
    const mine = (await contributor.get(`/wp-json/wp/v2/posts?status=draft&context=edit&author=me`)).text;

    const created = await contributor.post('/wp-json/wp/v2/posts', { title: 'Утренние новости', status: 'draft', meta: link });
    expect([created.status, JSON.parse(created.text).code]).toEqual([403, 'circassian_cannot_link']);
    expect((await contributor.get(`/wp-json/wp/v2/posts?status=draft&context=edit&author=me`)).text).toBe(mine);
    // Their own draft, linked afterwards: refused too, and left as it was.
    const own = JSON.parse((await contributor.post('/wp-json/wp/v2/posts', { title: 'Моё', status: 'draft' })).text) as { id: number };
    const updated = await contributor.post(`/wp-json/wp/v2/posts/${own.id}`, { title: 'Изменено', meta: link });
    expect(updated.status).toBe(403);
    const kept = JSON.parse((await contributor.get(`/wp-json/wp/v2/posts/${own.id}?context=edit`)).text) as {
      title: { raw: string };
      meta: Record<string, unknown>;
    };
    expect([kept.title.raw, kept.meta._circassian_translation_of]).toEqual(['Моё', 0]);
    // Their own post as the original is theirs to name.
    const linked = await contributor.post('/wp-json/wp/v2/posts', {
      title: 'Перевод',
      status: 'draft',
      meta: { ...link, _circassian_translation_of: own.id },
    });
    expect(linked.status).toBe(201);
    await contributor.close();
    expect((await apiFetchInPage(page, `/circassian/v1/translations/${originalId}`)).body.translations).toEqual([]);
  });

  once("stores the translated draft's title as plain text, whatever markup the translation carries", async () => {
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: Record<string, unknown>): void } } } }
      ).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Hello <img src=x onerror=alert(1)>' });
    });
    await insertBlock(page, 'core/paragraph', { content: 'Сэ кӀуэ.' });
    const panel = page.locator('.components-panel__body', { hasText: 'Circassian translation' });
    await page
      .getByRole('tab', { name: /^Post$/ })
      .click()
      .catch(() => undefined);
    if (
      !(await panel
        .getByLabel('Translate into')
        .isVisible()
        .catch(() => false))
    )
      await panel.getByRole('button', { name: 'Circassian translation' }).click();
    // Not into English: the title is in English already, and no draft is made in the language a post is in.
    await panel.getByLabel('Translate into').selectOption('ru');
    await panel.getByRole('button', { name: 'Translate post into a new draft' }).click();
    const link = panel.getByRole('link', { name: /Open the draft/ });
    await link.waitFor({ timeout: 30_000 });
    const id = /post=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1];
    const draft = await apiFetchInPage(page, `/wp/v2/posts/${id}?context=edit`);
    const title = (draft.body.title as { raw: string }).raw;
    // The local service's Russian is Cyrillic letters for the English ones: "[ru] Хелло".
    expect(title).toMatch(/^\[ru\] \S/);
    expect(title).not.toMatch(/<|onerror/);
  });
});

// One line (SERVER_SIDE_LINE): constants read by the plugin's PHP, its settings form and route.
describe.each([SERVER_SIDE_LINE])('WordPress %s: key and address in wp-config.php', (version) => {
  let site: TestSite;
  let page: Page;

  beforeAll(async () => {
    site = await startTestSite(version, { hostArgs: ['--key-in', 'wp-config'] });
    page = (await logIn(site.browser, site.ready.url, site.ready.admin)).page;
  });

  afterAll(async () => {
    await site?.close();
  });

  it('shows the address read-only, refuses it on the route and the form, and still connects', async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    expect(await page.locator('#circassian-key-source').textContent()).toContain('constant in wp-config.php');
    const address = page.locator('#circassian-base-url');
    expect(await address.inputValue()).toBe(site.sandbox.url);
    expect(await address.getAttribute('readonly')).not.toBeNull();
    expect(await address.getAttribute('name')).toBeNull();
    expect(await page.locator('#circassian-base-url-source').textContent()).toContain('CIRCASSIAN_BASE_URL');
    await page.screenshot({ path: `/tmp/circassian-wp-${version}-locked.png`, fullPage: true });

    const refused = await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { base_url: 'https://attacker.example' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('circassian_base_url_locked');
    // A crafted form field is refused too.
    await page.locator('#circassian-settings-form').evaluate((form) => {
      form.insertAdjacentHTML('beforeend', '<input type="hidden" name="base_url" value="https://attacker.example" />');
    });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    expect(await resultText(page)).toContain('CIRCASSIAN_BASE_URL');
    expect((await apiFetchInPage(page, '/circassian/v1/settings')).body).toMatchObject({
      base_url: site.sandbox.url,
      base_url_source: 'constant',
      base_url_locked: true,
    });

    await page.locator('#circassian-settings-result').evaluate((box) => (box.textContent = ''));
    await page.getByRole('button', { name: 'Test connection' }).click();
    expect(await resultText(page)).toMatch(/Connected as key "sandbox"/);
  });
});
