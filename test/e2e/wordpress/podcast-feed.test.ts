// The podcast feed per language in a real WordPress (the oldest supported line: see SERVER_SIDE_LINE):
// posts voiced in Kabardian and in Adyghe, and one without audio; the feed at
// /?feed=circassian-podcast&lang=… (and the pretty /feed/circassian-podcast/?lang=kbd) is parsed by
// Chromium's XML parser and held to every tag a podcast app needs, and each language's feed carries
// only its own episodes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { restFromPage, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
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
    await publish('Кабардей япэ');
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
    await expectPodcastTags(page, feed, 'kbd', url);
    expect(feed.items.map((item) => item.title).sort()).toEqual(['Кабардей етӀуанэ', 'Кабардей япэ']);
  });

  it('the Adyghe feed has only the Adyghe episode', async () => {
    const url = `${site.ready.url}/?feed=circassian-podcast&lang=ady`;
    const { feed } = await readFeed(page, url);
    await expectPodcastTags(page, feed, 'ady', url);
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

  it("every page of the site names each language's podcast for autodiscovery", async () => {
    const html = await (await page.request.get(`${site.ready.url}/`)).text();
    const linked = [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)" \/>/g)]
      .map((match) => (match[1] ?? '').replaceAll('&#038;', '&'))
      .filter((href) => href.includes('circassian-podcast'));
    expect(linked.sort()).toEqual(['ady', 'en', 'kbd', 'ru'].map((lang) => `${site.ready.url}/?feed=circassian-podcast&lang=${lang}`));
  });
});
