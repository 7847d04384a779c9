import { describe, expect, test } from 'vitest';
import { characterName, codePoint, dialectOf, mostUsedPalochka, palochkaLetterFor } from '../src/logic/palochka-letter';

describe('palochkaLetterFor', () => {
  const auto = { letter: '', letters: {} } as const;
  test('the file’s dialect, else the setting, else the letter the text uses most, else U+04C0', () => {
    expect(palochkaLetterFor(auto, 'markdown', '/w/locales/ady.json', () => 'Ӏ')).toBe('U+04CF');
    expect(palochkaLetterFor(auto, 'markdown', '/w/story.kbd.md', () => 'ӏӏ')).toBe('U+04C0');
    expect(palochkaLetterFor(auto, 'plaintext', '/w/notes.md', () => 'кӏо ӏэ КӀуэ')).toBe('U+04CF');
    expect(palochkaLetterFor(auto, 'plaintext', '/w/notes.md', () => 'no palochka')).toBe('U+04C0');
    expect(palochkaLetterFor({ letter: 'U+04CF', letters: {} }, 'plaintext', '/w/notes.md', () => 'Ӏ')).toBe('U+04CF');
  });

  test('the letter follows the text’s language: U+04CF chosen for Adyghe does not flag Kabardian files (it did: the setting was global)', () => {
    const adygheSmall = { letter: 'U+04CF', letters: {} } as const;
    expect(palochkaLetterFor(adygheSmall, 'markdown', '/w/kbd.md', () => 'Ӏ')).toBe('U+04C0');
    expect(palochkaLetterFor(adygheSmall, 'markdown', '/w/ady.md', () => 'Ӏ')).toBe('U+04CF');
    // Set per dialect: a Kabardian team that prints ӏ.
    expect(palochkaLetterFor({ letter: '', letters: { kbd: 'U+04CF' } }, 'markdown', '/w/kbd.md', () => 'Ӏ')).toBe('U+04CF');
    // Said inside the file: front matter's lang, a PO header's Language.
    expect(palochkaLetterFor(auto, 'markdown', '/w/story.md', () => '---\nlang: ady\n---\n\nКӀуэ\n')).toBe('U+04CF');
    const po = 'msgid ""\nmsgstr ""\n"Language: kbd\\n"\n\nmsgid "a"\nmsgstr "ӏ"\n';
    expect(palochkaLetterFor({ letter: 'U+04CF', letters: {} }, 'po', '/w/messages.po', () => po)).toBe('U+04C0');
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
