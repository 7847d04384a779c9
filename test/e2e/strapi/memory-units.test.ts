// The memory as CAT tools know it (issue 33), in the real Strapi and in Chromium: on a seeded
// memory, the edit view's panel shows a sentence's near match with its percentage and puts it into
// the form only when "Use this" is clicked; Settings > Circassian > Search the memory finds a unit
// by a word typed with a Latin I for the palochka, edits its translation (a person's, by the admin)
// and deletes another (asked first); an admin whose role lacks the memory's permission sees no
// search, no Edit or Delete, and the server refuses all three with 403.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTICLE_UID, StrapiClient, logInToAdmin, type RolePermission } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';

interface SearchPage {
  units: Array<{ id: number; source: string; target: string; origin: string; creator: string | null; changer: string | null }>;
  total: number;
  mayManage: boolean;
}

const tu = (source: string, target: string, origin: string, creator: string) =>
  `<tu creationid="${creator}" creationdate="20261101T100000Z"><prop type="x-circassian-origin">${origin}</prop>` +
  `<tuv xml:lang="ru"><seg>${source}</seg></tuv><tuv xml:lang="kbd"><seg>${target}</seg></tuv></tu>`;

/** The seeded memory: two near matches of the entry's summary, an exact unit of its title, and two units to search, edit and delete. */
const SEED = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="e2e" creationtoolversion="1" segtype="sentence" o-tmf="none" adminlang="en" srclang="ru" datatype="plaintext"/><body>
${tu('Вход на концерт свободный для всех.', 'Концертым хыхьэр хуитщ псоми.', 'human', 'zarema@circassian.test')}
${tu('Вход на концерт свободный для взрослых.', 'Концертым хыхьэр хуитщ балигъхэм.', 'machine', 'circassian-strapi')}
${tu('Зимний вечер поэзии', 'ЩӀымахуэ усэ пщыхьэщхьэ', 'human', 'zarema@circassian.test')}
${tu('Приходите к нам!', 'КъыдэкӀуэ!', 'machine', 'circassian-strapi')}
${tu('Мы ждём вас.', 'Дыныпоплъэ.', 'machine', 'circassian-strapi')}
</body></tmx>`;

const SUMMARY = 'Вход на концерт свободный для детей.';
const plugin = (...actions: string[]): RolePermission[] => actions.map((action) => ({ action: `plugin::circassian.${action}` }));

describe('Strapi: near matches in the panel, and the memory’s units one at a time', () => {
  let documentId: string;
  let reader: StrapiClient;
  const app = useStrapiAdmin({
    prepare: async (strapi) => {
      // Nothing is translated meanwhile: the memory holds only the seeded units.
      expect((await strapi.plugin('POST', '/queue/pause')).status).toBe(200);
      const imported = await fetch(`${strapi.ready.url}/circassian/memory/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await strapi.adminJwt()}`, 'content-type': 'application/x-tmx+xml' },
        body: SEED,
      });
      expect(imported.status).toBe(200);
      documentId = (await strapi.createArticle({ title: 'Зимний вечер поэзии', summary: SUMMARY })).documentId;
      // The Kabardian version as "Fill in from another locale" leaves it: the Russian copied, not translated yet.
      await strapi.updateArticle(documentId, { title: 'Зимний вечер поэзии', summary: SUMMARY }, { locale: 'kbd', publish: false });
      reader = await strapi.restrictedAdmin('Memory reader', [
        { action: 'plugin::content-manager.explorer.read', subject: ARTICLE_UID, properties: { locales: ['ru', 'kbd'] } },
        ...plugin('read'),
      ]);
    },
  });
  // The shared host's queue running again for the files after this one.
  afterAll(async () => {
    expect((await app.strapi.plugin('POST', '/queue/resume')).status).toBe(200);
  });
  const { shot } = app;
  const search = async (client: StrapiClient, phrase: string) =>
    (await client.plugin<SearchPage>('GET', `/memory/search?q=${encodeURIComponent(phrase)}`)).body;

  it('shows the summary’s near matches with their percentage and puts one into the field only on "Use this"', async () => {
    const page = app.page;
    await page.goto(`${app.host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}/${documentId}?plugins[i18n][locale]=kbd`);
    const near = page.getByTestId('circassian-near-matches');
    await near.waitFor({ timeout: 60_000 });
    const sentences = near.getByTestId('circassian-near-sentence');
    // The title has an exact unit (the translation uses it by itself): only the summary needs a choice.
    await expect(sentences.count()).resolves.toBe(1);
    await expect(sentences.first().textContent()).resolves.toContain(`summary: ${SUMMARY}`);
    const matches = near.getByTestId('circassian-near-match');
    // One word of six differs: 83%; the person's translation before the service's.
    await expect(matches.getByTestId('circassian-near-percent').allTextContents()).resolves.toEqual(['83%', '83%']);
    await expect(matches.first().textContent()).resolves.toContain('Концертым хыхьэр хуитщ псоми.');
    await expect(matches.first().textContent()).resolves.toContain('by a person, zarema@circassian.test');
    await expect(matches.nth(1).textContent()).resolves.toContain('by the service');
    const summary = page.locator('textarea[name="summary"]');
    // Shown, not inserted: the field still holds the Russian copy.
    await expect(summary.inputValue()).resolves.toBe(SUMMARY);
    await near.scrollIntoViewIfNeeded();
    await shot('near-matches', page);
    await matches.first().getByRole('button', { name: 'Use this' }).click();
    await expect.poll(() => summary.inputValue()).toBe('Концертым хыхьэр хуитщ псоми.');
    await expect(near.getByTestId('circassian-near-note').textContent()).resolves.toBe(
      'Put into summary, not saved: review it, then save.',
    );
    await summary.scrollIntoViewIfNeeded();
    await shot('near-match-used', page);
    await near.getByTestId('circassian-near-note').scrollIntoViewIfNeeded();
    await shot('near-match-used-note', page);
    // Nothing was saved by the click.
    expect((await app.strapi.article(documentId, 'kbd'))?.summary).toBe(SUMMARY);
  });

  it('finds a unit by a word typed with I for the palochka, edits its translation as the admin’s, and deletes another unit when confirmed', async () => {
    const page = app.page;
    await page.goto(`${app.host.ready.url}/admin/settings/circassian`);
    const section = page.getByTestId('circassian-memory-search');
    await section.waitFor({ timeout: 60_000 });
    const box = section.getByRole('textbox', { name: 'Word or phrase, in either language' });
    await box.fill('къыдэкIуэ');
    await section.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => section.getByTestId('circassian-search-count').textContent()).toBe('Units holding “къыдэкIуэ”: 1.');
    const unit = section.getByTestId('circassian-search-unit');
    await expect(unit.textContent()).resolves.toContain('kbd: КъыдэкӀуэ!');
    await expect(unit.textContent()).resolves.toContain('The service’s translation · circassian-strapi');
    await section.scrollIntoViewIfNeeded();
    await shot('memory-search', page);
    await unit.getByRole('button', { name: 'Edit' }).click();
    await unit.getByRole('textbox', { name: 'New translation' }).fill('КъыдэкӀуэ, дыныпоплъэ!');
    await unit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => unit.textContent()).toContain('kbd: КъыдэкӀуэ, дыныпоплъэ!');
    await expect(unit.textContent()).resolves.toContain(`A person’s translation · ${app.host.ready.admin.email}`);
    await expect(unit.textContent()).resolves.toContain('first by circassian-strapi');
    await unit.scrollIntoViewIfNeeded();
    await shot('memory-unit-edited', page);
    const [edited] = (await search(app.strapi, 'Приходите')).units;
    expect(edited).toMatchObject({
      target: 'КъыдэкӀуэ, дыныпоплъэ!',
      origin: 'human',
      creator: 'circassian-strapi',
      changer: app.host.ready.admin.email,
    });

    await box.fill('ждём');
    await section.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => section.getByTestId('circassian-search-count').textContent()).toBe('Units holding “ждём”: 1.');
    await section.getByTestId('circassian-search-unit').getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.textContent()).resolves.toContain('"Мы ждём вас." will be translated by the service again next time');
    await shot('memory-unit-delete-asked', page);
    await dialog.getByRole('button', { name: 'Delete the unit' }).click();
    await expect.poll(() => section.getByTestId('circassian-search-count').textContent()).toBe('Units holding “ждём”: 0.');
    await expect(page.getByTestId('circassian-memory-note').textContent()).resolves.toBe('Deleted the unit for "Мы ждём вас.".');
    expect((await search(app.strapi, 'ждём')).total).toBe(0);
    // The rest stays.
    expect((await search(app.strapi, 'концерт')).total).toBe(2);
  });

  it('keeps every unit’s text from an admin without the memory permission: search, edit and delete answer 403, and the settings page has no search', async () => {
    // What the memory holds is read as export and the reviewer's list are: an intern who may watch
    // translation status reads no text of it.
    expect((await reader.plugin('GET', `/memory/search?q=${encodeURIComponent('концерт')}`)).status).toBe(403);
    const [unit] = (await search(app.strapi, 'концерт')).units;
    const id = unit?.id ?? 0;
    expect((await reader.plugin('PUT', `/memory/units/${id}`, { target: 'Подмена' })).status).toBe(403);
    expect((await reader.plugin('DELETE', `/memory/units/${id}`)).status).toBe(403);
    expect((await search(app.strapi, 'концерт')).units.map((found) => found.target)).not.toContain('Подмена');
    expect((await search(app.strapi, 'концерт')).total).toBe(2);

    const context = await app.browser.newContext();
    const page: Page = await context.newPage();
    try {
      await logInToAdmin(page, app.host.ready, reader.ready.admin);
      await page.goto(`${app.host.ready.url}/admin/settings/circassian`);
      // The memory's counts are there (read), its search is not.
      await page.getByTestId('circassian-memory').waitFor({ timeout: 60_000 });
      await expect.poll(() => page.getByTestId('circassian-memory').textContent(), { timeout: 30_000 }).toMatch(/units/);
      await expect(page.getByTestId('circassian-memory-search').count()).resolves.toBe(0);
      await shot('memory-search-read-only', page);
    } finally {
      await context.close();
    }
  });
});
