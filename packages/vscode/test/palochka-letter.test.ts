import { describe, expect, test } from 'vitest';
import { characterName, codePoint, dialectOf, mostUsedPalochka, palochkaLetterFor } from '../src/logic/palochka-letter';

describe('palochkaLetterFor', () => {
  test('the setting wins; then a dialect in the language id or name; then the letter the text uses most; then U+04C0', () => {
    expect(palochkaLetterFor('U+04CF', 'markdown', '/w/kbd.md', () => 'Ӏ')).toBe('U+04CF');
    expect(palochkaLetterFor('', 'markdown', '/w/locales/ady.json', () => 'Ӏ')).toBe('U+04CF');
    expect(palochkaLetterFor('', 'markdown', '/w/story.kbd.md', () => 'ӏӏ')).toBe('U+04C0');
    expect(palochkaLetterFor('', 'plaintext', '/w/notes.md', () => 'кӏо ӏэ КӀуэ')).toBe('U+04CF');
    expect(palochkaLetterFor('', 'plaintext', '/w/notes.md', () => 'no palochka')).toBe('U+04C0');
  });

  test('dialect codes count only as whole name parts', () => {
    expect(dialectOf('plaintext', '/w/ady/intro.md')).toBe('ady');
    expect(dialectOf('plaintext', '/w/messages.kbd.po')).toBe('kbd');
    expect(dialectOf('plaintext', '/w/lady.md')).toBeUndefined();
    expect(dialectOf('plaintext', '/w/ady-to-kbd.md')).toBeUndefined();
    expect(mostUsedPalochka('Ӏӏ')).toBeUndefined();
  });

  test('characters are named with their code points, so Ӏ and I cannot be confused', () => {
    expect([characterName('I'), codePoint('I')]).toEqual(['Latin capital I', 'U+0049']);
    expect([characterName('\u04C0'), codePoint('\u04C0')]).toEqual(['palochka', 'U+04C0']);
    expect([characterName('\u04CF'), codePoint('\u04CF')]).toEqual(['small palochka', 'U+04CF']);
  });
});
