import { describe, expect, it } from 'vitest';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';
import type { MemoryUnitInput } from '../src/memory/types.js';

const ruKbd = { source: 'ru', target: 'kbd' } as const;

function unit(source: string, target: string, origin: 'machine' | 'human', extra: Partial<MemoryUnitInput> = {}): MemoryUnitInput {
  return { sourceLang: 'ru', targetLang: 'kbd', source, target, origin, ...extra };
}

describe('InMemoryTranslationMemory', () => {
  it('finds a unit by any spelling of its source that has the same key', async () => {
    const memory = new InMemoryTranslationMemory([unit('кIуэ', 'идти', 'machine')]);
    const [byPalochka, byDigit, other] = await memory.lookup(ruKbd, ['к\u04C0уэ', '  к1уэ\n', 'куэ']);
    expect(byPalochka?.target).toBe('идти');
    expect(byDigit?.target).toBe('идти');
    expect(other).toBeUndefined();
    expect(await memory.lookup({ source: 'ru', target: 'ady' }, ['кIуэ'])).toEqual([undefined]);
  });

  it('never replaces a human translation with a machine one, and a human one replaces a machine one', async () => {
    const memory = new InMemoryTranslationMemory();
    expect(await memory.store([unit('Привет', 'машинный', 'machine', { created: '2026-01-01T00:00:00Z' })])).toMatchObject({
      stored: 1,
      keptHuman: 0,
    });
    expect(await memory.store([unit('Привет', 'человек', 'human', { created: '2026-02-01T00:00:00Z' })])).toMatchObject({
      stored: 1,
      keptHuman: 0,
    });
    expect(await memory.store([unit('Привет', 'снова машина', 'machine')])).toMatchObject({ stored: 0, keptHuman: 1 });
    const [kept] = await memory.lookup(ruKbd, ['Привет']);
    expect(kept).toMatchObject({ target: 'человек', origin: 'human', created: '2026-01-01T00:00:00Z' });
    expect(kept?.changed).toBe('2026-02-01T00:00:00Z');
  });

  it('keeps texts without their surrounding whitespace and the source in NFC', async () => {
    const memory = new InMemoryTranslationMemory([unit('  \u0438\u0306уэ\n', ' ответ ', 'human')]);
    const [found] = await memory.lookup(ruKbd, ['\u0439уэ']);
    expect(found).toMatchObject({ source: '\u0439уэ', target: 'ответ' });
  });

  it('clears one pair or all, and counts units, origins and saved characters per pair', async () => {
    const memory = new InMemoryTranslationMemory([
      unit('один', 'зы', 'machine'),
      unit('два', 'тIу', 'human'),
      { ...unit('one', 'зы', 'machine'), sourceLang: 'en' },
    ]);
    await memory.recordUse(ruKbd, ['один', 'один', 'нет такого']);
    const stats = await memory.stats();
    expect(stats.units).toBe(3);
    expect(stats.pairs).toEqual([
      { source: 'en', target: 'kbd', units: 1, byOrigin: { machine: 1, human: 0, reviewed: 0 }, suggestions: 0, savedCharacters: 0 },
      // "один" (4) + "зы" (2), used twice.
      { source: 'ru', target: 'kbd', units: 2, byOrigin: { machine: 1, human: 1, reviewed: 0 }, suggestions: 0, savedCharacters: 12 },
    ]);
    expect(await memory.clear(ruKbd)).toBe(2);
    expect((await memory.stats()).units).toBe(1);
    expect(await memory.clear()).toBe(1);
    expect((await memory.stats()).pairs).toEqual([]);
  });
});
