// The glossary in the real Strapi, in Chromium, against the local service over HTTP: terms added
// on the settings page (a surname kept as written, a term translated as agreed) and by the API (a
// forbidden word, a respelling for speech); on save the surname never reaches the service as text
// (the service's call log) and comes back unchanged, the term comes back agreed, and the audio's
// speech request carries the respelling while the stored text and the timings keep the word; an
// editor's forbidden word is flagged in the edit view's panel, and "Translate now" puts the agreed
// terms back; a TBX file Weblate exported imports, an invalid file is refused with its reason and
// changes nothing, and the export reads in an independent TBX reader (the browser's DOMParser) and
// imports again as the same glossary; a role without the memory's permission is refused every
// glossary route and told so on its settings page. This file's terms are deleted when it ends (the host is shared).
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { pseudoTranslate } from '@circassian/sandbox/testing';
import { screenshotIfAsked } from '@circassian/test-support/hosts/vscode/workbench.js';
import { ARTICLE_UID, logInToAdmin, queueSettled, sentTexts, sentTextsSince, waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';

interface GlossaryRow {
  id: number;
  sourceLang: string;
  targetLang: string;
  type: string;
  source: string;
  target: string;
  note?: string;
}
interface TermProblem {
  field: string;
  kind: string;
  term: string;
}
interface Status {
  locales: Array<{ locale: string; termProblems?: TermProblem[] }>;
}
interface Timings {
  sentences: Array<{ text: string }>;
}

const WEBLATE_TBX = new URL('../../../packages/core/test/fixtures/glossary/weblate-export.tbx', import.meta.url);
/** A surname (the town's name as a family name): kept as written, never sent. */
const SURNAME = 'Нальчик';
const TERM = 'водопад';
const AGREED = 'псыхьэлъэ';
const SAID = 'На́льчик';
const TITLE = `Профессор ${SURNAME} и ${TERM}`;
const BODY = `${SURNAME} любит ${TERM}.`;
/** What the service makes of the title sent with its terms as markers, the terms put back. */
const KBD_TITLE = pseudoTranslate('Профессор <x1/> и <x2/>', 'ru', 'kbd').replace('<x1/>', SURNAME).replace('<x2/>', AGREED);

describe('Strapi glossary: kept names, agreed terms, forbidden words and respellings, on the settings page and in every translation', () => {
  let startIds: Set<number> | undefined;
  let documentId = '';
  let sentAtStart = 0;
  let speechAtStart = 0;
  let batchesAtStart = 0;
  const app = useStrapiAdmin({
    prepare: async (strapi, sandbox) => {
      startIds = new Set((await strapi.plugin<{ entries: GlossaryRow[] }>('GET', '/glossary')).body.entries.map((entry) => entry.id));
      sentAtStart = (await sentTexts(sandbox)).length;
      speechAtStart = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
      batchesAtStart = (await sandbox.admin.calls({ operation: 'batch', limit: 10_000 })).length;
    },
  });
  const { shot } = app;
  /** The batch requests the service received since this file started, newest first. */
  const sentRequests = async () =>
    (await app.sandbox.admin.calls({ operation: 'batch', limit: 10_000 }))
      .slice(0, -batchesAtStart || undefined)
      .map((call) => call.content?.request as { texts: string[]; target_lang: string });
  const entries = async () => (await app.strapi.plugin<{ entries: GlossaryRow[] }>('GET', '/glossary')).body.entries;
  const settingsPage = () => app.page.goto(`${app.host.ready.url}/admin/settings/circassian`);
  const termProblems = async () =>
    (await app.strapi.plugin<Status>('GET', `${app.strapi.entryPath(documentId)}/status`)).body.locales.find(
      (locale) => locale.locale === 'kbd',
    )?.termProblems ?? [];

  afterAll(async () => {
    // The shared host's other files translate with no glossary of this file's.
    for (const entry of await entries()) if (!startIds?.has(entry.id)) await app.strapi.plugin('DELETE', `/glossary/${entry.id}`);
  });

  it('adds a kept surname and an agreed term on the settings page, as an editor would', async () => {
    await settingsPage();
    const section = app.page.getByTestId('circassian-glossary');
    await section.getByLabel('Term').fill(SURNAME);
    await section.getByLabel('Note').fill('фамилия');
    await section.getByRole('button', { name: 'Add term' }).click();
    await expect.poll(() => section.getByTestId('circassian-glossary-note').textContent()).toContain(`Added "${SURNAME}"`);
    await section.getByRole('combobox', { name: 'Kind' }).click();
    await app.page.getByRole('option', { name: 'Translate as' }).click();
    await section.getByLabel('Term').fill(TERM);
    await section.getByLabel('Agreed translation').fill(AGREED);
    await section.getByRole('button', { name: 'Add term' }).click();
    await expect.poll(() => section.getByTestId('circassian-glossary-note').textContent()).toContain(`Added "${TERM}"`);
    await section.getByTestId('circassian-glossary-note').scrollIntoViewIfNeeded();
    await screenshotIfAsked(app.page, 'strapi-settings-glossary');
    // Terms are per language pair: the surname is kept in Adyghe and English too. A forbidden word and a
    // respelling for the Kabardian voice go through the same routes.
    for (const entry of [
      { sourceLang: 'ru', targetLang: 'ady', type: 'keep', source: SURNAME, target: '' },
      { sourceLang: 'ru', targetLang: 'en', type: 'keep', source: SURNAME, target: '' },
      { sourceLang: 'ru', targetLang: 'kbd', type: 'forbidden', source: 'обновление', target: 'апдейт', note: 'калька' },
      { sourceLang: 'kbd', targetLang: 'ru', type: 'say', source: SURNAME, target: SAID },
    ])
      expect((await app.strapi.plugin('POST', '/glossary', entry)).status).toBe(200);
    await settingsPage();
    await expect.poll(() => section.getByTestId('circassian-glossary-table').locator('tbody tr').count()).toBe(6);
    // The admin scrolls inside its main pane: the section is brought into view for the screenshot.
    await section.getByTestId('circassian-glossary-table').scrollIntoViewIfNeeded();
    await shot('glossary-settings');
    expect((await entries()).filter((entry) => !startIds?.has(entry.id)).map(({ type, source, target }) => [type, source, target])).toEqual(
      [
        ['keep', SURNAME, SURNAME],
        ['translate', TERM, AGREED],
        ['keep', SURNAME, SURNAME],
        ['keep', SURNAME, SURNAME],
        ['forbidden', 'обновление', 'апдейт'],
        ['say', SURNAME, SAID],
      ],
    );
  });

  it('on save: the surname never travels as text and comes back unchanged, the term comes back agreed, the voice gets the respelling only', async () => {
    documentId = (await app.strapi.createArticle({ title: TITLE, body: BODY })).documentId;
    await waitFor('the Kabardian audio', async () => ((await app.strapi.article(documentId, 'kbd'))?.audio ? true : undefined), 120_000);
    await queueSettled(app.strapi);
    const sent = await sentTextsSince(app.sandbox, sentAtStart);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((text) => text.includes(SURNAME))).toEqual([]);
    // Into Kabardian the term went as a marker too (into Adyghe and English it has no agreed translation: sent as text).
    const intoKabardian = (await sentRequests()).filter((request) => request.target_lang === 'kbd').flatMap((request) => request.texts);
    expect(intoKabardian.filter((text) => text.includes(TERM))).toEqual([]);
    expect(intoKabardian).toContain('Профессор <x1/> и <x2/>');
    const kbd = await app.strapi.article(documentId, 'kbd');
    expect(kbd?.title).toBe(KBD_TITLE);
    expect(String(kbd?.body)).toContain(SURNAME);
    expect(String(kbd?.body)).toContain(AGREED);
    // Speech: the respelling in the requests, never the stored text or the timings (and so the WebVTT made from them).
    const spoken = (await app.sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .slice(0, -speechAtStart || undefined)
      .filter((call) => call.outcome === 'ok' && (call.content?.request as { language?: string }).language === 'kbd')
      .map((call) => (call.content?.request as { text: string }).text);
    expect(spoken.length).toBeGreaterThan(0);
    expect(spoken.join(' ')).toContain(SAID);
    expect(spoken.filter((text) => text.includes(SURNAME))).toEqual([]);
    const timings = (kbd?.audio as unknown as { provider_metadata: { circassian: { timings: Timings } } }).provider_metadata.circassian
      .timings;
    expect(timings.sentences.map((sentence) => sentence.text).join(' ')).toContain(SURNAME);
    expect(JSON.stringify(timings)).not.toContain(SAID);
    expect(JSON.stringify(await app.strapi.article(documentId, 'kbd'))).not.toContain(SAID);
    expect(await termProblems()).toEqual([]);
  });

  it('flags an editor’s forbidden word (and the lost surname) in the edit view’s panel; "Translate now" puts the agreed terms back', async () => {
    await app.strapi.updateArticle(documentId, { title: 'Профессор апдейт' }, { locale: 'kbd', publish: false });
    await expect.poll(termProblems).toEqual([
      { field: 'title', kind: 'missing', term: SURNAME, agreed: SURNAME, note: 'фамилия' },
      { field: 'title', kind: 'missing', term: TERM, agreed: AGREED },
      { field: 'title', kind: 'forbidden', term: 'апдейт', note: 'калька' },
    ]);
    await app.page.goto(
      `${app.host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}/${documentId}?plugins[i18n][locale]=kbd`,
    );
    const flagged = app.page.getByTestId('circassian-terms-kbd');
    await expect.poll(() => flagged.textContent(), { timeout: 30_000 }).toContain('title: forbidden word "апдейт" (калька)');
    expect(await flagged.textContent()).toContain(`title: "${TERM}" is in the source but its agreed translation "${AGREED}" is not here`);
    await shot('glossary-review-panel');
    const before = (await sentTexts(app.sandbox)).length;
    const answer = await app.strapi.plugin('POST', `${app.strapi.entryPath(documentId)}/translate`, {
      locales: ['kbd'],
      replaceEdits: true,
      confirm: true,
    });
    expect(answer.status).toBe(202);
    await waitFor('the title translated again', async () =>
      (await app.strapi.article(documentId, 'kbd'))?.title === KBD_TITLE ? true : undefined,
    );
    expect((await sentTextsSince(app.sandbox, before)).filter((text) => text.includes(SURNAME))).toEqual([]);
    expect(await termProblems()).toEqual([]);
  });

  it('imports the TBX Weblate exports on the settings page; an invalid file is refused with its reason and changes nothing', async () => {
    await settingsPage();
    const section = app.page.getByTestId('circassian-glossary');
    const note = section.getByTestId('circassian-glossary-note');
    await section.getByTestId('circassian-glossary-file').setInputFiles({
      name: 'weblate-export.tbx',
      mimeType: 'application/x-tbx+xml',
      buffer: await readFile(WEBLATE_TBX),
    });
    await expect.poll(() => note.textContent()).toContain('Imported 3 terms from weblate-export.tbx: 3 new, 0 replaced');
    const imported = await entries();
    expect(imported.map((entry) => `${entry.type} ${entry.source}`)).toEqual(
      expect.arrayContaining(['keep Circassian Pack', 'keep сайт', 'forbidden скачать']),
    );
    await section.getByTestId('circassian-glossary-file').setInputFiles({
      name: 'terms.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('ru,kbd,kind,note\r\nсайт,сайт,translate,\r\n'),
    });
    await expect.poll(() => note.textContent()).toMatch(/type/);
    expect(await entries()).toEqual(imported);
  });

  it('exports TBX that an independent reader (the browser’s DOMParser) reads term for term, and that imports again as the same glossary', async () => {
    const response = await fetch(`${app.host.ready.url}/circassian/glossary/export?format=tbx`, {
      headers: { authorization: `Bearer ${await app.strapi.adminJwt()}` },
    });
    expect(response.status).toBe(200);
    const tbx = await response.text();
    // Read in the page: the browser's own XML parser, no code of ours (this file has no DOM types: the few it uses are named here).
    const concepts = await app.page.evaluate((xml) => {
      interface XmlNode {
        getElementsByTagName(name: string): ArrayLike<XmlNode>;
        getAttribute(name: string): string | null;
        textContent: string | null;
      }
      const { DOMParser } = globalThis as unknown as { DOMParser: new () => { parseFromString(text: string, type: string): XmlNode } };
      const document = new DOMParser().parseFromString(xml, 'application/xml');
      if (document.getElementsByTagName('parsererror').length > 0) return null;
      return Array.from(document.getElementsByTagName('termEntry')).map((entry) =>
        Array.from(entry.getElementsByTagName('langSet')).map(
          (set) =>
            `${set.getAttribute('xml:lang') ?? ''}: ${Array.from(set.getElementsByTagName('term'))
              .map((term) => term.textContent)
              .join(' | ')}`,
        ),
      );
    }, tbx);
    expect(concepts).toEqual(
      expect.arrayContaining([
        [`ru: ${SURNAME}`, `kbd: ${SURNAME}`],
        [`ru: ${TERM}`, `kbd: ${AGREED}`],
        ['ru: Circassian Pack', 'kbd: Circassian Pack'],
      ]),
    );
    const before = await entries();
    const again = await app.strapi.plugin<{ read: number; added: number; replaced: number }>('POST', '/glossary/import', {
      format: 'tbx',
      text: tbx,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ added: 0, replaced: again.body.read });
    expect(await entries()).toEqual(before);
  });

  it('refuses the glossary to a role without the memory’s permission (every route 403, nothing changed), and its settings page says so', async () => {
    const before = await entries();
    const outsider = await app.strapi.restrictedAdmin(
      'Glossary outsider',
      ['read', 'translate', 'bulk'].map((action) => ({ action: `plugin::circassian.${action}` })),
    );
    const id = before[0]?.id ?? 1;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', '/glossary'],
      ['POST', '/glossary', { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Черек', target: '' }],
      ['PUT', `/glossary/${id}`, { sourceLang: 'ru', targetLang: 'kbd', type: 'keep', source: 'Черек', target: '' }],
      ['DELETE', `/glossary/${id}`],
      ['POST', '/glossary/import', { format: 'csv', text: 'ru,kbd,type,note\r\nЧерек,,keep,\r\n' }],
      ['GET', '/glossary/export?format=tbx'],
    ];
    for (const [method, path, body] of attempts) expect((await outsider.plugin(method, path, body)).status, `${method} ${path}`).toBe(403);
    expect(await entries()).toEqual(before);
    const context = await app.browser.newContext();
    try {
      const page = await context.newPage();
      await logInToAdmin(page, app.host.ready, outsider.ready.admin);
      await page.goto(`${app.host.ready.url}/admin/settings/circassian`);
      await expect.poll(() => page.getByTestId('circassian-glossary-role-note').count(), { timeout: 30_000 }).toBe(1);
      expect(await page.getByTestId('circassian-glossary-table').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
