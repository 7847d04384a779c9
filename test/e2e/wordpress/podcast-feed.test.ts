// The podcast feed per language in a real WordPress (the oldest supported line: see SERVER_SIDE_LINE):
// posts voiced in Kabardian and in Adyghe, and one without audio; the feed at
// /?feed=circassian-podcast&lang=… (and the pretty /feed/circassian-podcast/?lang=kbd) is parsed by
// Chromium's XML parser and held to every tag a podcast app needs, and each language's feed carries
// only its own episodes. Each feed is also read by podcast-partytime (Podcast Index's parser, from
// npm) and held to Apple Podcasts' published requirements, with the artwork and the audio fetched as
// a directory fetches them; the artwork's refusal and "Check the feed as a directory would" are
// driven in Chromium on the settings page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseFeed } from 'podcast-partytime';
import { itunesCategoriesSourceOfTruth } from 'podcast-partytime/dist/parser/itunes-categories.js';
import { restFromPage, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { imageFacts, solidPng } from './images.js';
import { SERVER_SIDE_LINE, useSiteWithAdmin } from './use-site.js';

interface Enclosure {
  readonly url: string | null;
  readonly length: string | null;
  readonly type: string | null;
}

interface Episode {
  readonly title: string | null;
  readonly link: string | null;
  readonly guid: string | null;
  readonly pubDate: string | null;
  readonly duration: string | null;
  readonly enclosures: Enclosure[];
}

interface Feed {
  readonly parseError: string | null;
  readonly rssVersion: string | null;
  readonly title: string | null;
  readonly link: string | null;
  readonly description: string | null;
  readonly language: string | null;
  readonly selfLink: string | null;
  readonly author: string | null;
  readonly ownerName: string | null;
  readonly ownerEmail: string | null;
  readonly image: string | null;
  readonly category: string | null;
  readonly explicit: string | null;
  readonly podcastGuid: string | null;
  readonly items: Episode[];
}

/** The little of the browser's XML DOM the parse uses (the test files build without the DOM library). */
interface XmlElement {
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly textContent: string | null;
  readonly children: ArrayLike<XmlElement>;
  getAttribute(name: string): string | null;
}
interface XmlDocument {
  readonly documentElement: XmlElement;
  querySelector(selector: string): XmlElement | null;
}
type XmlParser = new () => { parseFromString(text: string, type: string): XmlDocument };

const ITUNES = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
const PODCAST = 'https://podcastindex.org/namespace/1.0';
const ATOM = 'http://www.w3.org/2005/Atom';

/** Fetches a feed and parses it with the browser's XML parser (namespaces by their URIs, not prefixes). */
async function readFeed(page: Page, url: string): Promise<{ contentType: string; feed: Feed }> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const feed = await page.evaluate(
    ({ xml, ns }) => {
      const Parser = (globalThis as unknown as { DOMParser: XmlParser }).DOMParser;
      const doc = new Parser().parseFromString(xml, 'application/xml');
      const channel = doc.querySelector('rss > channel');
      const own = (parent: XmlElement | null | undefined, name: string, namespace: string | null = null): XmlElement | null =>
        Array.from(parent?.children ?? []).find((child) => child.localName === name && child.namespaceURI === namespace) ?? null;
      const text = (parent: XmlElement | null | undefined, name: string, namespace: string | null = null): string | null =>
        own(parent, name, namespace)?.textContent?.trim() ?? null;
      return {
        parseError: doc.querySelector('parsererror')?.textContent ?? null,
        rssVersion: doc.documentElement.getAttribute('version'),
        title: text(channel, 'title'),
        link: text(channel, 'link'),
        description: text(channel, 'description'),
        language: text(channel, 'language'),
        selfLink:
          own(channel, 'link', ns.atom)?.getAttribute('rel') === 'self' ? own(channel, 'link', ns.atom)!.getAttribute('href') : null,
        author: text(channel, 'author', ns.itunes),
        ownerName: text(own(channel, 'owner', ns.itunes), 'name', ns.itunes),
        ownerEmail: text(own(channel, 'owner', ns.itunes), 'email', ns.itunes),
        image: own(channel, 'image', ns.itunes)?.getAttribute('href') ?? null,
        category: own(channel, 'category', ns.itunes)?.getAttribute('text') ?? null,
        explicit: text(channel, 'explicit', ns.itunes),
        podcastGuid: text(channel, 'guid', ns.podcast),
        items: Array.from(channel?.children ?? [])
          .filter((child) => child.localName === 'item')
          .map((item) => ({
            title: text(item, 'title'),
            link: text(item, 'link'),
            guid: text(item, 'guid'),
            pubDate: text(item, 'pubDate'),
            duration: text(item, 'duration', ns.itunes),
            enclosures: Array.from(item.children)
              .filter((child) => child.localName === 'enclosure' && child.namespaceURI === null)
              .map((enclosure) => ({
                url: enclosure.getAttribute('url'),
                length: enclosure.getAttribute('length'),
                type: enclosure.getAttribute('type'),
              })),
          })),
      };
    },
    { xml, ns: { itunes: ITUNES, podcast: PODCAST, atom: ATOM } },
  );
  return { contentType: response.headers()['content-type'] ?? '', feed };
}

/**
 * Apple Podcasts' published requirements, on the feed as podcast-partytime parses it: a two-letter
 * `<language>`, `itunes:explicit`, a category (and subcategory) of Apple's list as the parser ships
 * it, artwork that is a JPEG or PNG of 1400-3000 px square in RGB (read from the downloaded image),
 * each enclosure's length equal to the file's bytes and HEAD answered with that length and type.
 * Returns the episodes' GUIDs by title.
 */
async function expectAppleRequirements(page: Page, url: string): Promise<Map<string, string>> {
  const xml = await (await page.request.get(url)).text();
  const parsed = parseFeed(xml);
  expect(parsed).not.toBeNull();
  const feed = parsed!;
  expect(feed.language).toMatch(/^[a-z]{2}$/);
  expect(xml).toMatch(/<itunes:explicit>(true|false)<\/itunes:explicit>/);
  expect(feed.itunesCategory?.length).toBeGreaterThan(0);
  for (const category of feed.itunesCategory ?? []) {
    const [name, sub] = category.split(' > ');
    const known = itunesCategoriesSourceOfTruth.find((entry) => entry.name === name);
    expect(known, category).toBeDefined();
    if (sub !== undefined) expect(known?.subCategories, category).toContain(sub);
  }
  const artwork = await page.request.get(feed.itunesImage ?? '');
  expect(artwork.status()).toBe(200);
  const facts = imageFacts(await artwork.body());
  expect(facts?.type).toMatch(/^image\/(png|jpeg)$/);
  expect(artwork.headers()['content-type']).toBe(facts?.type);
  expect(facts?.width).toBe(facts?.height);
  expect(facts?.width).toBeGreaterThanOrEqual(1400);
  expect(facts?.width).toBeLessThanOrEqual(3000);
  // RGB: a PNG of colour type 2 or 6 (RGB, RGBA), a JPEG of three components (not CMYK's four).
  expect(facts?.type === 'image/png' ? [2, 6] : [3]).toContain(facts?.colour);
  expect(feed.image?.url).toBe(feed.itunesImage);
  expect(feed.items.length).toBeGreaterThan(0);
  for (const item of feed.items) {
    expect(item.guid).toMatch(/\S/);
    expect(['audio/mpeg', 'audio/x-m4a', 'audio/mp4']).toContain(item.enclosure.type);
    const head = await page.request.head(item.enclosure.url);
    expect(head.status()).toBe(200);
    expect(head.headers()['content-type']).toBe(item.enclosure.type);
    expect(Number(head.headers()['content-length'])).toBe(item.enclosure.length);
    expect((await (await page.request.get(item.enclosure.url)).body()).length).toBe(item.enclosure.length);
  }
  expect(new Set(feed.items.map((item) => item.guid)).size).toBe(feed.items.length);
  return new Map(feed.items.map((item) => [item.title ?? '', item.guid]));
}

/** Every tag podcast apps (Apple Podcasts, Podcast Index) require of the show and of each episode. */
async function expectPodcastTags(page: Page, feed: Feed, language: string, feedUrl: string): Promise<void> {
  expect(feed.parseError).toBeNull();
  expect(feed.rssVersion).toBe('2.0');
  expect(feed.title).toMatch(/\S/);
  expect(feed.link).toMatch(/^http/);
  expect(feed.description).toMatch(/\S/);
  expect(feed.language).toBe(language);
  expect(feed.selfLink).toBe(feedUrl);
  expect(feed.author).toMatch(/\S/);
  expect(feed.ownerName).toMatch(/\S/);
  // Only an address typed in the show's details, never the site's administration email (none is typed yet).
  expect(feed.ownerEmail).toBeNull();
  expect(feed.category).toMatch(/\S/);
  expect(['true', 'false']).toContain(feed.explicit);
  // Podcasting 2.0: a UUIDv5.
  expect(feed.podcastGuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // Apple asks for a JPEG or PNG cover the feed's readers can fetch.
  const cover = await page.request.get(feed.image ?? '');
  expect(cover.status()).toBe(200);
  expect(cover.headers()['content-type']).toMatch(/^image\/(png|jpeg)/);
  expect(feed.items.length).toBeGreaterThan(0);
  for (const item of feed.items) {
    expect(item.title).toMatch(/\S/);
    expect(item.link).toMatch(/^http/);
    expect(item.guid).toMatch(/\S/);
    expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
    expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/);
    expect(item.duration).toMatch(/^\d+$|^(\d+:)?\d{1,2}:\d{2}$/);
    expect(item.enclosures).toHaveLength(1);
    const [enclosure] = item.enclosures as [Enclosure];
    // MP3, which Apple Podcasts and Spotify take (the site has lame): the file starts with an MPEG
    // audio Layer III frame header (11 sync bits, then the layer bits 01).
    expect(enclosure.type).toBe('audio/mpeg');
    expect(enclosure.url).toMatch(/\.mp3$/);
    const audio = await page.request.get(enclosure.url ?? '');
    expect(audio.status()).toBe(200);
    const bytes = await audio.body();
    expect(bytes[0]).toBe(0xff);
    expect((bytes[1] ?? 0) & 0xe0).toBe(0xe0);
    expect((bytes[1] ?? 0) & 0x06).toBe(0x02);
    // The length is the file's, in bytes, as the server sends it.
    expect(Number(enclosure.length)).toBe(bytes.length);
  }
  expect(new Set(feed.items.map((item) => item.guid)).size).toBe(feed.items.length);
}

// One line (SERVER_SIDE_LINE): feeds, WP-Cron voicing, the Podcast section of a PHP-rendered settings form
// and the autodiscovery links are the plugin's PHP, the same on every WordPress line.
describe.each([SERVER_SIDE_LINE])('WordPress %s: podcast feed', (version) => {
  const state = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;
  let kabardianFirst: number;

  /** Publishes a post through REST, in `language` (the post's own voice setting) when given, with more meta when given. */
  async function publish(title: string, language?: string, meta: Record<string, unknown> = {}, words = 'адыгэбзэкӀэ'): Promise<number> {
    const voice = language ? { _circassian_post_voice: { language } } : {};
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title,
      content: `<!-- wp:paragraph -->\n<p>${title}: ${words}.</p>\n<!-- /wp:paragraph -->`,
      excerpt: `${title}.`,
      status: 'publish',
      meta: { ...voice, ...meta },
    });
    expect(created.status).toBe(201);
    return (created.body as { id: number }).id;
  }

  /** The number of speech calls that reached the service and succeeded. */
  async function voicedCount(): Promise<number> {
    return (await site.sandbox.admin.calls({ operation: 'speech' })).filter((call) => (call as { outcome: string }).outcome === 'ok')
      .length;
  }

  /** Uploads an image into the Media Library, as the media picker's uploader does; its id. */
  async function uploadImage(name: string, bytes: Buffer): Promise<number> {
    const nonce = await (await page.request.get(`${site.ready.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
    const response = await page.request.post(`${site.ready.url}/?rest_route=/wp/v2/media`, {
      headers: { 'X-WP-Nonce': nonce, 'Content-Type': 'image/png', 'Content-Disposition': `attachment; filename="${name}"` },
      data: bytes,
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  /** Chooses a Media Library image in the podcast settings' picker, as an administrator does. */
  async function chooseArtwork(id: number): Promise<void> {
    await page.getByRole('button', { name: 'Choose artwork…' }).click();
    const modal = page.locator('.media-modal:visible');
    // The picker may open on "Upload files": the administrator goes to the library's tab.
    await modal.getByRole('tab', { name: 'Media Library' }).click();
    await modal.locator(`li.attachment[data-id="${String(id)}"]`).click();
    await modal.getByRole('button', { name: 'Use as the podcast artwork' }).click();
    await expect.poll(() => page.locator('#circassian-podcast-artwork').inputValue()).toBe(String(id));
  }

  /** The language each speech call that reached the service was made in, by the first words of its text. */
  async function spokenLanguages(): Promise<Map<string, string>> {
    const calls = (await site.sandbox.admin.calls({ operation: 'speech' })) as {
      outcome: string;
      content?: { request?: { text?: string; language?: string } };
    }[];
    return new Map(
      calls
        .filter((call) => call.outcome === 'ok')
        .map((call) => [call.content?.request?.text ?? '', call.content?.request?.language ?? 'kbd']),
    );
  }

  /** Runs WP-Cron until `count` speech calls succeeded, as visits would start it. */
  async function voicedUntil(count: number): Promise<void> {
    const voiced = async (): Promise<number> =>
      (await site.sandbox.admin.calls({ operation: 'speech' })).filter((call) => (call as { outcome: string }).outcome === 'ok').length;
    for (let tries = 0; tries < 60 && (await voiced()) < count; tries += 1) {
      await page.request.get(`${site.ready.url}/wp-cron.php`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(await voiced()).toBe(count);
  }

  beforeAll(async () => {
    site = state.site;
    page = state.page;
    await page.goto(`${site.ready.url}/wp-admin/`);
    // The sample post, published before post audio was on, has no audio: it is in no feed.
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    kabardianFirst = await publish('Кабардей япэ');
    await publish('Кабардей етӀуанэ');
    await publish('Адыгэ япэ', 'ady');
    // A Russian post (its language detected) and its Russian translation, whose stored language
    // wins over a text the detector would call English.
    const russian = await publish('Утренние новости', undefined, {}, 'сегодня в городе тепло и солнечно');
    await publish(
      'Morning news',
      undefined,
      { _circassian_translation_of: russian, _circassian_translation_language: 'ru' },
      'Moscow 2026',
    );
    // WP-Cron voices them in the background, as a visit would start it.
    await voicedUntil(5);
  });

  it('a Russian post and its linked Russian translation are voiced in Russian and make the Russian feed', async () => {
    const spoken = await spokenLanguages();
    const languageOf = (title: string): string | undefined => [...spoken].find(([text]) => text.startsWith(title))?.[1];
    expect(languageOf('Утренние новости')).toBe('ru');
    expect(languageOf('Morning news')).toBe('ru');
    expect(languageOf('Кабардей япэ')).toBe('kbd');
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=ru`;
    const { feed } = await readFeed(page, url);
    await expectPodcastTags(page, feed, 'ru', url);
    expect(feed.items.map((item) => item.title).sort()).toEqual(['Morning news', 'Утренние новости']);
  });

  it('a bulk run voices the English sample post in English, into the English feed', async () => {
    const listed = (await restFromPage(page, 'circassian/v1/bulk-audio?post_type=post')).body as { posts: { id: number; title: string }[] };
    const sample = listed.posts.find((post) => post.title === 'Hello world!');
    expect(sample).toBeDefined();
    expect(
      (await restFromPage(page, 'circassian/v1/bulk-audio/run', 'POST', { post_type: 'post', ids: [sample!.id] })).status,
    ).toBeLessThan(300);
    await voicedUntil(6);
    expect([...(await spokenLanguages())].find(([text]) => text.startsWith('Hello world!'))?.[1]).toBe('en');
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=en`;
    const { feed } = await readFeed(page, url);
    await expectPodcastTags(page, feed, 'en', url);
    expect(feed.items.map((item) => item.title)).toEqual(['Hello world!']);
  });

  it('a language the service does not speak has no feed: 404', async () => {
    const response = await page.request.get(`${site.ready.url}/?feed=circassian-podcast&lang=xx`);
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('No such podcast');
  });

  it("a feed never shows the site's administration email, and with post audio off there is no feed: 404, in words", async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=kbd`;
    const admin = (await restFromPage(page, 'wp/v2/settings', 'GET')).body as { email: string };
    expect(admin.email).toMatch(/@/);
    expect(await (await page.request.get(url)).text()).not.toContain(admin.email);
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: [] } });
    const off = await page.request.get(url);
    expect([off.status(), await off.text()]).toEqual([404, 'This site publishes no podcast: post audio is off.\n']);
    await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });
    expect((await page.request.get(url)).status()).toBe(200);
  });

  it('the Kabardian feed, at the address that works whatever the permalinks, has every required tag and only the Kabardian episodes', async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=kbd`;
    const { contentType, feed } = await readFeed(page, url);
    expect(contentType).toMatch(/^application\/rss\+xml/);
    // Apple Podcasts takes two-letter codes only: the Kabardian feed declares Russian until another is chosen.
    await expectPodcastTags(page, feed, 'ru', url);
    expect(feed.category).toBe('Education');
    expect(feed.explicit).toBe('false');
    expect(feed.items.map((item) => item.title).sort()).toEqual(['Кабардей етӀуанэ', 'Кабардей япэ']);
    await expectAppleRequirements(page, url);
  });

  it('the Adyghe feed has only the Adyghe episode', async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=ady`;
    const { feed } = await readFeed(page, url);
    await expectPodcastTags(page, feed, 'ru', url);
    await expectAppleRequirements(page, url);
    expect(feed.items.map((item) => item.title)).toEqual(['Адыгэ япэ']);
  });

  it('with pretty permalinks, /feed/circassian-podcast/?lang=kbd is the same show with the same episodes', async () => {
    const plain = (await readFeed(page, `${site.ready.url}/?feed=circassian-podcast&lang=kbd`)).feed;
    const { contentType, feed } = await readFeed(page, `${site.ready.url}/feed/circassian-podcast/?lang=kbd`);
    expect(contentType).toMatch(/^application\/rss\+xml/);
    expect(feed.parseError).toBeNull();
    expect({ ...feed, selfLink: null }).toEqual({ ...plain, selfLink: null });
  });

  it("the settings page shows each feed's address and that episodes are MP3; the show's title, description, author and owner email set there are the feed's", async () => {
    // An email that is not one is refused, and nothing is saved (from the dashboard, where the REST nonce is).
    await page.goto(`${site.ready.url}/wp-admin/`);
    const refused = await restFromPage(page, 'circassian/v1/settings', 'POST', { podcast: { title: 'Half saved', email: 'not-an-email' } });
    expect(refused.status).toBe(400);
    expect(((await restFromPage(page, 'circassian/v1/settings')).body as { podcast: { title: string } }).podcast.title).toBe('');
    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    const feeds = page.locator('#circassian-podcast-feeds a');
    expect(await feeds.evaluateAll((links) => links.map((link) => (link as unknown as { textContent: string }).textContent))).toEqual(
      ['kbd', 'ady', 'ru', 'en'].map((lang) => `${site.ready.url}/?feed=circassian-podcast&lang=${lang}`),
    );
    expect(await page.locator('#circassian-podcast-encoder').getAttribute('data-encoder')).toBe('lame');
    await page.getByLabel('Show title').fill('Адыгэ макъ');
    await page.getByLabel('Show description').fill('Хъыбархэр адыгэбзэкӀэ.');
    await page.getByLabel('Author', { exact: true }).fill('Редакцэ');
    await page.getByLabel('Owner’s email').fill('podcast@example.test');
    await page.screenshot({ path: `/tmp/wp-shots/podcast-settings-${version}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    const { feed } = await readFeed(page, `${site.ready.url}/?feed=circassian-podcast&lang=kbd`);
    expect(feed).toMatchObject({
      title: 'Адыгэ макъ (Kabardian audio)',
      description: 'Хъыбархэр адыгэбзэкӀэ.',
      author: 'Редакцэ',
      ownerName: 'Редакцэ',
      ownerEmail: 'podcast@example.test',
    });
  });

  it('artwork chosen in the Media Library is checked on save: a 512 px PNG is refused with its reason and changes nothing; a 1400 px PNG becomes the feed’s itunes:image and <image>', async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=kbd`;
    const before = (await readFeed(page, url)).feed;
    const small = await uploadImage('site-icon-512.png', solidPng(512, 512));
    const cover = await uploadImage('show-cover-1400.png', solidPng(1400, 1400));
    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    await chooseArtwork(small);
    await page.getByLabel('Show title').fill('Не сохранится');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    await expect
      .poll(() => page.locator('#circassian-settings-result').textContent())
      .toMatch(
        /^\s*site-icon-512(-\d+)?\.png cannot be the podcast artwork: it is 512 × 512 pixels, and Apple Podcasts takes 1400 × 1400 to 3000 × 3000\. Nothing was saved\.\s*$/,
      );
    // Nothing sent with it was saved: the title and the artwork are what they were.
    const refused = (await readFeed(page, url)).feed;
    expect([refused.title, refused.image]).toEqual([before.title, before.image]);
    expect(before.image).toMatch(/\/images\/podcast-cover\.png$/);

    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    await chooseArtwork(cover);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.waitForURL(/page=circassian/);
    await expect.poll(() => page.locator('#circassian-settings-result').textContent()).toMatch(/Settings saved\./);
    const media = (await restFromPage(page, `wp/v2/media/${String(cover)}`)).body as { source_url: string };
    const saved = (await readFeed(page, url)).feed;
    expect(saved.image).toBe(media.source_url);
    await expectAppleRequirements(page, url);
    await page.locator('#circassian-podcast-show').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/wp-shots/podcast-artwork-${version}.png`, fullPage: true });
  });

  it('"Check the feed as a directory would" fetches the newest episode and the artwork from the site and says what Apple would refuse: PHP’s built-in server answers no byte range, and the check says that is the web server’s', async () => {
    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    await page.locator('#circassian-podcast-check-lang').selectOption('kbd');
    await page.getByRole('button', { name: 'Check the feed as a directory would' }).click();
    const findings = page.locator('#circassian-podcast-check-result li');
    await expect.poll(() => findings.count(), { timeout: 30_000 }).toBe(5);
    const results = await findings.evaluateAll((items) =>
      items.map((item) => {
        const element = item as unknown as { dataset: Record<string, string>; textContent: string };
        return [element.dataset['check'], element.dataset['passed'], element.textContent];
      }),
    );
    expect(results.map(([check, passed]) => `${check ?? ''}: ${passed ?? ''}`)).toEqual([
      'language: true',
      'format: true',
      'head: true',
      'range: false',
      'artwork: true',
    ]);
    const said = new Map(results.map(([check, , text]) => [check, text]));
    expect(said.get('language')).toBe('Passes: The feed declares the language “ru”: two letters, as Apple Podcasts takes.');
    expect(said.get('range')).toContain('it answered 200 with the whole file, not 206 with the two bytes asked');
    expect(said.get('range')).toContain('not by this plugin');
    expect(said.get('artwork')).toBe('Passes: The artwork is 1400 × 1400 pixels, image/png, in RGB, as Apple Podcasts asks.');
    expect(await page.locator('#circassian-podcast-check-result > p').textContent()).toBe(
      'Apple Podcasts or Spotify would refuse this feed:',
    );
    await page.locator('#circassian-podcast-check-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/wp-shots/podcast-check-${version}.png`, fullPage: true });
    // The true code, when chosen, is declared, and the check says Apple would refuse it.
    await restFromPage(page, 'circassian/v1/settings', 'POST', { podcast: { declared: { kbd: 'kbd' } } });
    const checked = (await restFromPage(page, 'circassian/v1/podcast/check', 'POST', { lang: 'kbd' })).body as {
      checks: { check: string; passed: boolean }[];
    };
    expect(checked.checks.find((check) => check.check === 'language')?.passed).toBe(false);
    expect((await readFeed(page, `${site.ready.url}/?feed=circassian-podcast&lang=kbd`)).feed.language).toBe('kbd');
    await restFromPage(page, 'circassian/v1/settings', 'POST', { podcast: { declared: { kbd: 'ru' } } });
  });

  it('an episode keeps its GUID when its audio is made again after an edit, and its enclosure is the new file', async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=kbd`;
    const before = await expectAppleRequirements(page, url);
    const calls = await voicedCount();
    const edited = await restFromPage(page, `wp/v2/posts/${String(kabardianFirst)}`, 'POST', {
      content: '<!-- wp:paragraph -->\n<p>Кабардей япэ: адыгэбзэкӀэ. Псалъэ щӀэ къыхэхьащ.</p>\n<!-- /wp:paragraph -->',
    });
    expect(edited.status).toBe(200);
    await voicedUntil(calls + 1);
    const after = await expectAppleRequirements(page, url);
    expect(after).toEqual(before);
  });

  it("every page of the site names each language's podcast for autodiscovery", async () => {
    const html = await (await page.request.get(`${site.ready.url}/`)).text();
    const linked = [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)" \/>/g)]
      .map((match) => (match[1] ?? '').replaceAll('&#038;', '&'))
      .filter((href) => href.includes('circassian-podcast'));
    expect(linked.sort()).toEqual(['ady', 'en', 'kbd', 'ru'].map((lang) => `${site.ready.url}/?feed=circassian-podcast&lang=${lang}`));
  });
});
