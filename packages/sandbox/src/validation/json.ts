import { ValidationFailure } from '../http/errors.js';
import { characterCount } from '@circassian/core/text';

/**
 * Parses a JSON request body. A syntax error becomes FastAPI's `json_invalid` issue located at
 * `["body", position]`, with Python's json message in `ctx.error`, as the real service reports it.
 */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const { position, message } = jsonSyntaxError(text);
    throw new ValidationFailure([
      { type: 'json_invalid', loc: ['body', position], msg: 'JSON decode error', input: {}, ctx: { error: message } },
    ]);
  }
}

export interface JsonSyntaxError {
  /**
   * Offset of the character where the text stops being JSON (its length when it ends too soon), in
   * characters (code points), as Python counts them: an emoji before it counts once, not twice.
   */
  readonly position: number;
  /** Python's json module's wording, e.g. "Expecting value". */
  readonly message: string;
}

class SyntaxStop {
  constructor(
    readonly position: number,
    readonly message: string,
  ) {}
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const STRING_ESCAPE = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;

/**
 * Where and why `text` is not JSON, the way Python's json module (behind FastAPI) reports it.
 * V8's messages carry a position only for some errors, so this walks the grammar; it runs only on
 * bodies that already failed to parse.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError {
  let at = 0;
  const skip = (): void => {
    while (at < text.length && WHITESPACE.has(text[at] ?? '')) at++;
  };
  const stop = (message: string, position = at): never => {
    throw new SyntaxStop(position, message);
  };
  const string = (): void => {
    const start = at;
    at++;
    for (;;) {
      const char = text[at];
      if (char === undefined) stop('Unterminated string starting at', start);
      else if (char === '"') {
        at++;
        return;
      } else if (char < ' ') stop('Invalid control character at');
      else if (char === '\\') {
        const escape = STRING_ESCAPE.exec(text.slice(at, at + 6));
        if (!escape) stop('Invalid \\escape');
        at += escape?.[0].length ?? 0;
      } else at++;
    }
  };
  const object = (): void => {
    at++;
    skip();
    if (text[at] === '}') {
      at++;
      return;
    }
    for (;;) {
      if (text[at] !== '"') stop('Expecting property name enclosed in double quotes');
      string();
      skip();
      if (text[at] !== ':') stop("Expecting ':' delimiter");
      at++;
      value();
      skip();
      if (text[at] === '}') {
        at++;
        return;
      }
      if (text[at] !== ',') stop("Expecting ',' delimiter");
      at++;
      skip();
    }
  };
  const array = (): void => {
    at++;
    skip();
    if (text[at] === ']') {
      at++;
      return;
    }
    for (;;) {
      value();
      skip();
      if (text[at] === ']') {
        at++;
        return;
      }
      if (text[at] !== ',') stop("Expecting ',' delimiter");
      at++;
    }
  };
  const value = (): void => {
    skip();
    const char = text[at];
    if (char === '{') return object();
    if (char === '[') return array();
    if (char === '"') return string();
    const literal = LITERALS.find((word) => text.startsWith(word, at));
    if (literal) {
      at += literal.length;
      return;
    }
    const number = NUMBER.exec(text.slice(at, at + 400));
    if (!number) stop('Expecting value');
    at += number?.[0].length ?? 0;
  };
  const found = (position: number, message: string): JsonSyntaxError => ({
    position: characterCount(text.slice(0, position)),
    message,
  });
  try {
    value();
    skip();
    if (at < text.length) stop('Extra data');
  } catch (failure) {
    if (failure instanceof SyntaxStop) return found(failure.position, failure.message);
    // A RangeError means nesting too deep to walk: the offset reached is the best answer.
    return found(at, 'Expecting value');
  }
  return found(at, 'Expecting value');
}
