import { CircassianClient, serviceFacts } from '@circassian/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront, type FrontServer } from './front-server.js';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
const BULK_LIMITS = { requests_per_minute: 100_000, requests_per_day: 100_000, translate_chars_per_day: 100_000_000 };
/** The sandbox's pseudo-translation marks each translated text; without it, pieces compare char by char. */
const unmark = (text: string) => text.replace(/\[[a-z]+\] /g, '');

let front: FrontServer | undefined;
afterEach(async () => {
  await front?.close();
  front = undefined;
});

/** The texts each batch request of a key carried (the sandbox keeps content for keys with logging on). */
async function sentTexts(key: string): Promise<string[][]> {
  const records = (await sandbox.calls('batch', key)) as unknown as { content?: { request?: { texts?: string[] } } }[];
  return records.map((r) => r.content?.request?.texts ?? []);
}

describe('translateBatch packing against the service', () => {
  it('sends each distinct non-empty text once and gives empty strings back as empty strings', async () => {
    const key = await freshKey(sandbox);
    const client = sandbox.client({ apiKey: key });
    const result = await client.translateBatch({ texts: ['', 'Сэлам.', '', 'Сэлам.', 'Унэ.'], source_lang: 'kbd', target_lang: 'ru' });
    expect(await sentTexts(key)).toEqual([['Сэлам.', 'Унэ.']]);
    const [empty1, salam, empty2, salamAgain] = result.translations;
    expect([empty1, empty2]).toEqual(['', '']);
    expect(salamAgain).toBe(salam);
    expect(result).toMatchObject({ source_lang: 'kbd', target_lang: 'ru' });
  });

  it('returns the detected source_lang when none was given', async () => {
    const client = sandbox.client();
    const alone = await client.translate({ text: 'Good morning, my friend.', target_lang: 'kbd' });
    const result = await client.translateBatch({ texts: ['Good morning, my friend.'], target_lang: 'kbd' });
    expect(result.source_lang).toBe(alone.source_lang);
    expect(result.target_lang).toBe('kbd');
  });

  it('splits one text of 45000 characters at sentences and re-joins the pieces with its own separators', async () => {
    const key = await freshKey(sandbox, BULK_LIMITS);
    const client = sandbox.client({ apiKey: key });
    const sentence = (i: number) => `Дыгъэр къыщIэкIащ ${i}, уафэр къабзэщ!`;
    const separators = ['\n\n', ' ', '\r\n', '   ', '\n'];
    let text = '';
    for (let i = 0; text.length < 45_000; i++) text += sentence(i) + (separators[i % separators.length] ?? ' ');
    text = text.trimEnd();
    const result = await client.translateBatch({ texts: [text], source_lang: 'kbd', target_lang: 'ru' });
    const requests = await sentTexts(key);
    expect(requests.length).toBe(Math.ceil(text.length / batchMaxChars));
    for (const piece of requests.flat()) {
      expect(piece.length).toBeLessThanOrEqual(batchMaxChars);
      expect(piece).toMatch(/!$/); // cut after a sentence, never inside one
    }
    // Translating the pieces one by one and re-joining them by hand with the original separators gives the same text.
    const alone = await client.translate({ text: text.slice(0, 2_000), source_lang: 'kbd', target_lang: 'ru' });
    const translated = result.translations[0] ?? '';
    expect(unmark(translated).startsWith(unmark(alone.text).slice(0, 1_900))).toBe(true);
    expect(translated.match(/\r\n/g)?.length).toBe(text.match(/\r\n/g)?.length);
    expect(translated.match(/ {3}/g)?.length).toBe(text.match(/ {3}/g)?.length);
    expect(unmark(translated).length).toBe(text.length);
  });

  it('translates 10,000 mixed texts in order, in exactly the lower bound of requests', async () => {
    const key = await freshKey(sandbox, BULK_LIMITS);
    const client = sandbox.client({ apiKey: key });
    const texts = Array.from({ length: 10_000 }, (_, i) => `Текст ${i}. ${'Унэ. '.repeat(i % 97)}`.trim());
    const chars = texts.reduce((sum, t) => sum + t.length, 0);
    const result = await client.translateBatch({ texts, source_lang: 'kbd', target_lang: 'ru' });
    expect(result.translations).toHaveLength(texts.length);
    result.translations.forEach((translation, i) => expect(translation).toContain(` ${i}.`));
    const requests = await sentTexts(key);
    expect(requests.length).toBe(Math.max(Math.ceil(texts.length / batchMaxTexts), Math.ceil(chars / batchMaxChars)));
    expect(requests.flat().sort()).toEqual([...texts].sort());
  }, 120_000);

  it('keeps at most batchConcurrency requests in flight', async () => {
    let inFlight = 0;
    let most = 0;
    front = await startFront(sandbox.url, (req, res, _body, forward) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      res.on('close', () => (inFlight -= 1));
      // Held a moment, so requests a client sends together are seen together.
      setTimeout(() => forward(req.url ?? '/'), 50);
    });
    const key = await freshKey(sandbox, BULK_LIMITS);
    const client = new CircassianClient({ apiKey: key, baseUrl: front.url, batchConcurrency: 3 });
    try {
      const texts = Array.from({ length: 600 }, (_, i) => `Текст ${i}.`);
      await client.translateBatch({ texts, source_lang: 'kbd', target_lang: 'ru' });
      expect(most).toBe(3);
      most = 0;
      await client.translateBatch({ texts: texts.map((t) => `${t}!`), source_lang: 'kbd', target_lang: 'ru' }, { concurrency: 1 });
      expect(most).toBe(1);
    } finally {
      await client.close();
    }
  });
});
