import { describe, expect, test } from 'vitest';
import { keysToEvict, speechCacheKey } from '../src/logic/speech-cache-index';

describe('the speech cache', () => {
  test('keyed by text, language, voice, speed and voice description: any change is other audio', () => {
    const base = { text: 'Уи пщэддджыжь фӀыуэ', language: 'kbd', voice: 'male', speed: 0.85 };
    expect(speechCacheKey(base)).toBe(speechCacheKey({ ...base }));
    for (const other of [{ text: 'Уи пщэддджыжь' }, { language: 'ady' }, { voice: 'female' }, { speed: 1 }, { instruct: 'calm' }])
      expect(speechCacheKey({ ...base, ...other })).not.toBe(speechCacheKey(base));
  });

  test('bounded: the least recently used go first until both the entry and the byte limits hold', () => {
    const entry = (usedAt: number, bytes = 10) => ({ file: `${usedAt}.wav`, bytes, durationSeconds: 1, usedAt });
    expect(keysToEvict({ a: entry(3), b: entry(1), c: entry(2) }, { entries: 2, bytes: 1_000 })).toEqual(['b']);
    expect(keysToEvict({ a: entry(3, 600), b: entry(1, 300), c: entry(2, 300) }, { entries: 10, bytes: 700 })).toEqual(['b', 'c']);
    expect(keysToEvict({ a: entry(1) }, { entries: 10, bytes: 1_000 })).toEqual([]);
  });
});
