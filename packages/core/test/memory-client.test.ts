// The client's memory option against the real local service: what reached it is read from its call log.
import { useSandbox } from '@circassian/sandbox/testing';
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';

describe('translate and translateBatch with a memory', () => {
  const service = useSandbox({ limits: { requests_per_minute: 10_000 } });

  /** The texts each batch request of the startup key carried, in order. */
  async function batchTexts(): Promise<string[][]> {
    return (await service.calls('batch')).map((call) => (call.content?.request as { texts: string[] }).texts);
  }

  it('sends only the texts the memory does not know, and nothing the second time', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory();
    const texts = Array.from({ length: 60 }, (_, i) => `Строка номер ${i}`);
    const before = (await batchTexts()).length;
    const first = await client.translateBatch({ texts, source_lang: 'ru', target_lang: 'kbd' }, { memory });
    // 60 texts take two requests (50 per request): the fewest, as without a memory.
    expect((await batchTexts()).slice(before)).toHaveLength(2);
    expect(first.memory).toEqual({ consulted: true, hits: 0, characters: 0, stored: 60 });

    const changed = texts.map((text, i) => (i === 7 ? `${text}, изменённая` : text));
    const second = await client.translateBatch({ texts: changed, source_lang: 'ru', target_lang: 'kbd' }, { memory });
    expect((await batchTexts()).slice(before + 2)).toEqual([['Строка номер 7, изменённая']]);
    const fresh = await client.translate({ text: changed[7] ?? '', source_lang: 'ru', target_lang: 'kbd' });
    expect(second.translations).toEqual(changed.map((_, i) => (i === 7 ? fresh.text : first.translations[i])));
    expect(second.memory?.hits).toBe(59);

    await client.translateBatch({ texts: changed, source_lang: 'ru', target_lang: 'kbd' }, { memory });
    expect(await batchTexts()).toHaveLength(before + 3);
  });

  it('answers the asker with their own suggestion and everyone else without it', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Доброе утро',
        target: 'Уи пщэддджыжь фӀыуэ',
        origin: 'human',
        suggestion: true,
        creator: 'intern',
      },
    ]);
    const request = { texts: ['Доброе утро'], source_lang: 'ru' as const, target_lang: 'kbd' as const };
    const before = (await batchTexts()).length;
    const mine = await client.translateBatch(request, { memory, asker: 'intern' });
    expect(mine.translations).toEqual(['Уи пщэддджыжь фӀыуэ']);
    expect(await batchTexts()).toHaveLength(before);
    const single = await client.translate({ text: 'Доброе утро', source_lang: 'ru', target_lang: 'kbd' }, { memory, asker: 'intern' });
    expect(single.text).toBe('Уи пщэддджыжь фӀыуэ');
    const theirs = await client.translateBatch(request, { memory, asker: 'boris' });
    expect((await batchTexts()).slice(before)).toEqual([['Доброе утро']]);
    expect(theirs.translations[0]).not.toBe('Уи пщэддджыжь фӀыуэ');
    // The service's answer is the authoritative unit now; the suggestion still answers its creator, and counted its two uses.
    expect((await memory.lookup({ source: 'ru', target: 'kbd' }, ['Доброе утро']))[0]).toMatchObject({ origin: 'machine' });
    expect((await memory.lookup({ source: 'ru', target: 'kbd' }, ['Доброе утро'], { asker: 'intern' }))[0]).toMatchObject({
      suggestion: true,
      usageCount: 2,
    });
  });

  it('answers a known text from the memory with no translate request and puts its whitespace back', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'kbd', targetLang: 'ru', source: 'Сэ уэ узолъагъу', target: 'Я тебя вижу', origin: 'human' },
    ]);
    const before = (await service.calls('translate')).length;
    const result = await client.translate({ text: '  Сэ уэ узолъагъу\n', source_lang: 'kbd', target_lang: 'ru' }, { memory });
    expect(result).toEqual({
      text: '  Я тебя вижу\n',
      source_lang: 'kbd',
      target_lang: 'ru',
      memory: { consulted: true, hits: 1, characters: 15, stored: 0 },
    });
    expect(await service.calls('translate')).toHaveLength(before);
  });

  it('a palochka look-alike finds the translation stored for the palochka', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory();
    const first = await client.translate({ text: 'к\u04C0уэ', source_lang: 'kbd', target_lang: 'ru' }, { memory });
    const before = (await service.calls('translate')).length;
    const second = await client.translate({ text: 'к1уэ', source_lang: 'kbd', target_lang: 'ru' }, { memory });
    expect(second.text).toBe(first.text);
    expect(await service.calls('translate')).toHaveLength(before);
  });

  it('with the source left to detection, neither consults nor fills the memory', async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'en', targetLang: 'kbd', source: 'Good morning', target: 'HUMAN', origin: 'human' },
    ]);
    const before = (await service.calls('translate')).length;
    const result = await client.translate({ text: 'Good morning', target_lang: 'kbd' }, { memory });
    expect(result.memory).toEqual({ consulted: false, hits: 0, characters: 0, stored: 0 });
    expect(result.text).not.toBe('HUMAN');
    expect(await service.calls('translate')).toHaveLength(before + 1);
    expect((await memory.stats()).units).toBe(1);
  });

  it("hands on each request's answers before sending the next, and asks the service for the texts the memory may not answer", async () => {
    const client = service.client();
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Строка 0', target: 'HUMAN 0', origin: 'human' },
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Строка 1', target: 'HUMAN 1', origin: 'human' },
    ]);
    const texts = Array.from({ length: 70 }, (_, i) => `Строка ${i}`);
    const before = (await batchTexts()).length;
    const handed: string[] = [];
    const result = await client.translateBatch(
      { texts, source_lang: 'ru', target_lang: 'kbd' },
      {
        memory,
        mayRecall: (text) => text !== 'Строка 1',
        onAnswers: async (answers, from) =>
          void handed.push(`${from} ${answers.size} after ${(await batchTexts()).length - before} requests`),
      },
    );
    // 69 texts to send: two requests, each answer handed on before the next request went out.
    expect(handed).toEqual(['memory 1 after 0 requests', 'service 35 after 1 requests', 'service 34 after 2 requests']);
    expect(result.translations[0]).toBe('HUMAN 0');
    expect(result.translations[1]).not.toBe('HUMAN 1');
    expect(result.memory).toEqual({ consulted: true, hits: 1, characters: 8, stored: 68 });
    expect((await memory.lookup({ source: 'ru', target: 'kbd' }, ['Строка 1']))[0]?.target).toBe('HUMAN 1');
  });

  it('a memory that cannot keep the answers (a full disk) loses no paid translation: the logger is told', async () => {
    const warnings: string[] = [];
    const client = service.client({ logger: { warn: (message) => warnings.push(message) } });
    const memory = new InMemoryTranslationMemory();
    memory.store = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const result = await client.translateBatch({ texts: ['Good night'], source_lang: 'en', target_lang: 'ady' }, { memory });
    expect(result.translations).toEqual([(await client.translate({ text: 'Good night', source_lang: 'en', target_lang: 'ady' })).text]);
    expect(warnings).toEqual([
      'The translation memory could not keep 1 new translations; they are returned all the same: Error: ENOSPC: no space left on device',
    ]);
  });
});
