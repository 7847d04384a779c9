// The plugin's admin actions do only what the asking admin may do in the Content Manager: an
// editor whose role covers some locales cannot have the plugin write or publish the others, nor
// read a source locale the role does not show. Overwriting hand edits needs an explicit confirm
// and is logged without content. All through the real Strapi's roles and admin API.
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedStrapi, type SharedStrapi } from './shared-strapi.js';
import {
  ARTICLE_UID,
  StrapiClient,
  queueSettled,
  sentTextsSince,
  sentTexts,
  waitFor,
  type RolePermission,
  type StrapiErrorBody,
} from './strapi-fixture.js';
import { pseudoTranslate } from '@circassian/sandbox/testing';

const article = (action: string, locales: string[]): RolePermission => ({
  action: `plugin::content-manager.explorer.${action}`,
  subject: ARTICLE_UID,
  properties: { locales },
});
const PLUGIN_ACTIONS: RolePermission[] = ['read', 'translate', 'bulk'].map((action) => ({ action: `plugin::circassian.${action}` }));

describe("Strapi: admin actions follow the admin's Content Manager permissions per locale", () => {
  /** The run's shared host and service: this file's entries, roles and counts are its own. */
  let host: SharedStrapi;
  let admin: StrapiClient;
  /** Reads Russian, writes and publishes Kabardian only. */
  let kabardianEditor: StrapiClient;
  /** Writes Kabardian but may not read the Russian source. */
  let blindEditor: StrapiClient;
  let documentId: string;

  beforeAll(async () => {
    host = await sharedStrapi();
    admin = new StrapiClient(host.ready);
    await queueSettled(admin);
    kabardianEditor = await admin.restrictedAdmin('Kabardian', [
      article('read', ['ru', 'kbd']),
      ...['create', 'update', 'publish'].map((action) => article(action, ['kbd'])),
      ...PLUGIN_ACTIONS,
    ]);
    blindEditor = await admin.restrictedAdmin('Blind', [
      article('read', ['kbd']),
      article('update', ['kbd']),
      article('create', ['kbd']),
      ...PLUGIN_ACTIONS,
    ]);
    documentId = (await admin.createArticle({ title: 'Статья для ролей', body: 'Текст для озвучки.' })).documentId;
    await waitFor('the first translation', async () => ((await admin.article(documentId, 'kbd'))?.audio ? true : undefined));
  });

  const refused = (response: { status: number; body: unknown }, locale: string) => {
    expect(response.status).toBe(403);
    const { error } = response.body as StrapiErrorBody;
    // Strapi's 403 that keeps its message (a plain ForbiddenError from a controller is answered "Forbidden").
    expect(error).toMatchObject({ status: 403, name: 'PolicyError' });
    expect(error.message).toContain(`(${locale})`);
    expect(error.details).toMatchObject({ locale });
  };

  it('refuses "Translate now" into a locale the role may not edit, naming it, and queues the permitted one', async () => {
    refused(await kabardianEditor.plugin('POST', `${kabardianEditor.entryPath(documentId)}/translate`, {}), 'ady');
    refused(await kabardianEditor.plugin('POST', `${kabardianEditor.entryPath(documentId)}/translate`, { locales: ['kbd', 'en'] }), 'en');
    const allowed = await kabardianEditor.plugin<{ queued: string[] }>('POST', `${kabardianEditor.entryPath(documentId)}/translate`, {
      locales: ['kbd'],
    });
    expect(allowed.status).toBe(202);
    expect(allowed.body.queued).toEqual(['kbd']);
  });

  it('refuses "Generate audio" for a locale the role may not edit', async () => {
    refused(await kabardianEditor.plugin('POST', `${kabardianEditor.entryPath(documentId)}/audio`, {}), 'ady');
    // Kabardian is not refused: it is queued, or answered up front with why nothing would be made.
    const kbd = await kabardianEditor.plugin<{ queued: string[]; notQueued: Array<{ locale: string }> }>(
      'POST',
      `${kabardianEditor.entryPath(documentId)}/audio`,
      { locales: ['kbd'] },
    );
    expect([200, 202]).toContain(kbd.status);
    expect([...kbd.body.queued, ...kbd.body.notQueued.map((entry) => entry.locale)]).toEqual(['kbd']);
  });

  it('refuses a bulk run into a locale the role may not edit', async () => {
    const path = `/bulk/${encodeURIComponent(ARTICLE_UID)}`;
    refused(await kabardianEditor.plugin('POST', path, { locales: ['kbd', 'ady'] }), 'ady');
    const started = await kabardianEditor.plugin<{ run: string; jobs: number }>('POST', path, { locales: ['kbd'] });
    expect(started.status).toBe(202);
    await kabardianEditor.plugin('POST', `/runs/${started.body.run}/cancel`);
  });

  it("refuses the translation memory's export and import to an admin without the plugin's settings permission", async () => {
    const editor = await admin.restrictedAdmin('No settings', [article('read', ['ru', 'kbd']), article('update', ['kbd'])]);
    expect((await editor.plugin('GET', '/memory')).status).toBe(403);
    const tmx = '<?xml version="1.0"?><tmx version="1.4"><header/><body></body></tmx>';
    for (const [method, path] of [
      ['GET', '/memory/export'],
      ['POST', '/memory/import'],
    ] as const) {
      const response = await fetch(`${host.ready.url}/circassian${path}`, {
        method,
        headers: { authorization: `Bearer ${await editor.adminJwt()}`, 'content-type': 'application/xml' },
        ...(method === 'POST' ? { body: tmx } : {}),
      });
      expect(response.status, path).toBe(403);
    }
  });

  it('refuses work whose source locale the role may not read', async () => {
    refused(await blindEditor.plugin('POST', `${blindEditor.entryPath(documentId)}/translate`, { locales: ['kbd'] }), 'ru');
    refused(await blindEditor.plugin('POST', `/bulk/${encodeURIComponent(ARTICLE_UID)}/estimate`, { locales: ['kbd'] }), 'ru');
  });

  it("answers a bad body with Strapi's standard ValidationError, naming the field", async () => {
    for (const [path, body] of [
      [`${admin.entryPath(documentId)}/translate`, { locales: 'kbd' }],
      [`${admin.entryPath(documentId)}/audio`, { locales: ['kbd'], replace: true }],
      [`/bulk/${encodeURIComponent(ARTICLE_UID)}/estimate`, { locales: [1] }],
    ] as const) {
      const response = await admin.plugin<StrapiErrorBody>('POST', path, body);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeNull();
      expect(response.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
      expect(response.body.error.details).toHaveProperty('errors');
    }
    const unknown = await admin.plugin<StrapiErrorBody>('POST', `${admin.entryPath(documentId)}/translate`, { locales: ['fr'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('fr cannot be chosen here; choose among kbd, ady, en.');
  });

  it('still lets a super admin translate into every locale', async () => {
    const response = await admin.plugin<{ queued: string[] }>('POST', `${admin.entryPath(documentId)}/translate`, {});
    expect(response.status).toBe(202);
    expect(response.body.queued).toEqual(['kbd', 'ady', 'en']);
  });

  it('overwrites hand edits only with an explicit confirm, and logs it without the content', async () => {
    await waitFor('the queue to settle', async () => {
      const { body } = await admin.plugin<{ locales: Array<{ status: string }> }>('GET', `${admin.entryPath(documentId)}/status`);
      return body.locales.every((locale) => locale.status === 'translated') ? true : undefined;
    });
    const handTitle = 'Заголовок, исправленный рукой';
    await admin.updateArticle(documentId, { title: handTitle }, { locale: 'kbd' });
    const unconfirmed = await kabardianEditor.plugin<StrapiErrorBody>('POST', `${kabardianEditor.entryPath(documentId)}/translate`, {
      locales: ['kbd'],
      replaceEdits: true,
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(unconfirmed.body.error.message).toMatch(/confirm/);
    // The refusal queued nothing: the hand edit is still there after the queue had time to run.
    await admin.plugin('POST', `${admin.entryPath(documentId)}/translate`, { locales: ['kbd'] });
    await waitFor('the kept edit in the status', async () => {
      const { body } = await admin.plugin<{ locales: Array<{ locale: string; status: string; keptByHand: string[] }> }>(
        'GET',
        `${admin.entryPath(documentId)}/status`,
      );
      const kbd = body.locales.find((locale) => locale.locale === 'kbd');
      return kbd?.status === 'translated' && kbd.keptByHand.includes('title') ? true : undefined;
    });
    expect((await admin.article(documentId, 'kbd'))?.title).toBe(handTitle);
    // Audio made by the plugin is not a hand edit.
    const status = await admin.plugin<{ locales: Array<{ locale: string; keptByHand: string[] }> }>(
      'GET',
      `${admin.entryPath(documentId)}/status`,
    );
    expect(status.body.locales.find((locale) => locale.locale === 'kbd')?.keptByHand).toEqual(['title']);

    const confirmed = await kabardianEditor.plugin('POST', `${kabardianEditor.entryPath(documentId)}/translate`, {
      locales: ['kbd'],
      replaceEdits: true,
      confirm: true,
    });
    expect(confirmed.status).toBe(202);
    await waitFor('the overwrite', async () => ((await admin.article(documentId, 'kbd'))?.title?.startsWith('[kbd]') ? true : undefined));
    const overwrite = await waitFor('the overwrite in the log', async () =>
      (await host.log()).find((line) => /overwr/i.test(line) && line.includes(documentId)),
    );
    expect(overwrite).toContain('title');
    expect(overwrite).toContain('kabardian@circassian.test');
    expect(overwrite).not.toContain(handTitle);
    expect(overwrite).not.toContain('Статья');
  });

  it('narrows work to the fields the role may read and edit: nothing else is sent, filled or written', async () => {
    const type = encodeURIComponent(ARTICLE_UID);
    const fields = (action: string, locales: string[]): RolePermission => ({
      ...article(action, locales),
      properties: { locales, fields: ['title'] },
    });
    const titleOnly = await admin.restrictedAdmin('Title only', [
      fields('read', ['ru', 'en']),
      fields('create', ['en']),
      fields('update', ['en']),
      article('publish', ['en']),
      ...PLUGIN_ACTIONS,
    ]);
    // An entry with no English version yet: its English translation on save is held, then dropped.
    await admin.plugin('POST', `/bulk/${type}/locales/en/pause`);
    const summary = 'Описание, закрытое для роли';
    const entry = await admin.createArticle({ title: 'Открытый заголовок', summary });
    await admin.plugin('POST', `/bulk/${type}/locales/en/cancel`);
    await admin.plugin('POST', `/bulk/${type}/locales/en/resume`);
    // The entry's Kabardian and Adyghe translations (its summary among them) sent before the count.
    await queueSettled(admin);
    const sentBefore = (await sentTexts(host.sandbox)).length;

    const preview = await titleOnly.plugin<{ data: Record<string, unknown>; fields: string[]; withheld: string[] }>(
      'POST',
      `${titleOnly.entryPath(entry.documentId)}/preview`,
      { locale: 'en' },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.fields).toEqual(['title']);
    expect(Object.keys(preview.body.data)).toEqual(['title']);
    expect(preview.body.withheld).toContain('summary');

    const queued = await titleOnly.plugin<{ queued: string[]; withheld: Record<string, string[]> }>(
      'POST',
      `${titleOnly.entryPath(entry.documentId)}/translate`,
      { locales: ['en'] },
    );
    expect(queued.status).toBe(202);
    expect(queued.body.queued).toEqual(['en']);
    expect(queued.body.withheld.en).toContain('summary');
    const en = await waitFor('the English title', async () => {
      const version = await admin.article(entry.documentId, 'en');
      return version?.title === pseudoTranslate('Открытый заголовок', 'ru', 'en') ? version : undefined;
    });
    expect(en.summary).toBeNull();
    expect(await sentTextsSince(host.sandbox, sentBefore)).not.toContain(summary);

    // The entry's status names only fields the role may read: a changed summary is not listed to it.
    await admin.plugin('POST', `${admin.entryPath(entry.documentId)}/translate`, { locales: ['en'] });
    await waitFor('the English summary', async () => ((await admin.article(entry.documentId, 'en'))?.summary ? true : undefined));
    await admin.plugin('POST', `/bulk/${type}/locales/en/pause`);
    try {
      await admin.updateArticle(entry.documentId, { title: 'Новый открытый заголовок', summary: 'Новое закрытое описание' });
      const outdatedFor = async (client: StrapiClient) =>
        (
          await client.plugin<{ locales: Array<{ locale: string; outdatedFields: string[] }> }>(
            'GET',
            `${client.entryPath(entry.documentId)}/status`,
          )
        ).body.locales.find((locale) => locale.locale === 'en')?.outdatedFields;
      await waitFor('the change in the status', async () => ((await outdatedFor(admin))?.includes('summary') ? true : undefined));
      expect(await outdatedFor(titleOnly)).toEqual(['title']);
    } finally {
      // The next tests translate into English again.
      await admin.plugin('POST', `/bulk/${type}/locales/en/resume`);
    }
  });

  it("writes only the fields the saving editor's role may write into the targets of their save", async () => {
    const type = encodeURIComponent(ARTICLE_UID);
    const titleOnly = (action: string, locales: string[]): RolePermission => ({
      ...article(action, locales),
      properties: { locales, fields: ['title'] },
    });
    const saver = await admin.restrictedAdmin('Title saver', [
      titleOnly('read', ['ru', 'en']),
      titleOnly('update', ['ru', 'en']),
      titleOnly('create', ['en']),
      ...PLUGIN_ACTIONS,
    ]);
    // An entry with no English version yet, its summary closed to the role.
    await admin.plugin('POST', `/bulk/${type}/locales/en/pause`);
    const summary = 'Описание, которое роль не пишет';
    const entry = await admin.createArticle({ title: 'Заголовок до правки', summary });
    await admin.plugin('POST', `/bulk/${type}/locales/en/cancel`);
    await admin.plugin('POST', `/bulk/${type}/locales/en/resume`);
    // The entry's Kabardian and Adyghe translations (its summary among them) sent before the count.
    await queueSettled(admin);
    const sentBefore = (await sentTexts(host.sandbox)).length;
    // The editor's Save of the Russian title in the Content Manager (a draft).
    const edited = 'Заголовок после правки';
    await saver.admin('PUT', `/content-manager/collection-types/${ARTICLE_UID}/${entry.documentId}?locale=ru`, { title: edited });
    const en = await waitFor('the English title', async () => {
      const version = await admin.article(entry.documentId, 'en');
      return version?.title === pseudoTranslate(edited, 'ru', 'en') ? version : undefined;
    });
    // Before: the save's job carried no field list, and the English summary was written too.
    expect(en.summary).toBeNull();
    await queueSettled(admin);
    expect(await sentTextsSince(host.sandbox, sentBefore)).not.toContain(summary);
  });

  it('lets a role limited to some locales pause and resume those, not the whole queue', async () => {
    const type = encodeURIComponent(ARTICLE_UID);
    const kabardianQueue = await admin.restrictedAdmin('Kabardian queue', [
      article('read', ['ru', 'kbd']),
      article('update', ['kbd']),
      ...PLUGIN_ACTIONS,
    ]);
    // Before: 200, and every locale's work (Adyghe and English included) stopped.
    for (const action of ['pause', 'resume']) refused(await kabardianQueue.plugin('POST', `/queue/${action}`), 'ady');
    expect((await kabardianQueue.plugin<{ mayControlQueue: boolean }>('GET', '/settings')).body.mayControlQueue).toBe(false);
    expect((await kabardianQueue.plugin<{ mayControlQueue: boolean }>('GET', '/overview')).body.mayControlQueue).toBe(false);
    expect((await admin.plugin<{ mayControlQueue: boolean }>('GET', '/settings')).body.mayControlQueue).toBe(true);
    expect((await kabardianQueue.plugin('POST', `/bulk/${type}/locales/kbd/pause`)).status).toBe(200);
    expect((await kabardianQueue.plugin('POST', `/bulk/${type}/locales/kbd/resume`)).status).toBe(200);
  });

  it("translates an editor's save only into the locales that editor's role may write; the others wait and say why", async () => {
    const ruKbd = await admin.restrictedAdmin('Russian and Kabardian', [
      ...['read', 'create', 'update', 'publish'].map((action) => article(action, ['ru', 'kbd'])),
      ...PLUGIN_ACTIONS,
    ]);
    const first = 'Статья редакции';
    const entry = await admin.createArticle({ title: first });
    for (const locale of ['kbd', 'ady', 'en'] as const)
      await waitFor(`the published ${locale} title`, async () =>
        (await admin.article(entry.documentId, locale, 'published'))?.title === pseudoTranslate(first, 'ru', locale) ? true : undefined,
      );
    // The editor's Save and Publish in the Content Manager.
    const edited = 'Правка редактора';
    const path = `/content-manager/collection-types/${ARTICLE_UID}/${entry.documentId}`;
    await ruKbd.admin('PUT', `${path}?locale=ru`, { title: edited });
    await ruKbd.admin('POST', `${path}/actions/publish?locale=ru`, {});
    await waitFor('the published kbd title', async () =>
      (await admin.article(entry.documentId, 'kbd', 'published'))?.title === pseudoTranslate(edited, 'ru', 'kbd') ? true : undefined,
    );
    await queueSettled(admin);
    for (const locale of ['ady', 'en'] as const) {
      expect((await admin.article(entry.documentId, locale))?.title, locale).toBe(pseudoTranslate(first, 'ru', locale));
      expect((await admin.article(entry.documentId, locale, 'published'))?.title, locale).toBe(pseudoTranslate(first, 'ru', locale));
    }
    const { body } = await admin.plugin<{ locales: Array<{ locale: string; error: string | null; errorType: string | null }> }>(
      'GET',
      `${admin.entryPath(entry.documentId)}/status`,
    );
    const ady = body.locales.find((locale) => locale.locale === 'ady');
    expect(ady?.errorType).toBe('held_by_role');
    expect(ady?.error).toMatch(/may edit Article entries in Adyghe.*not translated/);
    expect(body.locales.find((locale) => locale.locale === 'kbd')?.errorType).toBeNull();
    // Someone who may releases the held work.
    await admin.plugin('POST', `${admin.entryPath(entry.documentId)}/translate`, { locales: ['ady'] });
    await waitFor('the ady translation', async () =>
      (await admin.article(entry.documentId, 'ady'))?.title === pseudoTranslate(edited, 'ru', 'ady') ? true : undefined,
    );
  });

  it("shows and changes queued work only of content the admin may read and edit, and no other admin's e-mail", async () => {
    const type = encodeURIComponent(ARTICLE_UID);
    // The plugin's actions without any Content Manager permission on articles.
    const outsider = await admin.restrictedAdmin('Outsider', PLUGIN_ACTIONS);
    const started = await admin.plugin<{ run: string }>('POST', `/bulk/${type}`, { locales: ['en'], onlyChanged: true });
    expect(started.status).toBe(202);
    await admin.plugin('POST', `/runs/${started.body.run}/cancel`);

    expect((await outsider.plugin('GET', `${outsider.entryPath(documentId)}/status`)).status).toBe(403);
    expect((await outsider.plugin('POST', `/entries/${type}/statuses`, { documentIds: [documentId] })).status).toBe(403);
    const overview = await outsider.plugin<{ contentTypes: Array<{ uid: string }> }>('GET', '/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.contentTypes.map((contentType) => contentType.uid)).not.toContain(ARTICLE_UID);
    for (const action of ['pause', 'resume', 'cancel'])
      expect((await outsider.plugin('POST', `/bulk/${type}/locales/kbd/${action}`)).status, action).toBe(403);
    expect((await outsider.plugin<{ runs: unknown[] }>('GET', '/runs')).body.runs).toEqual([]);
    expect((await outsider.plugin('GET', `/runs/${started.body.run}`)).status).toBe(403);
    expect((await outsider.plugin('POST', `/runs/${started.body.run}/cancel`)).status).toBe(403);
    // A bulk admin may not pause a locale the role may not edit.
    refused(await kabardianEditor.plugin('POST', `/bulk/${type}/locales/en/pause`), 'en');

    const listed = await kabardianEditor.plugin<{ runs: Array<{ run: string; startedBy: string | null }> }>('GET', '/runs');
    expect(listed.body.runs.find((run) => run.run === started.body.run)).toMatchObject({ startedBy: null });
    expect(listed.text).not.toContain(host.ready.admin.email);
  });
});
