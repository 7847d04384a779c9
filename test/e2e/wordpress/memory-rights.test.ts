// Who may teach the translation memory (issue 32), in a real WordPress driven by Chromium: an Author's
// correction of a published translation is the Author's suggestion (it answers the Author's own
// translations, nobody else's), an Editor reviews it on Tools > Circassian (who, when, where, filter
// by person, accept, remove everything one person taught), and an Author and a Contributor try every
// way to read, teach, import or clear the memory and change nothing that others get back.
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { WORDPRESS_VERSIONS, logIn, openPost, restFromPage } from '@circassian/test-support/hosts/wordpress/testing.js';
import { jsonRest, rawRest, serviceCalls, unitsOf } from './memory.js';
import { createUser, itOnServerSideLine, openAdminRestScreen, useSiteWithAdmin } from './use-site.js';

const SHOTS = '/tmp/wp-shots';
const MEMORY_PAGE = '/wp-admin/tools.php?page=circassian-memory';
const ORIGINAL = ['The bridge is open.', 'Rain tomorrow.'];
const MADE = ['Мост открыт.', 'Дождь завтра.'];
const paragraphs = (texts: readonly string[]): string =>
  texts.map((text) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`).join('\n\n');

/** A published post of the page's user, and its published Russian translation as the route makes it; their ids. */
async function publishedTranslation(page: Page, title: string): Promise<{ original: number; translation: number }> {
  const original = await jsonRest(page, 'wp/v2/posts', 'POST', { title, content: paragraphs(ORIGINAL), status: 'publish' });
  expect(original.status).toBe(201);
  const id = (original.body as { id: number }).id;
  const made = await jsonRest(page, 'circassian/v1/translations', 'POST', {
    original: id,
    language: 'ru',
    source: 'en',
    title: `${title} (ru)`,
    content: paragraphs(MADE),
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const translation = (made.body as { id: number }).id;
  expect((await jsonRest(page, `wp/v2/posts/${translation}`, 'POST', { status: 'publish' })).status).toBe(200);
  return { original: id, translation };
}

/**
 * What the memory answers the user logged in on `page` for the English sentences (their own
 * suggestions first), by the translate route into Russian, asked from `page`, which stays where it is.
 */
async function recalled(page: Page): Promise<{ translations: string[]; hits: number }> {
  const answer = await jsonRest(page, 'circassian/v1/translate', 'POST', { texts: ORIGINAL, source_lang: 'en', target_lang: 'ru' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const body = answer.body as { translations: string[]; memory: { hits: number } };
  return { translations: body.translations, hits: body.memory.hits };
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: who may teach the translation memory', (version) => {
  const state = useSiteWithAdmin(version);
  const onServerSide = itOnServerSideLine(version);
  let author: { id: number; user: string; password: string };
  let editor: { id: number; user: string; password: string };
  let contributor: { id: number; user: string; password: string };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await openAdminRestScreen(state.page, state.site.ready.url);
    author = await createUser(state.page, `author-${version.replace('.', '')}`, 'author');
    editor = await createUser(state.page, `editor-${version.replace('.', '')}`, 'editor');
    contributor = await createUser(state.page, `contributor-${version.replace('.', '')}`, 'contributor');
  });

  it("an Author's correction, typed in the editor, is the Author's suggestion; an Editor finds it on Tools > Circassian with who, when and where, accepts it, and then removes everything the Author taught", async () => {
    const { site } = state;
    // Logged in, the Author is on an admin page: where jsonRest asks for the nonce.
    const asAuthor = (await logIn(site.browser, site.ready.url, author)).page;
    const { translation } = await publishedTranslation(asAuthor, `Village news ${version}`);

    // The Author corrects the first paragraph of the published translation, in the block editor, and updates it.
    const canvas = await openPost(asAuthor, site.ready.url, translation);
    const first = canvas.getByText(MADE[0] ?? '', { exact: true });
    await first.click();
    await asAuthor.keyboard.press('End');
    await asAuthor.keyboard.press('Shift+Home');
    await asAuthor.keyboard.type('Мост снова открыт.');
    await asAuthor
      .getByRole('button', { name: /^(Update|Save)$/ })
      .first()
      .click();
    await expect
      .poll(async () => (await restFromPage(asAuthor, `wp/v2/posts/${translation}?context=edit`)).body)
      .toMatchObject({
        content: { raw: expect.stringContaining('Мост снова открыт.') },
      });
    await asAuthor.waitForFunction(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { select(store: string): { isSavingPost(): boolean; isEditedPostDirty(): boolean } } } }
      ).wp;
      return !wp.data.select('core/editor').isSavingPost() && !wp.data.select('core/editor').isEditedPostDirty();
    });
    await asAuthor.screenshot({ path: `${SHOTS}/memory-author-correction-${version}.png` });
    // And the second paragraph, as a second save would.
    const saved = (await restFromPage(asAuthor, `wp/v2/posts/${translation}?context=edit`)).body as { content: { raw: string } };
    expect(
      (
        await restFromPage(asAuthor, `wp/v2/posts/${translation}`, 'POST', {
          content: saved.content.raw.replace(MADE[1] ?? '', 'Завтра дождь.'),
        })
      ).status,
    ).toBe(200);

    // They answer the Author's own translations, not the Editor's.
    expect((await recalled(asAuthor)).translations).toEqual(['Мост снова открыт.', 'Завтра дождь.']);
    const asEditor = (await logIn(site.browser, site.ready.url, editor)).page;
    expect((await recalled(asEditor)).translations).not.toContain('Мост снова открыт.');

    // The Editor's review: the suggestion, who wrote it, when, and the post it was made in (linked).
    await asEditor.goto(`${site.ready.url}${MEMORY_PAGE}`);
    const row = asEditor.locator('table.circassian-memory-review tbody tr', { hasText: 'Мост снова открыт.' });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain('Suggestion, waiting for review');
    expect(await row.textContent()).toContain(author.user);
    expect(await row.getByRole('link', { name: `Village news ${version} (ru)` }).count()).toBe(1);
    expect(await asEditor.getByRole('heading', { name: 'Export' }).count()).toBe(0); // The memory as a whole is the administrators'.
    await asEditor.screenshot({ path: `${SHOTS}/memory-review-${version}.png`, fullPage: true });

    // Filtered by the Author, accepted: everyone gets it now.
    await asEditor.getByLabel('Written by').selectOption(author.user);
    await asEditor.getByRole('button', { name: 'Show' }).click();
    await asEditor.waitForURL(/person=/);
    await row.getByRole('button', { name: 'Accept the suggestion “Мост снова открыт.”' }).click();
    await asEditor.getByText('Suggestion accepted: everyone translating that text gets it back now.').waitFor();
    expect((await recalled(asEditor)).translations[0]).toBe('Мост снова открыт.');
    // Accepted, it is the Editor's correction now: listed under everyone, no longer among the Author's.
    expect(await row.count()).toBe(0);
    await asEditor.goto(`${site.ready.url}${MEMORY_PAGE}`);
    await expect.poll(() => row.textContent()).toContain('Correction');
    expect(await row.textContent()).toContain(editor.user);
    await asEditor.screenshot({ path: `${SHOTS}/memory-review-accepted-${version}.png`, fullPage: true });
    await asEditor.goto(`${site.ready.url}${MEMORY_PAGE}&person=${encodeURIComponent(author.user)}`);

    // Everything the Author taught goes, after a confirmation: their other suggestion (the accepted one is the Editor's now).
    asEditor.once('dialog', (dialog) => void dialog.accept());
    await asEditor.getByRole('button', { name: new RegExp(`^Remove everything .*${author.user}.* taught$`) }).click();
    await asEditor.getByText(`1 unit ${author.user} wrote was removed.`).waitFor();
    expect((await recalled(asAuthor)).translations).toEqual(['Мост снова открыт.', expect.not.stringMatching(/^Завтра дождь\.$/)]);
    await asEditor.screenshot({ path: `${SHOTS}/memory-review-removed-${version}.png`, fullPage: true });
    await asAuthor.context().close();
    await asEditor.context().close();
  });

  onServerSide(
    'an Author and a Contributor each try every way to read, teach, import or clear the memory, and change nothing that others get back',
    async () => {
      const { site, page: admin } = state;
      await openAdminRestScreen(admin, site.ready.url);
      // What everyone gets back: the administrator's own corrections of both sentences.
      const tmx = [
        '<?xml version="1.0" encoding="UTF-8"?><tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="x" creationtoolversion="1"/><body>',
        ...ORIGINAL.map(
          (text, index) =>
            `<tu creationid="admin"><prop type="x-circassian-origin">human</prop><tuv xml:lang="en"><seg>${text}</seg></tuv><tuv xml:lang="ru"><seg>Админ ${index}</seg></tuv></tu>`,
        ),
        '</body></tmx>',
      ].join('');
      expect((await rawRest(admin, 'circassian/v1/memory/import', 'POST', tmx)).status).toBe(200);
      const before = (await rawRest(admin, 'circassian/v1/memory/export', 'GET')).text;
      const everyone = ['Админ 0', 'Админ 1'];
      expect((await recalled(admin)).translations).toEqual(everyone);

      for (const account of [author, contributor]) {
        const page = (await logIn(site.browser, site.ready.url, account)).page;
        const mine = `Мой ${account.user}`;
        // Read it all, import over it, clear it: refused, by REST and by the Tools page's actions.
        expect((await rawRest(page, 'circassian/v1/memory/export', 'GET')).status).toBe(403);
        const over = tmx.replace(/Админ (\d)/g, `${mine} $1`);
        expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', over)).status).toBe(403);
        const tools = await page.request.get(`${site.ready.url}${MEMORY_PAGE}`);
        expect(await tools.text()).not.toContain('Corrections and suggestions');
        for (const action of [
          'circassian_memory_clear',
          'circassian_memory_import',
          'circassian_memory_export',
          'circassian_memory_accept',
          'circassian_memory_remove_person',
        ]) {
          const answer = await page.request.post(`${site.ready.url}/wp-admin/admin-post.php`, {
            form: { action, source: 'en', target: 'ru', unit: '1', person: 'admin' },
            maxRedirects: 0,
          });
          expect([action, answer.status()]).toEqual([action, 403]);
        }
        // Teach: an Author publishes a translation and corrects it; a Contributor may only draft one.
        if (account === author) {
          const { translation } = await publishedTranslation(page, `Author's news`);
          const corrected = paragraphs([`${mine} 0`, `${mine} 1`]);
          expect((await jsonRest(page, `wp/v2/posts/${translation}`, 'POST', { content: corrected })).status).toBe(200);
          expect((await recalled(page)).translations).toEqual([`${mine} 0`, `${mine} 1`]);
        } else {
          const own = await jsonRest(page, 'wp/v2/posts', 'POST', { title: 'Draft', content: paragraphs(ORIGINAL), status: 'draft' });
          const made = await jsonRest(page, 'circassian/v1/translations', 'POST', {
            original: (own.body as { id: number }).id,
            language: 'ru',
            source: 'en',
            content: paragraphs([`${mine} 0`, `${mine} 1`]),
          });
          expect(made.status).toBe(201);
          const translation = (made.body as { id: number }).id;
          const published = await jsonRest(page, `wp/v2/posts/${translation}`, 'POST', { status: 'publish' });
          expect(published.status).toBe(403);
          // Translation and detection spend the site's key: refused to a Contributor (Authors and up by default), no detect call.
          const detects = await serviceCalls(site, 'detect');
          expect((await jsonRest(page, 'circassian/v1/translate', 'POST', { texts: ORIGINAL, target_lang: 'ru' })).status).toBe(403);
          for (const title of ['Заголовок 1', 'Заголовок 2']) {
            await jsonRest(page, `circassian/v1/post-audio/${translation}/state`, 'POST', { title, content: paragraphs(ORIGINAL) });
          }
          expect(await serviceCalls(site, 'detect')).toBe(detects);
        }
        await page.context().close();
      }
      // Nothing others get back changed: the administrator's answers, and the memory's units everyone
      // gets back, are as they were; the Author's correction is there only as the Author's suggestion.
      expect((await recalled(admin)).translations).toEqual(everyone);
      const after = await unitsOf((await rawRest(admin, 'circassian/v1/memory/export', 'GET')).text);
      const authoritative = (units: Awaited<ReturnType<typeof unitsOf>>): string[] =>
        units.filter((unit) => unit.suggestion !== true && unit.origin !== 'machine').map((unit) => `${unit.source} = ${unit.target}`);
      expect(authoritative(after)).toEqual(authoritative(await unitsOf(before)));
      expect(
        after
          .filter((unit) => unit.suggestion === true)
          .map((unit) => [unit.creator, unit.target])
          .sort(),
      ).toEqual([
        [author.user, `Мой ${author.user} 0`],
        [author.user, `Мой ${author.user} 1`],
      ]);
      // Tools > Circassian as the administrator: everything, and the suggestions among the units.
      await admin.goto(`${site.ready.url}${MEMORY_PAGE}`);
      await admin.getByRole('heading', { name: 'Corrections and suggestions' }).waitFor();
      await admin.screenshot({ path: `${SHOTS}/memory-page-admin-${version}.png`, fullPage: true });
    },
  );
});
