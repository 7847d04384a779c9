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
    const { lines } = renderDictionaryEntry(
      'унэ',
      { entries: [{ translation: 'house', forms: [{ form: 'унэхэр', case: 'plural' }] }] },
      'kbd',
      'en',
    );
    expect(lines).toEqual(['унэ (kbd → en)', '1. house', '   - forms:', '      - form: унэхэр', '      - case: plural']);
  });

  test('fields it does not know are shown by name, nested objects included', () => {
    const { markdown } = renderDictionaryEntry(
      'псы',
      { meanings: [{ gloss: 'water' }], etymology: 'Proto-Circassian', source: { name: 'Kardanov', year: 1957 } },
      'kbd',
      'en',
    );
    expect(markdown).toContain('1. water');
    expect(markdown).toContain('2. *etymology:* Proto-Circassian');
    expect(markdown).toContain('   - *name:* Kardanov');
  });

  test('an unknown word is empty: nothing to insert (the command says so in a notification)', () => {
    expect(renderDictionaryEntry('zzz', { word: 'zzz', found: false, entries: [] }, 'ady', 'ru').empty).toBe(true);
    expect(renderDictionaryEntry('zzz', null, 'kbd', 'ru').empty).toBe(true);
    expect(renderDictionaryEntry('унэ', SANDBOX_ENTRY, 'kbd', 'en').empty).toBe(false);
    expect(renderDictionaryEntry('zzz', { word: 'zzz', found: false, entries: [] }, 'ady', 'ru').lines.join('\n')).not.toContain(
      'no entry',
    );
  });
});

describe('asComment', () => {
  test('line comments, block comments, and plain lines where the language has none', () => {
    expect(asComment(['a', 'b'], 'python', '  ')).toBe('  # a\n  # b');
    expect(asComment(['a'], 'typescript')).toBe('// a');
    expect(asComment(['a'], 'html')).toBe('<!--\na\n-->');
    expect(asComment(['a'], 'plaintext')).toBe('a');
  });

  test('every line break of the text starts a new comment line (LF, CRLF, CR, NEL, LS, PS)', () => {
    expect(asComment(['a\nb\r\nc\rd\u0085e\u2028f\u2029g'], 'typescript', ' ')).toBe(
      [' // a', ' // b', ' // c', ' // d', ' // e', ' // f', ' // g'].join('\n'),
    );
  });

  test('whatever would end the comment early is broken', () => {
    expect(asComment(['x */ y /* z'], 'css')).toBe('/*\nx * / y / * z\n*/');
    expect(asComment(['a --> b --!> c <!-- d ---'], 'html')).toBe('<!--\na - -> b - -!> c <!- - d - - -\n-->');
    expect(asComment(['a *) b (* c'], 'ocaml')).toBe('(*\na * ) b ( * c\n*)');
    expect(asComment(['echo ?> <b>'], 'php')).toBe('// echo ? > <b>');
    // A trailing backslash would splice the next line of C into the comment.
    expect(asComment(['path\\', 'ok'], 'c')).toBe('// path\uFF3C\n// ok');
  });
});
