// The memory-aware translation from the public entry: the client a caller would build in `send` is
// built only when the memory does not know a text (issue 34: VS Code built a stand-in client that
// refused requests, and looked the memory up twice).
import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory, translateWithMemory } from '../src/index.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;

describe('translateWithMemory from @circassian/core', () => {
  it('never calls send (no client, no key) when the memory answers every text; once, for the rest only, when it does not', async () => {
    const memory = new InMemoryTranslationMemory([
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Привет', target: 'Фэсапщи', origin: 'human' },
      { sourceLang: 'ru', targetLang: 'kbd', source: 'Пока', target: 'Тхьэм узигъэпсэу', origin: 'human' },
    ]);
    let clients = 0;
    const sent: string[][] = [];
    const send = (texts: string[]): Promise<string[]> => {
      clients++;
      sent.push(texts);
      return Promise.resolve(texts.map((text) => `[kbd] ${text}`));
    };
    const fail = (error: unknown): never => {
      throw error;
    };
    const known = await translateWithMemory(['Привет', ' Пока '], ruKbd, memory, send, fail);
    expect(known.translations).toEqual(['Фэсапщи', ' Тхьэм узигъэпсэу ']);
    expect(clients).toBe(0);
    const mixed = await translateWithMemory(['Привет', 'Утро'], ruKbd, memory, send, fail);
    expect(mixed.translations).toEqual(['Фэсапщи', '[kbd] Утро']);
    expect(sent).toEqual([['Утро']]);
  });
});
