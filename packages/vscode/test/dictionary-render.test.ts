import { describe, expect, test } from 'vitest';
import { asComment } from '../src/logic/comment-syntax';
import { renderDictionaryEntry } from '../src/logic/dictionary-render';

const SANDBOX_ENTRY = {
  word: 'унэ',
  dialect: 'kbd',
  lang: 'en',
  found: true,
  entries: [{ headword: 'унэ', translation: 'house', part_of_speech: 'noun', examples: ['унэ ин — a big house'] }],
};

describe('renderDictionaryEntry', () => {
  test('senses are a numbered list with headword, part of speech and gloss; other fields nest under them', () => {
    const { markdown, lines } = renderDictionaryEntry('унэ', SANDBOX_ENTRY, 'kbd', 'en');
    expect(markdown).toBe(['**унэ** (kbd → en)', '', '1. **унэ** _noun_ — house', '   - *examples:* унэ ин — a big house'].join('\n'));
    expect(lines).toEqual(['унэ (kbd → en)', '1. унэ (noun) — house', '   - examples: унэ ин — a big house']);
  });

  test('a list of objects under a field nests one level deeper', () => {
    const { lines } = renderDictionaryEntry('унэ', { entries: [{ translation: 'house', forms: [{ form: 'унэхэр', case: 'plural' }] }] }, 'kbd', 'en');
    expect(lines).toEqual(['унэ (kbd → en)', '1. house', '   - forms:', '      - form: унэхэр', '      - case: plural']);
  });

  test('fields it does not know are shown by name, nested objects included', () => {
    const { markdown } = renderDictionaryEntry('псы', { meanings: [{ gloss: 'water' }], etymology: 'Proto-Circassian', source: { name: 'Kardanov', year: 1957 } }, 'kbd', 'en');
    expect(markdown).toContain('1. water');
    expect(markdown).toContain('2. *etymology:* Proto-Circassian');
    expect(markdown).toContain('   - *name:* Kardanov');
  });

  test('an unknown word says so instead of printing an empty list', () => {
    expect(renderDictionaryEntry('zzz', { word: 'zzz', found: false, entries: [] }, 'ady', 'ru').lines).toEqual(['zzz (ady → ru)', '1. no entry found']);
    expect(renderDictionaryEntry('zzz', null, 'kbd', 'ru').lines[1]).toBe('1. no entry found');
  });
});

describe('asComment', () => {
  test('line comments, block comments, and plain lines where the language has none', () => {
    expect(asComment(['a', 'b'], 'python', '  ')).toBe('  # a\n  # b');
    expect(asComment(['a'], 'typescript')).toBe('// a');
    expect(asComment(['a'], 'html')).toBe('<!--\na\n-->');
    expect(asComment(['a'], 'plaintext')).toBe('a');
  });
});
