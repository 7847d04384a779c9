// The plugin's panel in a Russian admin: an editor who chose Russian sees the panel's words in
// Russian (from the plugin's shipped translations), dates as Russian writes them, the service's
// refusals in Russian words (the server sends their type beside its English), and locales by their
// names.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';

describe('Strapi admin in Russian: the Circassian panel', () => {
  let documentId: string;
  const app = useStrapiAdmin({
    prepare: async (strapi) => {
      documentId = (await strapi.createArticle({ title: 'Статья по-русски', body: 'Текст статьи по-русски.' })).documentId;
      await waitFor('the kbd translation', async () =>
        (await strapi.article(documentId, 'kbd'))?.title?.startsWith('[kbd]') ? true : undefined,
      );
    },
    // The admin keeps the interface language the editor chose in the browser.
    beforeLogIn: async (page) => {
      await page.addInitScript("window.localStorage.setItem('strapi-admin-language', 'ru')");
    },
  });

  // The shared host as the next file expects it: no fault left waiting, the key's last test a success.
  afterEach(async () => {
    await app.sandbox.admin.clearFaults();
    const tested = await app.strapi.plugin('POST', '/settings/test-connection');
    expect(tested.status).toBe(200);
  });

  it('says each locale status and the buttons in Russian', async () => {
    await app.page.goto(
      `${app.host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=ru`,
    );
    const panel = app.page.getByTestId('circassian-panel');
    await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 60_000 }).toMatch(/\(kbd\): Переведено/);
    await expect(panel.getByRole('button', { name: 'Перевести сейчас' }).isVisible()).resolves.toBe(true);
    await expect(panel.getByRole('button', { name: 'Создать аудио' }).isVisible()).resolves.toBe(true);
    await app.shot('panel-ru');
  });

  it('heads the panel in one language, names the voices in Russian, and says "Translate now" has nothing to translate', async () => {
    const panel = app.page.getByTestId('circassian-panel');
    // Before: "Перевод Circassian (с Russian (ru))", the voices "Male" and "Female", and "Translation queued." for nothing.
    await expect(panel.textContent()).resolves.toContain('Черкесский перевод (исходный язык: русский (ru))');
    await panel.getByRole('combobox', { name: 'Голос' }).click();
    for (const voice of ['Мужской', 'Женский'])
      await expect(app.page.getByRole('option', { name: voice, exact: true }).isVisible()).resolves.toBe(true);
    await app.page.keyboard.press('Escape');
    await waitFor('every locale translated and voiced', async () => {
      const { body } = await app.strapi.plugin<{ locales: Array<{ status: string; audioStatus: { state: string } | null }> }>(
        'GET',
        `${app.strapi.entryPath(documentId)}/status`,
      );
      return body.locales.every((locale) => locale.status === 'translated' && (locale.audioStatus?.state ?? 'made') === 'made')
        ? true
        : undefined;
    });
    await panel.getByRole('button', { name: 'Перевести сейчас' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toMatch(/^Переводить нечего: .*\(kbd\).*\(ady\).*\(en\) — переводы уже актуальны\.$/);
    await app.shot('panel-nothing-to-translate-ru');
  });

  it('says in Russian why "Generate audio" makes nothing when the text did not change', async () => {
    const panel = app.page.getByTestId('circassian-panel');
    for (const locale of ['kbd', 'ady'])
      await expect
        .poll(() => panel.getByTestId(`circassian-audio-${locale}`).textContent(), { timeout: 60_000 })
        // The date as Russian writes it ("26 нояб. 2026 г., 05:30"), not as the browser's own en-US.
        .toMatch(/^Аудио: сделано \d{1,2} [а-я]+\.? \d{4} г\., \d{1,2}:\d{2}$/);
    await panel.getByRole('button', { name: 'Создать аудио' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toMatch(/\(kbd\): Текст не изменился с тех пор, как было сделано аудио, поэтому оно не создано заново\./);
    await app.shot('audio-unchanged-ru');
  });

  it("says a service refusal in Russian: the key refused on the settings page's Test connection, now and after a reload", async () => {
    await app.sandbox.admin.injectFault({ operation: 'me', error_type: 'unauthorized', count: 1 });
    await app.page.goto(`${app.host.ready.url}/admin/settings/circassian`);
    await app.page.getByRole('button', { name: 'Проверить соединение' }).click();
    const refused = 'Служба перевода не приняла ключ. Попросите администратора проверить ключ Circassian.';
    await expect.poll(() => app.page.getByTestId('circassian-test-message').textContent()).toBe(refused);
    // The refusal the server kept (its English, with the type) reads in Russian too.
    await app.page.reload();
    await expect.poll(() => app.page.getByText(refused).first().isVisible(), { timeout: 30_000 }).toBe(true);
    await app.shot('key-refused-ru');
  });
});
