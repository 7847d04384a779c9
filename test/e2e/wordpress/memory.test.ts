// The site's translation memory in a real WordPress (oldest and newest supported), against the
// local service's call log: a whole post translated twice from a chosen language costs one batch
// call, not two; a correction made in the linked translation and published comes back, with no
// request, when the original is translated again; TMX written by core imports through REST and
// makes its sentences free, an export reads in core's readTmx with the same units and
// export → import → export gives the same file; an editor is refused both routes; Tools >
// Circassian shows the units per language pair.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { readTmx, writeTmx, type MemoryUnit } from '@circassian/core';
import {
  editorCanvas,
  insertBlock,
  logIn,
  newPost,
  publishPost,
  restFromPage,
  saveDraft,
  SETTINGS_PAGE,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/scripts/hosts/wordpress/testing.js';
import { createUser, useSiteWithAdmin } from './use-site.js';

const TRANSLATION_OPERATIONS = ['batch', 'translate'] as const;

async function translationCalls(site: TestSite): Promise<number> {
  let count = 0;
  for (const operation of TRANSLATION_OPERATIONS) count += (await site.sandbox.admin.calls({ operation, limit: 10_000 })).length;
  return count;
}

/** Translates the post being edited into a Kabardian draft, from English, from the document sidebar's panel; the draft's id. */
async function translateFromEnglish(page: Page): Promise<number> {
  await page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
    wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
  });
  const panelToggle = page.getByRole('button', { name: 'Circassian translation' });
  if ((await panelToggle.getAttribute('aria-expanded')) === 'false') await panelToggle.click();
  await page.getByLabel('Translate from').selectOption('en');
  await page.getByLabel('Translate into').selectOption('kbd');
  const created = page.waitForResponse(
    (response) => response.url().includes('circassian/v1/translations') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Translate post into a new draft' }).click();
  const draft = (await (await created).json()) as { id: number };
  await page.getByText('Draft created').first().waitFor({ timeout: 30_000 });
  return draft.id;
}

async function postContent(page: Page, id: number): Promise<string> {
  const { body } = await restFromPage(page, `wp/v2/posts/${id}?context=edit`);
  return (body as { content: { raw: string } }).content.raw;
}

/** A raw REST request with the logged-in user's nonce (a TMX body is not JSON). */
async function rawRest(page: Page, path: string, method: string, body?: string): Promise<{ status: number; type: string; text: string }> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const nonce = await (await fetch('/wp-admin/admin-ajax.php?action=rest-nonce', { credentials: 'same-origin' })).text();
      const response = await fetch(`/wp-json/${path}`, {
        method,
        headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'application/x-tmx+xml' },
        ...(body === undefined ? {} : { body }),
        credentials: 'same-origin',
      });
      return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
    },
    { path, method, body },
  );
}

async function unitsOf(tmx: string): Promise<Array<Partial<MemoryUnit>>> {
  const units: Array<Partial<MemoryUnit>> = [];
  for await (const item of readTmx([tmx])) if (item.kind === 'unit') units.push(item.unit);
  return units;
}

async function tmxOf(units: readonly MemoryUnit[]): Promise<string> {
  let text = '';
  for await (const chunk of writeTmx(units)) text += chunk;
  return text;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the translation memory', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('a whole post translated twice costs one batch call; a correction published in its translation comes back with no request', async () => {
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: Record<string, unknown>): void } } } }
      ).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Harvest day' });
    });
    await insertBlock(page, 'core/paragraph', { content: 'The apples are <strong>ripe</strong> this week.' });
    await insertBlock(page, 'core/paragraph', { content: 'Bring a basket to the orchard.' });
    await saveDraft(page);
    const original = page.url();

    const before = await translationCalls(site);
    const first = await translateFromEnglish(page);
    expect(await translationCalls(site)).toBe(before + 1);
    const second = await translateFromEnglish(page);
    expect(await translationCalls(site), 'the second run: no translate or batch call').toBe(before + 1);
    expect(await postContent(page, second)).toBe(await postContent(page, first));

    // An editor corrects the second block of the first draft and publishes it.
    await page.goto(`${site.ready.url}/wp-admin/post.php?post=${first}&action=edit`);
    await page.waitForSelector('.block-editor-block-list__layout, iframe[name="editor-canvas"]');
    await editorCanvas(page);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as {
          wp: {
            data: {
              select(store: string): { getBlocks(): Array<{ clientId: string }> };
              dispatch(store: string): { updateBlockAttributes(id: string, attributes: Record<string, unknown>): void };
            };
          };
        }
      ).wp;
      const blocks = wp.data.select('core/block-editor').getBlocks();
      wp.data.dispatch('core/block-editor').updateBlockAttributes(blocks[1]?.clientId ?? '', { content: 'Хадэм къэкӀуэ, бжьэр къэпхь.' });
    });
    await publishPost(page);

    await page.goto(original);
    await page.waitForSelector('.block-editor-block-list__layout, iframe[name="editor-canvas"]');
    await editorCanvas(page);
    const third = await translateFromEnglish(page);
    expect(await translationCalls(site), 'the human text and the machine one both from memory').toBe(before + 1);
    const content = await postContent(page, third);
    expect(content).toContain('Хадэм къэкӀуэ, бжьэр къэпхь.');
    expect(content).toMatch(/<strong>[^<]+<\/strong>/);
  });

  it('imports TMX written by core through REST (its sentences then cost no call), exports TMX core reads back, and export → import → export gives the same file', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    const units: MemoryUnit[] = [
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Рынок открыт до вечера',
        target: 'Бэзэрыр пщыхьэщхьэм нэс зэӀухащ',
        origin: 'human',
        created: '2026-03-01T10:00:00Z',
        usageCount: 0,
      },
      {
        sourceLang: 'ru',
        targetLang: 'ady',
        source: 'Добро пожаловать',
        target: 'Шъукъеблагъ',
        origin: 'machine',
        created: '2026-03-01T10:00:01Z',
        usageCount: 0,
      },
    ];
    const imported = await rawRest(page, 'circassian/v1/memory/import', 'POST', await tmxOf(units));
    expect(imported.status, imported.text).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ units: 2, skipped: {} });

    const before = await translationCalls(site);
    const { status, body } = await restFromPage(page, 'circassian/v1/translate', 'POST', {
      texts: ['Рынок открыт до вечера'],
      source_lang: 'ru',
      target_lang: 'kbd',
    });
    expect(status).toBe(200);
    expect((body as { translations: string[] }).translations).toEqual(['Бэзэрыр пщыхьэщхьэм нэс зэӀухащ']);
    expect(await translationCalls(site)).toBe(before);

    const exported = await rawRest(page, 'circassian/v1/memory/export', 'GET');
    expect(exported.status).toBe(200);
    expect(exported.type).toMatch(/^application\/x-tmx\+xml/);
    const read = await unitsOf(exported.text);
    for (const unit of units)
      expect(read).toContainEqual(
        expect.objectContaining({
          sourceLang: unit.sourceLang,
          targetLang: unit.targetLang,
          source: unit.source,
          target: unit.target,
          origin: unit.origin,
          created: unit.created,
        }),
      );
    const humanOnly = await unitsOf((await rawRest(page, 'circassian/v1/memory/export?origin=human', 'GET')).text);
    expect(humanOnly.every((unit) => unit.origin === 'human')).toBe(true);
    expect(humanOnly.map((unit) => unit.source)).toContain('Рынок открыт до вечера');

    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', exported.text)).status).toBe(200);
    expect((await rawRest(page, 'circassian/v1/memory/export', 'GET')).text).toBe(exported.text);
    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', '<html>not a memory</html>')).status).toBe(400);
  });

  it('refuses an editor both memory routes (403)', async () => {
    // An admin screen with wp.apiFetch, which createUser calls.
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const editor = await createUser(page, `memory-editor-${Date.now()}`, 'editor');
    const session = await logIn(site.browser, site.ready.url, editor);
    await session.page.goto(`${site.ready.url}/wp-admin/`);
    expect((await rawRest(session.page, 'circassian/v1/memory/export', 'GET')).status).toBe(403);
    expect((await rawRest(session.page, 'circassian/v1/memory/import', 'POST', '<tmx version="1.4"><body/></tmx>')).status).toBe(403);
    await session.context.close();
  });

  it('Tools > Circassian shows the units per language pair by origin, and clears a pair', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    const units: MemoryUnit[] = [
      {
        sourceLang: 'ru',
        targetLang: 'tr',
        source: 'Один',
        target: 'Bir',
        origin: 'human',
        created: '2026-03-02T10:00:00Z',
        usageCount: 0,
      },
      {
        sourceLang: 'ru',
        targetLang: 'tr',
        source: 'Два',
        target: 'İki',
        origin: 'machine',
        created: '2026-03-02T10:00:00Z',
        usageCount: 3,
      },
    ];
    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', await tmxOf(units))).status).toBe(200);
    await page.locator('#menu-tools').hover();
    await page.locator('#menu-tools a', { hasText: /^Circassian$/ }).click();
    await page.getByRole('heading', { name: 'Circassian translation memory' }).waitFor();
    const row = page.locator('tr[data-pair="ru:tr"]');
    // Units, by people, machine, characters saved (3 uses of 3 + 3 characters).
    expect((await row.locator('td').allTextContents()).slice(0, 4)).toEqual(['2', '1', '1', '18']);
    writeFileSync(`${tmpdir()}/circassian-memory-tools-${version}.png`, await page.screenshot({ fullPage: true }));
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('2 units removed (ru → tr).').waitFor();
    expect(await page.locator('tr[data-pair="ru:tr"]').count()).toBe(0);
  });
});
