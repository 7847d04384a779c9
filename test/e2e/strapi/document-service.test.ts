// Through Strapi's Document Service, in-process (createStrapi().load() on the built test app):
// a relation is linked to the related entry's version in the target locale, or left out where
// that locale has none; numbers, dates and enumerations are copied; a skipped field stays empty.
// A page shaped like the official Strapi 5 demos: relations at every depth, required uids,
// a length-limited title, blocks with inline code; nothing but its human text sent.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installApp } from '@circassian/test-support/hosts/strapi/install.js';
import { sentTexts, waitFor, startSandbox, type RunningSandbox } from './strapi-fixture.js';
import { pseudoTranslate } from '@circassian/sandbox/testing';

interface DocumentsApi {
  create(params: Record<string, unknown>): Promise<{ documentId: string }>;
  update(params: Record<string, unknown>): Promise<unknown>;
  findOne(params: Record<string, unknown>): Promise<Record<string, unknown> | null>;
}
interface LoadedStrapi {
  documents(uid: string): DocumentsApi;
  db: { query(uid: string): { findMany(params: Record<string, unknown>): Promise<Array<Record<string, unknown>>> } };
  plugin(name: string): {
    service(name: string): {
      status(uid: string, documentId: string, locale: string): Promise<{ outdated: string[]; flags: Array<Record<string, unknown>> }>;
    };
  };
  destroy(): Promise<void>;
}

describe('Strapi Document Service: relations and copied fields', () => {
  let sandbox: RunningSandbox;
  let strapi: LoadedStrapi;
  let workDir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    sandbox = await startSandbox();
    const appDir = await installApp();
    workDir = mkdtempSync(join(tmpdir(), 'circassian-strapi-ds-'));
    mkdirSync(join(workDir, 'public', 'uploads'), { recursive: true });
    Object.assign(process.env, {
      NODE_ENV: 'production',
      STRAPI_TELEMETRY_DISABLED: 'true',
      APP_KEYS: 'a,b',
      ADMIN_JWT_SECRET: 'test-admin-jwt',
      API_TOKEN_SALT: 'test-salt',
      TRANSFER_TOKEN_SALT: 'test-transfer',
      JWT_SECRET: 'test-jwt',
      ENCRYPTION_KEY: 'test-encryption-key',
      DATABASE_FILENAME: join(workDir, 'data.db'),
      PUBLIC_DIR: join(workDir, 'public'),
      CIRCASSIAN_BASE_URL: sandbox.url,
      CIRCASSIAN_API_KEY: sandbox.key,
      CIRCASSIAN_QUEUE_POLL_MS: '200',
    });
    const { createStrapi } = createRequire(join(appDir, 'package.json'))('@strapi/strapi') as {
      createStrapi(options: { appDir: string; distDir: string }): { load(): Promise<LoadedStrapi> };
    };
    strapi = await createStrapi({ appDir, distDir: join(appDir, 'dist') }).load();
  });

  afterAll(async () => {
    // Strapi's destroy() ends with process.removeAllListeners(), which would cut the test runner's
    // own channel to this worker: its listeners are put back afterwards.
    const listeners = process.eventNames().map((name) => [name, process.listeners(name as 'message')] as const);
    await strapi?.destroy();
    for (const [name, handlers] of listeners)
      for (const handler of handlers) if (!process.listeners(name as 'message').includes(handler)) process.on(name as 'message', handler);
    await sandbox?.close();
    process.env = saved;
    rmSync(workDir, { recursive: true, force: true });
  });

  it('links the target locale version of a related entry, or leaves the link out', async () => {
    const authors = strapi.documents('api::author.author');
    const author = await authors.create({ locale: 'ru', data: { name: 'Иван' } });
    await authors.update({ documentId: author.documentId, locale: 'kbd', data: { name: 'Иуан' } });

    const notes = strapi.documents('api::note.note');
    const note = await notes.create({
      locale: 'ru',
      data: {
        text: 'Заметка о погоде',
        author: author.documentId,
        rating: 5,
        day: '2026-01-02',
        mood: 'busy',
        internal: 'только для своих',
      },
    });
    const translated = (locale: string) =>
      waitFor(`the ${locale} note`, async () => {
        const entry = await notes.findOne({ documentId: note.documentId, locale, populate: ['author'] });
        return typeof entry?.text === 'string' && entry.text.startsWith(`[${locale}]`) ? entry : undefined;
      });

    const kbd = await translated('kbd');
    expect(kbd.text).toBe(pseudoTranslate('Заметка о погоде', 'ru', 'kbd'));
    expect((kbd.author as { documentId: string; name: string } | null)?.name).toBe('Иуан');
    expect(kbd).toMatchObject({ rating: 5, day: '2026-01-02', mood: 'busy', internal: null });

    const en = await translated('en');
    expect(en.author).toBeNull();
    expect(en).toMatchObject({ rating: 5, mood: 'busy' });
  });

  it('translates a demo-shaped page: relations at every depth linked, uids made and unique, only human text sent', async () => {
    const PAGE = 'api::page.page';
    const sentBefore = new Set(await sentTexts(sandbox));
    // What the page links to: a FAQ with a kbd and an en version, one with none; an author in every locale.
    const faqs = strapi.documents('api::faq.faq');
    const faq1 = await faqs.create({ locale: 'ru', data: { question: 'Вопрос', answer: 'Ответ' } });
    for (const locale of ['kbd', 'en']) await faqs.update({ documentId: faq1.documentId, locale, data: { question: `Q ${locale}` } });
    const faq2 = await faqs.create({ locale: 'ru', data: { question: 'Второй вопрос' } });
    const authors = strapi.documents('api::author.author');
    const author = await authors.create({ locale: 'ru', data: { name: 'Мария' } });
    for (const locale of ['kbd', 'en']) await authors.update({ documentId: author.documentId, locale, data: { name: `M ${locale}` } });

    const pages = strapi.documents(PAGE);
    const about = await pages.create({
      locale: 'ru',
      data: {
        title: 'О нас',
        slug: 'o-nas',
        metaTitle: 'Кто мы такие и чем занимаемся',
        content: [
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'Соберите сайт командой ' },
              { type: 'text', text: 'npm run build', code: true },
              { type: 'text', text: ' и откройте ' },
              { type: 'link', url: 'https://example.org/docs', children: [{ type: 'text', text: 'https://example.org/docs' }] },
            ],
          },
        ],
        blocks: [
          { __component: 'blocks.faq-list', heading: 'Частые вопросы', faqs: [faq1.documentId, faq2.documentId] },
          { __component: 'blocks.card-grid', title: 'Наши авторы', cards: [{ label: 'Главный редактор', author: author.documentId }] },
          { __component: 'shared.rich-text', body: 'Запустите `npm test` и читайте https://example.org/a' },
        ],
        settings: { theme: 'dark', columns: 3 },
        author: author.documentId,
      },
    });
    const populate = {
      author: true,
      related: true,
      blocks: { on: { 'blocks.faq-list': { populate: ['faqs'] }, 'blocks.card-grid': { populate: { cards: { populate: ['author'] } } } } },
    };
    const translated = (documentId: string, locale: string) =>
      waitFor(`the ${locale} page`, async () => {
        const entry = await pages.findOne({ documentId, locale, populate });
        return typeof entry?.title === 'string' && entry.title.startsWith(`[${locale}]`) ? entry : undefined;
      });
    type Linked = { documentId: string } | null;
    type Zone = Array<{ __component: string; faqs?: Linked[]; cards?: Array<{ author: Linked }> }>;
    const ids = (entries: Linked[] | undefined) => (entries ?? []).map((entry) => entry?.documentId);

    for (const locale of ['kbd', 'en']) {
      const page = await translated(about.documentId, locale);
      const [faqList, cardGrid] = page.blocks as Zone;
      // Inside a dynamic zone: the FAQ that has this locale, not the one without; inside a nested repeatable component: the author.
      expect(ids(faqList?.faqs)).toEqual([faq1.documentId]);
      expect(cardGrid?.cards?.[0]?.author?.documentId).toBe(author.documentId);
      expect((page.author as Linked)?.documentId).toBe(author.documentId);
      expect(page.slug).toBe('o-nas');
      expect([...(page.metaTitle as string)].length).toBeLessThanOrEqual(30);
      // The cut is kept for the panel, field by field (before, only the server log said it).
      expect((await strapi.plugin('circassian').service('translator').status(PAGE, about.documentId, locale)).flags).toEqual([
        { field: 'metaTitle', code: 'maxLength', limit: 30, reason: 'cut to 30 characters (maxLength)' },
      ]);
      expect(page.content).toMatchObject([
        { children: [{}, { text: 'npm run build', code: true }, {}, { children: [{ text: 'https://example.org/docs' }] }] },
      ]);
      expect(page.settings).toEqual({ theme: 'dark', columns: 3 });
    }

    // A second page links to the first: its uid is made unique, and the first (which nobody edited) is not outdated.
    const contacts = await pages.create({
      locale: 'ru',
      data: { title: 'Контакты', slug: 'kontakty', metaTitle: 'Связь', related: [about.documentId] },
    });
    for (const locale of ['kbd', 'en']) {
      const page = await translated(contacts.documentId, locale);
      expect(page.slug).toBe('kontakty');
      expect(ids(page.related as Linked[])).toEqual([about.documentId]);
      expect(await strapi.plugin('circassian').service('translator').status(PAGE, about.documentId, locale)).toMatchObject({
        outdated: [],
      });
    }

    const jobs = await strapi.db.query('plugin::circassian.job').findMany({ where: { contentType: PAGE } });
    expect(jobs.map((job) => `${job.kind} ${job.locale} ${job.status}`).sort()).toEqual([
      'translate en done',
      'translate en done',
      'translate kbd done',
      'translate kbd done',
    ]);
    const sent = new Set((await sentTexts(sandbox)).filter((text) => !sentBefore.has(text)));
    expect([...sent].sort()).toEqual(
      [
        'О нас',
        'Кто мы такие и чем занимаемся',
        // A paragraph goes as one sentence: inline code and the URL-only link as wordless markers.
        'Соберите сайт командой <x1/> и откройте <x2/>',
        'Частые вопросы',
        'Наши авторы',
        'Главный редактор',
        'Запустите <x1/> и читайте <x2/>',
        'Контакты',
        'Связь',
      ].sort(),
    );
  });
});
