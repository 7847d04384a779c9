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
