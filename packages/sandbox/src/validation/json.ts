import { ValidationFailure } from '../http/errors.js';

/**
 * Parses a JSON request body. A syntax error becomes FastAPI's `json_invalid` issue located at
 * `["body", position]`, the character offset where the document stops being valid JSON.
 */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationFailure([
      {
        type: 'json_invalid',
        loc: ['body', jsonErrorPosition(text)],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: 'Invalid JSON' },
      },
    ]);
  }
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const STRING_ESCAPE = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;

/**
 * Offset of the first character that makes `text` invalid JSON (its length when the text ends
 * too soon). V8's messages carry a position only for some errors, so this walks the grammar;
 * it runs only on bodies that already failed to parse.
 */
export function jsonErrorPosition(text: string): number {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] ?? '')) at++;
  };
  const fail = (): never => {
    throw at;
  };
  const expect = (char: string): void => {
    skip();
    if (text[at] !== char) fail();
    at++;
  };
  const string = (): void => {
    if (text[at] !== '"') fail();
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined || char < ' ') fail();
      if (char === '"') {
        at++;
        return;
      }
      if (char === '\\') {
        const escape = STRING_ESCAPE.exec(text.slice(at, at + 6));
        if (!escape) fail();
        at += escape?.[0].length ?? 0;
      } else at++;
    }
  };
  const value = (): void => {
    skip();
    const char = text[at];
    if (char === '{') {
      at++;
      skip();
      if (text[at] === '}') {
        at++;
        return;
      }
      for (;;) {
        skip();
        string();
        expect(':');
        value();
        skip();
        if (text[at] === ',') at++;
        else return expect('}');
      }
    }
    if (char === '[') {
      at++;
      skip();
      if (text[at] === ']') {
        at++;
        return;
      }
      for (;;) {
        value();
        skip();
        if (text[at] === ',') at++;
        else return expect(']');
      }
    }
    if (char === '"') return string();
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal) {
      at += literal.length;
      return;
    }
    const number = NUMBER.exec(text.slice(at, at + 400));
    if (!number) fail();
    at += number?.[0].length ?? 0;
  };
  try {
    value();
    skip();
    if (at < text.length) fail();
  } catch (position) {
    // A RangeError means nesting too deep to walk: the offset reached is the best answer.
    return typeof position === 'number' ? position : at;
  }
  return at;
}
