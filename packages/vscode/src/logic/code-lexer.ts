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
  /** A heredoc's opener at the index (group 2: its word); its body runs from the next line to the word's line. */
  readonly heredoc?: RegExp;
  /** The closing word may be indented (else only with `<<-`, by tabs: the shell's rule). */
  readonly heredocIndentedClose?: boolean;
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
  ...Object.fromEntries(['c', 'scss', 'less', 'jsonc', 'fsharp'].map((id) => [id, C_LIKE])),
  // Text blocks and raw strings: Java 15+, Kotlin, Swift, Scala, Groovy, Dart.
  ...Object.fromEntries(
    ['java', 'kotlin', 'swift', 'scala', 'groovy', 'dart'].map((id) => [id, { ...C_LIKE, strings: [...TRIPLE, ...C_LIKE.strings] }]),
  ),
  cpp: { ...C_LIKE, strings: [quote('R"(', true, false, ')"'), ...C_LIKE.strings] },
  // Raw (C# 11) and verbatim strings (a doubled quote inside reads as closing and opening again, the same state).
  csharp: { ...C_LIKE, strings: [quote('"""', true, false), quote('@"', true, false, '"'), ...C_LIKE.strings] },
  go: { ...C_LIKE, strings: [quote('`', true, false), ...C_LIKE.strings] },
  rust: { ...C_LIKE, strings: [quote('"', true)] },
  css: { lineComments: [], blockComments: [['/*', '*/']], strings: C_LIKE.strings },
  python: { lineComments: ['#'], blockComments: [], strings: [...TRIPLE, quote('"', false), quote("'", false)] },
  shellscript: {
    lineComments: ['#'],
    blockComments: [],
    strings: [quote('"', true), quote("'", true, false)],
    commentsAtWordStart: true,
    heredoc: /^<<(-?)[ \t]*(?:(['"])?)([A-Za-z_]\w*)\2/,
  },
  ruby: {
    lineComments: ['#'],
    blockComments: [],
    strings: [quote('"', true), quote("'", true)],
    heredoc: /^<<([~-]?)(['"]?)([A-Za-z_]\w*)\2/,
    heredocIndentedClose: true,
  },
  perl: {
    lineComments: ['#'],
    blockComments: [],
    strings: [quote('"', true), quote("'", true)],
    heredoc: /^<<(~?)[ \t]*(['"]?)([A-Za-z_]\w*)\2/,
    heredocIndentedClose: true,
  },
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
    heredoc: /^<<<()[ \t]*(['"]?)([A-Za-z_]\w*)\2/,
    heredocIndentedClose: true,
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
/** Where a heredoc opened at `index` has its body: from after the opener's line to the start of the closing line (or the end). */
function heredocBody(text: string, index: number, lexicon: Lexicon): { start: number; close: number; after: number } | undefined {
  const match = lexicon.heredoc?.exec(text.slice(index, index + 200));
  if (!match) return undefined;
  const lineEnd = text.indexOf('\n', index);
  if (lineEnd === -1) return undefined;
  // PHP and Ruby allow text after the word (`EOT;`); the shell wants the word alone on its line.
  const closing = lexicon.heredocIndentedClose
    ? new RegExp(`^[ \\t]*${match[3] ?? ''}\\b.*$`, 'm')
    : new RegExp(`^${match[1] === '-' ? '\\t*' : ''}${match[3] ?? ''}$`, 'm');
  const found = closing.exec(text.slice(lineEnd + 1));
  const close = found ? lineEnd + 1 + found.index : text.length;
  return { start: lineEnd, close, after: found ? close + found[0].length : text.length };
}

/** Whether text inserted after the line break at `offset` lands in the body of the heredoc opened on that line. */
function inBody(pending: { start: number; close: number } | undefined, offset: number): boolean {
  return pending !== undefined && offset >= pending.start && offset < pending.close;
}

export function lexStateAt(text: string, from: number, offset: number, lexicon: Lexicon): LexState {
  let index = from;
  /** A heredoc opened on the current line: its body follows the line break. */
  let pending: { start: number; close: number; after: number } | undefined;
  while (index < offset) {
    if (pending && index === pending.start) {
      // The insertion goes after the line break at `offset`: inside the body when that is before the closing line.
      if (offset < pending.close) return { state: 'string' };
      index = pending.after;
      pending = undefined;
      continue;
    }
    const heredoc =
      lexicon.heredoc && text.startsWith('<<', index) && text[index - 1] !== '<' ? heredocBody(text, index, lexicon) : undefined;
    if (heredoc) {
      pending ??= heredoc;
      index += 2;
      continue;
    }
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
      if (lineEnd === -1 || lineEnd >= offset) return inBody(pending, offset) ? { state: 'string' } : { state: 'code' };
      index = lineEnd;
      continue;
    }
    const string = lexicon.strings.find((syntax) => text.startsWith(syntax.open, index));
    if (string) {
      const end = stringEnd(text, index + string.open.length, offset, string);
      if (end === -1) return string.multiline || inBody(pending, offset) ? { state: 'string' } : { state: 'code' };
      index = end;
      continue;
    }
    index++;
  }
  return inBody(pending, offset) ? { state: 'string' } : { state: 'code' };
}
