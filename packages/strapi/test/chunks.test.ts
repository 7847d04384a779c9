import { describe, expect, it } from 'vitest';
import { chunkTexts } from '../server/src/translation/chunks';

describe('packing texts into batch requests', () => {
  it('fills each request up to the text and character limits, in order', () => {
    expect(chunkTexts(['a', 'b', 'c', 'd', 'e'], { maxTexts: 2, maxChars: 100 })).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(chunkTexts(['aaaa', 'bbbb', 'cc', 'dddddd'], { maxTexts: 50, maxChars: 8 })).toEqual([
      ['aaaa', 'bbbb'],
      ['cc', 'dddddd'],
    ]);
  });

  it('sends a text over the character limit alone and counts characters, not UTF-16 units', () => {
    expect(chunkTexts(['ab', 'x'.repeat(10), 'c'], { maxTexts: 50, maxChars: 5 })).toEqual([['ab'], ['x'.repeat(10)], ['c']]);
    expect(chunkTexts(['😀😀', '😀😀'], { maxTexts: 50, maxChars: 4 })).toEqual([['😀😀', '😀😀']]);
  });

  it('uses the interface limits by default: 50 texts per request', () => {
    expect(chunkTexts(Array.from({ length: 120 }, (_, index) => `t${index}`)).map((chunk) => chunk.length)).toEqual([50, 50, 20]);
  });
});
