import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import { translateWithMemory } from '../src/memory/translate-with-memory.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;

/** The seam where the client sends misses: records what would have gone to the service. */
function recordingSend() {
  const sent: string[][] = [];
  return {
    sent,
    send: (texts: string[]) => {
      sent.push(texts);
      return Promise.resolve(texts.map((text) => `[kbd] ${text}`));
    },
  };
}

const rethrow = (error: unknown) => {
  throw error;
};

describe('translateWithMemory', () => {
  it('answers known texts from the memory and sends each unknown text once, by key', async () => {
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Привет', target: 'Фэсапщи', origin: 'human' },
    ]);
    const { send, sent } = recordingSend();
    const result = await translateWithMemory(['  Привет\n', 'кIуэ', 'к1уэ ', 'Привет', ' '], ruKbd, memory, send, rethrow);
    expect(sent).toEqual([['кIуэ']]);
    expect(result.translations).toEqual(['  Фэсапщи\n', '[kbd] кIуэ', '[kbd] кIуэ ', 'Фэсапщи', ' ']);
    expect(result.usage).toEqual({ consulted: true, hits: 2, characters: 12, stored: 1 });
    const [stored] = await memory.lookup(ruKbd, ['к\u04C0уэ']);
    expect(stored).toMatchObject({ origin: 'machine', target: '[kbd] кIуэ', source: 'кIуэ' });
  });

  it('sends nothing the second time', async () => {
    const memory = new InMemoryTranslationMemory();
    const { send, sent } = recordingSend();
    const first = await translateWithMemory(['один', 'два'], ruKbd, memory, send, rethrow);
    const second = await translateWithMemory(['один', 'два'], ruKbd, memory, send, rethrow);
    expect(sent).toHaveLength(1);
    expect(second.translations).toEqual(first.translations);
    expect(second.usage).toEqual({ consulted: true, hits: 2, characters: 7, stored: 0 });
    expect((await memory.stats()).savedCharacters).toBe(4 + 10 + 3 + 9);
  });

  it('stores nothing when the service fails, so a retry sends the same texts', async () => {
    const memory = new InMemoryTranslationMemory();
    await expect(translateWithMemory(['один'], ruKbd, memory, () => Promise.reject(new Error('quota')), rethrow)).rejects.toThrow('quota');
    expect((await memory.stats()).units).toBe(0);
  });

  it('returns the paid answers when the memory cannot keep them, and says so', async () => {
    const memory = new InMemoryTranslationMemory();
    memory.store = () => Promise.reject(new Error('ENOSPC: no space left on device'));
    const { send } = recordingSend();
    const problems: string[] = [];
    const result = await translateWithMemory(['один'], ruKbd, memory, send, (error, answers) =>
      problems.push(`${answers}: ${String(error)}`),
    );
    expect(result.translations).toEqual(['[kbd] один']);
    expect(problems).toEqual(['1: Error: ENOSPC: no space left on device']);
  });
});

describe('translateWithMemory, answers handed on as they come', () => {
  const limits = { maxTexts: 50, maxChars: 100_000 };

  it("hands on what the memory knows first, then each request's answers before the next request, each stored as it comes", async () => {
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Привет', target: 'Фэсапщи', origin: 'human' },
    ]);
    const texts = [' Привет', ...Array.from({ length: 60 }, (_, i) => `Строка ${i}`), 'Строка 0'];
    const events: string[] = [];
    const send = async (batch: string[]) => {
      events.push(`send ${batch.length}`);
      return batch.map((text) => `[kbd] ${text}`);
    };
    const result = await translateWithMemory(texts, ruKbd, memory, send, rethrow, {
      limits,
      onAnswers: async (answers, from) => {
        // What the request before answered is in the memory by now.
        const known = (await memory.lookup(ruKbd, [...new Set(texts)])).filter((unit) => unit !== undefined).length;
        events.push(`${from} ${answers.size} (memory holds ${known})`);
        if (from === 'memory') expect(answers).toEqual(new Map([[' Привет', ' Фэсапщи']]));
      },
    });
    // 60 texts to send take two requests (the fewest, 50 a request at most), one after the other.
    expect(events).toEqual([
      'memory 1 (memory holds 1)',
      'send 30',
      'service 30 (memory holds 1)',
      'send 30',
      'service 30 (memory holds 31)',
    ]);
    expect(result.translations).toEqual(texts.map((text) => (text === ' Привет' ? ' Фэсапщи' : `[kbd] ${text}`)));
    expect(result.usage).toEqual({ consulted: true, hits: 1, characters: 6, stored: 60 });
    expect((await memory.stats()).units).toBe(61);
  });

  it('asks the service, not the memory, for the texts the filter leaves out; the human unit stays', async () => {
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Привет', target: 'Фэсапщи', origin: 'human' },
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Пока', target: 'Упсэу', origin: 'machine' },
    ]);
    const { send, sent } = recordingSend();
    const handed: Array<[string, string[]]> = [];
    const result = await translateWithMemory(['Привет', 'Пока'], ruKbd, memory, send, rethrow, {
      mayRecall: (text) => text !== 'Привет',
      onAnswers: (answers, from) => void handed.push([from, [...answers.keys()]]),
    });
    expect(sent).toEqual([['Привет']]);
    expect(handed).toEqual([
      ['memory', ['Пока']],
      ['service', ['Привет']],
    ]);
    expect(result.translations).toEqual(['[kbd] Привет', 'Упсэу']);
    expect((await memory.lookup(ruKbd, ['Привет']))[0]).toMatchObject({ target: 'Фэсапщи', origin: 'human' });
  });

  it("hands on each request's answers with no memory at all (a source left to detection)", async () => {
    const { send, sent } = recordingSend();
    const handed: string[][] = [];
    const result = await translateWithMemory(['один', 'два', 'один'], undefined, undefined, send, rethrow, {
      limits: { maxTexts: 1, maxChars: 100 },
      onAnswers: (answers) => void handed.push([...answers.values()]),
    });
    expect(sent).toEqual([['один'], ['два']]);
    expect(handed).toEqual([['[kbd] один'], ['[kbd] два']]);
    expect(result.translations).toEqual(['[kbd] один', '[kbd] два', '[kbd] один']);
    expect(result.usage).toEqual({ consulted: false, hits: 0, characters: 0, stored: 0 });
  });

  it('sends a text known in no context once, hands its answer on for each context, and keeps a unit in each', async () => {
    const memory = new InMemoryTranslationMemory();
    const { send, sent } = recordingSend();
    const handed: [number, string][] = [];
    const result = await translateWithMemory(['Read', 'к1уэ', 'Read', 'кIуэ'], ruKbd, memory, send, rethrow, {
      contexts: ['verb', 'verb', 'past participle', undefined],
      onAnswers: (_byText, _from, byIndex) => void handed.push(...byIndex),
    });
    // One request: "Read" once for two contexts; the two spellings of one key in two contexts are two texts.
    expect(sent).toEqual([['Read', 'к1уэ', 'кIуэ']]);
    expect(handed).toEqual([
      [0, '[kbd] Read'],
      [1, '[kbd] к1уэ'],
      [2, '[kbd] Read'],
      [3, '[kbd] кIуэ'],
    ]);
    expect(result.usage.stored).toBe(4);
    const units = [];
    for await (const unit of memory.units()) units.push([unit.source, unit.context ?? '']);
    expect(units).toEqual([
      ['Read', 'verb'],
      ['Read', 'past participle'],
      ['к1уэ', 'verb'],
      ['кIуэ', ''],
    ]);
  });
});
