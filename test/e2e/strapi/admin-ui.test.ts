// The admin panel in Chromium: log in, open an article's edit view, read its translation status
// in the plugin's panel and click "Translate now" and "Generate audio"; then the settings page
// (key name and limits, never the key) and the bulk page's cost estimate.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/hosts/lib/browser.js';
import { StrapiClient, startSandbox, startStrapiHost, waitFor, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';
import type { HostProcess } from '../../../scripts/hosts/lib/host-process.js';

describe('Strapi admin: the Circassian panel, settings and bulk pages in Chromium', () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<StrapiReady>;
  let strapi: StrapiClient;
  let browser: Browser;
  let page: Page;
  let documentId: string;
  const pageText: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    host = await startStrapiHost(sandbox);
    strapi = new StrapiClient(host.ready);
    documentId = (await strapi.createArticle({ title: 'Статья для редактора', body: 'Текст статьи для озвучки.' })).documentId;
    await waitFor('the first translation', async () => ((await strapi.article(documentId, 'kbd'))?.audio ? true : undefined));
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('response', (response) => {
      if (response.url().startsWith(host.ready.url)) void response.text().then((text) => pageText.push(text), () => {});
    });
    await page.goto(`${host.ready.url}/admin/auth/login`);
    await page.getByLabel(/email/i).fill(host.ready.admin.email);
    await page.getByLabel(/^password/i).fill(host.ready.admin.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/admin(\/)?$/, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(await host?.stop()).toBe(0);
    await sandbox?.close();
  });

  it('shows the status per locale in the edit view and queues work from its buttons', async () => {
    await page.goto(`${host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=ru`);
    const panel = page.getByTestId('circassian-panel');
    await panel.waitFor({ timeout: 60_000 });
    await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 20_000 }).toContain('kbd: Translated');

    const speechBefore = (await sandbox.admin.calls({ operation: 'speech' })).length;
    await strapi.updateArticle(documentId, { body: 'Новый текст статьи для озвучки.' });
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe('Audio generation queued.');
    await panel.getByRole('button', { name: 'Translate now' }).click();
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe('Translation queued.');
    await expect.poll(async () => (await sandbox.admin.calls({ operation: 'speech' })).length, { timeout: 30_000 }).toBeGreaterThan(speechBefore);
  });

  it('shows the key name and limits on the settings page', async () => {
    await page.goto(`${host.ready.url}/admin/settings/circassian`);
    await expect.poll(() => page.getByTestId('circassian-key-name').textContent(), { timeout: 30_000 }).toBe('Name: sandbox');
    await expect(page.getByText('Requests per minute: 60').isVisible()).resolves.toBe(true);
  });

  it('estimates the cost of a bulk run before starting it', async () => {
    await page.goto(`${host.ready.url}/admin/plugins/circassian`);
    await page.getByRole('button', { name: 'Estimate the cost' }).click({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('circassian-estimate').textContent()).toMatch(/^1 entries, \d+ texts to send: [\d,]+ characters/);
  });

  it('never sends the key to the browser', () => {
    const secret = sandbox.key.split('.')[1] as string;
    expect(pageText.length).toBeGreaterThan(10);
    for (const text of pageText) expect(text).not.toContain(secret);
  });
});
