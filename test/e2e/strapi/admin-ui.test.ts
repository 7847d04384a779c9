// The admin panel in Chromium: log in, open an article's edit view, read its translation status
// in the plugin's panel and click "Translate now" and "Generate audio"; then the settings page
// (key name and limits, never the key) and the bulk page's cost estimate.
import { readFileSync } from 'node:fs';
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTICLE_UID, logInToAdmin, waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';
// The local service's stand-in translation: deterministic, so the expected text is computed exactly.
import { pseudoTranslate } from '@circassian/sandbox/testing';

const ARTICLE_FIELDS = ['title', 'slug', 'summary', 'body', 'content', 'seo.metaTitle', 'seo.metaDescription', 'sections', 'audio'];

describe('Strapi admin: the Circassian panel, settings and bulk pages in Chromium', () => {
  let documentId: string;
  const pageText: string[] = [];
  const app = useStrapiAdmin({
    // The bulk page's estimate counts every entry of the type on the host ("1 entry"): not the shared one.
    ownHost: true,
    prepare: async (strapi) => {
      documentId = (await strapi.createArticle({ title: 'Статья для редактора', body: 'Текст статьи для озвучки.' })).documentId;
      await waitFor('the first translation', async () => ((await strapi.article(documentId, 'kbd'))?.audio ? true : undefined));
    },
    beforeLogIn: async (page, ready) => {
      // The page's timers on Playwright's clock, flowing as real time until a test moves or stops it:
      // a minute of the settings page's polling runs in a moment, and a paused clock proves that a
      // status came from a save rather than from the panel's next poll.
      await page.clock.install();
      page.on('response', (response) => {
        if (response.url().startsWith(ready.url))
          void response.text().then(
            (text) => pageText.push(text),
            () => {},
          );
      });
    },
  });
  const { shot } = app;
  const editView = (locale: string) =>
    `${app.host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=${locale}`;

  it('shows the status per locale in the edit view and queues work from its buttons', async () => {
    await app.page.goto(
      `${app.host.ready.url}/admin/content-manager/collection-types/api::article.article/${documentId}?plugins[i18n][locale]=ru`,
    );
    const panel = app.page.getByTestId('circassian-panel');
    await panel.waitFor({ timeout: 60_000 });
    // Translated by the queue in the background: on a busy machine that took past 20 s.
    await expect
      .poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 120_000 })
      .toContain('Kabardian (East Circassian) (kbd): Translated');

    const speechBefore = (await app.sandbox.admin.calls({ operation: 'speech' })).length;
    await app.strapi.updateArticle(documentId, { body: 'Новый текст статьи для озвучки.' });
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toBe('Audio generation queued for Kabardian (East Circassian) (kbd), Adyghe (West Circassian) (ady).');
    await panel.getByRole('button', { name: 'Translate now' }).click();
    // The save's own jobs may have translated a locale already: it is named as up to date, the others queued.
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toMatch(/^Translation queued\.( Already up to date: [^.]+\.)?$|^Nothing to translate: .+ up to date with the source\.$/);
    await expect
      .poll(async () => (await app.sandbox.admin.calls({ operation: 'speech' })).length, { timeout: 30_000 })
      .toBeGreaterThan(speechBefore);
  });

  it('asks before replacing edits made by hand, listing the fields, and replaces only after the confirm', async () => {
    type Status = { locales: Array<{ locale: string; status: string; keptByHand: string[] }> };
    const kbdStatus = async () =>
      (await app.strapi.plugin<Status>('GET', `${app.strapi.entryPath(documentId)}/status`)).body.locales.find(
        (locale) => locale.locale === 'kbd',
      );
    await waitFor('the kbd translation', async () => ((await kbdStatus())?.status === 'translated' ? true : undefined));
    const handTitle = 'Заголовок, исправленный рукой';
    await app.strapi.updateArticle(documentId, { title: handTitle }, { locale: 'kbd', publish: false });
    await app.strapi.plugin('POST', `${app.strapi.entryPath(documentId)}/translate`, { locales: ['kbd'] });
    await waitFor('the hand edit kept', async () => ((await kbdStatus())?.keptByHand.includes('title') ? true : undefined));

    await app.page.goto(editView('ru'));
    const panel = app.page.getByTestId('circassian-panel');
    await panel.getByRole('button', { name: 'Translate again, replacing edits' }).click({ timeout: 60_000 });
    const dialog = app.page.getByRole('alertdialog');
    await expect.poll(() => dialog.getByTestId('circassian-replace-fields').textContent()).toBe('Kabardian (East Circassian) (kbd): title');
    await shot('replace-edits-dialog');
    await dialog.getByRole('button', { name: 'Keep my edits' }).click();
    expect((await app.strapi.article(documentId, 'kbd'))?.title).toBe(handTitle);

    await panel.getByRole('button', { name: 'Translate again, replacing edits' }).click();
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Replace these fields' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toBe('Translation queued; the listed fields will be replaced.');
    await waitFor('the replaced title', async () =>
      (await app.strapi.article(documentId, 'kbd'))?.title?.startsWith('[kbd]') ? true : undefined,
    );
  });

  it('names the source fields that changed under a kept edit and marks them reviewed', async () => {
    type Status = { locales: Array<{ locale: string; status: string; keptByHand: string[]; outdatedFields: string[] }> };
    const kbdStatus = async () =>
      (await app.strapi.plugin<Status>('GET', `${app.strapi.entryPath(documentId)}/status`)).body.locales.find(
        (locale) => locale.locale === 'kbd',
      );
    await app.strapi.updateArticle(documentId, { title: 'Своё название' }, { locale: 'kbd', publish: false });
    await app.strapi.updateArticle(documentId, { title: 'Статья с новым названием' });
    await waitFor('kbd outdated', async () => ((await kbdStatus())?.status === 'outdated' ? true : undefined));

    await app.page.goto(editView('ru'));
    const panel = app.page.getByTestId('circassian-panel');
    await expect
      .poll(() => panel.getByTestId('circassian-outdated-kbd').textContent(), { timeout: 60_000 })
      .toBe('Changed in Russian (ru): title');
    await shot('source-changed');
    const batchesBefore = (await app.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;
    await panel.getByRole('button', { name: 'Mark as reviewed' }).click();
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe('Marked as reviewed.');
    await expect
      .poll(() => panel.getByTestId('circassian-status-kbd').textContent())
      .toContain('Kabardian (East Circassian) (kbd): Translated');
    expect(await panel.getByTestId('circassian-outdated-kbd').count()).toBe(0);
    expect(await kbdStatus()).toMatchObject({ status: 'translated', outdatedFields: [], keptByHand: ['title'] });
    // Reviewing sends nothing and keeps the editor's title.
    expect((await app.sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length).toBe(batchesBefore);
    expect((await app.strapi.article(documentId, 'kbd'))?.title).toBe('Своё название');
  });

  it('fills the ady edit form with a translation to review, without saving it, and asks before replacing a field edited by hand', async () => {
    const draftTitle = 'Набросок редактора';
    // Saved as a draft in the Content Manager (a REST write publishes, and a published edit would teach the translation memory).
    await app.strapi.admin('PUT', `/content-manager/collection-types/${ARTICLE_UID}/${documentId}?locale=ady`, { title: draftTitle });
    const source = await app.strapi.article(documentId, 'ru');
    await app.page.goto(editView('ady'));
    const title = app.page.locator('input[name="title"]');
    await expect.poll(() => title.inputValue(), { timeout: 60_000 }).toBe(draftTitle);
    const panel = app.page.getByTestId('circassian-panel');
    // Before: the editor's title was replaced in the form with the machine's, without a word.
    await panel.getByRole('button', { name: 'Translate into this locale' }).click({ timeout: 30_000 });
    const dialog = app.page.getByRole('alertdialog');
    await expect
      .poll(() => dialog.getByTestId('circassian-fill-edited').textContent())
      .toMatch(/^These fields hold edits made by hand: title\./);
    await shot('translate-into-locale-ask');
    await dialog.getByRole('button', { name: 'Fill only the other fields' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toMatch(/^Filled .*from Russian \(ru\), not saved: review, then save\. Kept as edited: title\.$/);
    expect(await title.inputValue()).toBe(draftTitle);
    await panel.getByRole('button', { name: 'Translate into this locale' }).click();
    await app.page.getByRole('alertdialog').getByRole('button', { name: 'Replace them too' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toMatch(/^Filled title, .*from Russian \(ru\), not saved: review, then save\.$/);
    await expect.poll(() => title.inputValue()).toBe(pseudoTranslate(source?.title ?? '', 'ru', 'ady'));
    await shot('translate-into-locale');
    // Nothing was written: the saved ady draft still has the editor's title.
    expect((await app.strapi.article(documentId, 'ady'))?.title).toBe(draftTitle);
  });

  it('shows an editor whose role covers only Kabardian which locales are outside it, and translates only Kabardian', async () => {
    const editor = await app.strapi.restrictedAdmin('Panel Kabardian', [
      {
        action: 'plugin::content-manager.explorer.read',
        subject: ARTICLE_UID,
        properties: { fields: ARTICLE_FIELDS, locales: ['ru', 'kbd'] },
      },
      { action: 'plugin::content-manager.explorer.publish', subject: ARTICLE_UID, properties: { locales: ['kbd'] } },
      ...['create', 'update'].map((action) => ({
        action: `plugin::content-manager.explorer.${action}`,
        subject: ARTICLE_UID,
        properties: { fields: ARTICLE_FIELDS, locales: ['kbd'] },
      })),
      ...['read', 'translate'].map((action) => ({ action: `plugin::circassian.${action}` })),
    ]);
    const context = await app.browser.newContext();
    const editorPage = await context.newPage();
    try {
      await logInToAdmin(editorPage, app.host.ready, editor.ready.admin);
      await editorPage.goto(editView('ru'));
      const panel = editorPage.getByTestId('circassian-panel');
      await expect
        .poll(() => panel.getByTestId('circassian-role-note').textContent(), { timeout: 60_000 })
        .toBe(
          'Your role does not cover Adyghe (West Circassian) (ady), English (en); the buttons work on Kabardian (East Circassian) (kbd).',
        );
      const asked: unknown[] = [];
      editorPage.on('request', (request) => {
        if (request.url().endsWith('/translate')) asked.push(request.postDataJSON());
      });
      await panel.getByRole('button', { name: 'Translate now' }).click();
      // Kabardian is translated and unchanged: said so, not "Translation queued." (before).
      await expect
        .poll(() => panel.getByTestId('circassian-message').textContent())
        .toBe('Nothing to translate: Kabardian (East Circassian) (kbd) is up to date with the source.');
      expect(asked).toEqual([{ locales: ['kbd'] }]);
      await shot('role-covers-kbd', editorPage);
    } finally {
      await context.close();
    }
  });

  it('says on the bulk page which locale a bulk run was refused for', async () => {
    const editor = await app.strapi.restrictedAdmin('Bulk Kabardian', [
      {
        action: 'plugin::content-manager.explorer.read',
        subject: ARTICLE_UID,
        properties: { fields: ARTICLE_FIELDS, locales: ['ru', 'kbd', 'ady', 'en'] },
      },
      ...['create', 'update'].map((action) => ({
        action: `plugin::content-manager.explorer.${action}`,
        subject: ARTICLE_UID,
        properties: { fields: ARTICLE_FIELDS, locales: ['kbd'] },
      })),
      { action: 'plugin::content-manager.explorer.publish', subject: ARTICLE_UID, properties: { locales: ['kbd'] } },
      ...['read', 'bulk'].map((action) => ({ action: `plugin::circassian.${action}` })),
    ]);
    const context = await app.browser.newContext();
    const editorPage = await context.newPage();
    try {
      await logInToAdmin(editorPage, app.host.ready, editor.ready.admin);
      await editorPage.goto(`${app.host.ready.url}/admin/plugins/circassian`);
      await editorPage.getByRole('button', { name: 'Estimate the cost' }).click({ timeout: 30_000 });
      await expect.poll(() => editorPage.getByTestId('circassian-estimate').textContent()).toMatch(/^1 entry in /);
      await editorPage.getByRole('button', { name: 'Start' }).click();
      await expect
        .poll(() => editorPage.getByTestId('circassian-bulk-error').textContent())
        .toMatch(/^Your role may not create Article entries in Adyghe .*\(ady\), so nothing was queued/);
      await shot('bulk-refused', editorPage);
    } finally {
      await context.close();
    }
  });

  it('shows a role that may only read statuses no controls it cannot use, and a "no access" page for bulk translation', async () => {
    const reader = await app.strapi.restrictedAdmin('Status reader', [
      {
        action: 'plugin::content-manager.explorer.read',
        subject: ARTICLE_UID,
        properties: { fields: ARTICLE_FIELDS, locales: ['ru', 'kbd', 'ady', 'en'] },
      },
      { action: 'plugin::circassian.read' },
    ]);
    const context = await app.browser.newContext();
    const readerPage = await context.newPage();
    try {
      await logInToAdmin(readerPage, app.host.ready, reader.ready.admin);
      // Before: a blank page (its overview answered 403 and nothing was said).
      await readerPage.goto(`${app.host.ready.url}/admin/plugins/circassian`);
      await expect
        .poll(() => readerPage.getByTestId('circassian-no-access').textContent(), { timeout: 30_000 })
        .toMatch(/^Your role may not use Circassian bulk translation\./);
      await shot('bulk-no-access', readerPage);
      // Before: Pause and Resume the queue shown, failing silently with 403.
      await readerPage.goto(`${app.host.ready.url}/admin/settings/circassian`);
      await readerPage.getByTestId('circassian-usage').waitFor({ timeout: 30_000 });
      await expect(readerPage.getByRole('button', { name: 'Pause the queue' }).count()).resolves.toBe(0);
      await expect(readerPage.getByTestId('circassian-queue-note').textContent()).resolves.toMatch(/bulk translations/);
      // Before: Translate now, Generate audio and the voice shown, each failing with 403.
      await readerPage.goto(editView('ru'));
      const panel = readerPage.getByTestId('circassian-panel');
      await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 60_000 }).toMatch(/\(kbd\): /);
      await expect(panel.getByRole('button').count()).resolves.toBe(0);
      await expect(panel.getByTestId('circassian-role-note').textContent()).resolves.toMatch(/not start translations or audio/);
      await shot('panel-read-only', readerPage);
    } finally {
      await context.close();
    }
  });

  it('keeps the settings page open and idle for a minute without one request to the service', async () => {
    // The queue has finished the earlier tests' work, so any call from now on would be the page's.
    await waitFor('an idle queue', async () => {
      const { counts } = (await app.strapi.plugin<{ queue: { counts: Record<string, number> } }>('GET', '/settings')).body.queue;
      return counts.pending === 0 && counts.running === 0 ? true : undefined;
    });
    const callsBefore = (await app.sandbox.admin.calls({ limit: 10_000 })).length;
    await app.page.goto(`${app.host.ready.url}/admin/settings/circassian`);
    await app.page.getByTestId('circassian-usage').waitFor({ timeout: 30_000 });
    let looks = 0;
    const open = new Set<Request>();
    const isPlugin = (request: Request) => new URL(request.url()).pathname.startsWith('/circassian/');
    const sent = (request: Request) => {
      if (!isPlugin(request)) return;
      looks += 1;
      open.add(request);
    };
    const ended = (request: Request) => open.delete(request);
    app.page.on('request', sent);
    app.page.on('requestfinished', ended);
    app.page.on('requestfailed', ended);
    try {
      // A minute of the page's own time: every poll it makes in that minute, made now.
      await app.page.clock.runFor(60_000);
      // It kept looking (the settings every 5 s), and every look has its answer before the count below.
      expect(looks).toBeGreaterThanOrEqual(10);
      await expect.poll(() => open.size).toBe(0);
    } finally {
      app.page.off('request', sent);
      app.page.off('requestfinished', ended);
      app.page.off('requestfailed', ended);
    }
    await expect(app.page.getByTestId('circassian-usage').textContent()).resolves.toMatch(/Translation characters: [\d,]+/);
    // The host has lame: the page says audio is made as MP3, and with what.
    await expect(app.page.getByTestId('circassian-audio-format').textContent()).resolves.toBe(
      'Audio files are MP3, encoded on this server with lame.',
    );
    await shot('settings-idle');
    expect((await app.sandbox.admin.calls({ limit: 10_000 })).length).toBe(callsBefore);
  });

  it('shows the key name and limits on the settings page after "Test connection", with one me() call', async () => {
    const meBefore = (await app.sandbox.admin.calls({ operation: 'me', limit: 10_000 })).length;
    await app.page.getByTestId('circassian-test-connection').click();
    await expect.poll(() => app.page.getByTestId('circassian-key-name').textContent(), { timeout: 30_000 }).toBe('Name: sandbox');
    await expect(app.page.getByText('Requests per minute: 60').isVisible()).resolves.toBe(true);
    await expect(app.page.getByTestId('circassian-test-message').textContent()).resolves.toBe('The service accepted the key "sandbox".');
    expect((await app.sandbox.admin.calls({ operation: 'me', limit: 10_000 })).length).toBe(meBefore + 1);
    await shot('settings-tested');
  });

  it('shows the translation memory per language pair, downloads it as TMX and imports that file back', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/settings/circassian`);
    await expect
      .poll(() => app.page.getByTestId('circassian-memory').textContent(), { timeout: 30_000 })
      .toMatch(
        /Russian \(ru\) into Kabardian \(East Circassian\) \(kbd\): \d+ units \(\d+ from the service, \d+ corrected by editors, \d+ reviewed, \d+ suggested\)Clear/,
      );
    const [download] = await Promise.all([
      app.page.waitForEvent('download'),
      app.page.getByRole('button', { name: 'Export TMX', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('circassian-memory.tmx');
    // The downloaded file, picked under its own name (Playwright keeps downloads under a generated one).
    await app.page.getByTestId('circassian-memory-file').setInputFiles({
      name: download.suggestedFilename(),
      mimeType: 'application/x-tmx+xml',
      buffer: readFileSync(await download.path()),
    });
    await expect
      .poll(() => app.page.getByTestId('circassian-memory-note').textContent())
      .toMatch(/^Imported \d+ units from circassian-memory\.tmx: 0 new or changed, 0 not stored over a correction, 0 left out\.$/);
    await shot('settings-memory');
  });

  it('estimates the cost of a bulk run before starting it', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await app.page.getByRole('button', { name: 'Estimate the cost' }).click({ timeout: 30_000 });
    await expect
      .poll(() => app.page.getByTestId('circassian-estimate').textContent())
      .toMatch(
        /^1 entry in Kabardian \(East Circassian\) \(kbd\), Adyghe \(West Circassian\) \(ady\), English \(en\), \d+ texts? to send: [\d,]+ characters/,
      );
  });

  it('says "in progress" the moment Save ends, not "Translated" until its next look', async () => {
    // Kabardian paused: its job waits after the save, so "in progress" is what the panel must say.
    const kbdPause = `/bulk/${encodeURIComponent(ARTICLE_UID)}/locales/kbd`;
    expect((await app.strapi.plugin('POST', `${kbdPause}/pause`)).status).toBe(200);
    try {
      await app.page.goto(editView('ru'));
      const panel = app.page.getByTestId('circassian-panel');
      await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent(), { timeout: 60_000 }).toMatch(/: Translated/);
      const title = app.page.locator('input[name="title"]');
      const save = app.page.getByRole('button', { name: 'Save', exact: true });
      const edited = 'Статья для редактора, после сохранения';
      // Typed until Save can be pressed: the edit view resets its form when the entry it shows is
      // read again, and an edit typed just before that is gone (the CI run of stop 42 waited 30 s
      // on a Save that stayed disabled). A person types it again.
      const editTitle = () =>
        expect
          .poll(
            async () => {
              if ((await title.inputValue()) !== edited) await title.fill(edited);
              return save.isEnabled();
            },
            { timeout: 30_000 },
          )
          .toBe(true);
      await editTitle();
      // The panel's own look every 3 s stops here: "in progress" can come only from the save's end.
      // Paused a little ahead of both clocks (the page's runs ahead after the idle minute's runFor).
      await app.page.clock.pauseAt(Math.max(Date.now(), await app.page.evaluate(() => Date.now())) + 120_000);
      await editTitle();
      const saved = app.page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes(documentId));
      await save.click();
      await saved;
      await expect.poll(() => panel.getByTestId('circassian-status-kbd').textContent()).toMatch(/: Translation in progress/);
    } finally {
      await app.page.clock.resume();
      await app.strapi.plugin('POST', `${kbdPause}/resume`);
    }
  });

  it('never sends the key to the browser', () => {
    const secret = app.sandbox.key.split('.')[1] as string;
    expect(pageText.length).toBeGreaterThan(10);
    for (const text of pageText) expect(text).not.toContain(secret);
  });
});
