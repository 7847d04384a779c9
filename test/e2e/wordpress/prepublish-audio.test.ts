// The warning when audio no longer matches its text, in a real WordPress (oldest and newest
// supported) in Chromium: the pre-publish check names the audio blocks whose text changed since
// their audio was made, and the post's own audio made from an earlier text; "Regenerate" remakes
// the blocks' audio before publishing, "Publish anyway" publishes as it is; on a published post
// the editor warns as soon as a block's text changes, and the Update remakes its audio.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import {
  apiFetchInPage,
  firstBlock,
  insertBlock,
  newPost,
  openPost,
  restFromPage,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { createUser, useSiteWithAdmin } from './use-site.js';

const FIRST = 'Уи пщэддджыжь фӀыуэ. Сэ кӀуэ.';
const CHANGED = 'Уи пщэддджыжь фӀыуэ. Сэ сыкъокӀуэж.';
const AGAIN = 'Сэ адыгэбзэкӀэ сыщоджэ, уэри укъеджэ.';

interface SpeechCall {
  readonly content?: { request?: { text?: string } };
}

async function speechTexts(site: TestSite): Promise<string[]> {
  return ((await site.sandbox.admin.calls({ operation: 'speech' })) as SpeechCall[]).map((call) => call.content?.request?.text ?? '');
}

/** A new post with an audio block whose audio is made (by its own button) from FIRST, then its text changed to `text`. */
async function postWithChangedAudio(page: Page, url: string, text: string): Promise<Locator> {
  const canvas: FrameLocator | Page = await newPost(page, url);
  await canvas.getByRole('textbox', { name: /add title/i }).fill('Аудио');
  await insertBlock(page, 'circassian/audio', { text: FIRST });
  const block = canvas.locator('.wp-block-circassian-audio').first();
  await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
  await block.locator('audio').waitFor({ timeout: 60_000 });
  await block.getByLabel('Text to voice').fill(text);
  return block;
}

/** Opens the publish panel by the header's Publish button, as an author does. */
async function openPublishPanel(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  const panel = page.locator('.editor-post-publish-panel');
  await panel.waitFor();
  return panel;
}

async function postStatus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPost(): { status: string } } } } }).wp;
    return wp.data.select('core/editor').getCurrentPost().status;
  });
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: audio that no longer matches its text', (version) => {
  const state = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  beforeAll(() => {
    site = state.site;
    page = state.page;
  });

  it('the pre-publish check names the audio block whose text changed; Regenerate remakes its audio from the new text before publishing', async () => {
    await postWithChangedAudio(page, site.ready.url, CHANGED);
    const before = (await speechTexts(site)).length;
    const panel = await openPublishPanel(page);
    const check = panel.locator('.circassian-prepublish-audio');
    await expect.poll(() => check.textContent()).toContain('1 audio block plays audio of an earlier text or voice:');
    expect(await check.getByRole('listitem').textContent()).toBe('Уи пщэддджыжь фӀыуэ. Сэ сыкъокӀуэж.');
    await page.screenshot({ path: `/tmp/wp-shots/prepublish-audio-${version}.png` });

    await check.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect
      .poll(() => check.getByRole('status').textContent(), { timeout: 60_000 })
      .toBe('Regenerated: 1 audio block now matches its text.');
    const texts = await speechTexts(site);
    expect(texts.length - before).toBe(1);
    expect(texts[0]).toBe(CHANGED);
    const { attributes } = await firstBlock(page, 'circassian/audio');
    const media = await restFromPage(page, `wp/v2/media/${String(attributes.attachmentId)}?context=edit`);
    expect((media.body as { circassian: { source_hash: string } }).circassian.source_hash).toBe(attributes.sourceHash);

    await panel.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => postStatus(page)).toBe('publish');
  });

  it('“Publish anyway” publishes with the audio as it is: no speech call, the block keeps its earlier audio', async () => {
    await postWithChangedAudio(page, site.ready.url, CHANGED);
    const { attributes: made } = await firstBlock(page, 'circassian/audio');
    const before = (await speechTexts(site)).length;
    const panel = await openPublishPanel(page);
    const check = panel.locator('.circassian-prepublish-audio');
    await check.getByRole('button', { name: 'Publish anyway' }).click();
    await expect.poll(() => postStatus(page)).toBe('publish');
    expect((await speechTexts(site)).length).toBe(before);
    const { attributes } = await firstBlock(page, 'circassian/audio');
    expect([attributes.sourceHash, attributes.src]).toEqual([made.sourceHash, made.src]);
  });

  it('once a published post’s audio block text changes the editor warns, before any Update, and that one Update remakes its audio', async () => {
    // The post just published "anyway": its block still plays audio of FIRST.
    const block = page.frameLocator('iframe[name="editor-canvas"]').locator('.wp-block-circassian-audio').first();
    const canvasBlock = (await block.count()) > 0 ? block : page.locator('.wp-block-circassian-audio').first();
    await canvasBlock.getByLabel('Text to voice').fill(AGAIN);
    const warning = page.locator('.components-notice.is-warning', {
      hasText: '1 audio block plays audio of an earlier text or voice: Update remakes it.',
    });
    await warning.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: `/tmp/wp-shots/update-audio-warning-${version}.png` });
    const before = (await speechTexts(site)).length;
    const earlier = (await firstBlock(page, 'circassian/audio')).attributes.sourceHash;
    await page
      .getByRole('button', { name: /^(Update|Save)$/ })
      .first()
      .click();
    // Saved once, nothing left to save (saving, dirty and the save's error while it is not so).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const wp = (
              globalThis as unknown as {
                wp: {
                  data: {
                    select(store: string): { isSavingPost(): boolean; isEditedPostDirty(): boolean; didPostSaveRequestSucceed(): boolean };
                  };
                };
              }
            ).wp;
            const editor = wp.data.select('core/editor');
            return `saving ${String(editor.isSavingPost())}, dirty ${String(editor.isEditedPostDirty())}, saved ${String(editor.didPostSaveRequestSucceed())}`;
          }),
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe('saving false, dirty false, saved true');
    const texts = await speechTexts(site);
    expect(texts.length - before).toBe(1);
    expect(texts[0]).toBe(AGAIN);
    // What that one save stored plays audio of the new text.
    const { attributes } = await firstBlock(page, 'circassian/audio');
    expect(attributes.sourceHash).not.toBe(earlier);
    const id = await page.evaluate(() =>
      (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPostId(): number } } } }).wp.data
        .select('core/editor')
        .getCurrentPostId(),
    );
    const saved = (await restFromPage(page, `wp/v2/posts/${id}?context=edit`)).body as { content: { raw: string } };
    expect(saved.content.raw).toContain(`"sourceHash":"${String(attributes.sourceHash)}"`);
    expect(await warning.count()).toBe(0);
  });

  it('an Update whose audio the service refuses still saves the text, says why, and keeps the warning', async () => {
    // The post of the case before: published, its block's audio of AGAIN.
    const block = page.frameLocator('iframe[name="editor-canvas"]').locator('.wp-block-circassian-audio').first();
    const canvasBlock = (await block.count()) > 0 ? block : page.locator('.wp-block-circassian-audio').first();
    const text = `${AGAIN} Иджыри.`;
    await canvasBlock.getByLabel('Text to voice').fill(text);
    const warning = page.locator('.components-notice.is-warning', { hasText: 'Update remakes it.' });
    await warning.waitFor({ timeout: 15_000 });
    await site.sandbox.admin.injectFault({ operation: 'speech', error_type: 'quota_exceeded', count: 1 });
    await page
      .getByRole('button', { name: /^(Update|Save)$/ })
      .first()
      .click();
    await page.locator('.components-notice.is-error').first().waitFor({ timeout: 60_000 });
    await expect
      .poll(() =>
        page.evaluate(() => {
          const wp = (
            globalThis as unknown as { wp: { data: { select(store: string): { isSavingPost(): boolean; isEditedPostDirty(): boolean } } } }
          ).wp;
          const editor = wp.data.select('core/editor');
          return !editor.isSavingPost() && !editor.isEditedPostDirty();
        }),
      )
      .toBe(true);
    const id = await page.evaluate(() =>
      (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPostId(): number } } } }).wp.data
        .select('core/editor')
        .getCurrentPostId(),
    );
    const saved = (await restFromPage(page, `wp/v2/posts/${id}?context=edit`)).body as { content: { raw: string } };
    expect(saved.content.raw).toContain(text);
    expect(await warning.count()).toBe(1);
    // The page does not play the earlier text's recording as this text's.
    const { attributes } = await firstBlock(page, 'circassian/audio');
    const link = ((await restFromPage(page, `wp/v2/posts/${id}`)).body as { link: string }).link;
    const html = await (await page.request.get(link)).text();
    expect(html).not.toContain(String(attributes.src));
    expect(html).toContain('The audio of this text is being updated.');
  });

  it('the post’s own audio made from an earlier text is named before publishing again, and is remade after', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: 'Тхыгъэ',
      content: '<!-- wp:paragraph -->\n<p>Япэ абзац.</p>\n<!-- /wp:paragraph -->',
      status: 'publish',
    });
    const id = (created.body as { id: number }).id;
    const audioOf = async (): Promise<number | null> => {
      await page.request.get(`${site.ready.url}/wp-cron.php`);
      const media = (await restFromPage(page, `wp/v2/media?parent=${id}&context=edit`)).body as Array<{ id: number }>;
      return media[0]?.id ?? null;
    };
    await expect.poll(audioOf, { timeout: 60_000, interval: 1_000 }).not.toBeNull();
    const first = await audioOf();
    // Back to draft, and the title changes.
    await restFromPage(page, `wp/v2/posts/${id}`, 'POST', { status: 'draft' });
    await page.goto(`${site.ready.url}/wp-admin/post.php?post=${id}&action=edit`);
    // The editor has loaded this post (its entity) before it is edited.
    await page.waitForFunction((id) => {
      const wp = (
        globalThis as unknown as {
          wp?: { data?: { select(store: string): { getCurrentPostId(): number; getEditedPostAttribute(name: string): unknown } } };
        }
      ).wp;
      const editor = wp?.data?.select('core/editor');
      return editor?.getCurrentPostId() === id && editor.getEditedPostAttribute('title') === 'Тхыгъэ';
    }, id);
    await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: object): void } } } }).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Тхыгъэ: ЕтӀуанэ' });
    });
    const panel = await openPublishPanel(page);
    const check = panel.locator('.circassian-prepublish-audio');
    await expect
      .poll(() => check.locator('.circassian-prepublish-audio__post').textContent(), { timeout: 15_000 })
      .toBe('The post’s audio was made from an earlier text. The site makes it again in the background once the post is published.');
    expect(await check.getByRole('button', { name: 'Regenerate', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/wp-shots/prepublish-post-audio-${version}.png` });
    await check.getByRole('button', { name: 'Publish anyway' }).click();
    await expect.poll(() => postStatus(page)).toBe('publish');
    await expect.poll(audioOf, { timeout: 60_000, interval: 1_000 }).not.toBe(first);
    expect((await speechTexts(site))[0]).toBe('Тхыгъэ: ЕтӀуанэ\n\nЯпэ абзац.');
  });
  it("quotes the cost against the characters of whoever publishes: an Administrator publishing an author's post, the Administrator's", async () => {
    // Post audio is paid under the rights of whoever publishes (Payer): the author spends nothing.
    await newPost(page, site.ready.url);
    await apiFetchInPage(page, '/circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'] } });
    const author = await createUser(page, 'fresh-author', 'author');
    const draft = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
      title: 'Махуэ',
      content: '<!-- wp:paragraph --><p>Сэ кӀуэ.</p><!-- /wp:paragraph -->',
      author: author.id,
    });
    await openPost(page, site.ready.url, draft.body.id as number);
    const cost = (await openPublishPanel(page)).locator('.circassian-prepublish-post-audio__cost');
    await expect
      .poll(() => cost.textContent(), { timeout: 15_000 })
      .toMatch(/^It takes \d+ of the [\d,]+ characters you (may use today on this site|have left today on this site \(of 1,000,000\))\.$/);
    expect(await cost.getAttribute('data-payer')).toBe('you');
  });

  it('the publish panel says what the post’s audio will be (language and why, length, cost against the publisher’s characters today) and fixes palochka look-alikes in words only', async () => {
    // Post audio is on for posts (the case before).
    const canvas = await newPost(page, site.ready.url);
    await canvas.getByRole('textbox', { name: /add title/i }).fill('Махуэ');
    await insertBlock(page, 'core/paragraph', { content: 'Сэ кIуэ, https://example.org/I1/ щIы.' });
    const panel = await openPublishPanel(page);
    const audio = panel.locator('.circassian-prepublish-post-audio');
    await expect
      .poll(() => audio.locator('.circassian-post-audio-panel__plan').textContent(), { timeout: 15_000 })
      .toMatch(/^Read in (Kabardian|Russian) \(detected in the text\): \d+ characters, about \d+ s of audio\.$/);
    expect(await audio.locator('.circassian-prepublish-post-audio__cost').textContent()).toMatch(
      /^It takes \d+ of the [\d,]+ characters you have left today on this site \(of 1,000,000\)\.$/,
    );
    const palochka = panel.locator('.circassian-prepublish-palochka');
    expect(await palochka.textContent()).toContain(
      '2 letters in the title or the text look like the palochka but are not (I, l, 1, | or і typed in its place).',
    );
    await page.screenshot({ path: `/tmp/wp-shots/prepublish-post-check-${version}.png` });
    await palochka.getByRole('button', { name: 'Fix palochka' }).click();
    await expect.poll(() => palochka.getByRole('status').textContent()).toBe('Fixed 2 palochka look-alikes.');
    expect((await firstBlock(page, 'core/paragraph')).attributes.content).toBe('Сэ кӀуэ, https://example.org/I1/ щӀы.');
  });
});
