// The plugin's panel in a Russian admin: an editor who chose Russian sees the panel's words in
// Russian (from the plugin's shipped translations), and locales by their names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@circassian/scripts/hosts/lib/browser.js';
import { StrapiClient, startSandbox, startStrapiHost, waitFor, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';
import type { HostProcess } from '@circassian/scripts/hosts/lib/host-process.js';

describe('Strapi admin in Russian: the Circassian panel', () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<StrapiReady>;
  let browser: Browser;
  let page: Page;
  let documentId: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    host = await startStrapiHost(sandbox);
    const strapi = new StrapiClient(host.ready);
    documentId = (await strapi.createArticle({ title: 'Статья по-русски', body: 'Текст.' })).documentId;
    await waitFor('the kbd translation', async () =>
      (await strapi.article(documentId, 'kbd'))?.title?.startsWith('[kbd]') ? true : undefined,
    );
    browser = await launchChromium();
    page = await browser.newPage();
    // The admin keeps the interface language the editor chose in the browser.
    await page.addInitScript("window.localStorage.setItem('strapi-admin-language', 'ru')");
    await page.goto(`${host.ready.url}/admin/auth/login`);
    await page.locator('input[name="email"]').fill(host.ready.admin.email);
    await page.locator('input[name="password"]').fill(host.ready.admin.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/admin(\/)?$/, { timeout: 60_000 });
  });

  afterAll(async () => {
    await browser?.close();
    expect(await host?.stop()).toBe(0);
    await sandbox?.close();
  });

  it('says each locale status and the buttons in Russian', async () => {
    await page.goto(`${host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=ru`);
    const panel = page.getByTestId('circassian-panel');
    await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 60_000 }).toMatch(/\(kbd\): Переведено/);
    await expect(panel.getByRole('button', { name: 'Перевести сейчас' }).isVisible()).resolves.toBe(true);
    await expect(panel.getByRole('button', { name: 'Создать аудио' }).isVisible()).resolves.toBe(true);
    if (process.env.CIRCASSIAN_E2E_SHOTS)
      await page.screenshot({ path: `${process.env.CIRCASSIAN_E2E_SHOTS}/panel-ru.png`, fullPage: true });
  });
});
