import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitSentences } from '../src/speech/sentences.js';

const SPACE = /^[\s\uFEFF]|[\s\uFEFF]$/u;

describe('splitSentences', () => {
  it('gives each sentence with where it lies in the text and on which line', () => {
    const text = 'Сэ кӀуэ. Уэ укӀуэ!\n\n  Ар кӀуащ?';
    expect(splitSentences(text)).toEqual([
      { text: 'Сэ кӀуэ.', start: 0, end: 8, line: 0 },
      { text: 'Уэ укӀуэ!', start: 9, end: 18, line: 0 },
      { text: 'Ар кӀуащ?', start: 22, end: 31, line: 2 },
    ]);
  });

  it('keeps every sentence a trimmed, non-empty slice of the text, in order, without a line break (property)', () => {
    const pieces = fc.constantFrom(
      'Сэ',
      'кӀуэ',
      'А.',
      'т. е.',
      '3.5',
      '!',
      '?',
      '…',
      '.',
      ' ',
      '  ',
      '\n',
      '\r\n',
      '\u00a0',
      '«',
      '»',
      '—',
      'x',
      'Й',
      '😀',
      '1.',
      '"',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        let previousEnd = 0;
        for (const sentence of splitSentences(text)) {
          expect(text.slice(sentence.start, sentence.end)).toBe(sentence.text);
          expect(sentence.text).not.toBe('');
          expect(sentence.text).not.toMatch(SPACE);
          expect(sentence.text).not.toMatch(/[\n\r\u2028\u2029]/u);
          expect(sentence.start).toBeGreaterThanOrEqual(previousEnd);
          previousEnd = sentence.end;
        }
      }),
    );
  });

  it('loses no letter or digit of the text: only whitespace and lines with nothing to say fall between sentences', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('Аб', 'в.', ' ', '\n', '***', '—', '1', 'Г!', 'д?'), { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        const said = splitSentences(text)
          .map((sentence) => sentence.text)
          .join('');
        const sayable = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '');
        expect(sayable(said)).toBe(sayable(text));
      }),
    );
  });
});
