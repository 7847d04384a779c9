// MP3 episodes on a site whose server has no encoder (most shared hosting has neither lame nor
// ffmpeg): a must-use plugin written into the test site answers `circassian_audio_encoder` with
// null, so the site finds no encoder although this machine has lame. A voiced post is then WAV only;
// the administrator opens the podcast settings page in Chromium, the browser encodes the episode
// (@circassian/core/mp3: Mediabunny's LAME WebAssembly build) and uploads it to
// POST circassian/v1/podcast/mp3/{attachment}; the feed's enclosure and the player's first source are
// that MP3 afterwards. Uploads that are not the episode's MP3 are refused and change nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseFeed } from 'podcast-partytime';
import { encodeMp3 } from '@circassian/core/mp3';
import { createPcm16Wav, readWavInfo } from '@circassian/core/wav';
import { SETTINGS_PAGE, WORDPRESS_VERSIONS, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { siteRoot, useSiteWithAdmin } from './use-site.js';

/** MPEG audio Layer III frame facts by header index (MPEG-1; the browser encodes at 44.1 kHz). */
const KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const HZ = [44_100, 48_000, 32_000];

interface Mp3Facts {
  readonly frames: number;
  readonly seconds: number;
  readonly sampleRates: ReadonlySet<number>;
  readonly bitrates: ReadonlySet<number>;
  readonly mono: boolean;
}

/** Walks an MP3 file frame by frame (after an ID3v2 tag, if any) to its last byte; throws where a frame header is not one. */
function readMp3(bytes: Uint8Array): Mp3Facts {
  let at =
    bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33
      ? 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!)
      : 0;
  const sampleRates = new Set<number>();
  const bitrates = new Set<number>();
  let frames = 0;
  let mono = true;
  while (at < bytes.length) {
    const header = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const kbps = KBPS[(header >>> 12) & 15];
    const hz = HZ[(header >>> 10) & 3];
    // 11 sync bits, MPEG-1 (11), Layer III (01).
    if (header >>> 21 !== 0x7ff || ((header >>> 19) & 3) !== 3 || ((header >>> 17) & 3) !== 1 || !kbps || !hz) {
      throw new Error(`no MPEG-1 Layer III frame header at byte ${at}`);
    }
    sampleRates.add(hz);
    bitrates.add(kbps);
    mono &&= ((header >>> 6) & 3) === 3;
    at += Math.floor((144_000 * kbps) / hz) + ((header >>> 9) & 1);
    frames += 1;
  }
  if (at !== bytes.length) throw new Error(`the last frame runs ${at - bytes.length} bytes past the end`);
  const [hz] = [...sampleRates];
  return { frames, seconds: (frames * 1152) / (hz ?? 1), sampleRates, bitrates, mono };
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: MP3 episodes encoded in the browser', (version) => {
  const state = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;
  let post: number;
  let attachment: number;
  let wavUrl: string;

  /** A REST call as the logged-in administrator, with the REST nonce, outside any admin screen (the settings page would start encoding). */
  async function rest(method: 'GET' | 'POST', route: string, body?: { type: string; bytes: Uint8Array | Buffer | string }) {
    const nonce = await (await page.request.get(`${site.ready.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
    const response = await page.request.fetch(`${site.ready.url}/?rest_route=/${route}`, {
      method,
      headers: { 'X-WP-Nonce': nonce, ...(body ? { 'Content-Type': body.type } : {}) },
      ...(body ? { data: Buffer.from(body.bytes) } : {}),
    });
    return { status: response.status(), body: (await response.json()) as unknown };
  }

  /** The Kabardian feed's one episode, as podcast-partytime reads it. */
  async function enclosure(): Promise<{ url: string; type: string; length: number }> {
    const parsed = parseFeed(await (await page.request.get(`${site.ready.url}/?feed=circassian-podcast&lang=kbd`)).text());
    expect(parsed?.items).toHaveLength(1);
    return parsed!.items[0]!.enclosure;
  }

  beforeAll(async () => {
    site = state.site;
    page = state.page;
    // The site finds no encoder, as on shared hosting without lame or ffmpeg.
    const muPlugins = join(siteRoot(site.ready.url), 'wp-content', 'mu-plugins');
    mkdirSync(muPlugins, { recursive: true });
    writeFileSync(join(muPlugins, 'circassian-test-no-encoder.php'), "<?php\nadd_filter( 'circassian_audio_encoder', '__return_null' );\n");
    expect(
      (
        await rest('POST', 'circassian/v1/settings', {
          type: 'application/json',
          bytes: JSON.stringify({ post_audio: { post_types: ['post'], placement: 'after' } }),
        })
      ).status,
    ).toBe(200);
    const created = await rest('POST', 'wp/v2/posts', {
      type: 'application/json',
      bytes: JSON.stringify({
        title: 'Кабардей макъ',
        content: '<!-- wp:paragraph -->\n<p>Сэ кӀуэ. Адыгэбзэр дахэщ, псалъэхэр макъкӀэ къеӀуэ.</p>\n<!-- /wp:paragraph -->',
        status: 'publish',
        meta: { _circassian_post_voice: { language: 'kbd' } },
      }),
    });
    expect(created.status).toBe(201);
    post = (created.body as { id: number }).id;
    // WP-Cron voices it in the background, as a visit would start it (expect.poll is for tests, not beforeAll).
    const listed = async (): Promise<unknown[]> => (await rest('GET', 'circassian/v1/podcast/mp3')).body as unknown[];
    for (let tries = 0; tries < 120 && (await listed()).length === 0; tries += 1) {
      await page.request.get(`${site.ready.url}/wp-cron.php`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const [episode] = (await rest('GET', 'circassian/v1/podcast/mp3')).body as { attachment: number; wav: string; title: string }[];
    expect(episode?.title).toBe('Кабардей макъ');
    attachment = episode!.attachment;
    wavUrl = episode!.wav;
  });

  it('without an encoder the episode is WAV only; uploads that are not its MP3 are refused in words and change nothing', async () => {
    expect(await enclosure()).toMatchObject({ type: 'audio/wav', url: wavUrl });
    // The WAV itself, as if chosen by mistake: not MP3.
    const wav = await (await page.request.get(wavUrl)).body();
    const notMp3 = await rest('POST', `circassian/v1/podcast/mp3/${attachment}`, { type: 'audio/mpeg', bytes: wav });
    expect(notMp3.status).toBe(400);
    expect(notMp3.body).toMatchObject({ code: 'circassian_not_mp3', message: expect.stringMatching(/not MP3/) });
    // A real MP3, but of other audio: 30 s of tone, not the episode's few seconds.
    const tone = createPcm16Wav(30 * 16_000, 16_000);
    tone.samples.forEach((_, i) => (tone.samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 16_000))));
    const other = await rest('POST', `circassian/v1/podcast/mp3/${attachment}`, {
      type: 'audio/mpeg',
      bytes: await encodeMp3(tone.finish()),
    });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'circassian_mp3_length', message: expect.stringMatching(/not this episode’s audio/) });
    // An attachment that is no episode's audio.
    expect((await rest('POST', `circassian/v1/podcast/mp3/${post}`, { type: 'audio/mpeg', bytes: 'ID3' })).status).toBe(404);
    expect(await enclosure()).toMatchObject({ type: 'audio/wav', url: wavUrl });
    expect((await page.request.get(wavUrl.replace(/\.wav$/, '.mp3'))).status()).toBe(404);
    expect((await rest('GET', 'circassian/v1/podcast/mp3')).body).toHaveLength(1);
  });

  it('the settings page encodes the episode in the browser and says so; the feed then serves it as MP3 with its length, and the player plays it first', async () => {
    const wav = readWavInfo(new Uint8Array(await (await page.request.get(wavUrl)).body()));
    // The plugin's scripts the page loads: the encoder is a chunk of its own (build/<n>.js), loaded when there is something to encode.
    const scripts: string[] = [];
    const recordScript = (request: { url(): string }): void => {
      if (/\/plugins\/circassian\/build\/[^?]+\.js/.test(request.url())) scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', recordScript);
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const notice = page.locator('#circassian-podcast-encoder');
    expect(await notice.getAttribute('data-encoder')).toBe('browser');
    expect(await notice.getAttribute('data-missing')).toBe('1');
    await notice.and(page.locator('[data-encoded]')).waitFor({ timeout: 180_000 });
    expect(await notice.getAttribute('data-encoded')).toBe('1');
    expect(await page.locator('#circassian-podcast-mp3-status').textContent()).toBe(
      '1 episode encoded to MP3 in your browser and uploaded: the feeds serve it as MP3 now.',
    );
    expect(await page.locator('#circassian-podcast-mp3-count').textContent()).toBe('1 of 1 episode is MP3.');
    expect(scripts.filter((script) => /\/build\/[^/]+\.js$/.test(script)).length).toBeGreaterThan(0);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/wp-shots/podcast-mp3-encoded-${version}.png` });

    const episode = await enclosure();
    expect(episode.type).toBe('audio/mpeg');
    expect(episode.url).toBe(wavUrl.replace(/\.wav$/, '.mp3'));
    const response = await page.request.get(episode.url);
    expect(response.status()).toBe(200);
    const mp3 = new Uint8Array(await response.body());
    expect(episode.length).toBe(mp3.length);
    const facts = readMp3(mp3);
    expect([...facts.sampleRates]).toEqual([44_100]);
    expect(facts.bitrates.has(64)).toBe(true);
    expect(facts.mono).toBe(true);
    // The frames hold the WAV's audio, give or take the encoder's delay and padding (and a header frame).
    expect(Math.abs(facts.seconds - wav.durationSeconds)).toBeLessThan(0.5);
    expect((await rest('GET', 'circassian/v1/podcast/mp3')).body).toEqual([]);

    page.off('request', recordScript);
    await page.goto(`${site.ready.url}/?p=${post}`);
    const sources = page.locator('figure.circassian-post-audio audio source');
    expect(await sources.evaluateAll((all) => all.map((source) => [source.getAttribute('src'), source.getAttribute('type')]))).toEqual([
      [episode.url, 'audio/mpeg'],
      [wavUrl, 'audio/wav'],
    ]);

    // Opened again, the page says every episode is MP3, has nothing to encode and loads no encoder.
    scripts.length = 0;
    page.on('request', recordScript);
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`, { waitUntil: 'load' });
    page.off('request', recordScript);
    expect(await page.locator('#circassian-podcast-encoder').getAttribute('data-missing')).toBe('0');
    expect(await page.locator('#circassian-podcast-mp3-count').textContent()).toContain('1 of 1 episode is MP3.');
    expect(scripts).toContain('/wp-content/plugins/circassian/build/podcast-settings/index.js');
    expect(scripts.filter((script) => /\/build\/[^/]+\.js$/.test(script))).toEqual([]);
  });

  it('after a bulk run the tools page encodes its new episodes in the browser too, and says so', async () => {
    const json = (data: unknown) => ({ type: 'application/json', bytes: JSON.stringify(data) });
    // Published while post audio is off: no audio until the bulk run makes it.
    expect((await rest('POST', 'circassian/v1/settings', json({ post_audio: { post_types: [] } }))).status).toBe(200);
    const created = await rest(
      'POST',
      'wp/v2/posts',
      json({
        title: 'Бжьыхьэ',
        content: '<!-- wp:paragraph -->\n<p>Бжьыхьэр къэсащ.</p>\n<!-- /wp:paragraph -->',
        status: 'publish',
        meta: { _circassian_post_voice: { language: 'kbd' } },
      }),
    );
    const second = (created.body as { id: number }).id;
    expect((await rest('POST', 'circassian/v1/settings', json({ post_audio: { post_types: ['post'], placement: 'after' } }))).status).toBe(
      200,
    );
    expect((await rest('POST', 'circassian/v1/bulk-audio/run', json({ post_type: 'post', ids: [second] }))).status).toBeLessThan(300);
    await expect
      .poll(
        async () => {
          await page.request.get(`${site.ready.url}/wp-cron.php`);
          return ((await rest('GET', 'circassian/v1/bulk-audio/run')).body as { run: { status: string } | null }).run?.status;
        },
        { timeout: 120_000, interval: 1_000 },
      )
      .toBe('done');
    expect(((await rest('GET', 'circassian/v1/podcast/mp3')).body as { title: string }[]).map((episode) => episode.title)).toEqual([
      'Бжьыхьэ',
    ]);

    await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
    const said = page.locator('.circassian-bulk__mp3 [data-finished="true"]');
    await said.waitFor({ timeout: 180_000 });
    expect(await said.textContent()).toBe('1 episode encoded to MP3 in your browser and uploaded: the feeds serve it as MP3 now.');
    await page.screenshot({ path: `/tmp/wp-shots/bulk-mp3-encoded-${version}.png` });
    expect((await rest('GET', 'circassian/v1/podcast/mp3')).body).toEqual([]);
    const parsed = parseFeed(await (await page.request.get(`${site.ready.url}/?feed=circassian-podcast&lang=kbd`)).text());
    expect(parsed?.items.map((item) => item.enclosure.type)).toEqual(['audio/mpeg', 'audio/mpeg']);
  });
});
