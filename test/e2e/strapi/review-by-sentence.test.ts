// Review by sentence (issue 33, Strapi first), in the real Strapi and in Chromium: an article
// translated into Kabardian and Adyghe, the second line of each body corrected by hand, then the
// Russian source's first line changes its dates. The Kabardian edit view's panel shows that line,
// the source before and now and the translation kept under it; "Translate only the changed
// sentences" rewrites that line alone in the Kabardian draft (the hand-corrected line stays), the
// Adyghe body is not touched, and the memory holds no unit pairing the new Russian line with the
// stale Kabardian one. "Translate again, replacing edits" from the Kabardian view names Kabardian's
// fields alone.
import { describe, expect, it } from 'vitest';
import { queueSettled, waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';

// Sentences of this file's own: on the shared host the memory holds what other files taught it.
const BEFORE = 'Ярмарка пройдёт с 3 по 5 октября.';
const NOW = 'Ярмарка пройдёт с 10 по 12 октября.';
const SECOND = 'Вход на ярмарку свободный.';
const KBD_EDIT = 'Хыхьэр хуиту щытщ.';
const ADY_EDIT = 'Ихьаныр шъхьафит.';

interface SearchPage {
  units: Array<{ source: string; target: string; origin: string }>;
}

describe('Strapi: review by sentence', () => {
  let documentId: string;
  let stale: string;
  let adyBody: string;
  const app = useStrapiAdmin({
    prepare: async (strapi) => {
      documentId = (await strapi.createArticle({ title: 'Осенняя ярмарка', body: `${BEFORE}\n\n${SECOND}` })).documentId;
      await queueSettled(strapi);
      const kbd = await waitFor('the kbd body', async () => (await strapi.article(documentId, 'kbd'))?.body ?? undefined);
      const ady = await waitFor('the ady body', async () => (await strapi.article(documentId, 'ady'))?.body ?? undefined);
      stale = String(kbd).split('\n\n')[0] ?? '';
      // An editor corrects the second line of each translation.
      await strapi.updateArticle(documentId, { body: `${stale}\n\n${KBD_EDIT}` }, { locale: 'kbd', publish: false });
      adyBody = `${String(ady).split('\n\n')[0] ?? ''}\n\n${ADY_EDIT}`;
      await strapi.updateArticle(documentId, { body: adyBody }, { locale: 'ady', publish: false });
      // Then the Russian dates change.
      await strapi.updateArticle(documentId, { body: `${NOW}\n\n${SECOND}` }, { locale: 'ru' });
      await queueSettled(strapi);
    },
  });
  const { shot } = app;

  it('shows the changed line old and new with the kept translation, and rewrites that line alone in kbd', async () => {
    const page = app.page;
    // The hand edits were kept by the translation after the source changed.
    expect((await app.strapi.article(documentId, 'kbd'))?.body).toBe(`${stale}\n\n${KBD_EDIT}`);
    await page.goto(
      `${app.host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=kbd`,
    );
    const review = page.getByTestId('circassian-changed-sentences');
    await review.waitFor({ timeout: 60_000 });
    const sentences = review.getByTestId('circassian-changed-sentence');
    await expect(sentences.count()).resolves.toBe(1);
    await expect(sentences.getByTestId('circassian-changed-before').textContent()).resolves.toBe(`Source before: ${BEFORE}`);
    await expect(sentences.getByTestId('circassian-changed-now').textContent()).resolves.toBe(`Source now: ${NOW}`);
    await expect(sentences.getByTestId('circassian-changed-kept').textContent()).resolves.toBe(`Kept translation: ${stale}`);
    await review.scrollIntoViewIfNeeded();
    await shot('review-by-sentence', page);

    // Replacing edits from the Kabardian view names Kabardian alone: the Adyghe edits are not on screen.
    await page.getByRole('button', { name: 'Translate again, replacing edits' }).click();
    await expect(page.getByTestId('circassian-replace-fields').textContent()).resolves.not.toMatch(/Adyghe|ady/);
    await expect(page.getByTestId('circassian-replace-fields').textContent()).resolves.toMatch(/kbd/);
    await shot('replace-edits-viewed-locale-only', page);
    await page.getByRole('button', { name: 'Keep my edits' }).click();

    await review.getByRole('button', { name: 'Translate only the changed sentences' }).click();
    const body = await waitFor('the kbd body rewritten', async () => {
      const now = (await app.strapi.article(documentId, 'kbd'))?.body;
      return now && !String(now).startsWith(stale) ? String(now) : undefined;
    });
    const [first, second] = body.split('\n\n');
    expect(first).toContain('10');
    expect(second).toBe(KBD_EDIT);
    expect((await app.strapi.article(documentId, 'ady'))?.body).toBe(adyBody);
    // After the reload the form shows the draft as written, and nothing changed is left to review.
    await page.getByTestId('circassian-panel').waitFor({ timeout: 60_000 });
    await expect.poll(async () => page.getByTestId('circassian-changed-sentence').count(), { timeout: 30_000 }).toBe(0);
    await shot('review-by-sentence-done', page);

    // The memory never pairs the new Russian line with the stale Kabardian one.
    const found = (await app.strapi.plugin<SearchPage>('GET', `/memory/search?q=${encodeURIComponent('с 10 по 12')}`)).body;
    expect(found.units.filter((unit) => unit.target === stale)).toEqual([]);
  });
});
