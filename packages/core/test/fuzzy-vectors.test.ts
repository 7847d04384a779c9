// The fuzzy-match percentage against shared/vectors/fuzzy.json (the hosts' own near matches are
// held to the same cases), and the index's prefix filter against scoring every unit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import vectorTable from './fuzzy-vectors.json' with { type: 'json' };
import { fuzzySimilarity, fuzzyWords, wordEditDistance } from '../src/memory/fuzzy-similarity.js';
import { InMemoryTranslationMemory } from '../src/memory/in-memory-store.js';

interface FuzzyVector {
  readonly a: string;
  readonly b: string;
  readonly percent: number;
  readonly why: string;
}
const vectors: readonly FuzzyVector[] = vectorTable.cases;

describe('fuzzy percentage vectors (shared/vectors/fuzzy.json)', () => {
  it('covers exact keys, same words under another key, partial and no matches, each with a reason', () => {
    expect(vectors.filter((v) => v.percent === 100).length).toBeGreaterThanOrEqual(5);
    expect(vectors.filter((v) => v.percent === 99).length).toBeGreaterThanOrEqual(3);
    expect(vectors.filter((v) => v.percent > 0 && v.percent < 99).length).toBeGreaterThanOrEqual(5);
    expect(vectors.filter((v) => v.percent === 0).length).toBeGreaterThanOrEqual(2);
    for (const vector of vectors) expect(vector.why.length).toBeGreaterThan(10);
  });

  it.each(vectors.map((v) => [v.a, v.b, v.percent, v.why] as const))('%j and %j: %i%% (%s)', (a, b, percent) => {
    expect(fuzzySimilarity(a, b)).toBe(percent);
    expect(fuzzySimilarity(b, a)).toBe(percent);
  });
});

describe('word edit distance', () => {
  it('reads words palochka- and case-tolerant, punctuation apart', () => {
    expect(fuzzyWords('  Уи пщэддджыжь фIыуэ, Анна!')).toEqual(['уи', 'пщэддджыжь', 'ф\u04CFыуэ', 'анна']);
  });

  it('stops past its limit with Infinity, and gives the distance within it', () => {
    const a = ['a', 'b', 'c', 'd'];
    expect(wordEditDistance(a, ['a', 'x', 'c', 'd'])).toBe(1);
    expect(wordEditDistance(a, ['w', 'x', 'y', 'z'], 2)).toBe(Number.POSITIVE_INFINITY);
    expect(wordEditDistance(a, ['a'], 2)).toBe(Number.POSITIVE_INFINITY);
    expect(wordEditDistance(a, ['a', 'b'], 2)).toBe(2);
  });
});

describe('the fuzzy index finds what scoring every unit finds', () => {
  const WORDS = ['кӀуэ', 'уэ', 'сэ', 'дэ', 'мыр', 'абы', 'file', 'open', 'the', 'now'];
  const text = fc.array(fc.constantFrom(...WORDS), { minLength: 0, maxLength: 7 }).map((words) => words.join(' '));

  it('for any memory, text and minimum (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(text, { maxLength: 25 }), text, fc.integer({ min: 1, max: 100 }), async (sources, query, min) => {
        const pair = { source: 'ru', target: 'kbd' } as const;
        const memory = new InMemoryTranslationMemory(
          sources.map((source, i) => ({ sourceLang: 'ru', targetLang: 'kbd', source, target: `t${i}`, origin: 'human' })),
        );
        const found = await memory.fuzzy(pair, query, { min, limit: 1000 });
        const expected = (await memory.lookup(pair, sources))
          .filter((unit) => unit !== undefined)
          .map((unit) => ({ source: unit.source, percent: fuzzySimilarity(query, unit.source) }))
          .filter(({ percent }) => percent >= min);
        const got = found.map(({ unit, percent }) => ({ source: unit.source, percent }));
        const order = (xs: { source: string; percent: number }[]) => [...xs].sort((x, y) => x.source.localeCompare(y.source));
        expect(order(got)).toEqual(order(expected));
      }),
      { numRuns: 300 },
    );
  });
});
