// The bulk page's table of content type x locale and the Content Manager list view's
// "Translation" column, in Chromium: an administrator pauses Article in Kabardian alone (Adyghe
// and English go on), the list view shows the waiting entry as in progress there, Cancel for that
// locale leaves it outdated, and "Translate" for that locale estimates, then sends only what
// changed. The queue's state stays on the page throughout.
import { describe, expect, it } from 'vitest';
import { ARTICLE_UID, sentTexts, waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';
// The local service's stand-in translation: deterministic, so the expected text is computed exactly.
import { pseudoTranslate } from '@circassian/sandbox/testing';

const TITLES = ['Первая статья таблицы', 'Вторая статья таблицы', 'Третья статья таблицы'];
const KBD = 'Kabardian (East Circassian) (kbd)';
const NEW_TITLE = 'Первая статья таблицы, новое название';

type Counts = Record<'queued' | 'failed' | 'outdated' | 'translated' | 'not translated', number>;
interface Overview {
  contentTypes: Array<{ uid: string; entries: number; locales: Array<{ locale: string; counts: Counts; paused: unknown }> }>;
  queue: { waiting: number; working: number };
}

describe('Strapi admin: the bulk table per content type and locale, and the list view column', () => {
  const ids: string[] = [];
  const app = useStrapiAdmin({
    env: { CIRCASSIAN_QUEUE_POLL_MS: '200' },
    prepare: async (strapi) => {
      for (const title of TITLES) ids.push((await strapi.createArticle({ title, body: `${title}: текст.` })).documentId);
      await waitFor(
        'every article translated and voiced',
        async () => {
          const kbd = await countsOf('kbd');
          const { body } = await strapi.plugin<Overview>('GET', '/overview');
          return kbd?.translated === TITLES.length && body.queue.waiting + body.queue.working === 0 ? true : undefined;
        },
        120_000,
      );
    },
  });
  const { shot } = app;
  const row = (locale: string) => app.page.getByTestId(`circassian-row-${ARTICLE_UID}-${locale}`);
  const count = (locale: string, what: string) => row(locale).getByTestId(`circassian-count-${what}`).textContent();
  const countsOf = async (locale: string): Promise<Counts | undefined> => {
    const { body } = await app.strapi.plugin<Overview>('GET', '/overview');
    return body.contentTypes.find((type) => type.uid === ARTICLE_UID)?.locales.find((entry) => entry.locale === locale)?.counts;
  };
  /** The texts sent in batch calls since `before` of them had been (the sandbox lists its calls newest first). */
  const textsSince = async (before: number) => {
    const texts = await sentTexts(app.sandbox);
    return texts.slice(0, texts.length - before);
  };
  const listView = () =>
    `${app.host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}?page=1&pageSize=10&sort=title:ASC&plugins[i18n][locale]=ru`;

  it('counts the entries translated in each locale and shows the queue idle', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    for (const locale of ['kbd', 'ady', 'en']) {
      await expect.poll(() => count(locale, 'translated'), { timeout: 30_000 }).toBe(String(TITLES.length));
      await expect(count(locale, 'not-translated')).resolves.toBe('0');
    }
    await expect.poll(() => app.page.getByTestId('circassian-queue-state').textContent()).toBe('Queue: idle, nothing waits');
    // Nothing is paused: Resume would do nothing, so it is disabled and says why.
    await expect(app.page.getByRole('button', { name: 'Resume the queue', exact: true }).isDisabled()).resolves.toBe(true);
    await expect(app.page.getByTestId('circassian-resume-note').textContent()).resolves.toBe(
      'Nothing is paused, so there is nothing to resume.',
    );
    await shot('bulk-table');
  });

  it('pauses Article in Kabardian alone: Adyghe and English go on, and the list view says kbd is in progress', async () => {
    await app.page.getByRole('button', { name: `Pause Article in ${KBD}`, exact: true }).click();
    await expect
      .poll(() => app.page.getByTestId('circassian-locale-pause').textContent())
      .toBe(`Article in ${KBD}: paused by admin #1 (${app.host.ready.admin.email}).`);
    const before = await app.strapi.article(ids[0] as string, 'kbd');
    const textsBefore = (await sentTexts(app.sandbox)).length;
    await app.strapi.updateArticle(ids[0] as string, { title: NEW_TITLE });
    await waitFor('ady and en translated again', async () => {
      const ady = await app.strapi.article(ids[0] as string, 'ady');
      const en = await app.strapi.article(ids[0] as string, 'en');
      return ady?.title === pseudoTranslate(NEW_TITLE, 'ru', 'ady') && en?.title === pseudoTranslate(NEW_TITLE, 'ru', 'en')
        ? true
        : undefined;
    });
    // Kabardian waits: nothing of it was sent, its title is as it was, and the table counts it in progress.
    expect((await app.strapi.article(ids[0] as string, 'kbd'))?.title).toBe(before?.title);
    expect(await textsSince(textsBefore)).toEqual([NEW_TITLE, NEW_TITLE]);
    await expect.poll(() => count('kbd', 'queued'), { timeout: 30_000 }).toBe('1');
    await expect.poll(() => count('ady', 'translated')).toBe(String(TITLES.length));
    await expect.poll(() => app.page.getByTestId('circassian-queue-state').textContent()).toBe('Queue: running, 1 waiting, 0 working');
    await shot('bulk-table-paused-kbd');

    await app.page.goto(listView());
    await expect
      .poll(() => app.page.getByTestId(`circassian-translation-${ids[0]}`).textContent(), { timeout: 60_000 })
      .toBe('In progress: kbd');
    await expect.poll(() => app.page.getByTestId(`circassian-translation-${ids[1]}`).textContent()).toBe('Translated');
    await shot('list-view-column');
    const column = app.page.locator('thead th').filter({ hasText: /^Translation$/ });
    await expect(column.count()).resolves.toBe(1);
    // Beside the title, on screen at the page's 1280 pixels, not past the dates and "Available in".
    const box = await column.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(app.page.viewportSize()?.width ?? 1280);
  });

  it('cancels what waits in Kabardian, leaving the entry outdated there', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await app.page.getByRole('button', { name: `Cancel what waits: Article in ${KBD}`, exact: true }).click({ timeout: 30_000 });
    // It asks first, naming the locale; the dialog's own button cancels, and a toast says how much.
    await expect.poll(() => app.page.getByRole('alertdialog').textContent()).toContain(`Cancel what waits: Article in ${KBD}?`);
    await app.page.getByRole('button', { name: 'Cancel what waits', exact: true }).click();
    await expect.poll(() => app.page.getByText('Cancelled: 1 job no longer waits.').first().isVisible(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => count('kbd', 'queued')).toBe('0');
    await expect.poll(() => count('kbd', 'outdated')).toBe('1');
    await app.page.getByRole('button', { name: `Resume Article in ${KBD}`, exact: true }).click();
    await expect.poll(() => app.page.getByTestId('circassian-locale-pause').count()).toBe(0);
    await expect.poll(() => app.page.getByTestId('circassian-queue-state').textContent()).toBe('Queue: idle, nothing waits');
    await app.page.goto(listView());
    await expect
      .poll(() => app.page.getByTestId(`circassian-translation-${ids[0]}`).textContent(), { timeout: 60_000 })
      .toBe('Outdated: kbd');
  });

  it('translates what changed in Kabardian from its row: the cost first, then only that entry is sent', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await app.page.getByRole('button', { name: `Translate what changed: Article in ${KBD}`, exact: true }).click({ timeout: 30_000 });
    await expect
      .poll(() => app.page.getByTestId('circassian-estimate').textContent())
      .toMatch(new RegExp(`^1 entry in ${KBD.replace(/[()]/g, '\\$&')}, 1 text to send: 37 characters`));
    // Beside the characters: the audio it would make (Kabardian gets audio) and today's use of each allowance.
    await expect(app.page.getByTestId('circassian-estimate-audio').textContent()).resolves.toMatch(
      /^About \d+ seconds of audio would be made\.$/,
    );
    await expect(app.page.getByTestId('circassian-estimate-usage').textContent()).resolves.toMatch(
      /^Used today: [\d,]+ translation characters, [\d.,]+ audio seconds, [\d,]+ requests\.$/,
    );
    const textsBefore = (await sentTexts(app.sandbox)).length;
    await app.page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect
      .poll(() => app.page.getByTestId('circassian-run-translate').textContent(), { timeout: 60_000 })
      .toBe('Translations: 1 done of 1');
    await expect.poll(() => count('kbd', 'translated'), { timeout: 30_000 }).toBe(String(TITLES.length));
    await expect(count('kbd', 'outdated')).resolves.toBe('0');
    expect(await textsSince(textsBefore)).toEqual([NEW_TITLE]);
    expect((await app.strapi.article(ids[0] as string, 'kbd'))?.title).toBe(pseudoTranslate(NEW_TITLE, 'ru', 'kbd'));
    await shot('bulk-table-translated');
  });

  it('shows audio a cancel left unmade as "missing audio", and "Translate what changed" makes it', async () => {
    const prefix = app.sandbox.key.split('.')[0] as string;
    // The day's audio seconds spent (a real quota_exceeded): the new entry's audio waits, so a cancel finds it.
    await app.sandbox.admin.updateKey(prefix, { limits: { speech_seconds_per_day: 1 } });
    const fourth = (await app.strapi.createArticle({ title: 'Четвёртая статья таблицы', body: 'Текст четвёртой статьи.' })).documentId;
    await waitFor('the Kabardian audio waiting', async () => {
      const { body } = await app.strapi.plugin<{
        locales: Array<{ locale: string; status: string; audioStatus: { state: string } | null }>;
        queue: { pauses: { audio: { reason: string | null } } };
      }>('GET', `${app.strapi.entryPath(fourth)}/status`);
      const kbd = body.locales.find((entry) => entry.locale === 'kbd');
      return kbd?.status === 'translated' && kbd.audioStatus?.state === 'queued' && body.queue.pauses.audio.reason === 'quota_exceeded'
        ? true
        : undefined;
    });
    // What a cancelled run does to the audio it had not made yet.
    expect((await app.strapi.plugin('POST', `/bulk/${encodeURIComponent(ARTICLE_UID)}/locales/kbd/cancel`)).status).toBe(200);
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await expect.poll(() => count('kbd', 'audio-missing'), { timeout: 30_000 }).toBe('1');
    await expect(count('kbd', 'translated')).resolves.toBe(String(TITLES.length + 1));
    await shot('bulk-table-audio-missing');

    await app.sandbox.admin.updateKey(prefix, { limits: { speech_seconds_per_day: 100_000 } });
    expect((await app.strapi.plugin('POST', '/queue/resume')).status).toBe(200);
    await app.page.getByRole('button', { name: `Translate what changed: Article in ${KBD}`, exact: true }).click({ timeout: 30_000 });
    await expect.poll(() => app.page.getByTestId('circassian-estimate').textContent()).toMatch(/^1 entry in /);
    await app.page.getByRole('button', { name: 'Start', exact: true }).click();
    await waitFor('the Kabardian audio made by the run', async () => ((await app.strapi.article(fourth, 'kbd'))?.audio ? true : undefined));
    await expect.poll(() => count('kbd', 'audio-missing'), { timeout: 30_000 }).toBe('0');
  });

  it('translates again from the translation memory: a run over unchanged content sends no request, and its estimate says so', async () => {
    // Two entries' Kabardian versions deleted: their sources did not change, so the memory knows every text.
    for (const documentId of ids.slice(1))
      expect((await app.strapi.rest('DELETE', `/api/articles/${documentId}?locale=kbd`)).status).toBe(204);
    // A deleted locale version is missing, though the plugin once translated it: "Translate what changed" sends it again.
    await expect(countsOf('kbd')).resolves.toMatchObject({ 'not translated': 2 });
    const { body: changed } = await app.strapi.plugin<{ entries: number }>('POST', `/bulk/${encodeURIComponent(ARTICLE_UID)}/estimate`, {
      locales: ['kbd'],
      onlyChanged: true,
    });
    expect(changed.entries).toBe(2);
    const calls = async () => (await app.sandbox.admin.calls({ limit: 10_000 })).filter((call) => call.operation !== 'speech').length;
    const before = await calls();
    // A run of every Article entry in Kabardian alone.
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await app.page.getByRole('button', { name: 'Article', exact: true }).click({ timeout: 30_000 });
    for (const other of ['Adyghe (West Circassian) (ady)', 'English (en)'])
      await app.page.getByRole('checkbox', { name: other, exact: true }).click();
    await app.page.getByRole('button', { name: 'Estimate the cost', exact: true }).click();
    await expect
      .poll(() => app.page.getByTestId('circassian-estimate').textContent())
      .toMatch(new RegExp(`^4 entries in ${KBD.replace(/[()]/g, '\\$&')}, 0 texts to send: 0 characters`));
    await expect(app.page.getByTestId('circassian-estimate-memory').textContent()).resolves.toMatch(
      /^4 texts \([\d,]+ characters\) from the translation memory, at no cost\.$/,
    );
    await app.page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect
      .poll(() => app.page.getByTestId('circassian-run-translate').textContent(), { timeout: 60_000 })
      .toBe('Translations: 4 done of 4');
    for (const [index, documentId] of ids.slice(1).entries())
      expect((await app.strapi.article(documentId, 'kbd'))?.title).toBe(pseudoTranslate(TITLES[index + 1] as string, 'ru', 'kbd'));
    expect(await calls()).toBe(before);
    await shot('bulk-table-memory');
  });
});
