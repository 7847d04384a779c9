// The translation memory as CAT tools know it (issue 33), in a real WordPress driven by Chromium:
// a seeded memory; the block's "Translation memory" panel and the post panel show near matches with
// their percentage and put one in only on "Use this"; Tools > Circassian finds a unit by a word typed
// with a Latin I for the palochka, edits it (the administrator's correction now) and deletes another
// after a confirmation; an Author and a Subscriber cannot.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  WORDPRESS_VERSIONS,
  editorBlocks,
  insertBlock,
  logIn,
  newPost,
  openEditorSidebar,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { openTranslationPanel, jsonRest, rawRest } from './memory.js';
import { createUser, itOnServerSideLine, openAdminRestScreen, useSiteWithAdmin } from './use-site.js';

const SHOTS = '/tmp/wp-shots';
const MEMORY_PAGE = '/wp-admin/tools.php?page=circassian-memory';

/** A TMX of `source`-language units into Kabardian, each [source, target, origin], made by `admin`. */
function tmx(source: string, units: ReadonlyArray<readonly [string, string, string]>): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="${source}" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>`,
    ...units.map(
      ([text, translation, origin]) =>
        `<tu creationid="admin" creationdate="20260101T000000Z"><prop type="x-circassian-origin">${origin}</prop><tuv xml:lang="${source}"><seg>${text}</seg></tuv><tuv xml:lang="kbd"><seg>${translation}</seg></tuv></tu>`,
    ),
    '</body></tmx>',
  ].join('');
}

const ENGLISH = [
  ['Open the file now', 'Файлыр иджыпсту зэӀух', 'human'],
  ['Open the door now', 'Бжэр иджыпсту зэӀух', 'machine'],
] as const;
const RUSSIAN = [
  ['Иди домой', 'Унэм кӀуэ', 'machine'],
  ['Дом', 'Унэ', 'machine'],
] as const;

/**
 * What the memory answers for Russian texts into Kabardian, by the translate route (memory hits cost
 * nothing), asked from `page` (any page of the site), which stays where it is.
 */
async function recalled(page: Page, texts: string[]): Promise<{ translations: string[]; hits: number }> {
  const answer = await jsonRest(page, 'circassian/v1/translate', 'POST', { texts, source_lang: 'ru', target_lang: 'kbd' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const body = answer.body as { translations: string[]; memory: { hits: number } };
  return { translations: body.translations, hits: body.memory.hits };
}

/** The block editor's paragraphs' contents, in order. */
async function paragraphs(page: Page): Promise<string[]> {
  return (await editorBlocks(page)).filter((block) => block.name === 'core/paragraph').map((block) => String(block.attributes.content));
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: near matches, concordance and single units of the translation memory', (version) => {
  const state = useSiteWithAdmin(version);
  const onServerSide = itOnServerSideLine(version);

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const { page, site } = state;
    await openAdminRestScreen(page, site.ready.url);
    for (const body of [tmx('en', ENGLISH), tmx('ru', RUSSIAN)]) {
      const imported = await rawRest(page, 'circassian/v1/memory/import', 'POST', body);
      expect(imported.status, imported.text).toBe(200);
    }
  });

  it('the block\'s Translation memory panel shows the near matches of "Open the folder now" with their percentage, and puts one below the block only on "Use this"', async () => {
    const { page, site } = state;
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Open the folder now' });
    await openEditorSidebar(page, 'block');
    const panel = page.locator('.circassian-block-memory');
    await panel.getByLabel('Near matches in').selectOption('kbd');
    const matches = panel.locator('.circassian-near-match');
    await expect.poll(() => matches.count()).toBe(2);
    // One word of four replaced: 75 %; the human unit before the machine one.
    expect(await matches.nth(0).textContent()).toContain('75 % alike');
    expect(await matches.nth(0).textContent()).toContain('Файлыр иджыпсту зэӀух');
    expect(await matches.nth(1).textContent()).toContain('Бжэр иджыпсту зэӀух');
    await page.screenshot({ path: `${SHOTS}/memory-near-matches-block-${version}.png` });
    // Shown, not used: the post still has its one paragraph.
    expect(await paragraphs(page)).toEqual(['Open the folder now']);

    await matches
      .nth(0)
      .getByRole('button', { name: /^Use this/ })
      .click();
    await expect.poll(() => paragraphs(page)).toEqual(['Open the folder now', 'Файлыр иджыпсту зэӀух']);
    await page.screenshot({ path: `${SHOTS}/memory-near-matches-used-${version}.png` });

    // The post panel: the same near matches for the post's blocks, on request.
    await openTranslationPanel(page);
    await page.getByLabel('Translate from').selectOption('en');
    await page.getByLabel('Translate into').selectOption('kbd');
    await page.getByRole('button', { name: 'Find near matches in the memory' }).click();
    const postMatches = page.locator('.circassian-post-near-matches .circassian-near-match');
    await expect.poll(() => postMatches.count()).toBe(2);
    await page.getByText('1 block has near matches:').waitFor();
    expect(await paragraphs(page)).toHaveLength(2);
    await page.screenshot({ path: `${SHOTS}/memory-near-matches-post-${version}.png` });
  });

  onServerSide(
    "Tools > Circassian finds a unit by a word typed with a Latin I for the palochka, edits its translation (the administrator's correction now) and deletes another after a confirmation",
    async () => {
      const { page, site } = state;
      await page.goto(`${site.ready.url}${MEMORY_PAGE}`);
      await page.getByLabel('Word or phrase, in either language').fill('кIуэ');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.waitForURL(/find=/);
      const row = page.locator('table.circassian-memory-units tbody tr', { hasText: 'Иди домой' });
      await expect.poll(() => row.count()).toBe(1);
      expect(await page.getByText('1 unit holds “кIуэ”.').count()).toBe(1);
      expect(await row.textContent()).toContain('Унэм кӀуэ');
      expect(await row.textContent()).toContain('Machine translation');
      expect(await row.textContent()).toContain('admin');
      await page.screenshot({ path: `${SHOTS}/memory-find-${version}.png`, fullPage: true });

      await row.getByText('Edit', { exact: true }).click();
      await row.getByLabel('Translation').fill('Унэм кӀуэж');
      await row.getByRole('button', { name: 'Save the translation' }).click();
      await page.getByText('Translation changed: it is your correction now').first().waitFor();
      const edited = page.locator('table.circassian-memory-units tbody tr', { hasText: 'Иди домой' });
      await expect.poll(() => edited.textContent()).toContain('Унэм кӀуэж');
      expect(await edited.textContent()).toContain('Correction');
      expect((await recalled(page, ['Иди домой'])).translations).toEqual(['Унэм кӀуэж']);
      await page.screenshot({ path: `${SHOTS}/memory-edited-${version}.png`, fullPage: true });

      await page.getByLabel('Word or phrase, in either language').fill('ДОМ');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.getByText('2 units hold “ДОМ”.').waitFor();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Delete the unit “Дом”' }).click();
      await page.getByText('Unit deleted').first().waitFor();
      await page.getByText('1 unit holds “ДОМ”.').waitFor();
      const after = await recalled(page, ['Дом', 'Иди домой']);
      expect(after.hits).toBe(1);
      expect(after.translations[1]).toBe('Унэм кӀуэж');
      await page.screenshot({ path: `${SHOTS}/memory-deleted-${version}.png`, fullPage: true });
    },
  );

  onServerSide('an Author cannot find, edit or delete units on Tools > Circassian, and a Subscriber gets no near matches', async () => {
    const { page, site } = state;
    await openAdminRestScreen(page, site.ready.url);
    const author = await createUser(page, `author-units-${version.replace('.', '')}`, 'author');
    const subscriber = await createUser(page, `subscriber-units-${version.replace('.', '')}`, 'subscriber');
    const before = (await rawRest(page, 'circassian/v1/memory/export', 'GET')).text;

    const asAuthor = (await logIn(site.browser, site.ready.url, author)).page;
    const tools = await asAuthor.request.get(`${site.ready.url}${MEMORY_PAGE}&find=${encodeURIComponent('кIуэ')}`);
    expect(await tools.text()).not.toContain('Find in the memory');
    for (const action of ['circassian_memory_edit_unit', 'circassian_memory_delete_unit']) {
      for (const unit of ['1', '2', '3', '4']) {
        const answer = await asAuthor.request.post(`${site.ready.url}/wp-admin/admin-post.php`, {
          form: { action, unit, target: 'Хъыбар' },
          maxRedirects: 0,
        });
        expect([action, unit, answer.status()]).toEqual([action, unit, 403]);
      }
    }
    // An Author writes posts: near matches, yes (only what everyone gets back and their own suggestions).
    const near = await jsonRest(asAuthor, 'circassian/v1/memory/fuzzy?text=Open%20the%20folder%20now&target_lang=kbd');
    expect(near.status).toBe(200);

    const asSubscriber = (await logIn(site.browser, site.ready.url, subscriber)).page;
    await asSubscriber.goto(`${site.ready.url}/wp-admin/profile.php`);
    expect((await rawRest(asSubscriber, 'circassian/v1/memory/fuzzy?text=Open%20the%20folder%20now&target_lang=kbd', 'GET')).status).toBe(
      403,
    );
    expect((await rawRest(page, 'circassian/v1/memory/export', 'GET')).text).toBe(before);
    await asAuthor.context().close();
    await asSubscriber.context().close();
  });
});
