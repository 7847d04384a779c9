// Speech from readable text, in the real Strapi: an article's title and body read in that order,
// a sentence a request (checked in the speech requests the local service recorded), with a pause
// between title and body (checked in the timings served on the audio file), the files and their
// transcripts in the Media Library's "Circassian audio" folder (made once), an entry's own voice and
// speed chosen in the edit view in Chromium, and "Generate audio" answering up front, in words,
// when nothing would be made.
import { describe, expect, it } from 'vitest';
import { ARTICLE_UID, queueSettled, waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';
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
  let documentId: string;
  const app = useStrapiAdmin({
    env: { CIRCASSIAN_QUEUE_POLL_MS: '200' },
    prepare: async (strapi) => {
      documentId = (await strapi.createArticle({ title: TITLE, body: BODY })).documentId;
      for (const locale of ['kbd', 'ady'])
        await waitFor(`the ${locale} audio`, async () => ((await strapi.article(documentId, locale))?.audio ? true : undefined), 120_000);
    },
  });
  const { shot } = app;
  /** The speech requests the local service answered, oldest first. */
  const speechRequests = async (): Promise<SpeechRequest[]> =>
    (await app.sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .filter((call) => call.outcome === 'ok')
      .map((call) => call.content?.request as SpeechRequest)
      .reverse();

  it('reads the title, then the body, each ending as a sentence, a request per sentence, with a pause after the title', async () => {
    const kbd = (text: string) => pseudoTranslate(text, 'ru', 'kbd');
    const requests = (await speechRequests()).filter((candidate) => candidate.language === 'kbd');
    // Before the speech memory: one request, `${title}.\n\n${first}\n\n${second}`.
    expect(requests.map((request) => request.text)).toEqual([`${kbd(TITLE)}.`, kbd('Первый абзац статьи.'), kbd('Второй абзац.')]);
    expect(requests.map((request) => request.voice)).toEqual(['female', 'female', 'female']);
    // The pause is silence between the title's audio and the body's (0.8 s, joined-fields.ts).
    const audio = (await app.strapi.article(documentId, 'kbd'))?.audio as {
      provider_metadata: { circassian: { timings: { sentences: Array<{ start: number; end: number }> } } };
    } | null;
    const [title, first] = audio?.provider_metadata.circassian.timings.sentences ?? [];
    expect((first?.start ?? 0) - (title?.end ?? 0)).toBeCloseTo(0.8, 2);
  });

  it('keeps the audio files and their transcripts in one Media Library folder, "Circassian audio"', async () => {
    const folders = await app.strapi.admin<Array<{ name: string; files: { count: number } }>>('GET', '/upload/folders');
    const ours = folders.filter((folder) => folder.name === 'Circassian audio');
    expect(ours).toHaveLength(1);
    expect(ours[0]?.files.count).toBe(4); // kbd's and ady's audio, and a WebVTT transcript of each
  });

  it('queues each audio once: publishing the target after storing its audio queues no second job', async () => {
    // Before, that publish queued the same audio again, to be skipped as unchanged.
    const { body } = await app.strapi.plugin<{ queue: { counts: Record<string, number> } }>('GET', '/settings');
    expect(body.queue.counts).toMatchObject({ skipped: 0, failed: 0 });
    expect(body.queue.counts.done).toBeGreaterThanOrEqual(5); // kbd, ady and en translated, kbd and ady voiced
  });

  it('voices the entry with the voice and speed chosen in its edit view', async () => {
    await app.page.goto(
      `${app.host.ready.url}/admin/content-manager/collection-types/${ARTICLE_UID}/${documentId}?plugins[i18n][locale]=ru`,
    );
    const panel = app.page.getByTestId('circassian-panel');
    await panel.getByRole('combobox', { name: 'Voice' }).click({ timeout: 60_000 });
    await app.page.getByRole('option', { name: 'Male', exact: true }).click();
    await panel.getByRole('textbox', { name: 'Speed' }).fill('1.2');
    await panel.getByRole('button', { name: 'Use this voice' }).click();
    await expect
      .poll(() => panel.getByTestId('circassian-message').textContent())
      .toBe('Voice saved; the next audio of this entry uses it.');
    const before = (await speechRequests()).length;
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe(`Audio generation queued for ${KBD}, ${ADY}.`);
    await shot('audio-voice-chosen');
    // Three sentences in each locale, none voiced in this voice before.
    const made = await waitFor('the audio in the chosen voice', async () => {
      const requests = (await speechRequests()).slice(before);
      return requests.length >= 6 ? requests : undefined;
    });
    expect(made).toHaveLength(6);
    const voices = new Map(made.map(({ language, voice, speed }) => [language, { language, voice, speed }]));
    expect([...voices.values()].sort((a, b) => a.language.localeCompare(b.language))).toEqual([
      { language: 'ady', voice: 'male', speed: 1.2 },
      { language: 'kbd', voice: 'male', speed: 1.2 },
    ]);
  });

  it('answers "Generate audio" up front, naming each locale, when the text did not change', async () => {
    const panel = app.page.getByTestId('circassian-panel');
    await waitFor('both audios made', async () => {
      const { body } = await app.strapi.plugin<{ locales: Array<{ audioStatus: { state: string } | null }> }>(
        'GET',
        `${app.strapi.entryPath(documentId)}/status`,
      );
      return body.locales.filter((locale) => locale.audioStatus?.state === 'made').length === 2 ? true : undefined;
    });
    const before = (await app.sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length;
    const jobsBefore = (await app.strapi.plugin<{ queue: { counts: { pending: number } } }>('GET', '/settings')).body.queue.counts;
    await panel.getByRole('button', { name: 'Generate audio' }).click();
    const unchanged = 'The text did not change since the audio was made, so it was not made again.';
    await expect.poll(() => panel.getByTestId('circassian-message').textContent()).toBe(`${KBD}: ${unchanged} ${ADY}: ${unchanged}`);
    await shot('audio-nothing-to-make');
    // Nothing was queued and nothing was asked of the service.
    expect((await app.strapi.plugin<{ queue: { counts: { pending: number } } }>('GET', '/settings')).body.queue.counts.pending).toBe(
      jobsBefore.pending,
    );
    expect((await app.sandbox.admin.calls({ operation: 'speech', limit: 10_000 })).length).toBe(before);
  });

  it('replaces its own file when the audio is made again: one file per locale, no same-named leftovers', async () => {
    // The voice chosen above made both locales' audio a second time.
    await queueSettled(app.strapi);
    const folders = await app.strapi.admin<Array<{ name: string; files: { count: number } }>>('GET', '/upload/folders');
    // Four files, kbd's and ady's audio and transcripts (eight before: the first audio stayed beside the second, same names).
    expect(folders.find((folder) => folder.name === 'Circassian audio')?.files.count).toBe(4);
    // Each locale's entry links the one file, now holding the audio in the chosen voice.
    for (const locale of ['kbd', 'ady']) {
      const entry = await app.strapi.article(documentId, locale);
      // MP3: the host has lame (pnpm install-hosts installs it).
      expect(entry?.audio as { name?: string; mime?: string } | null).toMatchObject({
        name: `${entry?.slug}-${locale}.mp3`,
        mime: 'audio/mpeg',
      });
    }
  });
});
