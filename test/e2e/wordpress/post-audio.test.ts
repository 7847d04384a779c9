// Post audio ("Listen to this post") in a real WordPress (oldest and newest supported; what is
// server-side only, on SERVER_SIDE_LINE): switched on through the settings route, a post published by
// clicking in the editor gets its audio in the background (WP-Cron) and a static player; an update that
// changes the text remakes it, one that does not change the text makes no speech call at all.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiFetchInPage,
  insertBlock,
  newPost,
  publishPost,
  restFromPage,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { createUser, itOnServerSideLine, openAdminRestScreen, siteRoot, useSiteWithAdmin } from './use-site.js';
import { corpusContent, CORPUS_ENTRIES, createCorpusEntry, NOT_WORDS } from '@circassian/test-support/hosts/wordpress/corpus.js';
import { centreOffset, verticalGap } from './layout.js';
import { loggedIn, visitor, type Viewer } from './viewers.js';

const TITLE = 'Адыгэбзэм и махуэ';
const FIRST = 'Уи пщэддджыжь фӀыуэ. Сэ адыгэбзэкӀэ сыщоджэ.';
const CODE = 'const notSpoken = 42;';

/** Posts a visitor may not read: each one's words must never be voiced, shown or listed. */
const HIDDEN = {
  protected: { status: 'publish', password: 'open-sesame', words: 'Щэхуу тхыгъэ зэхуэщӀа' },
  private: { status: 'private', words: 'Щэхуу тхыгъэ езым ейуэ' },
  draft: { status: 'draft', words: 'Щэхуу тхыгъэ зэрамыухам' },
  scheduled: {
    status: 'future',
    date_gmt: new Date(Date.now() + 86_400_000).toISOString().slice(0, 19),
    words: 'Щэхуу тхыгъэ пщэдей къыдэкӀынум',
  },
} as const;
/** An audio block's text in the password-protected post (made in its editor, so it exists). */
const BLOCK_WORDS = 'ЗэхуэщӀа блокым и макъ';
/** A post's words while it was public, and after it was given a password. */
const WAS_WORDS = 'Япэм щыгъуэ псоми яйт';
/** A post's words while it was public, and after it was taken back to draft. */
const UNPUBLISHED_WORDS = 'Иджыри зэ зэрагъэзэхуэжынущ';

interface SpeechCall {
  readonly content?: { request?: { text?: string } };
}

async function speechTexts(site: TestSite): Promise<string[]> {
  const calls = (await site.sandbox.admin.calls({ operation: 'speech' })) as SpeechCall[];
  return calls.map((call) => call.content?.request?.text ?? '');
}

/** The player's WAV source (the attachment; an MP3 copy, where made, is the source before it). */
function wavSource(html: string): string | null {
  return (
    /<figure class="circassian-post-audio">.*?<audio [^>]*>.*?<source src="([^"]+)" type="audio\/wav"><\/audio>.*?<\/figure>/s.exec(
      html,
    )?.[1] ?? null
  );
}

/** Runs WP-Cron's due events, as any visit does (the site spawns it), and reads the player's address. */
async function playerSrc(page: Page, permalink: string): Promise<string | null> {
  await page.request.get(new URL('/wp-cron.php', permalink).toString());
  return wavSource(await (await page.request.get(permalink)).text());
}

async function postId(page: Page): Promise<number> {
  return page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPostId(): number } } } }).wp;
    return wp.data.select('core/editor').getCurrentPostId();
  });
}

async function editTitle(page: Page, title: string): Promise<void> {
  await page.evaluate((title) => {
    const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: object): void } } } }).wp;
    wp.data.dispatch('core/editor').editPost({ title });
  }, title);
}

/** Presses the editor's Update (or Save) button, as an author does, and waits for the save to end. */
async function update(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^(Update|Save)$/ })
    .first()
    .click();
  await page.waitForFunction(() => {
    const wp = (
      globalThis as unknown as { wp: { data: { select(store: string): { isSavingPost(): boolean; isEditedPostDirty(): boolean } } } }
    ).wp;
    const editor = wp.data.select('core/editor');
    return !editor.isSavingPost() && !editor.isEditedPostDirty();
  });
}

/** Runs WP-Cron's due events, as any visit does. */
async function runCron(page: Page, url: string): Promise<void> {
  await page.request.get(`${url}/wp-cron.php`);
}

/** Where a post's audio stands for its stored text and voice, and why its last attempt made none. */
async function audioState(page: Page, id: number): Promise<{ state: string | null; error?: string | null }> {
  const post = (await apiFetchInPage(page, `/wp/v2/posts/${id}?context=edit`)).body as { title: { raw: string }; content: { raw: string } };
  const answer = await apiFetchInPage(page, `/circassian/v1/post-audio/${id}/state`, 'POST', {
    title: post.title.raw,
    content: post.content.raw,
  });
  return answer.body as { state: string | null; error?: string | null };
}

/** Opens a post in the editor with the document sidebar's Post audio panel expanded. */
async function openPostAudioPanel(page: Page, url: string, id: number): Promise<void> {
  await page.goto(`${url}/wp-admin/post.php?post=${id}&action=edit`);
  await page.waitForFunction(() => Boolean((globalThis as unknown as { wp?: { data?: unknown } }).wp?.data));
  await page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
    wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
  });
  const toggle = page.getByRole('button', { name: 'Post audio', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** WordPress's clock reaches the post's audio retry (due-now.php): when it was due, as a Unix time. */
async function retryComesDue(site: TestSite, id: number): Promise<number> {
  const { stdout } = await promisify(execFile)('php', [join(import.meta.dirname, 'due-now.php'), site.ready.url, String(id)], {
    cwd: siteRoot(site.ready.url),
  });
  return Number(stdout.trim());
}

function paragraph(text: string): string {
  return `<!-- wp:paragraph --><p>${text}</p><!-- /wp:paragraph -->`;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: post audio', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeAll(() => {
    site = context.site;
    page = context.page;
  });
  // Cases of REST routes, WP-Cron and pages the plugin's PHP renders, with no editor UI: one line.
  const once = itOnServerSideLine(version);

  // The settings route alone: the plugin's PHP.
  once('settings carry post_audio: off by default, refuses a post type that is not public and an unknown placement', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    const initial = await restFromPage(page, 'circassian/v1/settings');
    expect((initial.body as { post_audio: unknown }).post_audio).toEqual({ post_types: [], placement: 'before' });
    const badType = await restFromPage(page, 'circassian/v1/settings', 'POST', {
      post_audio: { post_types: ['post', 'nav_menu_item'], placement: 'after' },
    });
    expect(badType.status).toBe(400);
    const badPlace = await restFromPage(page, 'circassian/v1/settings', 'POST', {
      post_audio: { post_types: ['post'], placement: 'sidebar' },
    });
    expect(badPlace.status).toBe(400);
    expect(((await restFromPage(page, 'circassian/v1/settings')).body as { post_audio: unknown }).post_audio).toEqual({
      post_types: [],
      placement: 'before',
    });
    const saved = await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    expect(saved.status).toBe(200);
    expect((saved.body as { post_audio: unknown }).post_audio).toEqual({ post_types: ['post'], placement: 'after' });
  });

  once("reads a classic post of the corpus without its shortcodes or URLs, a caption's words kept", async () => {
    const callsBefore = (await speechTexts(site)).length;
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: 'A day at the lake',
      content: corpusContent('classic-post'),
      status: 'publish',
    });
    expect(created.status).toBe(201);
    const permalink = (created.body as { link: string }).link;
    await expect.poll(() => playerSrc(page, permalink), { timeout: 60_000, interval: 1_000 }).not.toBeNull();
    const texts = (await speechTexts(site)).slice(0, (await speechTexts(site)).length - callsBefore);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('The lake at dawn');
    expect(texts[0]).toContain('Bring warm clothes next time.');
    expect(texts[0]).not.toMatch(NOT_WORDS);
  });

  once(
    "voices the corpus's sticky post, page and child page like posts, words only, and never its password-protected, private or scheduled posts",
    async () => {
      await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post', 'page'], placement: 'after' } });
      const callsBefore = (await speechTexts(site)).length;
      const entries = CORPUS_ENTRIES.filter((entry) => entry.name !== 'classic-post');
      const made = new Map<string, number>();
      const links = new Map<string, string>();
      for (const entry of entries) {
        const { id, link } = await createCorpusEntry(page, entry, made);
        made.set(entry.name, id);
        links.set(entry.name, link);
      }
      for (const entry of entries.filter((entry) => entry.voiced)) {
        await expect.poll(() => playerSrc(page, links.get(entry.name) ?? ''), { timeout: 60_000, interval: 1_000 }).not.toBeNull();
      }
      await runCron(page, site.ready.url);
      const all = await speechTexts(site);
      const texts = all.slice(0, all.length - callsBefore);
      expect(texts.map((text) => text.split('\n')[0]).sort()).toEqual(
        entries
          .filter((entry) => entry.voiced)
          .map((entry) => entry.title)
          .sort(),
      );
      expect(texts.filter((text) => NOT_WORDS.test(text))).toEqual([]);
      await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    },
  );

  it('publishing makes the audio in the background: the title first, no code, a player after the content, an attachment, no plugin script', async () => {
    // Post audio on for posts, after the content, as the settings case leaves it on its line.
    await openAdminRestScreen(page, site.ready.url);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    const callsBefore = (await speechTexts(site)).length;
    await newPost(page, site.ready.url);
    await editTitle(page, TITLE);
    await insertBlock(page, 'core/paragraph', { content: `<strong>${FIRST}</strong>` });
    await insertBlock(page, 'core/code', { content: CODE });
    const permalink = await publishPost(page);
    const id = await postId(page);

    await expect.poll(() => playerSrc(page, permalink), { timeout: 60_000, interval: 1_000 }).not.toBeNull();
    const texts = (await speechTexts(site)).slice(0, (await speechTexts(site)).length - callsBefore);
    expect(texts).toEqual([`${TITLE}\n\n${FIRST}`]);

    const html = await (await page.request.get(permalink)).text();
    // After the content: the paragraph comes before the player.
    expect(html.indexOf(FIRST)).toBeLessThan(html.indexOf('circassian-post-audio'));
    // No script or stylesheet (the podcast's autodiscovery <link rel="alternate"> is neither).
    expect(html).not.toMatch(/<script[^>]+circassian|<link(?![^>]*rel="alternate")[^>]+circassian/);
    // The player is labelled and has a speed control that works without a script file.
    expect(html).toContain('<figcaption>Listen to this post</figcaption>');
    const front = await page.context().newPage();
    await front.goto(permalink);
    const player = front.locator('figure.circassian-post-audio');
    expect(await player.locator('audio').getAttribute('aria-label')).toBe('Listen to this post');
    // The speed choice sits level with the player (it sat on the player's bottom edge, 22 px low).
    expect(await centreOffset(player.locator('audio'), player.getByLabel('Speed'))).toBeLessThanOrEqual(3);
    await player.getByLabel('Speed').selectOption('1.5');
    expect(await player.locator('audio').evaluate((audio) => (audio as unknown as { playbackRate: number }).playbackRate)).toBe(1.5);
    await front.close();
    const src = (await playerSrc(page, permalink)) as string;
    const media = (await restFromPage(page, `wp/v2/media?parent=${id}&context=edit`)).body as Array<{
      source_url: string;
      mime_type: string;
    }>;
    expect(media.map((item) => item.source_url)).toEqual([src]);
    expect(media[0]?.mime_type).toBe('audio/wav');
    expect((await page.request.get(src)).status()).toBe(200);
  });

  it('an update that changes the text remakes the audio (the old file replaced); one that does not makes no speech call', async () => {
    const permalink = await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getPermalink(): string } } } }).wp;
      return wp.data.select('core/editor').getPermalink();
    });
    const id = await postId(page);
    const first = (await playerSrc(page, permalink)) as string;
    const callsBefore = (await speechTexts(site)).length;

    // The Post audio panel says the audio is of an earlier text as soon as the text changes, before any Update.
    await openPostAudioPanel(page, site.ready.url, id);
    const status = page.locator('.circassian-post-audio-panel__status');
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    await editTitle(page, `${TITLE}: ЕтӀуанэ`);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('stale');
    await update(page);
    // Until WP-Cron has remade it, the earlier text's audio keeps playing, said to read an earlier
    // version (unless WP-Cron was quicker than this request).
    const meanwhile = await (await page.request.get(permalink)).text();
    if (wavSource(meanwhile) === first)
      expect(meanwhile).toContain('This recording reads an earlier version of the post; the new one is on its way.');
    else expect(wavSource(meanwhile)).not.toBe(null);
    await expect.poll(async () => ((await playerSrc(page, permalink)) ?? first) !== first, { timeout: 60_000, interval: 1_000 }).toBe(true);
    const texts = await speechTexts(site);
    expect(texts.length - callsBefore).toBe(1);
    expect(texts[0]).toBe(`${TITLE}: ЕтӀуанэ\n\n${FIRST}`);
    const media = (await restFromPage(page, `wp/v2/media?parent=${id}&context=edit`)).body as Array<{ source_url: string }>;
    expect(media.map((item) => item.source_url)).toEqual([await playerSrc(page, permalink)]);

    // Only the excerpt changes: saved, WP-Cron given every chance to run, and not one speech call.
    const remade = await playerSrc(page, permalink);
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: object): void } } } }).wp;
      wp.data.dispatch('core/editor').editPost({ excerpt: 'Мы тхыгъэм и кӀэщӀу.' });
    });
    await update(page);
    for (let i = 0; i < 3; i += 1) {
      await page.waitForTimeout(1_000);
      expect(await playerSrc(page, permalink)).toBe(remade);
    }
    expect((await speechTexts(site)).length - callsBefore).toBe(1);
  });

  it("reads the post in the language and voice chosen in the document sidebar's Post audio panel, leaving out a block toggled out of the audio", async () => {
    await newPost(page, site.ready.url);
    await editTitle(page, 'Адыгабзэ');
    await insertBlock(page, 'core/paragraph', { content: 'Сэ адыгабзэкӀэ сэгущыӀэ.' });
    // A block left out of the audio through its settings' toggle.
    await insertBlock(page, 'core/paragraph', { content: 'Мыр зэхэпхынукъым.' });
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
      wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/block');
    });
    await page.getByLabel('Not in the post’s audio').check();
    await page.screenshot({ path: `/tmp/wp-shots/not-in-audio-${version}.png` });
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
      wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
    });
    const toggle = page.getByRole('button', { name: 'Post audio', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    // The voice's label stands clear of the language select above it (they touched: 0 px).
    expect(
      await verticalGap(page.getByLabel('Language of the post’s audio'), page.locator('label', { hasText: 'Voice of the post’s audio' })),
    ).toBeGreaterThanOrEqual(8);
    await page.getByLabel('Language of the post’s audio').selectOption('ady');
    await page.getByLabel('Voice of the post’s audio').selectOption('female');
    await page.screenshot({ path: `/tmp/wp-shots/post-audio-panel-${version}.png` });
    const callsBefore = (await site.sandbox.admin.calls({ operation: 'speech' })).length;
    const permalink = await publishPost(page);
    await expect.poll(() => playerSrc(page, permalink), { timeout: 60_000, interval: 1_000 }).not.toBeNull();
    const calls = (await site.sandbox.admin.calls({ operation: 'speech' })) as Array<{ content?: { request?: Record<string, unknown> } }>;
    expect(calls.length - callsBefore).toBe(1);
    expect(calls[0]?.content?.request).toMatchObject({ text: 'Адыгабзэ\n\nСэ адыгабзэкӀэ сэгущыӀэ.', language: 'ady', voice: 'female' });
  });

  it('placement "block": the player stands where the Post audio block is, and nowhere else', async () => {
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'block' } });
    await newPost(page, site.ready.url);
    await editTitle(page, 'Блок');
    await insertBlock(page, 'core/paragraph', { content: 'Япэ абзац.' });
    await insertBlock(page, 'circassian/post-audio', {});
    await insertBlock(page, 'core/paragraph', { content: 'ЕтӀуанэ абзац.' });
    const permalink = await publishPost(page);
    await expect.poll(() => playerSrc(page, permalink), { timeout: 60_000, interval: 1_000 }).not.toBeNull();
    const html = await (await page.request.get(permalink)).text();
    expect(html.match(/circassian-post-audio"/g)?.length).toBe(1);
    const at = html.indexOf('<figure class="circassian-post-audio">');
    expect(html.indexOf('Япэ абзац.')).toBeLessThan(at);
    expect(html.indexOf('ЕтӀуанэ абзац.')).toBeGreaterThan(at);
    await page.screenshot({ path: `/tmp/wp-shots/post-audio-editor-${version}.png` });
    await page.goto(permalink);
    await page.screenshot({ path: `/tmp/wp-shots/post-audio-front-${version}.png`, fullPage: true });
  });
  // REST and WP-Cron only: the caps are the plugin's PHP.
  once(
    "voices an author's post published by an Administrator only within the site's request cap and the Administrator's daily cap, and the post's audio state says why not",
    async () => {
      await openAdminRestScreen(page, site.ready.url);
      await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
      const author = await createUser(page, 'capped-author', 'author');
      // 1,200 characters: one short speech call when it is allowed.
      const text = 'Сэ адыгэбзэкӀэ сыщоджэ. '.repeat(60).slice(0, 1_200).trim();
      const speechOf = async (): Promise<number> => (await speechTexts(site)).filter((spoken) => spoken.includes(text)).length;
      const settings = async (values: Record<string, unknown>): Promise<void> => {
        expect((await apiFetchInPage(page, '/circassian/v1/settings', 'POST', values)).status).toBe(200);
      };
      const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
        title: 'Тхыгъэ',
        content: paragraph(text),
        status: 'draft',
        author: author.id,
      });
      const id = created.body.id as number;
      try {
        // Post audio is paid under the rights of whoever publishes (the Administrator here; a role the
        // Administrator lacks does not exist): the request cap and the publisher's daily cap.
        const refusals: Array<[Record<string, unknown>, RegExp]> = [
          [{ capability: 'publish_posts', request_chars: 1_000 }, /at most 1,000/],
          [{ request_chars: 200_000, daily_chars: 1_000 }, /of your 1,000 characters for today/],
        ];
        for (const [caps, why] of refusals) {
          await settings(caps);
          // Published, then saved again: each save of a post without current audio schedules its voicing.
          expect(
            (await apiFetchInPage(page, `/wp/v2/posts/${id}`, 'POST', { status: 'publish', excerpt: JSON.stringify(caps) })).status,
          ).toBe(200);
          await runCron(page, site.ready.url);
          expect(await speechOf()).toBe(0);
          expect(await audioState(page, id)).toMatchObject({ state: 'missing', error: expect.stringMatching(why) });
        }
        // The document sidebar's Post audio panel says why, to whoever edits the post, and when the site tries again.
        await openPostAudioPanel(page, site.ready.url, id);
        await expect
          .poll(() => page.locator('.circassian-post-audio-panel__error').textContent())
          .toMatch(/daily allowance for audio is spent, so the new audio waits\. The site makes it by itself when the allowance resets/);
        // Within every cap it is voiced once, as its publisher.
        await settings({ daily_chars: 1_000_000 });
        await apiFetchInPage(page, `/wp/v2/posts/${id}`, 'POST', { excerpt: 'allowed' });
        await expect
          .poll(async () => (await runCron(page, site.ready.url), (await audioState(page, id)).state), { timeout: 60_000, interval: 1_000 })
          .toBe('current');
        expect(await speechOf()).toBe(1);
      } finally {
        await settings({ capability: 'publish_posts', request_chars: 200_000, daily_chars: 1_000_000 });
      }
    },
  );

  once('a newer voicing of the same post supersedes the older one: changing the speed three times makes one file, not three', async () => {
    await openAdminRestScreen(page, site.ready.url);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
    // Over 1,500 characters: a service job, whose polls fail for now so every voicing is still running when the next starts.
    const text = 'Уи пщэддджыжь фӀыуэ. '.repeat(90).slice(0, 1_700).trim();
    await site.sandbox.admin.injectFault({ operation: 'jobs', error_type: 'internal_error', count: 500 });
    const audioBefore = (await site.sandbox.admin.calls({ operation: 'audio' })).length;
    const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
      title: 'Псынщӏэу',
      content: paragraph(text),
      status: 'publish',
      meta: { _circassian_post_voice: { speed: 0.8 } },
    });
    const id = created.body.id as number;
    await runCron(page, site.ready.url);
    for (const speed of [1.2, 1.5]) {
      expect((await apiFetchInPage(page, `/wp/v2/posts/${id}`, 'POST', { meta: { _circassian_post_voice: { speed } } })).status).toBe(200);
      await runCron(page, site.ready.url);
    }
    const calls = (await site.sandbox.admin.calls({ operation: 'speech' })) as Array<{
      content?: { request?: { text?: string; speed?: number } };
    }>;
    expect(
      calls.filter((call) => call.content?.request?.text?.includes(text.slice(0, 200))).map((call) => call.content?.request?.speed),
    ).toEqual([1.5, 1.2, 0.8]);
    await site.sandbox.admin.clearFaults();
    await expect
      .poll(async () => (await runCron(page, site.ready.url), (await audioState(page, id)).state), { timeout: 60_000, interval: 2_000 })
      .toBe('current');
    // Every earlier voicing has had its turns of WP-Cron (a job is moved on every 2 s).
    for (let i = 0; i < 3; i += 1) {
      await page.waitForTimeout(2_100);
      await runCron(page, site.ready.url);
    }
    expect((await site.sandbox.admin.calls({ operation: 'audio' })).length - audioBefore).toBe(1);
    const media = (await apiFetchInPage(page, `/wp/v2/media?parent=${id}&context=edit`)).body as unknown as unknown[];
    expect(media).toHaveLength(1);
    expect((await audioState(page, id)).state).toBe('current');
  });

  once(
    'a password-protected, private, draft or scheduled post is never voiced, and a visitor, a subscriber and another author find no audio or text of it anywhere',
    async () => {
      await page.goto(`${site.ready.url}/wp-admin/`);
      await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
      const author = { user: 'other-author', password: 'other-author-Passw0rd!' };
      const made = await restFromPage(page, 'wp/v2/users', 'POST', {
        username: author.user,
        email: 'other@example.test',
        password: author.password,
        roles: ['author'],
      });
      expect(made.status).toBe(201);
      const paragraph = (words: string): string => `<!-- wp:paragraph --><p>${words}.</p><!-- /wp:paragraph -->`;
      const ids: Record<string, number> = {};
      for (const [kind, { words, ...fields }] of Object.entries(HIDDEN)) {
        const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title: 'Щэху', content: paragraph(words), ...fields });
        expect([kind, created.status]).toEqual([kind, 201]);
        ids[kind] = (created.body as { id: number }).id;
      }
      const block = await restFromPage(page, 'circassian/v1/speech', 'POST', { text: BLOCK_WORDS, post_id: ids.protected, block_id: 'b1' });
      expect(block.status).toBe(200);
      // A post published with audio, then given a password: its audio must go, file included.
      const was = await restFromPage(page, 'wp/v2/posts', 'POST', { title: 'ИкӀи', content: paragraph(WAS_WORDS), status: 'publish' });
      const wasId = (was.body as { id: number }).id;
      // One published with audio, then taken back to draft: its audio is kept for publishing again, hidden meanwhile.
      const unpublished = await restFromPage(page, 'wp/v2/posts', 'POST', {
        title: 'ИкӀи',
        content: paragraph(UNPUBLISHED_WORDS),
        status: 'publish',
      });
      const unpublishedId = (unpublished.body as { id: number }).id;
      const { url: blockFile, id: blockId } = (block.body as { attachment: { url: string; id: number } }).attachment;
      const postAudio = async (id: number): Promise<string[]> => {
        await page.request.get(`${site.ready.url}/wp-cron.php`);
        const media = (await restFromPage(page, `wp/v2/media?parent=${id}&context=edit`)).body as Array<{ source_url: string }>;
        return media.map((item) => item.source_url).filter((url) => url !== blockFile);
      };
      await expect.poll(() => postAudio(wasId), { timeout: 60_000, interval: 1_000 }).toHaveLength(1);
      await expect.poll(() => postAudio(unpublishedId), { timeout: 60_000, interval: 1_000 }).toHaveLength(1);
      expect((await restFromPage(page, `wp/v2/posts/${unpublishedId}`, 'POST', { status: 'draft' })).status).toBe(200);
      const kept = (await restFromPage(page, `wp/v2/media?parent=${unpublishedId}&context=edit`)).body as Array<{ id: number }>;
      expect(kept).toHaveLength(1);
      const keptId = kept[0]?.id as number;
      const [wasFile] = await postAudio(wasId);
      expect((await page.request.get(wasFile as string)).status()).toBe(200);
      expect((await restFromPage(page, `wp/v2/posts/${wasId}`, 'POST', { password: 'open-sesame' })).status).toBe(200);
      for (let i = 0; i < 3; i += 1) await page.request.get(`${site.ready.url}/wp-cron.php`);

      // Never voiced: no speech call carried their words, no post audio attachment exists.
      const spoken = (await speechTexts(site)).join('\n');
      for (const { words } of Object.values(HIDDEN)) expect(spoken).not.toContain(words);
      for (const id of Object.values(ids)) expect(await postAudio(id)).toEqual([]);
      expect(await postAudio(wasId)).toEqual([]);
      expect((await page.request.get(wasFile as string)).status()).toBe(404);

      const secrets = [
        ...Object.values(HIDDEN).map((hidden) => hidden.words),
        BLOCK_WORDS,
        WAS_WORDS,
        UNPUBLISHED_WORDS,
        wasFile as string,
      ];
      const viewers: Viewer[] = [
        await visitor(site),
        await loggedIn(site, 'a subscriber', site.ready.subscriber),
        await loggedIn(site, 'another author', author),
      ];
      for (const viewer of viewers) {
        const seen: Array<{ where: string; status: number; text: string }> = [];
        const look = async (where: string): Promise<void> => void seen.push({ where, ...(await viewer.get(where)) });
        for (const id of [...Object.values(ids), wasId, unpublishedId]) {
          await look(`/?p=${id}`);
          await look(`/wp-json/wp/v2/posts/${id}`);
          await look(`/wp-json/wp/v2/media?parent=${id}`);
          await look(`/wp-json/circassian/v1/translations/${id}`);
          seen.push({
            where: `/wp-json/circassian/v1/post-audio/${id}/state`,
            ...(await viewer.post(`/wp-json/circassian/v1/post-audio/${id}/state`, { title: 'Сэ', content: paragraph('кӀуэ') })),
          });
        }
        await look('/?feed=rss2');
        await look('/?feed=circassian-podcast&lang=kbd');
        for (const words of [...Object.values(HIDDEN).map((hidden) => hidden.words), BLOCK_WORDS])
          await look(`/wp-json/wp/v2/media?search=${encodeURIComponent(words.split(' ').slice(-1)[0] as string)}`);
        await look(new URL(wasFile as string).pathname);
        // The block's audio one by one (attachment IDs are easy to guess): not found either.
        for (const attachment of [blockId, keptId]) {
          await look(`/wp-json/wp/v2/media/${attachment}`);
          await look(`/?attachment_id=${attachment}`);
        }
        // A feed lists public posts with their players: only the hidden posts' items must hold none.
        const hiddenIds = [...Object.values(ids), wasId, unpublishedId];
        const items = seen
          .filter(({ where }) => where.includes('feed='))
          .flatMap(({ where, text }) => text.split('<item>').map((item) => ({ where, text: item })))
          .filter(({ text }) => hiddenIds.some((id) => text.includes(`?p=${id}<`) || text.includes(`circassian-post-audio-${id}-`)));
        const pages = seen.filter(({ where }) => !where.includes('feed='));
        const leaks = [...pages, ...items].filter(
          ({ text }) => secrets.some((secret) => text.includes(secret)) || /circassian-post-audio|<audio|\.wav/.test(text),
        );
        expect([viewer.name, leaks.map(({ where }) => where)]).toEqual([viewer.name, []]);
        const singles = [blockId, keptId].flatMap((attachment) => [`/wp-json/wp/v2/media/${attachment}`, `/?attachment_id=${attachment}`]);
        for (const where of [new URL(wasFile as string).pathname, ...singles])
          expect([viewer.name, where, seen.find((answer) => answer.where === where)?.status]).toEqual([viewer.name, where, 404]);
        // The Media Library's own listing (admin-ajax), which shows Authors every attachment.
        const library = await viewer.get('/wp-admin/admin-ajax.php?action=query-attachments&query[posts_per_page]=200');
        expect([viewer.name, [...secrets, blockFile].filter((secret) => library.text.includes(secret))]).toEqual([viewer.name, []]);
        // Media listings are empty, not refused; the plugin's routes refuse.
        for (const { where, status, text } of seen) {
          if (where.includes('wp/v2/media?')) expect([viewer.name, where, status, text]).toEqual([viewer.name, where, 200, '[]']);
          if (where.includes('circassian/v1'))
            expect([viewer.name, where, status >= 401 && status <= 403]).toEqual([viewer.name, where, true]);
        }
        await viewer.close();
      }
    },
  );

  it('audio refused for a spent allowance is not silent: the editor says why (also after a reload), Try again asks once more, and the site tries again by itself at the reset', async () => {
    await openAdminRestScreen(page, site.ready.url);
    // The placement as the one-line cases before leave it, on every line.
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    // The key's seconds of audio are spent: the voicing at publishing and the one Try again asks for are refused.
    await site.sandbox.admin.injectFault({ operation: 'speech', error_type: 'quota_exceeded', count: 2 });
    const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
      title: 'Нобэ и хъыбар',
      content: paragraph('Нобэ уэшх къещх. Сэ унэм сыщысщ.'),
      status: 'publish',
    });
    const id = created.body.id as number;
    await runCron(page, site.ready.url);
    // The type, said in the plugin's words; the service's own message ("…daily quota is spent…") is not passed on.
    expect(await audioState(page, id)).toMatchObject({
      state: 'missing',
      error_type: 'quota_exceeded',
      error: null,
      retry_at: expect.any(String),
    });

    const status = page.locator('.circassian-post-audio-panel__status');
    // Once when the editor opens, once more after a reload.
    for (let visit = 0; visit < 2; visit += 1) {
      await openPostAudioPanel(page, site.ready.url, id);
      await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('retrying');
      expect(await status.textContent()).toMatch(
        /No new audio yet\. The daily allowance for audio is spent, so the new audio waits\. The site makes it by itself when the allowance resets: /,
      );
      expect(await status.textContent()).not.toMatch(/quota/);
    }
    await page.screenshot({ path: `/tmp/wp-shots/post-audio-failed-${version}.png` });
    await status.scrollIntoViewIfNeeded();
    await status.screenshot({ path: `/tmp/wp-shots/post-audio-retrying-panel-${version}.png` });
    const speechBefore = (await site.sandbox.admin.calls({ operation: 'speech' })).length;
    // The whole answer of Try again, whose refusal schedules the retry (after the speech call the site still asks GET /v1/me).
    const answered = page.waitForResponse((response) => /post-audio(\/|%2F)\d+(\/|%2F)generate/.test(response.url()));
    await page.getByRole('button', { name: 'Try now' }).click();
    expect((await answered).status()).toBe(429);
    expect((await site.sandbox.admin.calls({ operation: 'speech' })).length).toBe(speechBefore + 1);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('retrying');
    expect(await status.textContent()).toMatch(/The site makes it by itself when the allowance resets/);

    // The retry waits for the service's reset (its next midnight UTC); the service's day ends, then WordPress's clock gets there.
    const now = Date.parse((await site.sandbox.admin.advanceClock(0)).now);
    const reset = Math.ceil((now + 1) / 86_400_000) * 86_400;
    await site.sandbox.admin.advanceClock(reset - Math.floor(now / 1000) + 1);
    expect(await retryComesDue(site, id)).toBe(reset);
    await expect
      .poll(async () => (await runCron(page, site.ready.url), (await audioState(page, id)).state), { timeout: 60_000, interval: 1_000 })
      .toBe('current');
    await openPostAudioPanel(page, site.ready.url, id);
    await expect.poll(() => status.getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
    expect(await status.textContent()).toBe('The post’s audio is ready.');
  });

  it('a post switched off with its own "Read aloud" switch in the document sidebar is not voiced, though its type is', async () => {
    await openAdminRestScreen(page, site.ready.url);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
    // A fresh editor, which reads the setting as it loads (newPost waits until it is ready).
    await newPost(page, site.ready.url);
    await editTitle(page, 'Мыр зэхэпхынукъым');
    await insertBlock(page, 'core/paragraph', { content: 'Тхыгъэ макъыншэ.' });
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { openGeneralSidebar(name: string): void } } } }).wp;
      wp.data.dispatch('core/edit-post').openGeneralSidebar('edit-post/document');
    });
    const toggle = page.getByRole('button', { name: 'Post audio', exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const readAloud = page.getByLabel('Read this post aloud');
    // On by default: the type's setting.
    expect(await readAloud.isChecked()).toBe(true);
    await readAloud.uncheck();
    await page.screenshot({ path: `/tmp/wp-shots/read-aloud-off-${version}.png` });
    const callsBefore = (await speechTexts(site)).length;
    const permalink = await publishPost(page);
    const id = await postId(page);
    await runCron(page, site.ready.url);
    expect(await playerSrc(page, permalink)).toBeNull();
    expect((await speechTexts(site)).slice(callsBefore)).toEqual([]);
    const stored = (await apiFetchInPage(page, `/wp/v2/posts/${id}?context=edit`)).body as { meta: Record<string, unknown> };
    expect(stored.meta._circassian_read_aloud).toBe('off');
    expect(await audioState(page, id)).toMatchObject({ state: null });
  });

  once('six Try again requests for one post at the same moment voice it once: one speech call, one payment', async () => {
    await openAdminRestScreen(page, site.ready.url);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
    const text = 'Зы махуэм тхыгъэр щхьэхуэу тIощIрэ еджащ.';
    // Published, its own voicing left waiting in WP-Cron (not run here): only the six requests voice it.
    const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', { title: 'Зы махуэ', content: paragraph(text), status: 'publish' });
    const id = created.body.id as number;
    const speechBefore = (await speechTexts(site)).length;
    const statuses = await page.evaluate(async (postId) => {
      const wp = (globalThis as unknown as { wp: { apiFetch(options: object): Promise<{ status: string }> } }).wp;
      const one = () =>
        wp.apiFetch({ path: `/circassian/v1/post-audio/${postId}/generate`, method: 'POST' }).then((answer) => answer.status);
      return Promise.all(Array.from({ length: 6 }, one));
    }, id);
    // The local service lists its calls newest first.
    const after = await speechTexts(site);
    const voiced = after.slice(0, after.length - speechBefore).filter((spoken) => spoken.includes('махуэм'));
    expect(voiced).toHaveLength(1);
    // One request voiced it; the others found it being made or made.
    expect(statuses.filter((status) => status === 'done' || status === 'running')).toHaveLength(1);
  });
});
