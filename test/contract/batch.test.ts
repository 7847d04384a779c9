import { serviceFacts } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;

describe('translateBatch against the real batch rules', () => {
  it('packs many texts into the fewest accepted requests, dedupes and keeps order', async () => {
    const key = await freshKey(sandbox, { translate_chars_per_day: 10_000_000 });
    const client = sandbox.client({ apiKey: key });
    const distinct = Array.from({ length: 130 }, (_, i) => `Унэ ${i} щыIэщ.`);
    const texts = [...distinct, ...distinct.slice(0, 20)]; // 20 repeats
    const progress: number[] = [];
    const result = await client.translateBatch(
      { texts, source_lang: 'kbd', target_lang: 'ru' },
      { onProgress: (_done, total) => progress.push(total) },
    );
    expect(result.translations).toHaveLength(texts.length);
    expect(result).toMatchObject({ source_lang: 'kbd', target_lang: 'ru' });
    // Repeats get the same translation as their first occurrence.
    expect(result.translations.slice(130)).toEqual(result.translations.slice(0, 20));
    const batches = await sandbox.calls('batch', key);
    expect(batches.map((c) => c.outcome).every((o) => o === 'ok')).toBe(true);
    expect(batches.length).toBe(Math.ceil(distinct.length / batchMaxTexts));
    expect(progress).toEqual(Array(batches.length).fill(batches.length));
    // Each text's translation is the one translate() gives it alone.
    const single = await client.translate({ text: distinct[77] ?? '', source_lang: 'kbd', target_lang: 'ru' });
    expect(result.translations[77]).toBe(single.text);
  });

  it('splits a text longer than one request at sentences and joins the translated pieces', async () => {
    const key = await freshKey(sandbox, { translate_chars_per_day: 10_000_000 });
    const client = sandbox.client({ apiKey: key });
    const sentence = 'Дыгъэр къыщIэкIащ. ';
    const long = sentence.repeat(Math.ceil((batchMaxChars * 1.5) / sentence.length)).trim();
    const result = await client.translateBatch({ texts: ['Сэлам!', long], source_lang: 'kbd', target_lang: 'ru' });
    expect(result.translations).toHaveLength(2);
    const batches = await sandbox.calls('batch', key);
    expect(batches.length).toBe(2);
    expect(batches.every((c) => c.outcome === 'ok')).toBe(true);
    // The joined translation has the pieces' translations in order: the original's sentence count survives.
    expect(result.translations[1]?.split('. ').length).toBe(long.split('. ').length);
  });

  it('sends nothing for an empty list', async () => {
    const key = await freshKey(sandbox);
    const result = await sandbox.client({ apiKey: key }).translateBatch({ texts: [], target_lang: 'en' });
    expect(result.translations).toEqual([]);
    expect(await sandbox.calls('batch', key)).toEqual([]);
  });
});
