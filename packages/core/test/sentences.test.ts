import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinSplit, splitText } from '../src/internal/sentences.js';

describe('sentence splitting', () => {
  it('leaves a text within the limit whole', () => {
    expect(splitText('Сэ сыадыгэщ. I am Circassian.', 100)).toEqual({ pieces: ['Сэ сыадыгэщ. I am Circassian.'], joiners: [''] });
  });

  it('cuts after sentence ends and keeps the spacing aside', () => {
    const { pieces, joiners } = splitText('One two. Three four! Five six?\nSeven.', 12);
    expect(pieces).toEqual(['One two.', 'Three four!', 'Five six?', 'Seven.']);
    expect(joiners).toEqual([' ', ' ', '\n', '']);
  });

  it('packs several sentences into one piece when they fit', () => {
    expect(splitText('A b. C d. E f. G h.', 10).pieces).toEqual(['A b. C d.', 'E f. G h.']);
  });

  it('falls back to word boundaries, then to a hard cut, for a sentence longer than the limit', () => {
    expect(splitText('aaaa bbbb cccc', 9).pieces).toEqual(['aaaa', 'bbbb cccc']);
    expect(splitText('abcdefghij', 4).pieces).toEqual(['abcd', 'efgh', 'ij']);
  });

  it('never cuts a surrogate pair in half', () => {
    const { pieces } = splitText('😀😀😀', 3);
    for (const piece of pieces) expect(piece).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });

  it('gives back the input exactly and keeps every piece within the limit (property)', () => {
    const sentence = fc
      .tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.constantFrom('. ', '! ', '? ', '\n', ' ', '', '.\n\n'))
      .map(([a, b]) => a + b);
    fc.assert(
      fc.property(fc.array(sentence, { maxLength: 40 }), fc.integer({ min: 2, max: 60 }), (sentences, max) => {
        const text = sentences.join('');
        const { pieces, joiners } = splitText(text, max);
        expect(joinSplit(pieces, joiners)).toBe(text);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(max);
        if (text.length > 0) for (const piece of pieces) expect(piece.length).toBeGreaterThan(0);
      }),
    );
  });
});
