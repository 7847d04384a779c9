// Review by sentence (issue 33), WordPress's linked translations, in a real WordPress driven by
// Chromium against the local service: a post of three paragraphs translated into Kabardian and
// Adyghe; an editor corrects the first sentence of the second paragraph in each translation; the
// original's second paragraph gets its last sentence changed; the post translated again: the
// second block is not replaced but waits for review, and the Kabardian translation's "Changed in
// the original" panel shows the original sentence before and now and the kept translation.
// "Translate only the changed sentences" sends that one sentence (the call log), the corrected
// sentence stays, and the Adyghe translation (its own post) is untouched, its block still waiting.
// The routes' permissions are checked once, on the server-side line.
import { mkdirSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiFetchInPage,
  insertBlock,
  logIn,
  newPost,
  openEditorSidebar,
  openPost,
  restFromPage,
  saveDraft,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { createUser, itOnServerSideLine, openAdminRestScreen, useSiteWithAdmin } from './use-site.js';
import { jsonRest, openTranslationPanel, postContent, setBlockContent } from './memory.js';

const SHOTS = '/tmp/wp-shots';

const ORIGINAL = ['Утро в ауле. Солнце встаёт.', 'Мост открыт. Рынок закрыт. Дождь завтра.', 'Приходите все.'];
const CHANGED_SENTENCE = 'Дождь в понедельник.';

/** One call of the local service, as its log keeps it. */
interface LoggedCall {
  readonly timestamp: string;
  readonly content?: { request?: { texts?: string[]; target_lang?: string } };
}

interface ReviewEntry {
  readonly id: string;
  readonly changed: Array<{ index: number; before: string; now: string; kept: string }> | null;
}

/** "Translate post into a new draft" or "Update the translation" from Russian into `language`: the site's answer. */
async function translateInto(page: Page, language: string, button: string): Promise<{ id: number; updated?: { in_review: number } }> {
  await openTranslationPanel(page);
  await page.getByLabel('Translate from').selectOption('ru');
  await page.getByLabel('Translate into').selectOption(language);
  const answered = page.waitForResponse(
    (response) => response.url().includes('circassian/v1/translations') && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: button }).click();
  return (await (await answered).json()) as { id: number; updated?: { in_review: number } };
}

/** An editor's correction of a translation's second paragraph, in the editor, saved. */
async function correctSecondParagraph(page: Page, site: TestSite, id: number, firstSentence: string): Promise<string> {
  await openPost(page, site.ready.url, id);
  const paragraph = (await postContent(page, id)).match(/<p>([^<]*)<\/p>/gu)?.[1]?.replace(/<\/?p>/gu, '') ?? '';
  // The first sentence rewritten (the local service's "[kbd] " mark with it), the others as made.
  const corrected = `${firstSentence} ${paragraph.replace(/^\[[a-z]+\] [^.]*\.\s*/u, '')}`;
  await setBlockContent(page, 1, corrected);
  await saveDraft(page);
  return corrected;
}

async function reviewOf(page: Page, id: number): Promise<ReviewEntry[]> {
  return ((await restFromPage(page, `circassian/v1/translations/${id}`)).body as { review: ReviewEntry[] }).review;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: review by sentence of a linked translation', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;
  const serverSide = itOnServerSideLine(version);

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('keeps a corrected block whose original changed for review, and translates only its changed sentence from the panel, leaving the Adyghe translation alone', async () => {
    // The original: three paragraphs, translated into Kabardian and Adyghe.
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: Record<string, unknown>): void } } } }
      ).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Новости аула' });
    });
    for (const text of ORIGINAL) await insertBlock(page, 'core/paragraph', { content: text });
    await saveDraft(page);
    const originalId = await page.evaluate(() =>
      (globalThis as unknown as { wp: { data: { select(store: string): { getCurrentPostId(): number } } } }).wp.data
        .select('core/editor')
        .getCurrentPostId(),
    );
    const kbd = (await translateInto(page, 'kbd', 'Translate post into a new draft')).id;
    await page.getByText('Draft created').first().waitFor({ timeout: 30_000 });
    const ady = (await translateInto(page, 'ady', 'Translate post into a new draft')).id;

    // Each translation's editor corrects the first sentence of the second paragraph.
    const kbdCorrected = await correctSecondParagraph(page, site, kbd, 'Лъэмыжыр иджы зэӀухащ.');
    await correctSecondParagraph(page, site, ady, 'Лъэмыджыр джы зэӀухыгъ.');

    // The original's second paragraph: its last sentence changes.
    await openPost(page, site.ready.url, originalId);
    await setBlockContent(page, 1, `Мост открыт. Рынок закрыт. ${CHANGED_SENTENCE}`);
    await saveDraft(page);
    const kbdUpdate = await translateInto(page, 'kbd', 'Update the translation');
    expect(kbdUpdate.updated?.in_review).toBe(1);
    await page.locator('.components-notice', { hasText: 'waits for review in the translation' }).waitFor({ timeout: 30_000 });
    const adyUpdate = await translateInto(page, 'ady', 'Update the translation');
    expect(adyUpdate.updated?.in_review).toBe(1);
    expect(await postContent(page, kbd)).toContain(kbdCorrected);

    // The Kabardian translation's review panel.
    await openPost(page, site.ready.url, kbd);
    await openEditorSidebar(page, 'document');
    const toggle = page.getByRole('button', { name: 'Changed in the original' });
    await toggle.waitFor({ timeout: 30_000 });
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    const panel = page.locator('.circassian-review');
    await panel.locator('.circassian-review__now').waitFor({ timeout: 30_000 });
    const kept = (await reviewOf(page, kbd))[0]?.changed?.[0]?.kept ?? '';
    expect(kept).not.toBe('');
    await expect(panel.locator('.circassian-review__before').textContent()).resolves.toContain('Дождь завтра.');
    await expect(panel.locator('.circassian-review__now').textContent()).resolves.toContain(CHANGED_SENTENCE);
    await expect(panel.locator('.circassian-review__kept').textContent()).resolves.toContain(kept);
    mkdirSync(SHOTS, { recursive: true });
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/review-by-sentence-${version}.png` });

    const adyBefore = await postContent(page, ady);
    const adyReview = await reviewOf(page, ady);
    expect(adyReview).toHaveLength(1);
    const batchesBefore = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await panel.getByRole('button', { name: 'Translate only the changed sentences' }).click();
    await reloaded;

    // Only the changed sentence went to the service.
    const batches = (await site.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })) as LoggedCall[];
    expect(batches.length - batchesBefore).toBe(1);
    expect(batches[0]?.content?.request?.texts).toEqual([CHANGED_SENTENCE]);
    expect(batches[0]?.content?.request?.target_lang).toBe('kbd');
    const after = await postContent(page, kbd);
    expect(after).toContain('Лъэмыжыр иджы зэӀухащ.');
    expect(after).not.toContain(kept);
    expect(await reviewOf(page, kbd)).toEqual([]);
    // The Adyghe translation: as it was, its block still waiting.
    expect(await postContent(page, ady)).toBe(adyBefore);
    expect(await reviewOf(page, ady)).toEqual(adyReview);
    // The editor, reloaded, holds the paragraph as saved (a save now cannot write the old one back).
    await page.waitForFunction(
      ({ corrected, old }) => {
        const wp = (
          globalThis as unknown as {
            wp?: { data?: { select(store: string): { getBlocks(): Array<{ attributes: { content?: unknown } }> } } };
          }
        ).wp;
        const content = String(wp?.data?.select('core/block-editor').getBlocks()[1]?.attributes.content ?? '');
        return content.includes(corrected) && !content.includes(old);
      },
      { corrected: 'Лъэмыжыр иджы зэӀухащ.', old: kept },
      { timeout: 30_000 },
    );
  });

  serverSide('lets only someone who may edit the translation see or choose for its blocks in review', async () => {
    await openAdminRestScreen(page, site.ready.url);
    const subscriber = await createUser(page, `review-reader-${Date.now()}`, 'subscriber');
    const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
      title: 'Перевод',
      content: '<!-- wp:paragraph --><p>Сэлам.</p><!-- /wp:paragraph -->',
    });
    const translation = Number(created.body['id']);
    expect(translation).toBeGreaterThan(0);
    const choice = { block: '0123456789ab', choice: 'keep' };
    // A visitor: no login cookie, no nonce.
    const visitor = await site.browser.newContext();
    const answer = await visitor.request.post(`${site.ready.url}/wp-json/circassian/v1/translations/${translation}`, { data: choice });
    expect(answer.status()).toBe(401);
    await visitor.close();
    const { context: readerContext, page: reader } = await logIn(site.browser, site.ready.url, subscriber);
    expect((await jsonRest(reader, `circassian/v1/translations/${translation}`, 'POST', choice)).status).toBe(403);
    expect((await jsonRest(reader, `circassian/v1/translations/${translation}`)).status).toBe(403);
    await readerContext.close();
    // An unknown block, by someone who may edit: a clear 404, nothing written.
    const rawContent = async (): Promise<unknown> =>
      ((await jsonRest(page, `wp/v2/posts/${translation}?context=edit`)).body as { content: { raw: string } }).content.raw;
    const before = await rawContent();
    expect(before).toContain('Сэлам.');
    const unknown = await jsonRest(page, `circassian/v1/translations/${translation}`, 'POST', choice);
    expect(unknown.status).toBe(404);
    expect(JSON.stringify(unknown.body)).toContain('no longer waiting for review');
    expect(await rawContent()).toBe(before);
  });
});
