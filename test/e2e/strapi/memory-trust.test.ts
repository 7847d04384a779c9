// Who teaches the translation memory, in the real Strapi and in Chromium: a reviewer whose role
// holds plugin::circassian.memory publishes a hand edit in the Content Manager and the memory learns
// the sentence they changed (the publish does not wait a minute for a database connection), paired
// with the source sentence it translates, never a changed source with a stale target; an editor
// without that permission, an API token and a status-only admin change nothing that others get
// back, whichever way they try (publish, export, import, clear).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ARTICLE_UID, StrapiClient, logInToAdmin, queueSettled, waitFor, type RolePermission } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';
import { pseudoTranslate } from '@circassian/sandbox/testing';

const kbd = (text: string) => pseudoTranslate(text, 'ru', 'kbd');
const ARTICLE_FIELDS = ['title', 'slug', 'summary', 'body', 'content', 'seo.metaTitle', 'seo.metaDescription', 'sections', 'audio'];
const content = (action: string, locales: string[], fields?: string[]): RolePermission => ({
  action: `plugin::content-manager.explorer.${action}`,
  subject: ARTICLE_UID,
  properties: { locales, ...(fields ? { fields } : {}) },
});
/** Reads Russian and Kabardian, writes and publishes Kabardian: an editor of the Kabardian version. */
const KABARDIAN_EDITOR: RolePermission[] = [
  content('read', ['ru', 'kbd'], ARTICLE_FIELDS),
  content('create', ['kbd'], ARTICLE_FIELDS),
  content('update', ['kbd'], ARTICLE_FIELDS),
  content('publish', ['kbd']),
];
const plugin = (...actions: string[]): RolePermission[] => actions.map((action) => ({ action: `plugin::circassian.${action}` }));

interface Learning {
  by: string;
  taught: number;
  suggested: number;
  error: string | null;
}
interface Status {
  locales: Array<{ locale: string; status: string; learning?: Learning | null }>;
}
interface MemoryStats {
  stats: { units: number; pairs: Array<{ source: string; target: string; byOrigin: Record<string, number> }> };
  mayManage: boolean;
}

const DATES = 'Фестиваль пройдёт с 12 по 14 сентября.';
const NEW_DATES = 'Фестиваль пройдёт с 19 по 21 сентября.';
const ENTRANCE = 'Вход свободный.';

describe('Strapi: only the people a team trusts teach its translation memory', () => {
  let documentId: string;
  let reviewer: StrapiClient;
  let editor: StrapiClient;
  let statusOnly: StrapiClient;
  const app = useStrapiAdmin({
    prepare: async (strapi) => {
      documentId = (await strapi.createArticle({ title: 'Осенний фестиваль', body: `${DATES}\n\n${ENTRANCE}` })).documentId;
      await waitFor('the first translation', async () => ((await strapi.article(documentId, 'kbd'))?.audio ? true : undefined));
      reviewer = await strapi.restrictedAdmin('Reviewer', [...KABARDIAN_EDITOR, ...plugin('read', 'translate', 'memory')]);
      editor = await strapi.restrictedAdmin('Untrusted', [...KABARDIAN_EDITOR, ...plugin('read', 'translate')]);
      statusOnly = await strapi.restrictedAdmin('Status only', [content('read', ['ru', 'kbd'], ARTICLE_FIELDS), ...plugin('read')]);
    },
  });
  const { shot } = app;
  const editView = (locale: string) =>
    `${app.host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}/${documentId}?plugins[i18n][locale]=${locale}`;
  const kbdLearning = async () =>
    (await app.strapi.plugin<Status>('GET', `${app.strapi.entryPath(documentId)}/status`)).body.locales.find(
      (locale) => locale.locale === 'kbd',
    )?.learning ?? null;
  const exported = async () => {
    const response = await fetch(`${app.host.ready.url}/circassian/memory/export`, {
      headers: { authorization: `Bearer ${await app.strapi.adminJwt()}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const humanUnits = async () =>
    (await app.strapi.plugin<MemoryStats>('GET', '/memory')).body.stats.pairs.find((pair) => pair.target === 'kbd')?.byOrigin.human ?? 0;

  /** `login` in a browser context of its own, on `url`; closed after `work`. */
  async function asAdmin(login: StrapiClient, url: string, work: (page: Page) => Promise<void>): Promise<void> {
    const context = await app.browser.newContext();
    const page = await context.newPage();
    try {
      await logInToAdmin(page, app.host.ready, login.ready.admin);
      await page.goto(url);
      await work(page);
    } finally {
      await context.close();
    }
  }

  /** Changes the Kabardian title in the edit view and clicks Publish, as an editor does. */
  async function publishTitle(page: Page, title: string): Promise<void> {
    const field = page.locator('input[name="title"]');
    await field.waitFor({ timeout: 60_000 });
    await field.fill(title);
    const published = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().includes('/actions/publish'),
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    expect((await published).status()).toBe(200);
  }

  it("learns a reviewer's corrected sentence from a publish in the Content Manager, named by them, without holding the publish up", async () => {
    await queueSettled(app.strapi);
    const before = await humanUnits();
    await asAdmin(reviewer, editView('kbd'), async (page) => {
      await publishTitle(page, 'Бжыхьэ фестивалыр');
      // The panel says what the memory learnt: before, the publish waited a minute and nothing was learnt.
      const panel = page.getByTestId('circassian-panel');
      await expect
        .poll(() => panel.getByTestId('circassian-learning-kbd').textContent(), { timeout: 30_000 })
        .toMatch(/^The translation memory learnt 1 corrected sentence from the publish of .+ \(reviewer@circassian\.test\)\.$/);
      await shot('memory-learnt', page);
    });
    expect(await humanUnits()).toBe(before + 1);
    const tmx = await exported();
    // The service's unit is corrected: it keeps its creation (the plugin), the reviewer changed it.
    expect(tmx).toMatch(
      /<tu [^>]*creationid="circassian-strapi" changeid="reviewer@circassian\.test"[^>]*>\n(?:.*<prop .*\n)*.*<seg>Осенний фестиваль<\/seg><\/tuv>\n.*<seg>Бжыхьэ фестивалыр<\/seg>/,
    );
    // Where it was learnt: the entry.
    expect(tmx).toContain(`<prop type="x-circassian-where">${ARTICLE_UID}:${documentId}</prop>`);
  });

  it('never pairs a changed source sentence with the stale translation under it, after "Mark as reviewed" and a publish', async () => {
    await queueSettled(app.strapi);
    // The reviewer corrects the second line of the Kabardian body (a draft save in the Content Manager)...
    const [dates] = String((await app.strapi.article(documentId, 'kbd'))?.body).split('\n\n');
    expect(dates).toBe(kbd(DATES));
    await reviewer.admin('PUT', `/content-manager/collection-types/${ARTICLE_UID}/${documentId}?locale=kbd`, {
      body: `${dates}\n\nХыхьэр хуиту щытщ.`,
    });
    // ...then the Russian dates move, and the reviewer accepts the Kabardian as it is, and publishes it.
    await app.strapi.updateArticle(documentId, { body: `${NEW_DATES}\n\n${ENTRANCE}` });
    await waitFor('kbd outdated', async () => {
      const { body } = await app.strapi.plugin<Status>('GET', `${app.strapi.entryPath(documentId)}/status`);
      return body.locales.find((locale) => locale.locale === 'kbd')?.status === 'outdated' ? true : undefined;
    });
    await asAdmin(reviewer, editView('ru'), async (page) => {
      const panel = page.getByTestId('circassian-panel');
      await panel.getByRole('button', { name: 'Mark as reviewed' }).click({ timeout: 60_000 });
      await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe('Marked as reviewed.');
      // An edit of another field keeps Publish enabled (the writer published the Kabardian with its source meanwhile).
      await page.goto(editView('kbd'));
      const summary = page.locator('[name="summary"]');
      await summary.waitFor({ timeout: 60_000 });
      await summary.fill('Бжыхьэм щыӀэ фестиваль.');
      const published = page.waitForResponse((response) => response.url().includes('/actions/publish'));
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      expect((await published).status()).toBe(200);
    });
    await waitFor('the reviewed publish learnt', async () => ((await kbdLearning())?.taught === 1 ? true : undefined));
    const tmx = await exported();
    // The corrected line pairs with its own source line; the new dates pair with nothing.
    expect(tmx).toMatch(/<seg>Вход свободный\.<\/seg><\/tuv>\n.*<seg>Хыхьэр хуиту щытщ\.<\/seg>/);
    expect(tmx).not.toMatch(new RegExp(`<seg>${NEW_DATES}</seg></tuv>\\n.*<tuv xml:lang="kbd">`));
    expect((await app.log()).join('\n')).not.toMatch(/Timeout acquiring a connection/);
  });

  it("keeps an untrusted editor's published correction as their suggestion, which others do not get, and tells them so", async () => {
    await queueSettled(app.strapi);
    await asAdmin(editor, editView('kbd'), async (page) => {
      await publishTitle(page, 'Фестивалыр, зи цӀэр зэхъуэкӀа');
      const panel = page.getByTestId('circassian-panel');
      // Before: a human unit everyone got back.
      await expect
        .poll(() => panel.getByTestId('circassian-learning-kbd').textContent(), { timeout: 30_000 })
        .toMatch(
          /^1 corrected sentence of the publish of .+ \(untrusted@circassian\.test\) went into the translation memory as suggestions/,
        );
      await shot('memory-suggested', page);
    });
    expect(await exported()).toMatch(
      /<tu [^>]*creationid="untrusted@circassian\.test"[^>]*>\n.*\n.*\n.*x-circassian-status">suggestion<\/prop>\n.*<seg>Осенний фестиваль<\/seg><\/tuv>\n.*<seg>Фестивалыр, зи цӀэр зэхъуэкӀа<\/seg>/,
    );
    // An entry the untrusted editor did not create gets the reviewer's translation.
    const other = await app.strapi.createArticle({ title: 'Осенний фестиваль' });
    await waitFor('the other entry translated', async () =>
      (await app.strapi.article(other.documentId, 'kbd'))?.title === 'Бжыхьэ фестивалыр' ? true : undefined,
    );
  });

  it('lets a reviewer see who taught what, accept a suggestion for everyone, and remove everything one person taught', async () => {
    await asAdmin(reviewer, `${app.host.ready.url}/admin/settings/circassian`, async (page) => {
      const review = page.getByTestId('circassian-memory-review');
      await expect
        .poll(() => review.getByTestId('circassian-review').textContent(), { timeout: 30_000 })
        .toMatch(/untrusted@circassian\.test.*Фестивалыр, зи цӀэр зэхъуэкӀа.*Suggestion/);
      await expect(review.getByTestId('circassian-review').textContent()).resolves.toMatch(/reviewer@circassian\.test/);
      await shot('memory-review', page);
      // One person's units only: the untrusted editor's suggestion.
      await review.getByRole('combobox', { name: 'Written by' }).click();
      await page.getByRole('option', { name: /^untrusted@circassian\.test/ }).click();
      await expect.poll(() => review.getByRole('row').count()).toBe(2);
      // Where it was learnt, as the entry a reviewer can open: its type and title, not its id.
      const where = review.getByRole('link', { name: /^Article “.+”$/ });
      await expect.poll(() => where.getAttribute('href')).toContain(`/admin/content-manager/collection-types/${ARTICLE_UID}/`);
      expect(await review.getByText(/api::article\.article:/).count()).toBe(0);
      await review.getByRole('button', { name: 'Accept' }).click();
      await expect
        .poll(() => page.getByTestId('circassian-memory-note').textContent())
        .toBe('Accepted: everyone now gets "Фестивалыр, зи цӀэр зэхъуэкӀа" for "Осенний фестиваль".');
      await shot('memory-accepted', page);
    });
    // Accepted: a new entry with that title, by anyone, gets the editor's words, reviewed.
    const accepted = await app.strapi.createArticle({ title: 'Осенний фестиваль' });
    await waitFor('the accepted translation', async () =>
      (await app.strapi.article(accepted.documentId, 'kbd'))?.title === 'Фестивалыр, зи цӀэр зэхъуэкӀа' ? true : undefined,
    );
    expect(await exported()).toMatch(
      /<tu [^>]*changeid="reviewer@circassian\.test"[^>]*>\n.*x-circassian-origin">reviewed<\/prop>\n(.*\n)*?.*<seg>Фестивалыр, зи цӀэр зэхъуэкӀа<\/seg>/,
    );
    // Everything the reviewer themselves taught goes at once (their units and changes), asked first.
    await asAdmin(reviewer, `${app.host.ready.url}/admin/settings/circassian`, async (page) => {
      const review = page.getByTestId('circassian-memory-review');
      await review.getByRole('combobox', { name: 'Written by' }).click({ timeout: 30_000 });
      await page.getByRole('option', { name: /^reviewer@circassian\.test/ }).click();
      await review.getByRole('button', { name: 'Remove everything reviewer@circassian.test taught' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Remove them' }).click();
      await expect
        .poll(() => page.getByTestId('circassian-memory-note').textContent())
        .toMatch(/^Removed \d+ units? reviewer@circassian\.test taught\.$/);
    });
    expect(await exported()).not.toContain('changeid="reviewer@circassian.test"');
    expect(await exported()).not.toContain('creationid="reviewer@circassian.test"');
  });

  it('lets a status-only admin read the counts and nothing else: no export, import, clear, preview or publish changes what others get back', async () => {
    await queueSettled(app.strapi);
    const before = await exported();
    const counts = await statusOnly.plugin<MemoryStats>('GET', '/memory');
    expect(counts.status).toBe(200);
    expect(counts.body.mayManage).toBe(false);
    const tmx = before.replace('Хыхьэр хуиту щытщ.', 'Подмена');
    const tries = [
      fetch(`${app.host.ready.url}/circassian/memory/export`, { headers: { authorization: `Bearer ${await statusOnly.adminJwt()}` } }),
      fetch(`${app.host.ready.url}/circassian/memory/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await statusOnly.adminJwt()}`, 'content-type': 'application/x-tmx+xml' },
        body: tmx,
      }),
    ];
    for (const response of await Promise.all(tries)) expect(response.status).toBe(403);
    expect((await statusOnly.plugin('POST', '/memory/clear', { source: 'ru', target: 'kbd' })).status).toBe(403);
    expect((await statusOnly.plugin('POST', `${statusOnly.entryPath(documentId)}/preview`, { locale: 'kbd' })).status).toBe(403);
    expect((await statusOnly.plugin('POST', `${statusOnly.entryPath(documentId)}/reviewed`, {})).status).toBe(403);
    // The Content Manager refuses their edit and publish of the Kabardian version: nothing to learn from.
    const edit = await fetch(
      `${app.host.ready.url}/content-manager/collection-types/${ARTICLE_UID}/${documentId}/actions/publish?locale=kbd`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await statusOnly.adminJwt()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Подмена' }),
      },
    );
    expect(edit.status).toBe(403);
    await asAdmin(statusOnly, `${app.host.ready.url}/admin/settings/circassian`, async (page) => {
      await expect
        .poll(() => page.getByTestId('circassian-memory-role-note').textContent(), { timeout: 30_000 })
        .toMatch(/^Your role may see these counts but not export, import or clear the memory, nor teach it/);
      expect(await page.getByRole('button', { name: 'Export TMX' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Clear/ }).count()).toBe(0);
      await shot('memory-status-only', page);
    });
    expect(await exported()).toBe(before);
  });

  it('refuses a TMX body larger than an import reads, before reading it, and imports nothing', async () => {
    const before = await exported();
    const { request } = await import('node:http');
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL('/circassian/memory/import', app.host.ready.url);
      void app.strapi.adminJwt().then((jwt) => {
        const call = request(
          url,
          {
            method: 'POST',
            headers: {
              authorization: `Bearer ${jwt}`,
              'content-type': 'application/x-tmx+xml',
              'content-length': String(65 * 1024 * 1024),
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        call.on('error', reject);
        // A start of the body only: the answer comes before the rest is sent, then the request is dropped.
        call.write(before.slice(0, 1000));
        call.on('response', (response) => response.on('end', () => call.destroy()));
      });
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      error: { name: 'PayloadTooLargeError', message: expect.stringMatching(/^The file is larger than an import reads \(64 MB\)/) },
    });
    expect(await exported()).toBe(before);
  });
});
