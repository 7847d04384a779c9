// The speech memory in the real Strapi (issue 35): an article's audio is bought sentence by sentence
// and each sentence once. One sentence of a voiced article edited and saved: the service's call log
// shows, per language, one speech request, holding that sentence's text; the Media Library file is
// replaced with new audio, its timings (served by the Content API on the file's provider_metadata)
// moved after the edit and kept before it, and its WebVTT transcript says the new sentence. A second
// article sharing a sentence asks nothing for it. On the shared host: every sentence carries a number
// no other file uses, so the call log is read for this file's sentences alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { splitSentences, webVttTimestamp, type SpeechTimings } from '@circassian/core';
import { sharedStrapi, type ServiceUnderTest } from './shared-strapi.js';
import { StrapiClient, waitFor, type Article } from './strapi-fixture.js';

const MARK = '3517';
const TITLE = `Память речи ${MARK}`;
const FIRST = `Первое предложение статьи ${MARK}.`;
const SECOND = `Второе предложение ${MARK}.`;
const SECOND_EDITED = `Второе, заметно более длинное исправленное предложение ${MARK}.`;
const THIRD = `Третье предложение ${MARK}.`;
const FOURTH = `Четвёртое предложение в конце ${MARK}.`;
const body = (second: string) => `${FIRST} ${second} ${THIRD}\n\n${FOURTH}`;
const LANGUAGES = ['kbd', 'ady'] as const;

/** The audio field as the Content API serves it, with the plugin's read-along on the file. */
type AudioFile = NonNullable<Article['audio']> & {
  provider_metadata: { circassian?: { timings: SpeechTimings; transcript: { id: number; url: string } | null } } | null;
};

describe('Strapi speech memory: a sentence is paid for once', () => {
  let sandbox: ServiceUnderTest;
  let strapi: StrapiClient;
  let documentId: string;

  /** This file's speech requests the service answered, oldest first: language and text. */
  const ownSpeech = async () =>
    (await sandbox.admin.calls({ operation: 'speech', limit: 10_000 }))
      .filter((call) => call.outcome === 'ok')
      .map((call) => call.content?.request as { language: string; text: string })
      .filter((request) => request.text.includes(MARK))
      .reverse();
  /** The audio of `locale` once its timings hold a sentence that `ready` accepts. */
  const audioOf = (id: string, locale: string, ready: (timings: SpeechTimings) => boolean) =>
    waitFor(
      `the ${locale} audio`,
      async () => {
        const audio = (await strapi.article(id, locale))?.audio as AudioFile | null;
        const timings = audio?.provider_metadata?.circassian?.timings;
        return audio && timings && ready(timings) ? audio : undefined;
      },
      180_000,
    );
  /** The sentences the audio of `locale` reads: the target's title and body as the plugin reads them. */
  const readSentences = async (id: string, locale: string) => {
    const entry = await strapi.article(id, locale);
    return [...splitSentences(`${entry?.title ?? ''}.`), ...splitSentences(entry?.body ?? '')].map((sentence) => sentence.text);
  };
  const bytesOf = async (url: string) => Buffer.from(await (await fetch(`${strapi.ready.url}${url}`)).arrayBuffer());

  const before: Partial<Record<string, { audio: AudioFile; bytes: Buffer; sentences: string[] }>> = {};

  beforeAll(async () => {
    const shared = await sharedStrapi();
    sandbox = shared.sandbox;
    strapi = new StrapiClient(shared.ready);
    documentId = (await strapi.createArticle({ title: TITLE, body: body(SECOND) })).documentId;
    for (const locale of LANGUAGES) {
      const audio = await audioOf(documentId, locale, (timings) => timings.sentences.length === 5);
      before[locale] = { audio, bytes: await bytesOf(audio.url), sentences: await readSentences(documentId, locale) };
    }
  });

  it('voices each sentence in its own request, once, the title first', async () => {
    for (const locale of LANGUAGES) {
      const asked = (await ownSpeech()).filter((request) => request.language === locale).map((request) => request.text);
      expect(asked).toEqual(before[locale]?.sentences);
      expect(asked).toHaveLength(5);
    }
  });

  it('serves the timings on the audio file: the title, a pause, then the body, sentence by sentence', () => {
    for (const locale of LANGUAGES) {
      const timings = before[locale]?.audio.provider_metadata?.circassian?.timings;
      expect(timings?.format).toBe('circassian-speech-timings');
      expect(timings?.sentences.map((sentence) => sentence.text)).toEqual(before[locale]?.sentences);
      const [title, first] = timings?.sentences ?? [];
      // 0.8 s of silence between the title and the body (joined-fields.ts).
      expect((first?.start ?? 0) - (title?.end ?? 0)).toBeCloseTo(0.8, 2);
    }
  });

  it('re-voices only the edited sentence: one request per language with its text, new audio, the timings after it moved', async () => {
    const start = (await ownSpeech()).length;
    await strapi.updateArticle(documentId, { body: body(SECOND_EDITED) });
    for (const locale of LANGUAGES) {
      const old = before[locale];
      const audio = await audioOf(documentId, locale, (timings) =>
        timings.sentences.some((sentence) => !old?.sentences.includes(sentence.text)),
      );
      const sentences = await readSentences(documentId, locale);
      const changed = sentences.filter((sentence) => !old?.sentences.includes(sentence));
      expect(changed).toHaveLength(1);
      const asked = (await ownSpeech())
        .slice(start)
        .filter((request) => request.language === locale)
        .map((request) => request.text);
      expect(asked).toEqual(changed);
      // The same Media Library file (replaced in place) holding other audio.
      expect(audio.id).toBe(old?.audio.id);
      expect((await bytesOf(audio.url)).equals(old?.bytes ?? Buffer.alloc(0))).toBe(false);
      const was = old?.audio.provider_metadata?.circassian?.timings.sentences ?? [];
      const now = audio.provider_metadata?.circassian?.timings.sentences ?? [];
      // Title and first sentence where they were; the edited sentence longer, so the rest later.
      expect(now.slice(0, 2)).toEqual(was.slice(0, 2));
      expect(now[2]?.text).toBe(changed[0]);
      expect((now[2]?.end ?? 0) - (now[2]?.start ?? 0)).toBeGreaterThan((was[2]?.end ?? 0) - (was[2]?.start ?? 0));
      expect(now[3]?.start).toBeGreaterThan(was[3]?.start ?? Infinity);
      expect(now[4]?.end).toBeGreaterThan(was[4]?.end ?? Infinity);
      // The transcript in the Media Library says the new sentence at its new time.
      const transcript = audio.provider_metadata?.circassian?.transcript;
      const vtt = (await bytesOf(transcript?.url ?? '')).toString('utf8');
      expect(vtt.startsWith('WEBVTT\n')).toBe(true);
      expect(vtt).toContain(`3\n${webVttTimestamp(now[2]?.start ?? 0)} --> ${webVttTimestamp(now[2]?.end ?? 0)}\n${changed[0]}\n`);
    }
  });

  it('asks nothing for a sentence a second article shares with the first', async () => {
    const start = (await ownSpeech()).length;
    const other = `Другая статья ${MARK}1`;
    const otherFirst = `Новое предложение другой статьи ${MARK}1.`;
    const second = (await strapi.createArticle({ title: other, body: `${FIRST} ${otherFirst}` })).documentId;
    for (const locale of LANGUAGES) {
      await audioOf(second, locale, (timings) => timings.sentences.length === 3);
      const sentences = await readSentences(second, locale);
      // The shared sentence opens the body, as in the first article (the stand-in translation marks a line's start).
      expect(before[locale]?.sentences).toContain(sentences[1]);
      const asked = (await ownSpeech())
        .slice(start)
        .filter((request) => request.language === locale)
        .map((request) => request.text);
      expect(asked).toEqual([sentences[0], sentences[2]]);
    }
  });
});
