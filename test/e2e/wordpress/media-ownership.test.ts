// Nothing the plugin does loses published audio or paid speech, in a real WordPress (oldest and
// newest supported) driven by Chromium against the local service: a post translated into a draft,
// a duplicated block, a deleted post, and a reload of a post never saved right after "Generate".
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  editorBlocks,
  editorCanvas,
  firstBlock,
  insertBlock,
  newPost,
  publishPost,
  restFromPage,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { itOnServerSideLine, useSiteWithAdmin } from './use-site.js';

const SHORT_TEXT = 'Уи пщэддджыжь фӀыуэ. Сэ кӀуэ.';
const LONG_TEXT = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. '.repeat(40).trim();

async function mediaStatus(page: Page, id: unknown): Promise<number> {
  return (await restFromPage(page, `wp/v2/media/${String(id)}?context=edit`)).status;
}

async function generateIn(block: Locator, text?: string): Promise<string> {
  if (text !== undefined) await block.getByLabel('Text to voice').fill(text);
  const before = await block
    .locator('audio')
    .getAttribute('src', { timeout: 500 })
    .catch(() => null);
  await block.getByRole('button', { name: /^(Generate|Regenerate) audio$/ }).click();
  const audio = block.locator('audio');
  await expect.poll(() => audio.getAttribute('src').catch(() => null), { timeout: 60_000 }).not.toBe(before);
  return (await audio.getAttribute('src')) as string;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: audio is never lost', (version) => {
  const context = useSiteWithAdmin(version);
  // What the plugin's PHP keeps when a post is deleted: one line.
  const once = itOnServerSideLine(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it("translating a post into a draft copies its audio block with the text translated and the audio cleared; voicing the draft keeps the original's player", async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertBlock(page, 'circassian/audio', {});
    const original = canvas.locator('.wp-block-circassian-audio').first();
    const src = await generateIn(original, SHORT_TEXT);
    const { attributes } = await firstBlock(page, 'circassian/audio');
    const permalink = await publishPost(page);

    // The post-publish panel covers the sidebar: close it, open the post's settings.
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): Record<string, ((...args: unknown[]) => void) | undefined> } } }
      ).wp;
      wp.data.dispatch('core/editor').closePublishSidebar?.();
      wp.data.dispatch('core/edit-post').closePublishSidebar?.();
      wp.data.dispatch('core/edit-post').openGeneralSidebar?.('edit-post/document');
    });
    const panel = page.locator('.components-panel__body', { hasText: 'Circassian translation' });
    const toggle = page.getByRole('button', { name: 'Circassian translation' });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await panel.getByLabel('Translate into').selectOption('en');
    await panel.getByRole('button', { name: 'Translate post into a new draft' }).click();
    const link = panel.getByRole('link', { name: /Open the draft/ });
    await link.waitFor({ timeout: 30_000 });
    const draftId = /post=(\d+)/.exec((await link.getAttribute('href')) ?? '')?.[1];

    await page.goto(`${site.ready.url}/wp-admin/post.php?post=${draftId}&action=edit`);
    const draftCanvas = await editorCanvas(page);
    const copy = draftCanvas.locator('.wp-block-circassian-audio').first();
    await copy.locator('.circassian-audio__needs-audio').waitFor();
    const copied = await firstBlock(page, 'circassian/audio');
    expect(copied.attributes.text).toMatch(/^\[en\] /);
    // Voiced in the language it is now written in.
    expect(copied.attributes.language).toBe('en');
    expect(copied.attributes.attachmentId ?? null).toBe(null);
    expect(copied.attributes.src ?? null).toBe(null);
    expect(copied.attributes.blockId).not.toBe(attributes.blockId);
    expect(await copy.locator('audio').count()).toBe(0);
    await page.screenshot({ path: `/tmp/circassian-wp-${version}-needs-audio.png` });

    const draftSrc = await generateIn(copy);
    expect(draftSrc).not.toBe(src);
    expect(await mediaStatus(page, attributes.attachmentId)).toBe(200);
    expect((await page.request.get(src)).status()).toBe(200);
    const published = await (await page.request.get(permalink)).text();
    expect(published).toContain(src);
  });

  it("a duplicated block takes its own id, and regenerating it makes new audio instead of replacing the original's", async () => {
    const canvas = await newPost(page, site.ready.url);
    const clientId = await insertBlock(page, 'circassian/audio', {});
    const src = await generateIn(canvas.locator('.wp-block-circassian-audio').first(), SHORT_TEXT);
    const original = await firstBlock(page, 'circassian/audio');
    await page.evaluate((id) => {
      const wp = (globalThis as unknown as { wp: { data: { dispatch(store: string): { duplicateBlocks(ids: string[]): Promise<void> } } } })
        .wp;
      return wp.data.dispatch('core/block-editor').duplicateBlocks([id]);
    }, clientId);
    await expect
      .poll(async () => {
        const blocks = (await editorBlocks(page)).filter((block) => block.name === 'circassian/audio');
        return (
          blocks.length === 2 && blocks[1]?.attributes.blockId !== blocks[0]?.attributes.blockId && Boolean(blocks[1]?.attributes.blockId)
        );
      })
      .toBe(true);
    const duplicate = canvas.locator('.wp-block-circassian-audio').nth(1);
    await generateIn(duplicate, `${SHORT_TEXT} Уэри.`);
    expect(await mediaStatus(page, original.attributes.attachmentId)).toBe(200);
    const blocks = (await editorBlocks(page)).filter((block) => block.name === 'circassian/audio');
    expect(blocks[0]?.attributes.src).toBe(src);
    expect(blocks[1]?.attributes.attachmentId).not.toBe(original.attributes.attachmentId);
    // Its own audio is replaced when regenerated (it belongs to it alone).
    const own = blocks[1]?.attributes.attachmentId;
    await generateIn(duplicate, `${SHORT_TEXT} Уэри, сэри.`);
    expect(await mediaStatus(page, own)).not.toBe(200);
  });

  once('deleting a post never deletes audio another post plays', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertBlock(page, 'circassian/audio', {});
    await generateIn(canvas.locator('.wp-block-circassian-audio').first(), SHORT_TEXT);
    await publishPost(page);
    const postId = await page.evaluate(() =>
      (globalThis as unknown as { wp: { data: { select(s: string): { getCurrentPostId(): number } } } }).wp.data
        .select('core/editor')
        .getCurrentPostId(),
    );
    const { attributes } = await firstBlock(page, 'circassian/audio');
    const content = (await restFromPage(page, `wp/v2/posts/${postId}?context=edit`)).body as { content: { raw: string } };
    const other = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: 'Plays the same audio',
      content: content.content.raw,
      status: 'publish',
    });
    expect(other.status).toBe(201);
    expect((await restFromPage(page, `wp/v2/posts/${postId}?force=true`, 'DELETE')).status).toBe(200);
    expect(await mediaStatus(page, attributes.attachmentId)).toBe(200);
  });

  it('a reload of a post never saved, right after "Generate audio", offers the running job, and inserting it delivers the audio', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertBlock(page, 'circassian/audio', {});
    const block = canvas.locator('.wp-block-circassian-audio').first();
    await block.getByLabel('Text to voice').fill(LONG_TEXT);
    const started = page.waitForResponse(
      (response) => response.url().includes('circassian/v1/speech') && response.request().method() === 'POST',
    );
    await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
    await started;
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await editorCanvas(page);
    expect((await editorBlocks(page)).filter((b) => b.name === 'circassian/audio')).toHaveLength(0);
    const insert = page.getByRole('button', { name: 'Insert it here' }).first();
    await insert.waitFor({ timeout: 30_000 });
    await page.screenshot({ path: `/tmp/circassian-wp-${version}-resume.png` });
    await insert.click();
    const again = (await editorCanvas(page)).locator('.wp-block-circassian-audio').first();
    await again.locator('audio').waitFor({ timeout: 60_000 });
    const resumed = await firstBlock(page, 'circassian/audio');
    expect(resumed.attributes.text).toBe(LONG_TEXT);
    expect(resumed.attributes.src).toMatch(/\.wav$/);
    // Collected: it is not offered again.
    expect(((await restFromPage(page, 'circassian/v1/speech/jobs')).body as unknown[]).length).toBe(0);
  });
});
