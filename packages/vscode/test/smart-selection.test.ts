import { describe, expect, test } from 'vitest';
import { escapeLiteral, smartRangeAt, unescapeLiteral } from '../src/logic/smart-selection';
import { planSegments } from '../src/logic/translation-plan';

const at = (text: string, marker: string, languageId: string): string | undefined => {
  const offset = text.indexOf(marker);
  const range = smartRangeAt(text.replace(marker, ''), offset, languageId);
  return range ? text.replace(marker, '').slice(range.start, range.end) : undefined;
};

describe('smartRangeAt', () => {
  test('a string literal: its contents, without quotes or the key', () => {
    expect(at('const title = "Good ^morning";', '^', 'typescript')).toBe('Good morning');
    expect(at("  greeting: 'Hel^lo \\'there\\''", '^', 'javascript')).toBe("Hello \\'there\\'");
    expect(at('{ "key": "Go^od" }', '^', 'json')).toBe('Good');
  });

  test('a comment: its text, without the marker', () => {
    expect(at('x = 1  # the ^first value', '^', 'python')).toBe('the first value');
    expect(at('let a = "x"; // say hel^lo', '^', 'typescript')).toBe('say hello');
    expect(at('/*\n  Translate ^me\n*/\ncode();', '^', 'css')).toBe('Translate me');
    expect(at('<!-- a no^te -->', '^', 'html')).toBe('a note');
  });

  test('a // inside a string is not a comment; code outside both and prose give undefined', () => {
    expect(at('const url = "http://ex^ample.org";', '^', 'typescript')).toBe('http://example.org');
    expect(at('const x = comp^ute();', '^', 'typescript')).toBeUndefined();
    expect(at('/* done */ const x = comp^ute();', '^', 'typescript')).toBeUndefined();
    expect(at('Some "quoted ^text" in prose', '^', 'markdown')).toBeUndefined();
  });

  test('planSegments takes the literal for an empty selection and keeps its quote', () => {
    const text = 'label = "Good morning"';
    const [segment] = planSegments(text, [{ start: 12, end: 12 }], ({ start }) => {
      const range = smartRangeAt(text, start, 'python');
      return range ? [range] : undefined;
    });
    expect(segment).toEqual({ start: 9, end: 21, text: 'Good morning', quote: '"' });
  });
});

test('literal contents are sent unescaped and written back escaped for their quote', () => {
  expect(unescapeLiteral('say \\"hi\\"\\n')).toBe('say "hi"\n');
  expect(escapeLiteral('«Сэ» "x" \\ y\nz', '"')).toBe('«Сэ» \\"x\\" \\\\ y\\nz');
});
