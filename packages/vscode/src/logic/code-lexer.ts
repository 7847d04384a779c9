// What the start of the next line is in, for a language's comments and strings: code, a block
// comment, or a string that spans lines. A light lexer, not a parser (as smart-selection.ts): it
// knows comment markers and quotes with their escapes, enough to tell where text written below a
// line would land. Where text lands inside a string, no comment is possible there.

interface StringSyntax {
  readonly open: string;
  readonly close: string;
  /** A backslash escapes the next character. */
  readonly escapes: boolean;
  /** The string may run over line breaks (else a line break ends it, as an error would). */
  readonly multiline: boolean;
}

export interface Lexicon {
  readonly lineComments: readonly string[];
  readonly blockComments: ReadonlyArray<readonly [string, string]>;
  /** Longer openers first (`"""` before `"`). */
  readonly strings: readonly StringSyntax[];
  /** `#` opens a comment only at the start of a word (shell: `$#`, `${#x}` are code). */
  readonly commentsAtWordStart?: boolean;
  /** Ends the language's region in code and in a line comment (PHP's `?>`). */
  readonly exit?: string;
}

export type LexState = { readonly state: 'code' | 'comment' | 'string' } | { readonly state: 'exited'; readonly at: number };

const quote = (open: string, multiline: boolean, escapes = true, close = open): StringSyntax => ({ open, close, escapes, multiline });

const C_LIKE: Lexicon = {
  lineComments: ['//'],
  blockComments: [['/*', '*/']],
  strings: [quote('"', false), quote("'", false)],
};
const TRIPLE = [quote('"""', true), quote("'''", true)];

export const LEXICONS: Readonly<Record<string, Lexicon>> = {
  ...Object.fromEntries(['c', 'cpp', 'csharp', 'java', 'scss', 'less', 'jsonc', 'fsharp'].map((id) => [id, C_LIKE])),
  ...Object.fromEntries(
    ['kotlin', 'swift', 'scala', 'groovy', 'dart'].map((id) => [id, { ...C_LIKE, strings: [...TRIPLE, ...C_LIKE.strings] }]),
  ),
  go: { ...C_LIKE, strings: [quote('`', true, false), ...C_LIKE.strings] },
  rust: { ...C_LIKE, strings: [quote('"', true)] },
  css: { lineComments: [], blockComments: [['/*', '*/']], strings: C_LIKE.strings },
  python: { lineComments: ['#'], blockComments: [], strings: [...TRIPLE, quote('"', false), quote("'", false)] },
  shellscript: {
    lineComments: ['#'],
    blockComments: [],
    strings: [quote('"', true), quote("'", true, false)],
    commentsAtWordStart: true,
  },
  ...Object.fromEntries(
    ['ruby', 'perl'].map((id) => [id, { lineComments: ['#'], blockComments: [], strings: [quote('"', true), quote("'", true)] }]),
  ),
  sql: { lineComments: ['--'], blockComments: [['/*', '*/']], strings: [quote("'", true, false), quote('"', true, false)] },
  lua: {
    lineComments: ['--'],
    blockComments: [['--[[', ']]']],
    strings: [quote('[[', true, false, ']]'), quote('"', false), quote("'", false)],
  },
  php: {
    lineComments: ['//', '#'],
    blockComments: [['/*', '*/']],
    strings: [quote('"', true), quote("'", true)],
    exit: '?>',
  },
};

/** Where a string opened at `start` (after its opener) closes: the index after its closer, or -1 if it runs past `limit`. */
function stringEnd(text: string, start: number, limit: number, syntax: StringSyntax): number {
  let index = start;
  while (index < limit) {
    if (syntax.escapes && text[index] === '\\') index += 2;
    else if (text.startsWith(syntax.close, index)) return index + syntax.close.length;
    else if (!syntax.multiline && text[index] === '\n') return index;
    else index++;
  }
  return -1;
}

/**
 * The state at `offset` (a line's end: what follows the line break there) of text lexed from
 * `from` as `lexicon`. A line comment or a one-line string open at the line's end ends with it.
 */
export function lexStateAt(text: string, from: number, offset: number, lexicon: Lexicon): LexState {
  let index = from;
  while (index < offset) {
    if (lexicon.exit && text.startsWith(lexicon.exit, index)) return { state: 'exited', at: index + lexicon.exit.length };
    const block = lexicon.blockComments.find(([open]) => text.startsWith(open, index));
    if (block) {
      const close = text.indexOf(block[1], index + block[0].length);
      if (close === -1 || close + block[1].length > offset) return { state: 'comment' };
      index = close + block[1].length;
      continue;
    }
    const atWordStart = !lexicon.commentsAtWordStart || index === 0 || /[\s;|&()]/.test(text[index - 1] ?? '');
    const line = atWordStart ? lexicon.lineComments.find((marker) => text.startsWith(marker, index)) : undefined;
    if (line) {
      const lineEnd = text.indexOf('\n', index);
      const exit = lexicon.exit ? text.indexOf(lexicon.exit, index) : -1;
      if (exit !== -1 && (lineEnd === -1 || exit < lineEnd) && exit < offset) {
        index = exit;
        continue;
      }
      if (lineEnd === -1 || lineEnd >= offset) return { state: 'code' };
      index = lineEnd;
      continue;
    }
    const string = lexicon.strings.find((syntax) => text.startsWith(syntax.open, index));
    if (string) {
      const end = stringEnd(text, index + string.open.length, offset, string);
      if (end === -1) return { state: string.multiline ? 'string' : 'code' };
      index = end;
      continue;
    }
    index++;
  }
  return { state: 'code' };
}
