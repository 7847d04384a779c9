// How to write a comment in a file's language (VS Code language ids), for dictionary entries
// inserted into code. Languages without comments (plain text) get the lines as they are.
//
// The text comes from the service, so it is treated as hostile: every line break in it starts a
// new comment line (a line comment ends at any of them), and whatever would end the comment early
// is broken so it no longer does. Nothing in a comment we write can become live code.

interface CommentSyntax {
  readonly line?: string;
  readonly block?: readonly [string, string];
  /** Breaks the sequences that end (or, where comments nest, open) a comment in this language. */
  readonly defuse?: (line: string) => string;
}

/** What a language treats as the end of a line: \r\n, \r, \n, and NEL, LS, PS (C#, JavaScript). */
const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/;

// Neither the end of a C-style comment (star, slash) nor its start (slash, star), which some languages nest.
const breakStarSlash = (line: string): string => line.replace(/\*(?=\/)/g, '* ').replace(/\/(?=\*)/g, '/ ');
/**
 * No `--` at all inside `<!-- -->`: it is what `-->` and `--!>` (both end an HTML comment) start
 * with, and XML forbids it in comments.
 */
const breakDashes = (line: string): string => line.replace(/-(?=-)/g, '- ');
const breakOcaml = (line: string): string => line.replace(/\*(?=\))/g, '* ').replace(/\((?=\*)/g, '( ');
/** In PHP a `//` or `#` comment ends at `?>`, and the rest of the line is output as HTML. */
const breakPhpClose = (line: string): string => line.replace(/\?(?=>)/g, '? ');
/**
 * A backslash at the end of a line joins the next line to it in C and C++ (so the line of code
 * after the comment would become comment); the full-width reverse solidus looks the same and does not.
 */
const noTrailingBackslash = (line: string): string => line.replace(/\\$/, '\uFF3C');

const SLASHES: CommentSyntax = { line: '//', defuse: noTrailingBackslash };
const HASH: CommentSyntax = { line: '#' };
const DASHES: CommentSyntax = { line: '--' };
const HTML: CommentSyntax = { block: ['<!--', '-->'], defuse: breakDashes };

const SYNTAX: Readonly<Record<string, CommentSyntax>> = {
  ...Object.fromEntries(
    [
      'javascript',
      'typescript',
      'javascriptreact',
      'typescriptreact',
      'jsonc',
      'c',
      'cpp',
      'csharp',
      'java',
      'go',
      'rust',
      'swift',
      'kotlin',
      'scss',
      'less',
      'dart',
      'fsharp',
      'groovy',
      'scala',
    ].map((id) => [id, SLASHES]),
  ),
  ...Object.fromEntries(
    [
      'python',
      'shellscript',
      'yaml',
      'ruby',
      'perl',
      'r',
      'toml',
      'properties',
      'dockerfile',
      'makefile',
      'powershell',
      'coffeescript',
      'julia',
      'elixir',
      'nix',
    ].map((id) => [id, HASH]),
  ),
  ...Object.fromEntries(['sql', 'lua', 'haskell', 'elm'].map((id) => [id, DASHES])),
  php: { line: '//', defuse: (line) => noTrailingBackslash(breakPhpClose(line)) },
  ini: { line: ';' },
  latex: { line: '%' },
  tex: { line: '%' },
  bat: { line: 'REM' },
  vb: { line: "'" },
  clojure: { line: ';;' },
  lisp: { line: ';;' },
  html: HTML,
  xml: HTML,
  markdown: HTML,
  vue: HTML,
  svelte: HTML,
  css: { block: ['/*', '*/'], defuse: breakStarSlash },
  ocaml: { block: ['(*', '*)'], defuse: breakOcaml },
};

/** `lines` as a comment in `languageId`, one comment line per line of text, each indented by `indent`. */
export function asComment(lines: readonly string[], languageId: string, indent = ''): string {
  const syntax = SYNTAX[languageId];
  const defuse = syntax?.defuse ?? ((line: string) => line);
  const split = lines.flatMap((line) => line.split(LINE_BREAK)).map((line) => defuse(line.trimEnd()));
  if (syntax?.line) return split.map((line) => `${indent}${syntax.line} ${line}`.trimEnd()).join('\n');
  if (syntax?.block) {
    const [open, close] = syntax.block;
    return [`${indent}${open}`, ...split.map((line) => `${indent}${line}`.trimEnd()), `${indent}${close}`].join('\n');
  }
  return split.map((line) => `${indent}${line}`.trimEnd()).join('\n');
}

export function hasCommentSyntax(languageId: string): boolean {
  return SYNTAX[languageId] !== undefined;
}

/** The line comment marker of `languageId` (`//`, `#`, ...), if it has one. */
export function lineCommentOf(languageId: string): string | undefined {
  return SYNTAX[languageId]?.line;
}

/** The block comment delimiters of `languageId`: the ones `asComment` writes, or C's in C-like languages. */
export function blockCommentOf(languageId: string): readonly [string, string] | undefined {
  const syntax = SYNTAX[languageId];
  if (syntax?.block) return syntax.block;
  return syntax === SLASHES || languageId === 'php' ? ['/*', '*/'] : undefined;
}
