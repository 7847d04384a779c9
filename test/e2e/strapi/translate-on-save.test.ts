// Translation on save in the real Strapi app: every field kind of the contract's article, with
// its structure intact, only changed fields sent again, hand edits kept, publication followed,
// audio made, and the plugin's admin routes behind admin login without ever showing the key.
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedStrapi, type ServiceUnderTest } from './shared-strapi.js';
import {
  ARTICLE_UID,
  StrapiClient,
  queueSettled,
  sentTexts,
  sentTextsSince,
  waitFor,
  type Article,
  type StrapiReady,
} from './strapi-fixture.js';
// The local service's stand-in translation: deterministic, so the expected text is computed exactly.
import { pseudoTranslate } from '@circassian/sandbox/testing';

const kbd = (text: string) => pseudoTranslate(text, 'ru', 'kbd');
/** A piece of a sentence translated whole: its words as the whole sentence's translation has them. */
const bare = (text: string) => kbd(text).replace(/^\[kbd\] /, '');
/** A sentence with a link inside, sent whole with the link as a marker (never "Подробности читайте на" and "сайте республики" apart). */
const SENTENCE = 'Подробности читайте на [сайте республики](https://kbr.example/news).';
const SENT = 'Подробности читайте на <x1>сайте республики</x1>.';

const SOURCE = {
  title: 'Новости дня',
  summary: 'Короткое описание статьи',
  body: `# Заголовок\n\nТекст со [ссылкой](https://example.org/путь) и \`npm install\`.\n\n- первый пункт\n- второй пункт\n\n\`\`\`js\nconst слово = 1;\n\`\`\`\n\n${SENTENCE}\n`,
  content: [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Подзаголовок' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Обычный ' },
        { type: 'text', text: 'жирный', bold: true },
        { type: 'link', url: 'https://example.org/a', children: [{ type: 'text', text: 'ссылка' }] },
      ],
    },
    { type: 'code', children: [{ type: 'text', text: 'let слово = 2' }] },
  ],
  seo: { metaTitle: 'Мета заголовок', metaDescription: 'Мета описание' },
  sections: [
    { __component: 'shared.quote', text: 'Цитата дня', author: 'Автор' },
    { __component: 'shared.rich-text', body: '## Раздел\n\n**Важно**: текст раздела' },
  ],
};

describe('Strapi: translation on save', () => {
  // The run's shared host and service: what this file counts is what was sent since it started.
  let sandbox: ServiceUnderTest;
  let host: { ready: StrapiReady };
  let strapi: StrapiClient;
  let article: Article;
  let sentAtStart: number;
  let speechAtStart: number;
  /** The service's successful speech calls since this file started, newest first. */
  const speechCalls = async () => {
    const calls = (await sandbox.admin.calls({ operation: 'speech' })).filter((call) => call.outcome === 'ok');
    return calls.slice(0, calls.length - speechAtStart);
  };

  const translated = (locale: string, ready: (entry: Article) => boolean = (entry) => entry.title?.startsWith(`[${locale}]`) === true) =>
    waitFor(`the ${locale} version`, async () => {
      const entry = await strapi.article(article.documentId, locale);
      return entry && ready(entry) ? entry : undefined;
    });

  beforeAll(async () => {
    const shared = await sharedStrapi();
    sandbox = shared.sandbox;
    host = { ready: shared.ready };
    strapi = new StrapiClient(host.ready);
    await queueSettled(strapi);
    sentAtStart = (await sentTexts(sandbox)).length;
    speechAtStart = (await sandbox.admin.calls({ operation: 'speech' })).filter((call) => call.outcome === 'ok').length;
    article = await strapi.createArticle(SOURCE);
  });

  it('prints the ready line of the contract', () => {
    expect(host.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(host.ready.admin.email).toContain('@');
    expect(host.ready.admin.password.length).toBeGreaterThanOrEqual(8);
    expect(host.ready.apiToken.length).toBeGreaterThan(20);
  });

  it('translates every text field into kbd, ady and en with the structure kept', async () => {
    const target = await translated('kbd', (entry) => entry.title?.startsWith('[kbd]') === true && entry.sections?.length === 2);
    expect(target.title).toBe(kbd('Новости дня'));
    expect(target.summary).toMatch(/^\[kbd\] /);
    // Markdown: heading and list markers, link target, inline and fenced code stay as they were.
    expect(target.body).toMatch(/^# \[kbd\] /);
    expect(target.body).toContain('](https://example.org/путь)');
    expect(target.body).toContain('`npm install`');
    expect(target.body).toContain('```js\nconst слово = 1;\n```');
    expect(target.body).toContain(`\n- ${kbd('первый пункт')}\n- ${kbd('второй пункт')}\n`);
    // Blocks: text leaves translated, formatting, link URLs and code blocks kept.
    const blocks = target.content as Array<{ type: string; children: Array<Record<string, unknown>> }>;
    expect(blocks.map((block) => block.type)).toEqual(['heading', 'paragraph', 'code']);
    // The paragraph went as one sentence ("Обычный <x1>жирный</x1><x2>ссылка</x2>"): bold and link put back around their words.
    expect(blocks[1]?.children[0]).toMatchObject({ text: kbd('Обычный ') });
    expect(blocks[1]?.children[1]).toMatchObject({ text: bare('жирный'), bold: true });
    expect(blocks[1]?.children[2]).toMatchObject({ type: 'link', url: 'https://example.org/a' });
    expect(blocks[2]?.children[0]).toMatchObject({ text: 'let слово = 2' });
    // Component and dynamic zone.
    expect(target.seo).toMatchObject({ metaTitle: kbd('Мета заголовок'), metaDescription: kbd('Мета описание') });
    // The quote's author is copied, not translated (the test app's config says so).
    expect(target.sections[0]).toMatchObject({ __component: 'shared.quote', text: kbd('Цитата дня'), author: 'Автор' });
    expect(target.sections[1]).toMatchObject({ __component: 'shared.rich-text' });
    expect(String(target.sections[1]?.body)).toBe(`## ${kbd('Раздел')}\n\n[kbd] **${bare('Важно')}**${bare(': текст раздела')}`);

    const en = await translated('en');
    expect(en.title).toBe('[en] Novosti dnya');
    const ady = await translated('ady');
    expect(ady.summary).toMatch(/^\[ady\] /);
  });

  it('sends a sentence with a link as one text (the link a marker) and puts the link back around its translated words', async () => {
    const target = await translated('kbd');
    const texts = await sentTextsSince(sandbox, sentAtStart);
    expect(texts).toContain(SENT);
    expect(texts.filter((text) => /^Подробности читайте на$|^сайте республики$/.test(text))).toEqual([]);
    expect(target.body).toContain(kbd(SENT).replace('<x1>', '[').replace('</x1>', '](https://kbr.example/news)'));
  });

  it('makes the uid from the translated title instead of translating it', async () => {
    const en = await translated('en');
    expect(en.slug).toBe('en-novosti-dnya');
    const target = await translated('kbd');
    expect(target.slug).toBe('kbd-nuevuesti-dnya');
  });

  it('publishes the targets because the source is published', async () => {
    for (const locale of ['kbd', 'ady', 'en']) {
      const published = await waitFor(`the published ${locale} version`, async () => {
        const entry = await strapi.article(article.documentId, locale, 'published');
        return entry?.title?.startsWith(`[${locale}]`) ? entry : undefined;
      });
      expect(published.title).toBe(pseudoTranslate('Новости дня', 'ru', locale as never));
      expect(published.publishedAt).toEqual(expect.any(String));
    }
  });

  it('makes audio from body in kbd and ady only, stored in the Media Library as MP3', async () => {
    for (const locale of ['kbd', 'ady']) {
      const entry = await translated(locale, (candidate) => candidate.audio !== null);
      // MP3: the test machines have lame (install-hosts), which the plugin encodes with.
      expect(entry.audio?.mime).toBe('audio/mpeg');
      const file = await fetch(`${host.ready.url}${entry.audio?.url}`);
      expect(file.status).toBe(200);
      const bytes = Buffer.from(await file.arrayBuffer());
      // An MPEG audio frame starts with 11 sync bits set (no ID3 tag: lame writes none here).
      expect([bytes[0], (bytes[1] ?? 0) & 0xe0]).toEqual([0xff, 0xe0]);
    }
    expect((await strapi.article(article.documentId, 'en'))?.audio).toBeNull();
  });

  it('reads the body aloud as words: the speech requests have no Markdown, URL or code', async () => {
    const speech = await speechCalls();
    const texts = speech.map((call) => (call.content?.request as { text?: string } | undefined)?.text ?? '');
    expect(texts.length).toBeGreaterThanOrEqual(2);
    for (const text of texts) {
      expect(text).not.toMatch(/https?:|example\.org|\]\(|`|npm install|const|^#|^- /m);
      expect(text).toMatch(/^\[(kbd|ady)\] /);
    }
    // The list items are read as lines: a sentence each, so a request each (the speech memory voices by sentence).
    expect(texts).toContain(kbd('первый пункт'));
    expect(texts).toContain(kbd('второй пункт'));
  });

  it('sends each text once per target language', async () => {
    const texts = await sentTextsSince(sandbox, sentAtStart);
    const unique = new Set(texts);
    // Three target languages; a text repeated within one entry ('Автор'...) is sent once per language.
    expect(texts.filter((text) => text === 'Мета описание')).toHaveLength(3);
    expect(texts.length).toBe(unique.size * 3);
  });

  it('keeps a hand-edited target field, sends only the changed source fields, and reports both', async () => {
    await waitFor('audio of both locales', async () => ((await strapi.article(article.documentId, 'ady'))?.audio ? true : undefined));
    await strapi.updateArticle(article.documentId, { title: 'Заголовок от редактора' }, { locale: 'kbd' });
    const before = (await sentTexts(sandbox)).length;
    await strapi.updateArticle(article.documentId, { title: 'Новости недели', summary: 'Новое описание' });
    const target = await translated('kbd', (entry) => entry.summary === kbd('Новое описание'));
    expect(target.title).toBe('Заголовок от редактора');
    const en = await translated('en', (entry) => entry.title === '[en] Novosti nedeli');
    expect(en.summary).toBe('[en] Novoe opisanie');
    // The en version is published: its slug (a live URL) stays as it was though the title changed.
    expect(en.slug).toBe('en-novosti-dnya');
    expect((await strapi.article(article.documentId, 'en', 'published'))?.slug).toBe('en-novosti-dnya');
    await translated('ady', (entry) => entry.title === pseudoTranslate('Новости недели', 'ru', 'ady'));
    const after = await sentTextsSince(sandbox, before);
    // Only the two changed fields went out again (title not for kbd, whose title is kept).
    expect(new Set(after)).toEqual(new Set(['Новости недели', 'Новое описание']));

    const status = await strapi.plugin<{ locales: Array<{ locale: string; status: string; keptByHand: string[] }> }>(
      'GET',
      `${strapi.entryPath(article.documentId)}/status`,
    );
    expect(status.status).toBe(200);
    const kbdStatus = status.body.locales.find((locale) => locale.locale === 'kbd');
    expect(kbdStatus?.keptByHand).toContain('title');
    expect(status.body.locales.find((locale) => locale.locale === 'en')?.status).toBe('translated');
  });

  it('re-translates on "Translate now" with replaceEdits (confirmed), replacing the hand edit', async () => {
    // The admin's dialog sends confirm once the editor has seen the fields; without it the server refuses (admin-permissions.test.ts).
    const queued = await strapi.plugin<{ queued: string[] }>('POST', `${strapi.entryPath(article.documentId)}/translate`, {
      locales: ['kbd'],
      replaceEdits: true,
      confirm: true,
    });
    expect(queued.status).toBe(202);
    expect(queued.body.queued).toEqual(['kbd']);
    const target = await translated('kbd', (entry) => entry.title === kbd('Новости недели'));
    // Replacing the edits is not a reason to move a published URL: the kbd slug is the first one.
    expect(target.slug).toBe('kbd-nuevuesti-dnya');
    const published = await waitFor('the published kbd title', async () => {
      const entry = await strapi.article(article.documentId, 'kbd', 'published');
      return entry?.title === kbd('Новости недели') ? entry : undefined;
    });
    expect(published.slug).toBe('kbd-nuevuesti-dnya');
    const status = await strapi.plugin<{ locales: Array<{ locale: string; status: string; keptByHand: string[] }> }>(
      'GET',
      `${strapi.entryPath(article.documentId)}/status`,
    );
    expect(status.body.locales.find((locale) => locale.locale === 'kbd')).toMatchObject({ status: 'translated', keptByHand: [] });
  });

  it("keeps a draft saved over the published source out of the targets' live versions until the source is published", async () => {
    const live = new Map<string, string | null | undefined>();
    for (const locale of ['kbd', 'ady', 'en']) live.set(locale, (await strapi.article(article.documentId, locale, 'published'))?.summary);
    const unfinished = 'Неоконченное описание';
    // The editor's Save in the Content Manager: the Russian draft changes, its live version does not.
    const entry = `/content-manager/collection-types/${ARTICLE_UID}/${article.documentId}?locale=ru`;
    await strapi.admin('PUT', entry, { summary: unfinished });
    for (const locale of ['kbd', 'ady', 'en'])
      await translated(locale, (target) => target.summary === pseudoTranslate(unfinished, 'ru', locale as never));
    await queueSettled(strapi);
    for (const locale of ['kbd', 'ady', 'en'])
      expect((await strapi.article(article.documentId, locale, 'published'))?.summary, locale).toBe(live.get(locale));
    // The editor's Publish: now the targets follow.
    await strapi.admin('POST', `/content-manager/collection-types/${ARTICLE_UID}/${article.documentId}/actions/publish?locale=ru`, {});
    for (const locale of ['kbd', 'ady', 'en'])
      await waitFor(`the published ${locale} summary`, async () => {
        const published = await strapi.article(article.documentId, locale, 'published');
        return published?.summary === pseudoTranslate(unfinished, 'ru', locale as never) ? true : undefined;
      });
  });

  it("spends nothing on the Public role's Content API writes (publicWrites off, the default); an API token's write is translated", async () => {
    await strapi.allowPublic('api::article', ['article.create']);
    let anonymous: { status: number; body: { data: Article } };
    try {
      anonymous = await strapi.publicRest<{ data: Article }>('POST', '/api/articles?locale=ru', {
        data: { title: 'Анонимная заметка' },
      });
    } finally {
      // The shared host's Public role as the next file expects it.
      await strapi.allowPublic('api::article', ['article.create'], false);
    }
    expect(anonymous.status).toBe(201);
    const withToken = await strapi.createArticle({ title: 'Заметка с токеном' }, { publish: false });
    await waitFor('the token write translated', async () =>
      (await strapi.article(withToken.documentId, 'kbd'))?.title ? true : undefined,
    );
    await queueSettled(strapi);
    const sent = await sentTexts(sandbox);
    expect(sent).toContain('Заметка с токеном');
    expect(sent).not.toContain('Анонимная заметка');
    expect(await strapi.article(anonymous.body.data.documentId, 'kbd')).toBeNull();
  });

  it('guards the admin routes and never shows the key', async () => {
    const anonymous = await fetch(`${host.ready.url}/circassian/settings`);
    expect(anonymous.status).toBe(401);
    const withApiToken = await fetch(`${host.ready.url}/circassian/settings`, {
      headers: { authorization: `Bearer ${host.ready.apiToken}` },
    });
    expect(withApiToken.status).toBe(401);

    // An admin whose role has none of the plugin's actions (Strapi's built-in Author role) is refused.
    const jwt = await strapi.adminJwt();
    const adminCall = async <T>(method: string, path: string, body?: unknown, token = jwt) => {
      const response = await fetch(`${host.ready.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    const roles = await adminCall<{ data: Array<{ id: number; code: string }> }>('GET', '/admin/roles');
    const author = roles.body.data.find((role) => role.code === 'strapi-author');
    const invited = await adminCall<{ data: { registrationToken: string } }>('POST', '/admin/users', {
      email: 'author@circassian.test',
      firstname: 'A',
      lastname: 'Author',
      roles: [author?.id],
    });
    const registered = await adminCall<{ data: { token: string } }>('POST', '/admin/register', {
      registrationToken: invited.body.data.registrationToken,
      userInfo: { firstname: 'A', lastname: 'Author', password: 'Author-pass-1' },
    });
    for (const [method, path] of [
      ['GET', '/circassian/settings'],
      ['POST', `/circassian${strapi.entryPath(article.documentId)}/translate`],
      ['POST', '/circassian/queue/pause'],
    ] as const) {
      expect((await adminCall(method, path, method === 'POST' ? {} : undefined, registered.body.data.token)).status).toBe(403);
    }

    // The key's details come from "Test connection" (one me() call), kept for the settings page.
    const tested = await strapi.plugin<{ key: { ok: boolean; name: string } }>('POST', '/settings/test-connection');
    expect(tested.status).toBe(200);
    expect(tested.body.key).toMatchObject({ ok: true, name: 'sandbox' });
    const settings = await strapi.plugin<{
      configured: boolean;
      key: { name: string; limits: Record<string, number> };
      usage: { characters: number; audioSeconds: number; requests: number };
      queue: { counts: Record<string, number> };
    }>('GET', '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body.configured).toBe(true);
    expect(settings.body.key.name).toBe('sandbox');
    expect(settings.body.key.limits.requests_per_minute).toBeGreaterThan(0);
    expect(settings.body.queue.counts.done).toBeGreaterThan(0);
    // Today's use as the plugin counted it: the characters it sent and received, the audio it made.
    expect(settings.body.usage.characters).toBeGreaterThan(0);
    expect(settings.body.usage.audioSeconds).toBeGreaterThan(0);
    expect(settings.body.usage.requests).toBeGreaterThan(0);

    const secret = sandbox.key.split('.')[1] as string;
    const responses = [
      settings.text,
      (await strapi.plugin('GET', `${strapi.entryPath(article.documentId)}/status`)).text,
      (await strapi.plugin('POST', `/bulk/${encodeURIComponent(ARTICLE_UID)}/estimate`, {})).text,
      await (await fetch(`${host.ready.url}/admin`)).text(),
      await (await fetch(`${host.ready.url}/admin/init`)).text(),
    ];
    for (const text of responses) {
      expect(text).not.toContain(sandbox.key);
      expect(text).not.toContain(secret);
    }
  });

  it('makes colliding translated slugs unique with -1 and -2 in the target locale', async () => {
    // Three entries, one title, three source slugs: their translated slugs meet in each target locale.
    const ids: string[] = [];
    for (const slug of ['itogi-a', 'itogi-b', 'itogi-c'])
      ids.push((await strapi.createArticle({ title: 'Итоги недели', slug, body: 'Итоги.' })).documentId);
    for (const locale of ['en', 'kbd']) {
      const slugs: string[] = [];
      for (const documentId of ids)
        slugs.push(
          await waitFor(`the ${locale} slug of ${documentId}`, async () => {
            const entry = await strapi.article(documentId, locale);
            return entry?.title?.startsWith(`[${locale}]`) && entry.slug ? entry.slug : undefined;
          }),
        );
      const base = slugs.find((slug) => !/-\d$/.test(slug)) ?? '';
      expect(base).toMatch(new RegExp(`^${locale}-`));
      expect(slugs.sort()).toEqual([base, `${base}-1`, `${base}-2`]);
    }
  });

  it("keeps an API token's published correction as a suggestion nobody gets back until a reviewer accepts it, and says so", async () => {
    await queueSettled(strapi);
    type Learning = { at: string; by: string; taught: number; suggested: number; error: string | null };
    type Status = { locales: Array<{ locale: string; learning?: Learning | null }> };
    const humanUnits = async () =>
      (
        await strapi.plugin<{ stats: { pairs: Array<{ source: string; target: string; byOrigin: Record<string, number> }> } }>(
          'GET',
          '/memory',
        )
      ).body.stats.pairs.find((pair) => pair.source === 'ru' && pair.target === 'kbd')?.byOrigin.human ?? 0;
    const before = await humanUnits();
    const kbdLearning = async () => {
      const { body } = await strapi.plugin<Status>('GET', `${strapi.entryPath(article.documentId)}/status`);
      return body.locales.find((locale) => locale.locale === 'kbd')?.learning ?? undefined;
    };
    // What an earlier case's publish of the Kabardian left: the record to wait past.
    const earlier = (await kbdLearning())?.at;
    // Before: a human unit under the plugin's name, and every later entry with this summary got it.
    await strapi.updateArticle(article.documentId, { summary: 'Описание, исправленное редактором' }, { locale: 'kbd' });
    const learning = await waitFor('the publish learnt from', async () => {
      const latest = await kbdLearning();
      return latest && latest.at !== earlier ? latest : undefined;
    });
    expect(learning).toMatchObject({ by: expect.stringMatching(/^api-token:/), taught: 0, suggested: 1, error: null });
    expect(await humanUnits()).toBe(before);
    const preview = await strapi.plugin<{ data: Record<string, unknown> }>('POST', `${strapi.entryPath(article.documentId)}/preview`, {
      locale: 'kbd',
    });
    const source = await strapi.article(article.documentId, 'ru');
    expect(preview.body.data.summary).toBe(kbd(source?.summary ?? ''));
  });

  it('publishes nothing of a target draft when its audio is made: a draft saved over the published source stays out of the live target', async () => {
    await queueSettled(strapi);
    const live = await strapi.article(article.documentId, 'kbd', 'published');
    type Status = { locales: Array<{ locale: string; audioStatus: { state: string; madeAt: string | null } | null }> };
    const audioMade = async () =>
      (await strapi.plugin<Status>('GET', `${strapi.entryPath(article.documentId)}/status`)).body.locales.find(
        (locale) => locale.locale === 'kbd',
      )?.audioStatus?.madeAt;
    const madeBefore = await audioMade();
    // An editor's Save (a draft) of the Russian body: the Kabardian draft gets its translation, its live version does not.
    const draftBody = 'Черновик текста, ещё не опубликованный.';
    await strapi.admin('PUT', `/content-manager/collection-types/${ARTICLE_UID}/${article.documentId}?locale=ru`, { body: draftBody });
    await translated('kbd', (target) => target.body === kbd(draftBody));
    // "Generate audio" reads the draft's new text: before, storing it published the whole draft.
    const asked = await strapi.plugin<{ queued: string[] }>('POST', `${strapi.entryPath(article.documentId)}/audio`, { locales: ['kbd'] });
    expect(asked.body.queued).toEqual(['kbd']);
    await waitFor('the kbd audio made again', async () => {
      const made = await audioMade();
      return made && made !== madeBefore ? true : undefined;
    });
    await queueSettled(strapi);
    expect((await strapi.article(article.documentId, 'kbd', 'published'))?.body).toBe(live?.body);
    // Published with its source, the target follows, audio and all.
    await strapi.admin('POST', `/content-manager/collection-types/${ARTICLE_UID}/${article.documentId}/actions/publish?locale=ru`, {});
    await waitFor('the published kbd body', async () =>
      (await strapi.article(article.documentId, 'kbd', 'published'))?.body === kbd(draftBody) ? true : undefined,
    );
  });

  it('exports the memory as TMX, and an import into the cleared memory exports the same units again', async () => {
    const exportTmx = async () => {
      const response = await fetch(`${host.ready.url}/circassian/memory/export`, {
        headers: { authorization: `Bearer ${await strapi.adminJwt()}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-tmx+xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="circassian-memory\.tmx"$/);
      return { text: await response.text() };
    };
    const exported = await exportTmx();
    expect(exported.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<tmx version="1\.4">/);
    expect(exported.text).toContain(`<seg>${kbd(SOURCE.title)}</seg>`);
    const { body } = await strapi.plugin<{ stats: { units: number; pairs: Array<{ source: string; target: string }> } }>('GET', '/memory');
    for (const pair of body.stats.pairs) expect((await strapi.plugin('POST', '/memory/clear', pair)).status).toBe(200);
    const imported = await fetch(`${host.ready.url}/circassian/memory/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await strapi.adminJwt()}`, 'content-type': 'application/x-tmx+xml' },
      body: exported.text,
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ read: body.stats.units, stored: body.stats.units, keptHuman: 0, skipped: {} });
    expect((await exportTmx()).text).toBe(exported.text);
  });
});
