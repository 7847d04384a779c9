import { normalizePalochka } from '@circassian/core/palochka';
import { serviceFacts } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import vectors from '@circassian/core/testing/palochka-vectors.json' with { type: 'json' };
import { detectLanguage, lookUpWord, pseudoTranslate, speechDurationSeconds } from '../src/engines/index.js';
import { TestService } from '../src/testing.js';
import { textOf } from './helpers.js';

let service: TestService;
let key: string;

beforeAll(async () => {
  service = await TestService.start();
  key = await service.newKey();
});
afterAll(() => service.close());

describe('open endpoints', () => {
  it('answers GET /health without a key', async () => {
    const result = await service.call('/health', { key: null });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ status: 'ok', version: '1.0.0' });
  });

  it('serves the OpenAPI 3.1 document, version 1.0.0, without a key', async () => {
    const result = await service.call('/openapi.json', { key: null });
    expect(result.status).toBe(200);
    const document = result.json as { openapi: string; info: { version: string }; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['TranslateRequest', 'SpeechRequest', 'Job', 'HTTPValidationError', 'KeyDetails']),
    );
  });
});

describe('GET /v1/me', () => {
  it('describes the key with its four limits, content logging, usage and reset time', async () => {
    const created = await service.admin.createKey({ name: 'me-test', limits: { requests_per_day: 500 }, content_logging: false });
    const result = await service.call('/v1/me', { key: created.key });
    expect(result.status).toBe(200);
    expect(result.json).toMatchObject({
      name: 'me-test',
      prefix: created.prefix,
      limits: { requests_per_minute: 60, requests_per_day: 500, translate_chars_per_day: 1_000_000, speech_seconds_per_day: 3600 },
      content_logging: false,
      usage: { requests: 1, translate_chars: 0, speech_seconds: 0 },
    });
    const resetsAt = Date.parse((result.json as { resets_at: string }).resets_at);
    expect(resetsAt % 86_400_000).toBe(0);
  });

  it('gives the key prefix as the part before the dot', async () => {
    const result = await service.call('/v1/me');
    expect((result.json as { prefix: string }).prefix).toBe(service.sandbox.key.split('.')[0]);
  });
});

describe('POST /v1/translate', () => {
  it('translates with the given source language and reports both languages', async () => {
    const result = await service.call('/v1/translate', { key, body: { text: 'Добрый день', target_lang: 'kbd', source_lang: 'ru' } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ text: pseudoTranslate('Добрый день', 'ru', 'kbd'), source_lang: 'ru', target_lang: 'kbd' });
  });

  it('detects the source language when it is omitted or null', async () => {
    for (const body of [
      { text: 'Good morning', target_lang: 'ru' },
      { text: 'Good morning', target_lang: 'ru', source_lang: null },
    ]) {
      const result = await service.call('/v1/translate', { key, body });
      expect(result.json).toMatchObject({ source_lang: detectLanguage('Good morning'), target_lang: 'ru' });
    }
  });

  it('normalises palochka look-alikes before the text reaches the engine', async () => {
    const typed = 'Iуэху lэжьыгъэ';
    const result = await service.call('/v1/translate', { key, body: { text: typed, target_lang: 'ru', source_lang: 'kbd' } });
    expect((result.json as { text: string }).text).toBe(pseudoTranslate(normalizePalochka(typed), 'kbd', 'ru'));
    expect(normalizePalochka(typed)).not.toBe(typed);
  });

  // Same source and target: the pseudo-translation returns its input, so the answer shows exactly
  // what normalisation made of the text the client sent.
  it('turns every shared palochka vector into its expected text (batches of 50)', async () => {
    const cases = vectors.filter((vector) => vector.input.length > 0);
    const size = serviceFacts.limits.batchMaxTexts;
    for (let start = 0; start < cases.length; start += size) {
      const chunk = cases.slice(start, start + size);
      const result = await service.call('/v1/translate/batch', {
        key,
        body: { texts: chunk.map((vector) => vector.input), source_lang: 'kbd', target_lang: 'kbd' },
      });
      expect(result.status).toBe(200);
      const { translations } = result.json as { translations: string[] };
      chunk.forEach((vector, i) => expect(translations[i], vector.why).toBe(vector.expected));
    }
  });

  it('ignores unknown fields', async () => {
    const result = await service.call('/v1/translate', { key, body: { text: 'hi', target_lang: 'ru', extra: [1, 2], formality: 'high' } });
    expect(result.status).toBe(200);
  });

  it('charges input plus output characters', async () => {
    const own = await service.newKey();
    const result = await service.call('/v1/translate', { key: own, body: { text: 'Hello', target_lang: 'ady', source_lang: 'en' } });
    const output = (result.json as { text: string }).text;
    const me = await service.call('/v1/me', { key: own });
    expect((me.json as { usage: { translate_chars: number } }).usage.translate_chars).toBe(5 + [...output].length);
  });
});

describe('POST /v1/translate/batch', () => {
  it('translates every text and keeps their order', async () => {
    const texts = ['one', 'two', 'three'];
    const result = await service.call('/v1/translate/batch', { key, body: { texts, target_lang: 'kbd', source_lang: 'en' } });
    expect(result.status).toBe(200);
    expect(result.json).toEqual({ translations: texts.map((t) => pseudoTranslate(t, 'en', 'kbd')), source_lang: 'en', target_lang: 'kbd' });
  });

  it('detects one source language when none is given', async () => {
    const result = await service.call('/v1/translate/batch', { key, body: { texts: ['Привет', 'Как дела'], target_lang: 'en' } });
    expect(result.json).toMatchObject({ source_lang: detectLanguage('Привет\nКак дела'), target_lang: 'en' });
  });
});

describe('POST /v1/dictionary', () => {
  it('looks the word up with the default dialect and language', async () => {
    const result = await service.call('/v1/dictionary', { key, body: { word: 'уэ' } });
    expect(result.status).toBe(200);
    const { dictionaryDialect, dictionaryLang } = serviceFacts.defaults;
    expect(result.json).toEqual(JSON.parse(JSON.stringify(lookUpWord('уэ', dictionaryDialect, dictionaryLang))));
  });

  it('takes a dialect and language, and charges no translation characters', async () => {
    const own = await service.newKey();
    const result = await service.call('/v1/dictionary', { key: own, body: { word: 'псы', dialect: 'ady', lang: 'en' } });
    expect(result.json).toEqual(JSON.parse(JSON.stringify(lookUpWord('псы', 'ady', 'en'))));
    const me = await service.call('/v1/me', { key: own });
    expect((me.json as { usage: { translate_chars: number; requests: number } }).usage).toMatchObject({ translate_chars: 0, requests: 2 });
  });
});

describe('POST /v1/detect', () => {
  it('returns only the language and charges no translation characters', async () => {
    const own = await service.newKey();
    const result = await service.call('/v1/detect', { key: own, body: { text: 'Сэ сыадыгэщ' } });
    expect(result.json).toEqual({ language: detectLanguage('Сэ сыадыгэщ') });
    const me = await service.call('/v1/me', { key: own });
    expect((me.json as { usage: { translate_chars: number } }).usage.translate_chars).toBe(0);
  });
});

describe('listings', () => {
  it('GET /v1/languages lists the five translation languages', async () => {
    const result = await service.call('/v1/languages', { key });
    expect(result.status).toBe(200);
    const ids = (result.json as { languages: { id: string; title: string }[] }).languages.map((l) => l.id);
    expect(ids).toEqual(['ru', 'en', 'tr', 'kbd', 'ady']);
  });

  it('GET /v1/voices lists voices (male, female) and speech languages (no tr)', async () => {
    const result = await service.call('/v1/voices', { key });
    const body = result.json as { voices: { id: string; title: string }[]; languages: { id: string; title: string }[] };
    expect(body.voices.map((v) => v.id)).toEqual(expect.arrayContaining(['male', 'female']));
    expect(body.languages.map((l) => l.id)).toEqual(['kbd', 'ady', 'ru', 'en']);
    for (const item of [...body.voices, ...body.languages]) expect(typeof item.title).toBe('string');
  });
});

describe('POST /v1/speech', () => {
  it('answers short text at once with audio/wav and X-Audio-Duration', async () => {
    const result = await service.call('/v1/speech', { key, body: { text: 'Сэ уэ узогъэхъуэхъу' } });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toBe('audio/wav');
    const duration = Number(result.headers.get('x-audio-duration'));
    expect(duration).toBeCloseTo(speechDurationSeconds('Сэ уэ узогъэхъуэхъу', 0.85), 2);
    expect(new TextDecoder().decode(result.bytes.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(result.bytes.slice(8, 12))).toBe('WAVE');
  });

  it('makes audio longer for slower speech', async () => {
    const slow = await service.call('/v1/speech', { key, body: { text: 'Сэ уэ', speed: 0.5 } });
    const fast = await service.call('/v1/speech', { key, body: { text: 'Сэ уэ', speed: 2 } });
    expect(Number(slow.headers.get('x-audio-duration'))).toBeGreaterThan(Number(fast.headers.get('x-audio-duration')));
  });

  it('keeps text of exactly 1500 characters synchronous and makes 1501 a job', async () => {
    const sync = await service.call('/v1/speech', { key, body: { text: textOf(1500) } });
    expect(sync.headers.get('content-type')).toBe('audio/wav');
    const job = await service.call('/v1/speech', { key, body: { text: textOf(1501) } });
    expect(job.headers.get('content-type')).toMatch(/^application\/json/);
    const body = job.json as { job_id: string; status: string; poll_url: string };
    expect(body.status).toBe('queued');
    expect(body.poll_url).toBe(`/v1/jobs/${body.job_id}`);
  });

  it('accepts instruct, a reference audio link, and every speech language and voice', async () => {
    for (const language of ['kbd', 'ady', 'ru', 'en']) {
      for (const voice of ['male', 'female']) {
        const result = await service.call('/v1/speech', {
          key,
          body: { text: 'Hi', language, voice, instruct: 'a calm old storyteller', ref_audio_url: 'https://example.org/v.wav', speed: 1 },
        });
        expect(result.status).toBe(200);
      }
    }
  });
});

describe('GET /v1/jobs and GET /v1/audio', () => {
  it('runs a long text through queued, running and done, then serves the audio', async () => {
    const text = textOf(2000, 'ы');
    const submitted = await service.call('/v1/speech', { key, body: { text } });
    const { job_id } = submitted.json as { job_id: string };
    const job = await service.waitForJob(job_id, key);
    expect(job).toMatchObject({ job_id, status: 'done', poll_url: `/v1/jobs/${job_id}` });
    expect(job['audio_url']).toMatch(/^\/v1\/audio\/[a-z0-9_]+$/);
    expect(job['duration_seconds']).toBeCloseTo(speechDurationSeconds(text, 0.85), 2);
    const audio = await service.call(job['audio_url'] as string, { key });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(new TextDecoder().decode(audio.bytes.slice(0, 4))).toBe('RIFF');
  });

  it('answers not_found for unknown job and audio ids', async () => {
    for (const path of ['/v1/jobs/job_nope', '/v1/audio/art_nope']) {
      const result = await service.call(path, { key });
      expect(result.status).toBe(404);
      expect(result.json).toMatchObject({ error: { type: 'not_found' } });
    }
  });
});
