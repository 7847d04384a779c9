// Who sees which units of the translation memory (issue 32's trust pass), in a real WordPress
// driven by Chromium: a unit learnt from Author Anna's private post is not shown to Author Boris, in
// the block's near matches, the near-match route or Tools > Circassian, while a unit of no post is;
// the Editor (the memory's reviewer) sees both, with who made them.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  WORDPRESS_VERSIONS,
  apiFetchInPage,
  insertBlock,
  logIn,
  newPost,
  openEditorSidebar,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { jsonRest, rawRest } from './memory.js';
import { createUser, itOnServerSideLine, openAdminRestScreen, useSiteWithAdmin } from './use-site.js';

const SHOTS = '/tmp/wp-shots';
const MEMORY_PAGE = '/wp-admin/tools.php?page=circassian-memory';
const PRIVATE_TARGET = 'Щэхуу файлыр иджыпсту зэӀух';
const PUBLIC_TARGET = 'Файлыр иджыпсту зэӀух';
/** What the writer types: one word from each unit's source, 80 % alike to both. */
const TYPED = 'Open the shared file now';

/** A TMX of two English units into Kabardian: one made by `anna` in post `privatePost`, one of no post. */
function tmx(anna: string, privatePost: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>',
    `<tu creationid="${anna}" creationdate="20260101T000000Z"><prop type="x-circassian-origin">human</prop><prop type="x-circassian-where">post:${privatePost}</prop><tuv xml:lang="en"><seg>Open the private file now</seg></tuv><tuv xml:lang="kbd"><seg>${PRIVATE_TARGET}</seg></tuv></tu>`,
    `<tu creationid="importer" creationdate="20260101T000000Z"><prop type="x-circassian-origin">human</prop><tuv xml:lang="en"><seg>Open the public file now</seg></tuv><tuv xml:lang="kbd"><seg>${PUBLIC_TARGET}</seg></tuv></tu>`,
    '</body></tmx>',
  ].join('');
}

/** The near matches the block's Translation memory panel shows for TYPED into Kabardian, once `expected` is among them. */
async function panelMatches(browser: Browser, url: string, account: { user: string; password: string }, shot: string): Promise<string[]> {
  const { page, context } = await logIn(browser, url, account);
  try {
    await newPost(page, url);
    await insertBlock(page, 'core/paragraph', { content: TYPED });
    await openEditorSidebar(page, 'block');
    const panel = page.locator('.circassian-block-memory');
    await panel.getByLabel('Near matches in').selectOption('kbd');
    const matches = panel.locator('.circassian-near-match');
    // The unit everyone may see is shown either way: the list is complete once it is there.
    await matches.filter({ hasText: PUBLIC_TARGET }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/${shot}.png` });
    return await matches.allTextContents();
  } finally {
    await context.close();
  }
}

describe.each(WORDPRESS_VERSIONS)(
  'WordPress %s: near matches and memory search show only units whose source the person may read',
  (version) => {
    const state = useSiteWithAdmin(version);
    const onServerSide = itOnServerSideLine(version);
    const suffix = version.replace('.', '');
    let anna: { id: number; user: string; password: string };
    let boris: { id: number; user: string; password: string };
    let editor: { id: number; user: string; password: string };

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      const { page, site } = state;
      await openAdminRestScreen(page, site.ready.url);
      anna = await createUser(page, `anna-${suffix}`, 'author');
      boris = await createUser(page, `boris-${suffix}`, 'author');
      editor = await createUser(page, `editor-${suffix}`, 'editor');
      const post = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
        title: 'Anna’s private notes',
        content: 'Open the private file now',
        status: 'private',
        author: anna.id,
      });
      expect(post.status, JSON.stringify(post.body)).toBe(201);
      const imported = await rawRest(page, 'circassian/v1/memory/import', 'POST', tmx(anna.user, post.body.id as number));
      expect(imported.status, imported.text).toBe(200);
    });

    it("the block's Translation memory panel shows Author Boris the unit of no post but not the one of Anna's private post; the Editor sees both", async () => {
      const { site } = state;
      const asBoris = await panelMatches(site.browser, site.ready.url, boris, `memory-visibility-author-${version}`);
      expect(asBoris).toHaveLength(1);
      expect(asBoris[0]).toContain(PUBLIC_TARGET);
      expect(asBoris.join('\n')).not.toContain('Щэхуу');

      const asEditor = await panelMatches(site.browser, site.ready.url, editor, `memory-visibility-editor-${version}`);
      expect(asEditor).toHaveLength(2);
      expect(asEditor.join('\n')).toContain(PRIVATE_TARGET);
      // Who made it goes with the unit: the Editor may see it.
      expect(asEditor.join('\n')).toContain(anna.user);
    });

    onServerSide(
      "the near-match route and Tools > Circassian give Boris nothing of Anna's private post; the Editor finds it with who made it and where",
      async () => {
        const { site } = state;
        const asBoris = await logIn(site.browser, site.ready.url, boris);
        const near = await jsonRest(
          asBoris.page,
          `circassian/v1/memory/fuzzy?text=${encodeURIComponent(TYPED)}&target_lang=kbd&min=50&limit=10`,
        );
        expect(near.status).toBe(200);
        const targets = (near.body as { matches: Array<{ target: string }> }).matches.map((match) => match.target);
        expect(targets).toEqual([PUBLIC_TARGET]);
        const tools = await asBoris.page.request.get(`${site.ready.url}${MEMORY_PAGE}&find=file`);
        const page = await tools.text();
        expect(page).not.toContain('Find in the memory');
        expect(page).not.toContain('Щэхуу');
        await asBoris.context.close();

        const asEditor = await logIn(site.browser, site.ready.url, editor);
        const editorPage: Page = asEditor.page;
        await editorPage.goto(`${site.ready.url}${MEMORY_PAGE}`);
        await editorPage.getByLabel('Word or phrase, in either language').fill('file');
        await editorPage.getByRole('button', { name: 'Find', exact: true }).click();
        await editorPage.getByText('2 units hold “file”.').waitFor();
        const row = editorPage.locator('table.circassian-memory-units tbody tr', { hasText: 'Open the private file now' });
        expect(await row.textContent()).toContain(PRIVATE_TARGET);
        expect(await row.textContent()).toContain(anna.user);
        expect(await row.textContent()).toContain('Anna’s private notes');
        await editorPage.screenshot({ path: `${SHOTS}/memory-visibility-editor-find-${version}.png`, fullPage: true });
        await asEditor.context.close();
      },
    );
  },
);
