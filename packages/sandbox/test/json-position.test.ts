import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonSyntaxError } from '../src/validation/json.js';

/** Texts with the position and message Python's json module (behind FastAPI) reports for them. */
const PYTHON_ANSWERS: readonly [string, number, string][] = [
  ['{"a":}', 5, 'Expecting value'],
  ['{"a":1,}', 7, 'Expecting property name enclosed in double quotes'],
  ['[1 2]', 3, "Expecting ',' delimiter"],
  ['{"a":1', 6, "Expecting ',' delimiter"],
  ['', 0, 'Expecting value'],
  ['{} x', 3, 'Extra data'],
  ['"\\x"', 1, 'Invalid \\escape'],
  ['[0e', 2, "Expecting ',' delimiter"],
  ['{"a" 1}', 5, "Expecting ':' delimiter"],
  ['[tru]', 1, 'Expecting value'],
  ['"abc', 0, 'Unterminated string starting at'],
  ['{"a', 1, 'Unterminated string starting at'],
  ['["a', 1, 'Unterminated string starting at'],
  ['[1,]', 3, 'Expecting value'],
  ['{,}', 1, 'Expecting property name enclosed in double quotes'],
  ['{"a":1,"b"}', 10, "Expecting ':' delimiter"],
  ['[', 1, 'Expecting value'],
  ['{', 1, 'Expecting property name enclosed in double quotes'],
  ['-', 0, 'Expecting value'],
  ['01', 1, 'Extra data'],
  ['1.', 1, 'Extra data'],
  ['"a\tb"', 2, 'Invalid control character at'],
  ['[1,2', 4, "Expecting ',' delimiter"],
  ['  ', 2, 'Expecting value'],
  ['nul', 0, 'Expecting value'],
  ['{"a":[1,{"b":}]}', 13, 'Expecting value'],
  // Positions count characters (code points), as Python does, not UTF-16 units.
  ['{"text":"😀😀😀" x}', 14, "Expecting ',' delimiter"],
  ['["😀"', 4, "Expecting ',' delimiter"],
  ['["😀😀", 1,]', 9, 'Expecting value'],
];

function isInvalid(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

describe('the json_invalid position and message', () => {
  it.each(PYTHON_ANSWERS)('locates %j at %i with "%s", as Python does', (text, position, message) => {
    expect(jsonSyntaxError(text)).toEqual({ position, message });
  });

  it('stays within the text for any corrupted JSON, however deep', () => {
    const corrupted = fc.tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.string({ maxLength: 3 })).map(([json, at, junk]) => {
      const cut = at % (json.length + 1);
      return json.slice(0, cut) + junk + json.slice(cut + (at % 3));
    });
    fc.assert(
      fc.property(corrupted, (text) => {
        fc.pre(isInvalid(text));
        const { position } = jsonSyntaxError(text);
        expect(position).toBeGreaterThanOrEqual(0);
        expect(position).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 2000 },
    );
    expect(jsonSyntaxError('['.repeat(500_000)).position).toBeLessThanOrEqual(500_000);
  });
});
