import { describe, expect, it } from 'vitest';
import { characterCount, CYRILLIC_TO_LATIN, parseLanguageListing, parseListing } from '../src/text.js';

describe('characterCount', () => {
  it('counts code points, as the service does, not UTF-16 units', () => {
    expect(characterCount('Псы щIыIэ')).toBe(9);
    expect(characterCount('a😀b')).toBe(3);
    expect('a😀b'.length).toBe(4);
  });

  it('counts a lone surrogate as one character', () => {
    expect(characterCount('a\uD800b')).toBe(3);
    expect(characterCount('\uDC00')).toBe(1);
  });

  it('counts the empty text as none', () => {
    expect(characterCount('')).toBe(0);
  });
});

describe('parseLanguageListing', () => {
  const expected = [
    { id: 'kbd', title: 'Kabardian' },
    { id: 'ru', title: 'Russian' },
  ];

  it('reads {id, title} items under languages (the sandbox and the interface example)', () => {
    expect(parseLanguageListing({ languages: expected })).toEqual(expected);
  });

  it('reads a bare array, other keys and other field names', () => {
    expect(parseLanguageListing(expected)).toEqual(expected);
    expect(
      parseLanguageListing({
        data: [
          { code: 'kbd', name: 'Kabardian' },
          { language: 'ru', label: 'Russian' },
        ],
      }),
    ).toEqual(expected);
    expect(parseLanguageListing({ translation_languages: expected })).toEqual(expected);
  });

  it('takes a code with no name as its own title, and a list of codes', () => {
    expect(parseLanguageListing({ languages: ['kbd', { id: 'ru' }] })).toEqual([
      { id: 'kbd', title: 'kbd' },
      { id: 'ru', title: 'ru' },
    ]);
  });

  it('reads a map of code to name', () => {
    expect(parseLanguageListing({ kbd: 'Kabardian', ru: 'Russian', count: 2 })).toEqual(expected);
  });

  it('drops items without an id and repeated ids, keeping the first', () => {
    expect(parseLanguageListing([{ title: 'nameless' }, '  ', 42, null, ...expected, { id: 'kbd', title: 'again' }])).toEqual(expected);
  });

  it('gives an empty list for a body that is no listing', () => {
    for (const body of [null, undefined, 'kbd', 3, true]) expect(parseLanguageListing(body)).toEqual([]);
  });
});

describe('parseListing', () => {
  it('looks under the keys it is given, in order', () => {
    const voices = [{ id: 'kbd-female', title: 'Kabardian, female' }];
    expect(parseListing({ languages: [{ id: 'kbd' }], voices }, ['voices'])).toEqual(voices);
  });
});

describe('CYRILLIC_TO_LATIN', () => {
  it('writes every lowercase Russian letter but the signs in Latin', () => {
    const letters = [...'абвгдеёжзийклмнопрстуфхцчшщыэюя'];
    expect(Object.keys(CYRILLIC_TO_LATIN).sort()).toEqual([...letters].sort());
    for (const letter of letters) expect(CYRILLIC_TO_LATIN[letter]).toMatch(/^[a-z]+$/);
  });
});
