// The audio block in a real WordPress (oldest and newest supported), driven by Chromium against the
// local service: inserted through the inserter, short and long audio, the Media Library, the
// published post's static <audio>.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { editorCanvas, insertThroughInserter, logIn, newPost, restFromPage, startTestSite, WORDPRESS_VERSIONS, type TestSite } from './site.js';

const SHORT_TEXT = 'Уи пщэддджыжь фӀыуэ. Сэ кӀуэ.';

async function publish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  const panel = page.locator('.editor-post-publish-panel');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.waitForFunction(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPost(): { status: string } } } } }).wp;
    return wp.data.select('core/editor').getCurrentPost().status === 'publish';
  });
  return page.evaluate(() => {
    const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getPermalink(): string } } } }).wp;
    return wp.data.select('core/editor').getPermalink();
  });
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the Circassian Audio block', (version) => {
  let site: TestSite;
  let page: Page;

  beforeAll(async () => {
    site = await startTestSite(version);
    page = (await logIn(site.browser, site.ready.url, site.ready.admin)).page;
  });

  afterAll(async () => {
    await site?.close();
  });

  it(`runs the ${version} line the ready line names`, () => {
    expect(site.ready.wordpress).toMatch(new RegExp(`^${version.replace('.', '\\.')}\\.\\d+$`));
  });

  it('is inserted through the inserter, makes short audio into the Media Library, and publishes a static <audio>', async () => {
    const canvas = await newPost(page, site.ready.url);
    await canvas.getByRole('textbox', { name: /add title/i }).fill('Audio post');
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = canvas.locator('.wp-block-circassian-audio');
    await block.getByLabel('Text to voice').fill(SHORT_TEXT);
    await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
    const audio = block.locator('audio');
    await audio.waitFor({ timeout: 30_000 });
    const src = await audio.getAttribute('src');
    expect(src).toMatch(/\/wp-content\/uploads\/.+\.wav$/);

    const attachmentId = await page.evaluate(() => {
      const wp = (globalThis as unknown as { wp: { data: { select(store: string): { getBlocks(): Array<{ name: string; attributes: Record<string, unknown> }> } } } }).wp;
      return wp.data.select('core/block-editor').getBlocks().find((b) => b.name === 'circassian/audio')?.attributes.attachmentId;
    });
    const media = await restFromPage(page, `wp/v2/media/${String(attachmentId)}?context=edit`);
    expect(media.status).toBe(200);
    const item = media.body as { mime_type: string; source_url: string; circassian: { duration: number; source_hash: string } };
    expect(item.mime_type).toBe('audio/wav');
    expect(item.source_url).toBe(src);
    expect(item.circassian.duration).toBeGreaterThan(0);
    expect(item.circassian.source_hash).toMatch(/^[0-9a-f]{8}$/);

    // The WAV itself is served and is audio.
    const wav = await page.request.get(src as string);
    expect(wav.status()).toBe(200);
    expect((await wav.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');

    const permalink = await publish(page);
    const front = await page.request.get(permalink);
    const html = await front.text();
    expect(html).toContain(`<figure class="wp-block-circassian-audio"><audio controls src="${src}"></audio>`);
    // No script of the plugin on the front end.
    expect(html).not.toMatch(/circassian[^"']*\.js/);
  });
});
