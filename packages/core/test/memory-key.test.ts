import { describe, expect, it } from 'vitest';
import vectorTable from './memory-key-vectors.json' with { type: 'json' };
import { memoryKey, restoreSurroundingWhitespace, splitSurroundingWhitespace } from '../src/memory/memory-key.js';

/** One row of shared/vectors/memory-keys.json: two source texts and whether the memory treats them as one. */
interface MemoryKeyVector {
  readonly a: string;
  readonly b: string;
  readonly match: boolean;
  readonly why: string;
}

const vectors: readonly MemoryKeyVector[] = vectorTable;

describe('memory key vectors (shared/vectors/memory-keys.json)', () => {
  it('has cases that must match and cases that must not, each with a reason', () => {
    expect(vectors.filter((v) => v.match).length).toBeGreaterThanOrEqual(10);
    expect(vectors.filter((v) => !v.match).length).toBeGreaterThanOrEqual(10);
    for (const vector of vectors) expect(vector.why.length).toBeGreaterThan(10);
  });

  it.each(vectors)('$why', ({ a, b, match }) => {
    expect(memoryKey(a) === memoryKey(b)).toBe(match);
  });

  it.each(vectors)('the key is idempotent: $a', ({ a }) => {
    expect(memoryKey(memoryKey(a))).toBe(memoryKey(a));
  });
});

describe('surrounding whitespace', () => {
  it('is split off and put back around a stored answer, whatever whitespace the answer had', () => {
    const query = splitSurroundingWhitespace('\n  Сэ уэ узолъагъу \t');
    expect(query).toEqual({ leading: '\n  ', core: 'Сэ уэ узолъагъу', trailing: ' \t' });
    expect(restoreSurroundingWhitespace(query, ' Я тебя вижу\n')).toBe('\n  Я тебя вижу \t');
  });

  it('leaves a text of whitespace only as leading whitespace with an empty core', () => {
    expect(splitSurroundingWhitespace(' \n ')).toEqual({ leading: ' \n ', core: '', trailing: '' });
  });
});
