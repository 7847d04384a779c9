// The plugin in Russian, in a real WordPress (oldest and newest supported) driven by Chromium: an
// administrator whose profile language is Russian (ru_RU) sees the settings page, the audio
// block, the block toolbar and the document sidebar's panels in Russian, from the plugin's own
// languages/ folder (the sites have no core Russian files, so WordPress's own screens stay English).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { insertBlock, newPost, restFromPage, WORDPRESS_VERSIONS, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { siteRoot, useSiteWithAdmin } from './use-site.js';

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the plugin in Russian', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeAll(async () => {
    const { stdout } = await promisify(execFile)(
      'php',
      [join(import.meta.dirname, 'set-user-locale.php'), context.site.ready.url, context.site.ready.admin.user, 'ru_RU'],
      { cwd: siteRoot(context.site.ready.url) },
    );
    expect(stdout.trim()).toBe('ru_RU');
  });

  beforeEach(() => {
    ({ site, page } = context);
  });

  it("shows the settings page's headings, fields, buttons and the connection test in Russian", async () => {
    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    await page.getByRole('heading', { name: 'Подключение' }).waitFor();
    for (const heading of [
      'Озвучивание по умолчанию для новых блоков аудио',
      'Аудио записей («Послушать эту запись»)',
      'Кто может расходовать ключ',
    ]) {
      await page.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await page.getByLabel('Ключ API').count()).toBe(1);
    expect(await page.getByRole('radio', { name: 'После содержимого' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Проверить подключение' }).click();
    // The script's own strings and the site's answer, both in Russian.
    await page
      .locator('#circassian-settings-result.notice-success', { hasText: 'Подключено с ключом «sandbox»' })
      .waitFor({ timeout: 30_000 });
    expect(await page.locator('#circassian-settings-result').textContent()).toMatch(/запросов в минуту: 60/);
    expect(await page.locator('#circassian-settings-result').textContent()).toMatch(/Использовано сегодня/);
    await page.screenshot({ path: `/tmp/wp-shots/russian-settings-${version}.png`, fullPage: true });
  });

  it('shows the audio block, the toolbar and the sidebar panels in Russian', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertBlock(page, 'circassian/audio', {});
    const block = canvas.locator('.wp-block-circassian-audio').first();
    await block.getByLabel('Текст для озвучивания').waitFor();
    expect(await block.getByRole('button', { name: 'Создать аудио' }).count()).toBe(1);
    expect(await block.getByRole('button', { name: 'Взять текст всей записи' }).count()).toBe(1);
    // The block's sidebar: its panel and fields.
    expect(await page.getByRole('button', { name: 'Голос', exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByLabel('Скорость').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `/tmp/wp-shots/russian-block-${version}.png` });

    await insertBlock(page, 'core/paragraph', { content: 'Сэ кIуэ.' });
    await page.getByRole('button', { name: 'Перевести', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Исправить палочку', exact: true }).click();
    await page.getByText('Исправлен 1 знак вместо палочки.').first().waitFor();

    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar?(name: string): void } } } }).wp;
      wp.data.dispatch('core/edit-post').openGeneralSidebar?.('edit-post/document');
    });
    const toggle = page.getByRole('button', { name: 'Черкесский перевод', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await page.getByLabel('Переводить на').waitFor();
    expect(await page.getByRole('button', { name: 'Перевести запись в новый черновик' }).count()).toBe(1);
    expect(await page.getByLabel('Переводить на').locator('option').allTextContents()).toContain('Кабардинский');
    await page.screenshot({ path: `/tmp/wp-shots/russian-sidebar-${version}.png` });
  });

  it("groups digits the Russian way in the Post audio panel (the user's language, not the browser's)", async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
    const text = 'Сегодня в городе тепло и солнечно. '.repeat(40).trim();
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: 'Погода',
      content: `<!-- wp:paragraph --><p>${text}</p><!-- /wp:paragraph -->`,
      status: 'draft',
    });
    const id = (created.body as { id: number }).id;
    await page.goto(`${site.ready.url}/wp-admin/post.php?post=${id}&action=edit`);
    await page.waitForFunction(() => Boolean((globalThis as unknown as { wp?: { data?: unknown } }).wp?.data));
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar?(name: string): void } } } }).wp;
      wp.data.dispatch('core/edit-post').openGeneralSidebar?.('edit-post/document');
    });
    const toggle = page.getByRole('button', { name: 'Аудио записи', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const plan = page.locator('.circassian-post-audio-panel__plan');
    await plan.waitFor({ timeout: 15_000 });
    const said = (await plan.textContent()) ?? '';
    // 'Погода' and the paragraph: 1,400 characters and more, grouped with a (no-break) space, as Russian writes them.
    expect(said).toMatch(/символов: 1[\u00a0\u202f ]\d{3}/);
    expect(said).not.toMatch(/1,\d{3}/);
    expect(said).toContain('«Русский» (определён по тексту)');
    await page.screenshot({ path: `/tmp/wp-shots/russian-post-audio-panel-${version}.png` });
  });
});
