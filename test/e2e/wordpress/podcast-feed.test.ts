// The podcast feed per language in a real WordPress (oldest and newest supported): posts voiced
// in Kabardian and in Adyghe, and one without audio; the feed at /?feed=circassian-podcast&lang=…
// (and the pretty /feed/circassian-podcast/?lang=kbd) is parsed by Chromium's XML parser and held
// to every tag a podcast app needs, and each language's feed carries only its own episodes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { restFromPage, WORDPRESS_VERSIONS, type TestSite } from '@circassian/scripts/hosts/wordpress/testing.js';
import { useSiteWithAdmin } from './use-site.js';

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
    expect(enclosure.type).toBe('audio/wav');
    // The length is the file's, in bytes, as the server sends it.
    const audio = await page.request.get(enclosure.url ?? '');
    expect(audio.status()).toBe(200);
    expect(Number(enclosure.length)).toBe((await audio.body()).length);
  }
  expect(new Set(feed.items.map((item) => item.guid)).size).toBe(feed.items.length);
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: podcast feed', (version) => {
  const state = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;

  /** Publishes a post through REST, in `language` (the post's own voice setting) when given. */
  async function publish(title: string, language?: string): Promise<number> {
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title,
      content: `<!-- wp:paragraph -->\n<p>${title}: адыгэбзэкӀэ.</p>\n<!-- /wp:paragraph -->`,
      excerpt: `${title}.`,
      status: 'publish',
      ...(language ? { meta: { _circassian_post_voice: { language } } } : {}),
    });
    expect(created.status).toBe(201);
    return (created.body as { id: number }).id;
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
    // WP-Cron voices them in the background, as a visit would start it.
    const voiced = async (): Promise<number> =>
      (await site.sandbox.admin.calls({ operation: 'speech' })).filter((call) => (call as { outcome: string }).outcome === 'ok').length;
    for (let tries = 0; tries < 60 && (await voiced()) < 3; tries += 1) {
      await page.request.get(`${site.ready.url}/wp-cron.php`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    expect(await voiced()).toBe(3);
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
});
