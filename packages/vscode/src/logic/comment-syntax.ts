// How to write a comment in a file's language (VS Code language ids), for dictionary entries
// inserted into code. Languages without comments (plain text) get the lines as they are.

interface CommentSyntax {
  readonly line?: string;
  readonly block?: readonly [string, string];
}

const SLASHES: CommentSyntax = { line: '//' };
const HASH: CommentSyntax = { line: '#' };
const DASHES: CommentSyntax = { line: '--' };

const SYNTAX: Readonly<Record<string, CommentSyntax>> = {
  ...Object.fromEntries(
    ['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'jsonc', 'c', 'cpp', 'csharp', 'java', 'go', 'rust', 'swift', 'kotlin', 'php', 'scss', 'less', 'dart', 'fsharp', 'groovy', 'scala'].map((id) => [id, SLASHES]),
  ),
  ...Object.fromEntries(['python', 'shellscript', 'yaml', 'ruby', 'perl', 'r', 'toml', 'properties', 'dockerfile', 'makefile', 'powershell', 'coffeescript', 'julia', 'elixir', 'nix'].map((id) => [id, HASH])),
  ...Object.fromEntries(['sql', 'lua', 'haskell', 'elm'].map((id) => [id, DASHES])),
  ini: { line: ';' },
  latex: { line: '%' },
  tex: { line: '%' },
  bat: { line: 'REM' },
  vb: { line: "'" },
  clojure: { line: ';;' },
  lisp: { line: ';;' },
  html: { block: ['<!--', '-->'] },
  xml: { block: ['<!--', '-->'] },
  markdown: { block: ['<!--', '-->'] },
  vue: { block: ['<!--', '-->'] },
  svelte: { block: ['<!--', '-->'] },
  css: { block: ['/*', '*/'] },
  ocaml: { block: ['(*', '*)'] },
};

/** `lines` as a comment in `languageId`, each line indented by `indent`. */
export function asComment(lines: readonly string[], languageId: string, indent = ''): string {
  const syntax = SYNTAX[languageId];
  if (syntax?.line) return lines.map((line) => `${indent}${syntax.line} ${line}`.trimEnd()).join('\n');
  if (syntax?.block) {
    const [open, close] = syntax.block;
    return [`${indent}${open}`, ...lines.map((line) => `${indent}${line}`.trimEnd()), `${indent}${close}`].join('\n');
  }
  return lines.map((line) => `${indent}${line}`.trimEnd()).join('\n');
}

export function hasCommentSyntax(languageId: string): boolean {
  return SYNTAX[languageId] !== undefined;
}
