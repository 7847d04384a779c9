// The editor, polished, in a real WordPress (oldest and newest supported) driven by Chromium
// against the local service: a whole post translated into a linked draft from a chosen source
// (each editor shows the link), a post already in the target language left alone, the formatting
// notice when the service drops the markers, the whole-post palochka fix (title included, one
// Undo), and a long audio job's elapsed time and estimate.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  editorBlocks,
  editorCanvas,
  insertBlock,
  insertThroughInserter,
  newPost,
  restFromPage,
  saveDraft,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { verticalGap } from './layout.js';
import { useSiteWithAdmin } from './use-site.js';

const FORMATTED = 'Good <strong>morning friends</strong>, read <a href="https://example.org/news">the news</a> today.';
const SENTENCE = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. ';
/** Over 1500 characters: a job at the service. */
const LONG_TEXT = SENTENCE.repeat(40).trim();

interface WpGlobal {
  data: {
    select(store: string): Record<string, (...args: unknown[]) => unknown>;
    dispatch(store: string): Record<string, ((...args: unknown[]) => unknown) | undefined>;
  };
}

async function setTitle(page: Page, title: string): Promise<void> {
  await page.evaluate((value) => {
    (globalThis as unknown as { wp: WpGlobal }).wp.data.dispatch('core/editor').editPost?.({ title: value });
  }, title);
}

async function editedTitle(page: Page): Promise<string> {
  return page.evaluate(() =>
    String((globalThis as unknown as { wp: WpGlobal }).wp.data.select('core/editor').getEditedPostAttribute?.('title')),
  );
}

async function currentPostId(page: Page): Promise<number> {
  return page.evaluate(() => Number((globalThis as unknown as { wp: WpGlobal }).wp.data.select('core/editor').getCurrentPostId?.()));
}

/** The document sidebar's panel of that title, opened. */
async function documentPanel(page: Page, title: string): Promise<Locator> {
  await page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: WpGlobal }).wp;
    wp.data.dispatch('core/edit-post').openGeneralSidebar?.('edit-post/document');
  });
  const toggle = page.getByRole('button', { name: title, exact: true });
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  return page.locator('.components-panel__body', { has: toggle });
}

async function draftsCount(page: Page): Promise<number> {
  const { body } = await restFromPage(page, 'wp/v2/posts?status=draft&context=edit&per_page=100');
  return (body as unknown[]).length;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the editor, polished', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('translates the post from the chosen language into a draft linked to it, and both editors show the link', async () => {
    await newPost(page, site.ready.url);
    await setTitle(page, 'Morning news');
    await insertBlock(page, 'core/paragraph', { content: FORMATTED });
    await saveDraft(page);
    const originalId = await currentPostId(page);
    const panel = await documentPanel(page, 'Circassian translation');
    // Each label stands clear of the control above it (they touched: 0 px).
    expect(
      await verticalGap(panel.getByLabel('Translate from'), panel.locator('label', { hasText: 'Translate into' })),
    ).toBeGreaterThanOrEqual(8);
    expect(
      await verticalGap(panel.getByLabel('Translate into'), panel.getByRole('button', { name: 'Translate post into a new draft' })),
    ).toBeGreaterThanOrEqual(8);
    await panel.getByLabel('Translate from').selectOption('en');
    // The language chosen as the source is not offered as the target.
    expect(await panel.getByLabel('Translate into').locator('option').allTextContents()).not.toContain('English');
    await panel.getByLabel('Translate into').selectOption('ru');
    await panel.getByRole('button', { name: 'Translate post into a new draft' }).click();
    await panel.getByText('Translated from English.').waitFor({ timeout: 30_000 });
    const [call] = await site.sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect((call?.content?.request as { source_lang?: string }).source_lang).toBe('en');

    // The original lists its translation, by language, with a link to it.
    const listed = panel.locator('.circassian-translation-links__list li');
    await listed.first().waitFor();
    expect(await listed.first().textContent()).toMatch(/^\[ru\] .+ \(Russian, draft\)$/);
    const draftHref = (await listed.first().getByRole('link').getAttribute('href')) ?? '';
    const draftId = Number(/post=(\d+)/.exec(draftHref)?.[1]);
    expect(draftId).toBeGreaterThan(originalId);
    const draft = (await restFromPage(page, `wp/v2/posts/${draftId}?context=edit`)).body as {
      status: string;
      meta: Record<string, unknown>;
      content: { raw: string };
    };
    expect(draft.status).toBe('draft');
    expect(draft.meta).toMatchObject({ _circassian_translation_of: originalId, _circassian_translation_language: 'ru' });
    expect(draft.content.raw).toMatch(/\[ru\] [^<[]+<strong>[^<[]+<\/strong>, [^<[]+<a href="https:\/\/example\.org\/news">/);
    await page.screenshot({ path: `/tmp/wp-shots/translations-original-${version}.png` });

    // The draft's editor says what it translates, linking back.
    await page.goto(`${site.ready.url}/wp-admin/post.php?post=${draftId}&action=edit`);
    await editorCanvas(page);
    const draftPanel = await documentPanel(page, 'Circassian translation');
    const line = draftPanel.locator('.circassian-translation-links__original');
    await line.waitFor();
    expect((await line.textContent())?.trim()).toBe('Translation of Morning news (Russian)');
    expect(await line.getByRole('link', { name: 'Morning news' }).getAttribute('href')).toContain(`post=${originalId}&action=edit`);
    await page.screenshot({ path: `/tmp/wp-shots/translations-draft-${version}.png` });
  });

  it("offers first, in “Translate into”, the site's language unless the post is in it, then the first other one: a Russian post defaults to Kabardian, a Kabardian post not to Kabardian", async () => {
    for (const [content, postLanguage] of [
      ['Сегодня в городе открылась новая библиотека для детей.', 'ru'],
      ['Сэ адыгэбзэкӀэ сыщоджэ, уэри укъеджэ.', 'kbd'],
    ] as const) {
      const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
        title: 'Язык',
        content: `<!-- wp:paragraph -->\n<p>${content}</p>\n<!-- /wp:paragraph -->`,
      });
      await page.goto(`${site.ready.url}/wp-admin/post.php?post=${(created.body as { id: number }).id}&action=edit`);
      await editorCanvas(page);
      const panel = await documentPanel(page, 'Circassian translation');
      const into = panel.getByLabel('Translate into');
      const offered = await into.locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''));
      const expected = postLanguage === 'kbd' ? offered.find((id) => id !== 'kbd') : 'kbd';
      await expect.poll(() => into.inputValue(), { timeout: 15_000 }).toBe(expected);
    }
  });

  it('makes no draft of a post already in the target language, and says so', async () => {
    await newPost(page, site.ready.url);
    await setTitle(page, 'Сэ сыщоджэ');
    await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кӀуэ</strong>.' });
    const before = await draftsCount(page);
    const panel = await documentPanel(page, 'Circassian translation');
    await panel.getByLabel('Translate from').selectOption('');
    await panel.getByLabel('Translate into').selectOption('kbd');
    await panel.getByRole('button', { name: 'Translate post into a new draft' }).click();
    await panel.getByText('This post is already in Kabardian: no draft was made.').waitFor({ timeout: 30_000 });
    expect(await draftsCount(page)).toBe(before);
  });

  it('says the formatting was dropped when the service drops the markers, and the draft has the plain translation', async () => {
    await newPost(page, site.ready.url);
    await setTitle(page, 'Dropped');
    await insertBlock(page, 'core/paragraph', { content: FORMATTED });
    await site.sandbox.admin.injectFault({ operation: 'batch', markers: 'drop' });
    const panel = await documentPanel(page, 'Circassian translation');
    await panel.getByLabel('Translate from').selectOption('');
    await panel.getByLabel('Translate into').selectOption('ady');
    await panel.getByRole('button', { name: 'Translate post into a new draft' }).click();
    const notice = page.locator('.components-notice.is-warning', { hasText: 'The formatting was dropped' });
    await notice.first().waitFor({ timeout: 30_000 });
    const href = (await panel.getByRole('link', { name: /Open the draft/ }).getAttribute('href')) ?? '';
    const draft = (await restFromPage(page, `wp/v2/posts/${/post=(\d+)/.exec(href)?.[1]}?context=edit`)).body as {
      content: { raw: string };
    };
    expect(draft.content.raw).toMatch(/<p>\[ady\] [^<>]+\.<\/p>/);
    await page.screenshot({ path: `/tmp/wp-shots/post-formatting-dropped-${version}.png` });
    await notice
      .first()
      .getByRole('button', { name: /close|dismiss/i })
      .click();
  });

  it('fixes palochka look-alikes in the title and every block as one change that one Undo takes back', async () => {
    await newPost(page, site.ready.url);
    await setTitle(page, 'КIуэ');
    await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кIуэ</strong>, I read 1990-гъэм.' });
    await insertBlock(page, 'core/heading', { content: 'Уэ укъок1уэ', level: 2 });
    await saveDraft(page);
    const panel = await documentPanel(page, 'Palochka');
    // In the admin's font Ӏ and I are one shape: the help sets the letters in code type and names the palochka's code point.
    expect(await panel.locator('code').allTextContents()).toEqual(['I l 1 | і', 'Ӏ']);
    expect(await panel.textContent()).toContain('(U+04C0)');
    await panel.getByRole('button', { name: 'Fix palochka in the whole post' }).click();
    await page.getByText('Fixed 3 palochka look-alikes in the post (title included).').first().waitFor();
    expect(await editedTitle(page)).toBe('КӀуэ');
    const fixed = (await editorBlocks(page)).map((block) => String(block.attributes.content));
    expect(fixed).toEqual(['Сэ <strong>кӀуэ</strong>, I read 1990-гъэм.', 'Уэ укъокӀуэ']);
    await page.screenshot({ path: `/tmp/wp-shots/post-palochka-${version}.png` });

    await page.evaluate(() => (globalThis as unknown as { wp: WpGlobal }).wp.data.dispatch('core/editor').undo?.());
    await expect.poll(() => editedTitle(page)).toBe('КIуэ');
    expect((await editorBlocks(page)).map((block) => String(block.attributes.content))).toEqual([
      'Сэ <strong>кIуэ</strong>, I read 1990-гъэм.',
      'Уэ укъок1уэ',
    ]);
  });

  it('offers the whole-post palochka fix in the command palette', async () => {
    const canvas = await newPost(page, site.ready.url);
    await setTitle(page, 'Iэ');
    // As a person does: the focus in the post's title, Ctrl+K, the command's name, Enter.
    await canvas.getByRole('textbox', { name: /add title/i }).click();
    await page.keyboard.press('Control+k');
    const search = page.locator('.commands-command-menu').getByRole('combobox');
    await search.waitFor();
    await page.keyboard.type('Fix palochka in the whole');
    await page
      .locator('.commands-command-menu')
      .getByRole('option', { name: /Fix palochka in the whole post/ })
      .waitFor();
    await page.screenshot({ path: `/tmp/wp-shots/palette-${version}.png` });
    await page.keyboard.press('Enter');
    await expect.poll(() => editedTitle(page)).toBe('Ӏэ');
  });

  it("shows a long job's elapsed time and an estimate from the text's length and speed", async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = canvas.locator('.wp-block-circassian-audio').first();
    await block.getByLabel('Text to voice').fill(LONG_TEXT);
    // The service answers the site's first look at the job slowly: the job runs a few seconds.
    await site.sandbox.admin.injectFault({ operation: 'jobs', delay_ms: 5_000, count: 1 });
    await block.getByRole('button', { name: 'Generate audio' }).click();
    const line = block.locator('.circassian-audio__elapsed');
    await line.waitFor({ timeout: 30_000 });
    const first = (await line.textContent()) ?? '';
    // Read aloud at about 15 characters a second, at the default speed 0.85.
    const minutes = Math.round([...LONG_TEXT].length / (15 * 0.85) / 60);
    expect(first).toMatch(new RegExp(`^0:0\\d elapsed · about ${minutes} min of audio$`));
    await expect.poll(async () => (await line.textContent()) ?? '', { timeout: 10_000 }).not.toBe(first);
    expect((await line.textContent()) ?? '').toMatch(/^0:0[1-9] elapsed/);
    await page.screenshot({ path: `/tmp/wp-shots/audio-elapsed-${version}.png` });
    await block.locator('audio').waitFor({ timeout: 60_000 });
  });
});
