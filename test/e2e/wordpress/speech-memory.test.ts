// The speech memory in a real WordPress (oldest and newest supported): with it switched on, a post's
// audio is voiced sentence by sentence and kept in the site's own store, so an edit of one sentence
// of a ~3,000-character post asks the service for that sentence only (the sandbox's call log says
// so), the post's file is joined again with the new sentence in place and the read-along timings
// move with it; voicing the same text again asks nothing, and a sentence another post had costs
// nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readWavInfo } from '@circassian/core/wav';
import { restFromPage, WORDPRESS_VERSIONS, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { openAdminRestScreen, useSiteWithAdmin } from './use-site.js';

interface SpeechCall {
  readonly content?: { request?: { text?: string } };
}

interface Timings {
  readonly format: string;
  readonly duration: number;
  readonly sentences: readonly { start: number; end: number; text: string }[];
}

/** The post's paragraphs: 7 of 5 sentences, each sentence its own (numbered) text, ~3,000 characters in all. */
function paragraphsOf(tag: string): string[][] {
  return Array.from({ length: 7 }, (_, p) =>
    Array.from({ length: 5 }, (_, s) => `${tag} ${p * 5 + s + 1}: Сэ адыгэбзэкӀэ сыщоджэ, уэри укъыддоджэ, тхылъыр зэхэтщыкӀмэ нэхъыфӀщ.`),
  );
}

function contentOf(paragraphs: readonly (readonly string[])[]): string {
  return paragraphs.map((sentences) => `<!-- wp:paragraph --><p>${sentences.join(' ')}</p><!-- /wp:paragraph -->`).join('\n\n');
}

/** Every speech call's text, oldest first (the log lists newest first). */
async function speechTexts(site: TestSite): Promise<string[]> {
  const calls = (await site.sandbox.admin.calls({ operation: 'speech' })) as SpeechCall[];
  return calls.map((call) => call.content?.request?.text ?? '').reverse();
}

/** The player's WAV address, after running WP-Cron's due events as any visit does. */
async function playerSrc(page: Page, site: TestSite, link: string): Promise<string | null> {
  await page.request.get(`${site.ready.url}/wp-cron.php`);
  const html = await (await page.request.get(link)).text();
  return /<figure class="circassian-post-audio">.*?<source src="([^"]+)" type="audio\/wav"><\/audio>/s.exec(html)?.[1] ?? null;
}

/** The post's audio samples and their format. */
async function samples(page: Page, src: string): Promise<{ data: Uint8Array; byteRate: number; blockAlign: number }> {
  const bytes = new Uint8Array(await (await page.request.get(src)).body());
  const info = readWavInfo(bytes);
  return {
    data: bytes.subarray(info.dataOffset, info.dataOffset + info.dataLength),
    byteRate: info.sampleRate * info.blockAlign,
    blockAlign: info.blockAlign,
  };
}

/** A whole number of frames in `seconds` of audio. */
function bytesIn(seconds: number, audio: { byteRate: number; blockAlign: number }): number {
  return Math.max(0, Math.floor((seconds * audio.byteRate) / audio.blockAlign) * audio.blockAlign);
}

async function timingsOf(page: Page, id: number): Promise<Timings | null> {
  const post = await restFromPage(page, `wp/v2/posts/${id}`);
  return (post.body as { circassian_speech_timings?: Timings | null }).circassian_speech_timings ?? null;
}

async function createPost(page: Page, title: string, content: string): Promise<{ id: number; link: string }> {
  const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title, content, status: 'publish' });
  expect(created.status).toBe(201);
  return created.body as { id: number; link: string };
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: speech memory', (version) => {
  const context = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;
  const title = 'Псалъэухэм я макъ';
  const paragraphs = paragraphsOf('Псалъэуха');
  /** The first voicing, read by the cases after it. */
  let first: { id: number; link: string; src: string; timings: Timings; audio: Awaited<ReturnType<typeof samples>> };

  beforeAll(async () => {
    site = context.site;
    page = context.page;
    await openAdminRestScreen(page, site.ready.url);
    const saved = await restFromPage(page, 'circassian/v1/settings', 'POST', {
      post_audio: { post_types: ['post'], placement: 'after' },
      speech_memory: true,
    });
    expect([saved.status, (saved.body as { speech_memory?: boolean }).speech_memory]).toEqual([200, true]);
  });

  it('voices a ~3,000-character post a sentence a call, joined into one file whose timings cover every sentence', async () => {
    const content = contentOf(paragraphs);
    expect(paragraphs.flat().join(' ').length).toBeGreaterThan(2_800);
    const before = (await speechTexts(site)).length;
    const post = await createPost(page, title, content);
    await expect.poll(() => playerSrc(page, site, post.link), { timeout: 120_000, interval: 1_000 }).not.toBeNull();
    expect((await speechTexts(site)).slice(before)).toEqual([title, ...paragraphs.flat()]);
    const src = (await playerSrc(page, site, post.link)) as string;
    const timings = (await timingsOf(page, post.id)) as Timings;
    expect(timings.format).toBe('circassian-speech-timings');
    expect(timings.sentences.map((sentence) => sentence.text)).toEqual([title, ...paragraphs.flat()]);
    const audio = await samples(page, src);
    expect(timings.duration).toBeCloseTo(audio.data.length / audio.byteRate, 3);
    timings.sentences.forEach((sentence, index) => {
      expect(sentence.end).toBeGreaterThan(sentence.start);
      if (index > 0) expect(sentence.start).toBe(timings.sentences[index - 1]?.end);
    });
    // Kept now: the edit's audio replaces this file (the old attachment is deleted).
    first = { ...post, src, timings, audio };
  });

  it('an edit of one sentence re-voices that sentence only: the file changes there alone, its duration is the sum, the timings move with it', async () => {
    const edited = paragraphs.map((sentences) => [...sentences]);
    const changed = 'Псалъэуха 18: Сэ адыгэбзэкӀэ сыщоджэ, уэри укъыддоджэ, тхылъыр зэхэтщыкӀмэ нэхъыфӀщ, жиӀащ.';
    (edited[3] as string[])[2] = changed;
    const index = 1 + 17; // the title, then sentences 1 to 17
    const before = (await speechTexts(site)).length;
    const updated = await restFromPage(page, `wp/v2/posts/${first.id}`, 'POST', { content: contentOf(edited) });
    expect(updated.status).toBe(200);
    await expect.poll(() => playerSrc(page, site, first.link), { timeout: 120_000, interval: 1_000 }).not.toBe(first.src);
    expect((await speechTexts(site)).slice(before)).toEqual([changed]);

    const timings = (await timingsOf(page, first.id)) as Timings;
    expect(timings.sentences[index]?.text).toBe(changed);
    const was = first.timings.sentences;
    const now = timings.sentences;
    // Before the edit nothing moved; after it everything moved by the new sentence's difference.
    expect(now.slice(0, index)).toEqual(was.slice(0, index));
    const shift = (now[index]?.end ?? 0) - (was[index]?.end ?? 0);
    expect(shift).toBeGreaterThan(0);
    now.slice(index + 1).forEach((sentence, offset) => {
      expect(sentence.start).toBeCloseTo((was[index + 1 + offset]?.start ?? 0) + shift, 2);
      expect(sentence.text).toBe(was[index + 1 + offset]?.text);
    });

    // The file: the old audio up to the edited sentence, its new audio, then the old audio after it.
    const old = first.audio;
    const audio = await samples(page, (await playerSrc(page, site, first.link)) as string);
    expect(timings.duration).toBeCloseTo(audio.data.length / audio.byteRate, 3);
    expect(timings.duration).toBeCloseTo(first.timings.duration + shift, 2);
    const head = bytesIn((was[index]?.start ?? 0) - 0.002, old);
    const tail = bytesIn(first.timings.duration - (was[index]?.end ?? 0) - 0.002, old);
    expect(Buffer.from(audio.data.subarray(0, head)).equals(Buffer.from(old.data.subarray(0, head)))).toBe(true);
    expect(Buffer.from(audio.data.subarray(audio.data.length - tail)).equals(Buffer.from(old.data.subarray(old.data.length - tail)))).toBe(
      true,
    );
    expect(Buffer.from(audio.data).equals(Buffer.from(old.data))).toBe(false);
  });

  it('voicing the same text again makes no call, and a sentence another post had costs nothing', async () => {
    const before = (await speechTexts(site)).length;
    const again = await createPost(page, title, contentOf(paragraphs));
    await expect.poll(() => playerSrc(page, site, again.link), { timeout: 120_000, interval: 1_000 }).not.toBeNull();
    expect((await speechTexts(site)).slice(before)).toEqual([]);
    expect(((await timingsOf(page, again.id)) as Timings).duration).toBe(first.timings.duration);

    const fresh = 'Мы псалъэухар зыми иӀакъым.';
    const shared = await createPost(page, 'Нэгъуэщ тхыгъэ', contentOf([[paragraphs[0]?.[0] ?? '', fresh]]));
    await expect.poll(() => playerSrc(page, site, shared.link), { timeout: 120_000, interval: 1_000 }).not.toBeNull();
    expect((await speechTexts(site)).slice(before)).toEqual(['Нэгъуэщ тхыгъэ', fresh]);
  });
});
