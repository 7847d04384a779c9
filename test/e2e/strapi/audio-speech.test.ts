// Speech from readable text, in the real Strapi: an article's title and body read in that order
// with a pause between them (checked in the speech request the local service recorded), the
// files in the Media Library's "Circassian audio" folder (made once), an entry's own voice and
// speed chosen in the edit view in Chromium, and "Generate audio" answering up front, in words,
// when nothing would be made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '@circassian/scripts/hosts/lib/browser.js';
import {
  ARTICLE_UID,
  StrapiClient,
  logInToAdmin,
  startSandbox,
  startStrapiHost,
  waitFor,
  type RunningSandbox,
  type StrapiReady,
} from './strapi-fixture.js';
import type { HostProcess } from '@circassian/scripts/hosts/lib/host-process.js';
// The local service's stand-in translation: deterministic, so the expected text is computed exactly.
import { pseudoTranslate } from '@circassian/sandbox/testing';

const TITLE = 'Голос статьи';
const BODY = 'Первый абзац статьи.\n\nВторой абзац.';
const KBD = 'Kabardian (East Circassian) (kbd)';
const ADY = 'Adyghe (West Circassian) (ady)';

interface SpeechRequest {
  text: string;
  language: string;
  voice?: string;
  speed?: number;
}

describe("Strapi audio: fields in order, a folder of its own, the entry's voice, and honest answers", () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<StrapiReady>;
  let strapi: StrapiClient;
  let browser: Browser;
  let page: Page;
  let documentId: string;
  const shot = async (name: string) => {
    if (process.env.CIRCASSIAN_E2E_SHOTS)
      await page.screenshot({ path: `${process.env.CIRCASSIAN_E2E_SHOTS}/${name}.png`, fullPage: true });
  };
  /** The speech requests the local service answered, oldest first. */
  const speechRequests = async (): Promise<SpeechRequest[]> =>
    (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .filter((call) => call.outcome === 'ok')
      .map((call) => call.content?.request as SpeechRequest)
      .reverse();

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    host = await startStrapiHost(sandbox, [], { CIRCASSIAN_QUEUE_POLL_MS: '200' });
    strapi = new StrapiClient(host.ready);
    documentId = (await strapi.createArticle({ title: TITLE, body: BODY })).documentId;
    for (const locale of ['kbd', 'ady'])
      await waitFor(`the ${locale} audio`, async () => ((await strapi.article(documentId, locale))?.audio ? true : undefined), 120_000);
    browser = await launchChromium();
    page = await browser.newPage();
    await logInToAdmin(page, host.ready);
  });

  afterAll(async () => {
    await browser?.close();
    expect(await host?.stop()).toBe(0);
    await sandbox?.close();
  });

  it('reads the title, then the body, each ending as a sentence, with a pause between them', async () => {
    const kbd = (text: string) => pseudoTranslate(text, 'ru', 'kbd');
    const request = (await speechRequests()).find((candidate) => candidate.language === 'kbd');
    expect(request?.text).toBe(`${kbd(TITLE)}.\n\n${kbd('Первый абзац статьи.')}\n\n${kbd('Второй абзац.')}`);
    expect(request?.voice).toBe('female');
  });

  it('keeps the audio files in one Media Library folder, "Circassian audio"', async () => {
    const folders = await strapi.admin<Array<{ name: string; files: { count: number } }>>('GET', '/upload/folders');
    const ours = folders.filter((folder) => folder.name === 'Circassian audio');
    expect(ours).toHaveLength(1);
    expect(ours[0]?.files.count).toBe(2);
  });

  it('voices the entry with the voice and speed chosen in its edit view', async () => {
    await page.goto(`${host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}/${documentId}?plugins[i18n][locale]=ru`);
    const panel = page.getByTestId('circassian-panel');
    await panel.getByRole('combobox', { name: 'Voice' }).click({ timeout: 60_000 });
    await page.getByRole('option', { name: 'Male', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Speed' }).fill('1.2');
    await panel.getByRole('button', { name: 'Use this voice' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toBe('Voice saved; the next audio of this entry uses it.');
    const before = (await speechRequests()).length;
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe(`Audio generation queued for ${KBD}, ${ADY}.`);
    await shot('audio-voice-chosen');
    const made = await waitFor('the audio in the chosen voice', async () => {
      const requests = (await speechRequests()).slice(before);
      return requests.length >= 2 ? requests : undefined;
    });
    expect(
      made.map(({ language, voice, speed }) => ({ language, voice, speed })).sort((a, b) => a.language.localeCompare(b.language)),
    ).toEqual([
      { language: 'ady', voice: 'male', speed: 1.2 },
      { language: 'kbd', voice: 'male', speed: 1.2 },
    ]);
  });

  it('answers "Generate audio" up front, naming each locale, when the text did not change', async () => {
    const panel = page.getByTestId('circassian-panel');
    await waitFor('both audios made', async () => {
      const { body } = await strapi.plugin<{ locales: Array<{ audioStatus: { state: string } | null }> }>(
        'GET',
        `${strapi.entryPath(documentId)}/status`,
      );
      return body.locales.filter((locale) => locale.audioStatus?.state === 'made').length === 2 ? true : undefined;
    });
    const before = (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
    const jobsBefore = (await strapi.plugin<{ queue: { counts: { pending: number } } }>('GET', '/settings')).body.queue.counts;
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    const unchanged = 'The text did not change since the audio was made, so it was not made again.';
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe(`${KBD}: ${unchanged} ${ADY}: ${unchanged}`);
    await shot('audio-nothing-to-make');
    // Nothing was queued and nothing was asked of the service.
    expect((await strapi.plugin<{ queue: { counts: { pending: number } } }>('GET', '/settings')).body.queue.counts.pending).toBe(
      jobsBefore.pending,
    );
    expect((await sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length).toBe(before);
  });
});
