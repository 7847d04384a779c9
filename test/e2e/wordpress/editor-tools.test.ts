// The editor's translation and palochka tools in a real WordPress (oldest and newest supported),
// driven by Chromium against the local service: a formatted paragraph translated in place and
// below as one whole sentence (bold and link travel as markers and survive), markers dropped or
// scrambled by the service (plain translation and a notice), the source language chosen or
// detected, the palochka fix in the browser, and a whole post translated into a new draft in one
// batch call.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  firstBlock,
  editorBlocks,
  insertBlock,
  newPost,
  openPost,
  restFromPage,
  translatePostIntoDraft,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { useSiteWithAdmin } from './use-site.js';
import {
  CORPUS_ENTRIES,
  corpusContent,
  createCorpusEntry,
  hasWords,
  humanText,
  keptTokens,
  NOT_WORDS,
} from '@circassian/test-support/hosts/wordpress/corpus.js';

/** The corpus entries translated on every line (the whole corpus on the newest). */
const REPRESENTATIVE = ['classic-post', 'block-post'];

const FORMATTED = 'Good <strong>morning friends</strong>, read <a href="https://example.org/news">the news</a> today.';

/**
 * An entry of the open Translate menu, unfolding where it is kept: the source languages behind
 * "Change the source language", the languages not the site's own behind "More languages".
 */
async function menuEntry(page: Page, name: string, role: 'menuitem' | 'menuitemradio' = 'menuitem'): Promise<Locator> {
  const entry = page.getByRole(role, { name, exact: true });
  if ((await entry.count()) === 0) {
    await page.getByRole('menuitem', { name: role === 'menuitemradio' ? 'Change the source language' : 'More languages' }).click();
  }
  return entry;
}

async function toolbarTranslate(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Translate', exact: true }).click();
  await (await menuEntry(page, item)).click();
}

/** Presses ArrowDown in the open menu until the entry named `name` has the focus. */
async function arrowTo(page: Page, name: string): Promise<void> {
  for (let step = 0; step < 30; step += 1) {
    if ((await page.locator(':focus').textContent()) === name) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no menu entry “${name}” reached by the keyboard`);
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: translation and palochka in the editor', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('translates a formatted paragraph in place as one whole sentence, keeping bold and the link', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: FORMATTED });
    await toolbarTranslate(page, 'Replace with Kabardian');
    await expect.poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content)).toContain('[kbd]');
    const content = String((await firstBlock(page, 'core/paragraph')).attributes.content);
    expect(content).toMatch(/^\[kbd\] [^<[]+<strong>[^<[]+<\/strong>, [^<[]+<a href="https:\/\/example\.org\/news">[^<[]+<\/a> [^<[]+\.$/);
    // One text went to the service, the formatting as markers: no tag, no URL.
    const [call] = await site.sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect(call?.outcome).toBe('ok');
    expect((call?.content?.request as { texts?: string[] }).texts).toEqual([
      'Good <x1>morning friends</x1>, read <x2>the news</x2> today.',
    ]);
    expect(JSON.stringify(call?.content?.request ?? {})).not.toMatch(/<strong>|example\.org/);
    await page.getByText('Translated from English (detected).').first().waitFor();
  });

  for (const markers of ['drop', 'reorder'] as const) {
    it(`gives the plain translation and says the formatting was dropped when the service answers with markers ${markers === 'drop' ? 'missing' : 'out of order'}`, async () => {
      await newPost(page, site.ready.url);
      // A text of its own: the site's memory answers the first case's text without the service (or its fault).
      await insertBlock(page, 'core/paragraph', { content: FORMATTED.replace('today', `today (${markers})`) });
      await site.sandbox.admin.injectFault({ operation: 'batch', markers });
      await toolbarTranslate(page, 'Replace with Kabardian');
      await expect.poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content)).toContain('[kbd]');
      const content = String((await firstBlock(page, 'core/paragraph')).attributes.content);
      // Plain text: no element, no marker, nothing garbled.
      expect(content).toMatch(/^\[kbd\] [^<>]+\.$/);
      const notice = page.locator('.components-notice.is-warning', { hasText: 'The formatting was dropped' });
      await notice.first().waitFor();
      await page.screenshot({ path: `/tmp/wp-shots/formatting-dropped-${markers}-${version}.png` });
      await notice
        .first()
        .getByRole('button', { name: /close|dismiss/i })
        .click();
    });
  }

  it('translates from the language chosen, never offers it as the target, and changes nothing when the block is already in the target language', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кӀуэ</strong>.' });
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await (await menuEntry(page, 'From Kabardian', 'menuitemradio')).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Replace with Kabardian', exact: true }).count()).toBe(0);
    await (await menuEntry(page, 'Replace with Russian')).click();
    await expect.poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content)).toMatch(/^\[ru\] /);
    const [call] = await site.sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect((call?.content?.request as { source_lang?: string }).source_lang).toBe('kbd');
    await page.getByText('Translated from Kabardian.').first().waitFor();

    // Back to detection: a Kabardian block asked for Kabardian stays as it is.
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кӀуэ</strong>.' });
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await (await menuEntry(page, 'Detect the language', 'menuitemradio')).click();
    await (await menuEntry(page, 'Replace with Kabardian')).click();
    await page.getByText('This block is already in Kabardian: nothing was changed.').first().waitFor();
    expect(String((await firstBlock(page, 'core/paragraph')).attributes.content)).toBe('Сэ <strong>кӀуэ</strong>.');
    await page.screenshot({ path: `/tmp/wp-shots/already-in-${version}.png` });
  });

  it("keeps the Translate menu short, the site's own languages first, with the source languages and the others folded, every entry reachable by keyboard", async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Good morning, friends.' });
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    const menu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: 'More languages' }) });
    await menu.waitFor();
    // The site's default (Kabardian) and its own language (English, the site's locale), each to replace or insert below.
    expect(await menu.locator('[role^="menuitem"]').allTextContents()).toEqual([
      'Change the source language',
      'Replace with Kabardian',
      'Replace with English',
      'Insert Kabardian below',
      'Insert English below',
      'More languages',
    ]);
    await page.screenshot({ path: `/tmp/wp-shots/translate-menu-${version}.png` });
    // Only the keyboard from here: the source unfolded and chosen, the other languages unfolded, one chosen.
    await arrowTo(page, 'Change the source language');
    await page.keyboard.press('Enter');
    await arrowTo(page, 'From English');
    await page.keyboard.press('Enter');
    await arrowTo(page, 'More languages');
    await page.keyboard.press('Enter');
    await arrowTo(page, 'Replace with Turkish');
    await page.keyboard.press('Enter');
    await expect.poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content)).toMatch(/^\[tr\] /);
    const [call] = await site.sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect(call?.content?.request).toMatchObject({ source_lang: 'en', target_lang: 'tr' });
  });

  it('inserts the translation below, leaving the original as it was', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: FORMATTED });
    await toolbarTranslate(page, 'Insert Russian below');
    await expect.poll(async () => (await editorBlocks(page)).length).toBe(2);
    const [original, translated] = await editorBlocks(page);
    expect(String(original?.attributes.content)).toBe(FORMATTED);
    expect(translated?.name).toBe('core/paragraph');
    expect(String(translated?.attributes.content)).toMatch(
      /^\[ru\] [^<[]+<strong>[^<[]+<\/strong>, [^<[]+<a href="https:\/\/example\.org\/news">[^<[]+<\/a>/,
    );
  });

  it('keeps text typed while a translation runs, putting the translation below instead of over it', async () => {
    await newPost(page, site.ready.url);
    const clientId = await insertBlock(page, 'core/paragraph', { content: 'Good morning' });
    await site.sandbox.admin.injectFault({ operation: 'batch', delay_ms: 3_000 });
    await toolbarTranslate(page, 'Replace with Kabardian');
    await page.evaluate((id) => {
      const wp = (
        globalThis as unknown as {
          wp: { data: { dispatch(store: string): { updateBlockAttributes(id: string, attributes: object): void } } };
        }
      ).wp;
      wp.data.dispatch('core/block-editor').updateBlockAttributes(id, { content: 'Good morning, typed meanwhile' });
    }, clientId);
    await expect.poll(async () => (await editorBlocks(page)).length, { timeout: 15_000 }).toBe(2);
    const [original, translated] = await editorBlocks(page);
    expect(String(original?.attributes.content)).toBe('Good morning, typed meanwhile');
    expect(String(translated?.attributes.content)).toMatch(/^\[kbd\] /);
  });

  it('translates a list through its items', async () => {
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as {
          wp: {
            blocks: { createBlock(name: string, attributes: Record<string, unknown>, inner?: unknown[]): { clientId: string } };
            data: { dispatch(store: string): { insertBlocks(blocks: unknown[]): void; selectBlock(id: string): void } };
          };
        }
      ).wp;
      const list = wp.blocks.createBlock('core/list', {}, [
        wp.blocks.createBlock('core/list-item', { content: 'first <em>item</em>' }),
        wp.blocks.createBlock('core/list-item', { content: 'second item' }),
      ]);
      wp.data.dispatch('core/block-editor').insertBlocks([list]);
      wp.data.dispatch('core/block-editor').selectBlock(list.clientId);
    });
    await toolbarTranslate(page, 'Replace with Adyghe');
    await expect
      .poll(async () => JSON.stringify((await firstBlock(page, 'core/list')).innerBlocks.map((item) => item.attributes.content)))
      .toContain('[ady]');
    const items = (await firstBlock(page, 'core/list')).innerBlocks.map((item) => String(item.attributes.content));
    expect(items[0]).toMatch(/^\[ady\] [^<[]+<em>[^<[]+<\/em>$/);
    expect(items[1]).toMatch(/^\[ady\] /);
  });

  it('fixes palochka look-alikes in the browser, without calling the service', async () => {
    await newPost(page, site.ready.url);
    const callsBefore = (await site.sandbox.admin.calls()).length;
    await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кIуэ</strong> к1уэ, I read 1990-гъэм.' });
    await page.getByRole('button', { name: 'Fix palochka', exact: true }).click();
    await expect
      .poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content))
      .toBe('Сэ <strong>кӀуэ</strong> кӀуэ, I read 1990-гъэм.');
    // Only the editor's listing calls (voices, languages) may have reached the service; no translation.
    const calls = (await site.sandbox.admin.calls()).slice(0, (await site.sandbox.admin.calls()).length - callsBefore);
    expect(calls.filter((call) => call.operation === 'translate' || call.operation === 'batch')).toHaveLength(0);
  });

  it("fixes palochka look-alikes in words only: a shortcode's attributes, a file path and a URL stay as typed, the words glued to them are fixed", async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', {
      content: `ЩIыпIэр [gallery ids="1,2"] щIы[embed]https://vimeo.com/I1/[/embed] [audio mp3='/uploads/кIуэ1.mp3'] кIуэ,https://example.org/кIуэ/I1/ [note title=ЛIы]ЛIы[/note]`,
    });
    await page.getByRole('button', { name: 'Fix palochka', exact: true }).click();
    await page.getByText('Fixed 5 palochka look-alikes.').first().waitFor();
    expect(String((await firstBlock(page, 'core/paragraph')).attributes.content)).toBe(
      `ЩӀыпӀэр [gallery ids="1,2"] щӀы[embed]https://vimeo.com/I1/[/embed] [audio mp3='/uploads/кIуэ1.mp3'] кӀуэ,https://example.org/кIуэ/I1/ [note title=ЛIы]ЛӀы[/note]`,
    );
  });

  it('sends nothing for a block of kept tokens only (a lone shortcode, a lone URL) and says so', async () => {
    const batchesBefore = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;
    for (const content of ['[contact-form-7 id="42" title="Write to us"]', 'https://www.youtube.com/watch?v=jNQXAC9IVRw']) {
      await newPost(page, site.ready.url);
      await insertBlock(page, 'core/paragraph', { content });
      await toolbarTranslate(page, 'Replace with Kabardian');
      await page.getByText('This block holds no words to translate').first().waitFor();
      expect(String((await firstBlock(page, 'core/paragraph')).attributes.content)).toBe(content);
    }
    expect((await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length).toBe(batchesBefore);
  });

  it('makes an audio block from the selected blocks, holding their text as written', async () => {
    await newPost(page, site.ready.url);
    const first = await insertBlock(page, 'core/paragraph', { content: 'Сэ <strong>кӀуэ</strong>.' });
    const second = await insertBlock(page, 'core/heading', { content: 'Уэ укъокӀуэ', level: 2 });
    await page.evaluate(
      ([from, to]) => {
        const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { multiSelect(a: string, b: string): void } } } }).wp;
        wp.data.dispatch('core/block-editor').multiSelect(from as string, to as string);
      },
      [first, second],
    );
    await page.locator('.block-editor-block-toolbar').getByRole('button', { name: 'Options' }).click();
    await page.getByRole('menuitem', { name: 'Make Circassian audio from these blocks' }).click();
    await expect
      .poll(async () => (await editorBlocks(page)).map((block) => block.name))
      .toEqual(['core/paragraph', 'core/heading', 'circassian/audio']);
    expect((await firstBlock(page, 'circassian/audio')).attributes.text).toBe('Сэ кӀуэ.\n\nУэ укъокӀуэ');
  });

  it('translates the whole post into a new draft with one batch call', async () => {
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: Record<string, unknown>): void } } } }
      ).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Morning news' });
    });
    await insertBlock(page, 'core/heading', { content: 'The <em>first</em> heading', level: 2 });
    await insertBlock(page, 'core/paragraph', { content: FORMATTED });
    await insertBlock(page, 'core/paragraph', { content: 'Good <strong>morning friends</strong>' });
    const batchesBefore = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;

    await translatePostIntoDraft(page, 'kbd');

    const batches = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length - batchesBefore;
    expect(batches).toBe(1);
    const drafts = (await restFromPage(page, 'wp/v2/posts?status=draft&context=edit&per_page=5')).body as Array<{
      title: { raw: string };
      content: { raw: string };
    }>;
    const draft = drafts.find((post) => post.title.raw.startsWith('[kbd]'));
    expect(draft).toBeDefined();
    expect(draft?.content.raw).toContain('<!-- wp:heading -->');
    expect(draft?.content.raw).toMatch(/\[kbd\] [^<[]+<em>[^<[]+<\/em>/);
    expect(draft?.content.raw).toMatch(/\[kbd\] [^<[]+<strong>[^<[]+<\/strong>, [^<[]+<a href="https:\/\/example\.org\/news">[^<[]+<\/a>/);
    // The post being edited is untouched.
    expect(
      await page.evaluate(() => {
        const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getEditedPostAttribute(name: string): string } } } })
          .wp;
        return wp.data.select('core/editor').getEditedPostAttribute('title');
      }),
    ).toBe('Morning news');
  });

  // The whole corpus on the newest line; on the oldest, the entries whose content WordPress itself
  // parses differently (a Classic block from a classic post; blocks, legacy embed names among
  // them): the rest differ only in what is stored beside the content, read the same on both lines.
  const corpusHere = version === NEWEST_LINE ? CORPUS_ENTRIES : CORPUS_ENTRIES.filter((entry) => REPRESENTATIVE.includes(entry.name));
  it(`translates ${version === NEWEST_LINE ? 'every post and page of the corpus' : 'the corpus’s classic and block posts'} into a draft${version === NEWEST_LINE ? ' (sticky, password-protected, private and scheduled posts, a page with shortcodes, a child page)' : ''}: shortcodes, embed URLs and page breaks come back identical, and only words reach the service`, async () => {
    const made = new Map<string, number>();
    for (const entry of corpusHere) {
      const content = corpusContent(entry.name);
      const { id } = await createCorpusEntry(page, entry, made);
      made.set(entry.name, id);
      const callsBefore = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;
      await openPost(page, site.ready.url, id);
      await translatePostIntoDraft(page, 'kbd');

      const calls = await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 });
      expect(calls.length, entry.name).toBe(callsBefore + 1);
      const sent = (calls[0]?.content?.request as { texts: string[] }).texts;
      expect(sent.join(' '), entry.name).toContain(entry.title);
      expect(
        sent.filter((text) => NOT_WORDS.test(text.replace(/<\/?x\d+\/?>/g, ''))),
        entry.name,
      ).toEqual([]);
      // Words only, paragraph tags included: a classic post's paragraphs go one a text, as blocks do.
      if (REPRESENTATIVE.includes(entry.name)) {
        expect(sent.join('').length, entry.name).toBeLessThanOrEqual(1.1 * humanText(entry).length);
      }
      // A field of kept tokens only (a lone shortcode or URL) is not sent at all.
      expect(
        sent.filter((text) => !hasWords(text)),
        entry.name,
      ).toEqual([]);
      const [draft] = (await restFromPage(page, `wp/v2/${entry.type}?status=draft&context=edit&per_page=1&orderby=id&order=desc`))
        .body as Array<{
        title: { raw: string };
        content: { raw: string };
      }>;
      expect(draft?.title.raw, entry.name).toMatch(/^\[kbd\] /);
      // The engine's own "[kbd]" prefix is not the post's.
      expect(keptTokens(draft?.content.raw.replaceAll('[kbd] ', '') ?? ''), entry.name).toEqual(keptTokens(content));
      // A caption's words are translated between its kept tags.
      if (content.includes('[/caption]')) expect(draft?.content.raw, entry.name).toMatch(/\][^[]*[\u0400-\u04ff][^[]*\[\/caption\]/);
    }
  });

  it("an audio block's “Use the whole post’s text” takes the corpus's classic post's words: a caption's, no shortcode or URL", async () => {
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title: 'Corpus words', content: corpusContent('classic-post') });
    expect(created.status).toBe(201);
    const canvas = await openPost(page, site.ready.url, (created.body as { id: number }).id);
    await insertBlock(page, 'circassian/audio', {});
    await canvas.getByRole('button', { name: 'Use the whole post’s text' }).click();
    const text = String((await editorBlocks(page)).find((block) => block.name === 'circassian/audio')?.attributes.text ?? '');
    expect(text).toContain('The lake at dawn');
    expect(text).toContain('Bring warm clothes next time.');
    expect(text).not.toMatch(NOT_WORDS);
  });
});
