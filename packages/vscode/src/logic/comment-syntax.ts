// How to write a comment in a file's language (VS Code language ids), for dictionary entries
// inserted into code and translations written over a comment's text. Languages without comments (plain text) get the lines as they are.
//
// The text comes from the service, so it is treated as hostile: every line break in it starts a
// new comment line (a line comment ends at any of them), and whatever would end the comment early
// is broken so it no longer does. Nothing in a comment we write can become live code.

/** Where a comment's text is: after a line comment's marker, or inside a block comment. */
export type CommentPlace = { readonly line: string } | { readonly block: readonly [string, string] };

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
 * after the comment would become comment); the full-width reverse solidus looks the same and does
 * not. `??/` is the same backslash where trigraphs are read (C before C23).
 */
const noTrailingBackslash = (line: string): string => line.replace(/\\$/, '\uFF3C').replace(/\?\?\/$/, '?? /');
/**
 * Java (and Scala 2, Groovy) read `\uXXXX` before anything else, in comments too: `\u000a` is a
 * line break that ends a `//` comment, `\u002a\u002f` the end of a block comment. No backslash survives, so no escape can.
 */
const noUnicodeEscapes = (line: string): string => line.replace(/\\/g, '\uFF3C');
/** Triple quotes close a text block or raw string (Java, Kotlin, Swift, Scala, Dart, Python, C#). */
const breakTripleQuotes = (line: string): string => line.replace(/(["'])(?=\1\1)/g, '$1 ');
/** `]]` (or `]==]`) closes a Lua `--[[ ]]` comment or `[[ ]]` string. */
const breakLongBrackets = (line: string): string => line.replace(/\](?==*\])/g, '] ');
const breakHaskell = (line: string): string => line.replace(/-(?=\})/g, '- ').replace(/\{(?=-)/g, '{ ');
/** PowerShell's block comment `<# ... #>`: a `#` line written inside one must not close it (nor open another). */
const breakPowerShell = (line: string): string => line.replace(/#(?=>)/g, '# ').replace(/<(?=#)/g, '< ');
/** Julia's nesting block comment `#= ... =#`. */
const breakJulia = (line: string): string => line.replace(/=(?=#)/g, '= ').replace(/#(?==)/g, '# ');
/** CoffeeScript's block comment opens and closes with `###`. */
const breakTripleHash = (line: string): string => line.replace(/#(?=##)/g, '# ');

/** One line rewrite from several, applied in order. */
export const pipe =
  (...steps: ReadonlyArray<(line: string) => string>) =>
  (line: string): string =>
    steps.reduce((text, step) => step(text), line);

// A `//` comment may be written inside a block comment that spans the line, so `*/` is broken too.
const SLASHES: CommentSyntax = { line: '//', defuse: pipe(breakStarSlash, breakTripleQuotes, noTrailingBackslash) };
const JAVA: CommentSyntax = { line: '//', defuse: pipe(noUnicodeEscapes, breakStarSlash, breakTripleQuotes) };
const HASH: CommentSyntax = { line: '#' };
/** make continues a comment line that ends in a backslash onto the next line, which would then be comment too. */
const MAKEFILE: CommentSyntax = { line: '#', defuse: noTrailingBackslash };
const DASHES: CommentSyntax = { line: '--', defuse: breakStarSlash };
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
      'go',
      'rust',
      'swift',
      'kotlin',
      'scss',
      'less',
      'dart',
      'fsharp',
    ].map((id) => [id, SLASHES]),
  ),
  ...Object.fromEntries(['java', 'groovy', 'scala'].map((id) => [id, JAVA])),
  ...Object.fromEntries(['shellscript', 'yaml', 'ruby', 'perl', 'r', 'toml', 'properties', 'dockerfile', 'elixir'].map((id) => [id, HASH])),
  makefile: MAKEFILE,
  powershell: { line: '#', defuse: breakPowerShell },
  julia: { line: '#', defuse: breakJulia },
  coffeescript: { line: '#', defuse: breakTripleHash },
  // Nix has `/* */` block comments: a `#` line inside one must not close it.
  nix: { line: '#', defuse: breakStarSlash },
  python: { line: '#', defuse: breakTripleQuotes },
  sql: DASHES,
  lua: { line: '--', defuse: breakLongBrackets },
  ...Object.fromEntries(['haskell', 'elm'].map((id) => [id, { line: '--', defuse: breakHaskell }])),
  php: { line: '//', defuse: pipe(breakPhpClose, breakStarSlash) },
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
  /** Text between JSX tags: only a comment inside an expression container is no text (and runs nothing). */
  'jsx-text': { block: ['{/*', '*/}'], defuse: breakStarSlash },
  ocaml: { block: ['(*', '*)'], defuse: breakOcaml },
};

/**
 * `lines` as a comment in `languageId`, one comment line per line of text, each indented by
 * `indent`. `guard` also breaks what the surrounding document reads first (`</script>` around a
 * script, `<?` in PHP's HTML).
 */
export function asComment(lines: readonly string[], languageId: string, indent = '', guard?: (line: string) => string): string {
  const syntax = SYNTAX[languageId];
  const defuse = pipe(syntax?.defuse ?? ((line: string) => line), guard ?? ((line: string) => line));
  const split = lines.flatMap((line) => line.split(LINE_BREAK)).map((line) => defuse(line.trimEnd()));
  if (syntax?.line) return split.map((line) => `${indent}${syntax.line} ${line}`.trimEnd()).join('\n');
  if (syntax?.block) {
    const [open, close] = syntax.block;
    return [`${indent}${open}`, ...split.map((line) => `${indent}${line}`.trimEnd()), `${indent}${close}`].join('\n');
  }
  return split.map((line) => `${indent}${line}`.trimEnd()).join('\n');
}

/**
 * A translation written back as the text of the comment it came from (Translate Selection's
 * replace): each of its line breaks starts a new line of the same comment (the indentation and
 * the marker of a line comment), and what would end the comment early is broken as in `asComment`.
 */
export function asCommentText(text: string, languageId: string, place: CommentPlace, indent: string): string {
  const syntax = SYNTAX[languageId];
  const defuse = pipe(syntax?.defuse ?? ((line: string) => line), 'block' in place ? breakClosing(place.block) : (line) => line);
  const lines = text.split(LINE_BREAK).map(defuse);
  return 'line' in place ? lines.join(`\n${indent}${place.line} `) : lines.join(`\n${indent}`);
}

/** Breaks a block comment's own closing sequence (and its opening one, which some languages nest) with a space. */
function breakClosing([open, close]: readonly [string, string]): (line: string) => string {
  const split = (sequence: string) => (line: string) => line.split(sequence).join(`${sequence.slice(0, 1)} ${sequence.slice(1)}`);
  return pipe(split(close), split(open));
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
  return syntax === SLASHES || syntax === JAVA || languageId === 'php' ? ['/*', '*/'] : undefined;
}
