import { describe, expect, test } from 'vitest';
import { asCommentText } from '../src/logic/comment-syntax';
import { entryComment } from '../src/logic/entry-comment';

/**
 * A dictionary entry whose gloss is `gloss`, inserted as the command inserts it: below the line of
 * the word marked `^` in `source`. Resolves to the inserted text, or the reason it was refused.
 */
function insert(source: string, languageId: string, gloss: string): { inserted: string; document: string } | { refused: string } {
  const marker = source.indexOf('^');
  const text = source.replace('^', '');
  const lineEnd = text.indexOf('\n', marker) === -1 ? text.length : text.indexOf('\n', marker);
  const indent = /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', marker - 1) + 1))?.[0] ?? '';
  const result = entryComment(text, lineEnd, languageId, ['унэ (kbd → en)', `1. унэ (noun) — ${gloss}`], indent);
  if (!result.ok) return { refused: result.reason };
  return { inserted: result.text, document: `${text.slice(0, lineEnd)}\n${result.text}${text.slice(lineEnd)}` };
}

function inserted(source: string, languageId: string, gloss: string): string {
  const result = insert(source, languageId, gloss);
  if ('refused' in result) throw new Error(`refused: ${result.refused}`);
  return result.inserted;
}

/** The inserted lines without their comment markers (what the language reads as comment text). */
function bodyOf(text: string, open: string, close?: string): string {
  const lines = text.split('\n').map((line) => line.trim());
  if (close === undefined) {
    for (const line of lines) expect(line.startsWith(open), `every line is a comment: ${line}`).toBe(true);
    return lines.map((line) => line.slice(open.length)).join('\n');
  }
  expect(lines[0]).toBe(open);
  expect(lines.at(-1)).toBe(close);
  return lines.slice(1, -1).join('\n');
}

describe('Java: \\u escapes are read before comments are', () => {
  test('a \\u000a in a // comment does not start a line of code', () => {
    const text = inserted('class A {\n  // унэ^\n}', 'java', 'house\\u000aRuntime.getRuntime().exec("x");');
    expect(text).not.toMatch(/\\u+[0-9A-Fa-f]{4}/);
    expect(bodyOf(text, '//')).toContain('house');
  });

  test('a \\u002a\\u002f inside a /* */ comment does not close it', () => {
    const text = inserted('/*\n * унэ^\n */\nclass A {}', 'java', 'house \\u002a\\u002f static { evil(); } /*');
    expect(text).not.toMatch(/\\u+[0-9A-Fa-f]{4}/);
    expect(text).not.toContain('*/');
  });

  test('also with several u and an escaped backslash before it', () => {
    expect(inserted('// унэ^', 'java', 'a\\uuu000a b \\\\\\u000a')).not.toMatch(/\\u+[0-9A-Fa-f]{4}/);
  });
});

describe('C-like languages', () => {
  test('a */ inside a line comment written inside a block comment does not close the block', () => {
    for (const languageId of ['typescript', 'javascript', 'c', 'cpp', 'csharp', 'go', 'rust', 'kotlin', 'swift', 'scss']) {
      const text = inserted('/**\n * унэ^\n */\nconst x = 1;', languageId, 'house */ evil(); /*');
      expect(text, languageId).not.toContain('*/');
      expect(bodyOf(text, '//'), languageId).toContain('house');
    }
  });

  test('a line ending in a backslash (or its trigraph) does not splice the next line into the comment', () => {
    const text = inserted('// унэ^\nint x = 1;', 'c', 'house ??/');
    expect(text).not.toMatch(/(\\|\?\?\/)$/m);
  });

  test('a JavaScript template literal open at the line: no comment is possible there (its ${} would run)', () => {
    expect(insert('const page = `унэ^\n${title}`;', 'javascript', 'house ${alert(1)}')).toEqual({ refused: 'string' });
    expect(insert('const a = "`"; // унэ^\nconst b = 1;', 'javascript', 'house')).not.toHaveProperty('refused');
  });

  test('Java text blocks, C# verbatim and raw strings, C++ raw strings open at the line: refused', () => {
    expect(insert('String s = """\n  унэ^\n  """;', 'java', 'house')).toEqual({ refused: 'string' });
    expect(insert('var s = @"унэ^\n";', 'csharp', 'house')).toEqual({ refused: 'string' });
    expect(insert('var s = """\n  унэ^\n  """;', 'csharp', 'house')).toEqual({ refused: 'string' });
    expect(insert('auto s = R"(унэ^\n)";', 'cpp', 'house')).toEqual({ refused: 'string' });
    expect(insert('var s = @"a""b"; // унэ^', 'csharp', 'house')).not.toHaveProperty('refused');
  });

  test('Go: a raw string open at the line is refused; a backtick in the text is no string', () => {
    expect(insert('var s = `унэ^\n`', 'go', 'house` + evil() + `')).toEqual({ refused: 'string' });
    expect(bodyOf(inserted('// унэ^\nvar s = 1', 'go', 'a ` b'), '//')).toContain('a');
  });
});

describe('JSX and TSX', () => {
  const component = 'export const A = () => (\n  <section className="x">\n    <p>\n      унэ^\n    </p>\n  </section>\n);';

  test('in JSX text a {/* */} comment, with nothing inside closing it or opening an expression', () => {
    for (const languageId of ['javascriptreact', 'typescriptreact']) {
      const text = inserted(component, languageId, 'house */} {alert(1)} <img src=x onError={evil} /> {/*');
      const body = bodyOf(text, '{/*', '*/}');
      expect(body, languageId).not.toContain('*/');
      expect(body).toContain('house');
      expect(text.split('\n')[0]).toBe('      {/*');
    }
  });

  test('in code (also after an element closed on an earlier line) a // comment', () => {
    expect(bodyOf(inserted('const a = <p>hi</p>;\n// унэ^\nconst b = a;', 'typescriptreact', 'house'), '//')).toContain('house');
    expect(bodyOf(inserted('const view = (\n  <p>{/* унэ^ */ x}</p>\n);', 'javascriptreact', 'house'), '//')).toContain('house');
    // A generic arrow function in TSX is not an element; a comparison neither.
    expect(bodyOf(inserted('const id = <T,>(x: T) => x;\nif (a < b) { // унэ^\n}', 'typescriptreact', 'house'), '//')).toContain('house');
  });

  test('a // comment in a JSX file has no { } or < left, so it would run nothing even in JSX text', () => {
    const text = inserted('// унэ^\nconst b = 1;', 'javascriptreact', 'house {alert(1)} <a href="javascript:x">');
    expect(bodyOf(text, '//')).toContain('house');
    expect(text).not.toMatch(/[{}<]/);
    expect(inserted('// унэ^', 'typescript', 'a {b} <c>')).toContain('{b} <c>');
  });

  test('inside an element’s opening tag nothing is safe: refused', () => {
    expect(insert('const a = (\n  <img\n    alt="унэ^"\n    src={x}\n  />\n);', 'javascriptreact', 'house')).toEqual({ refused: 'tag' });
  });
});

describe('HTML, Vue, Svelte: markup, <script> and <style>', () => {
  test('in markup an HTML comment without -- inside', () => {
    for (const languageId of ['html', 'vue', 'svelte']) {
      const body = bodyOf(
        inserted('<template>\n<p>унэ^</p>\n</template>', languageId, 'house --> <script>alert(1)</script>'),
        '<!--',
        '-->',
      );
      expect(body).not.toContain('--');
    }
  });

  test('inside <script> a JavaScript comment (an HTML comment there is code), with </script> broken', () => {
    for (const languageId of ['html', 'vue', 'svelte']) {
      const source = '<div>x</div>\n<script lang="ts">\n  const a = 1; // унэ^\n  const b = 2;\n</script>\n';
      const text = inserted(source, languageId, 'house\n</script><script>alert(1)</script> <!-- a --> */');
      expect(bodyOf(text, '//'), languageId).toContain('house');
      expect(text.toLowerCase()).not.toContain('</script');
      expect(text).not.toContain('<!--');
    }
  });

  test('inside <style> a CSS comment, with */ and </style> broken', () => {
    const text = inserted(
      '<style>\n  p { color: red; } /* унэ^ */\n</style>\n<p>x</p>',
      'html',
      'house */ </style><script>alert(1)</script>',
    );
    const body = bodyOf(text, '/*', '*/');
    expect(body).not.toContain('*/');
    expect(body.toLowerCase()).not.toContain('</style');
  });

  test('after </script> it is markup again', () => {
    expect(inserted('<script>let a = 1;</script>\n<p>унэ^</p>', 'html', 'house').split('\n')[0]).toBe('<!--');
  });
});

describe('PHP', () => {
  test('outside <?php the text is output: an HTML comment, with no <? that would start PHP', () => {
    const text = inserted('<?php $title = "x"; ?>\n<h1>унэ^</h1>\n<?php echo 1;', 'php', 'house <?php system("id"); ?> --> <?= 1 ?>');
    const body = bodyOf(text, '<!--', '-->');
    expect(body).not.toContain('<?');
    expect(body).not.toContain('--');
  });

  test('before any <?php it is output too', () => {
    expect(inserted('<p>унэ^</p>\n<?php echo 1;', 'php', 'house').split('\n')[0]).toBe('<!--');
  });

  test('inside <?php a // comment with ?> and */ broken', () => {
    const text = inserted('<?php\n/*\n * унэ^\n */\n$a = 1;', 'php', 'house ?> <b>out</b> */ evil();');
    expect(bodyOf(text, '//')).toContain('house');
    expect(text).not.toContain('?>');
    expect(text).not.toContain('*/');
  });

  test('inside a PHP string spanning lines: refused', () => {
    expect(insert('<?php\n$a = "унэ^\n";', 'php', 'house')).toEqual({ refused: 'string' });
  });
});

describe('other languages, each with the text that would end its comment or string', () => {
  test('Python: # lines; a triple quote in the text is broken; inside a docstring refused', () => {
    const text = inserted('def f():\n    # унэ^\n    return 1', 'python', 'house """ \'\'\'');
    expect(bodyOf(text, '#')).toContain('house');
    expect(text).not.toMatch(/"""|'''/);
    expect(insert('def f():\n    """унэ^\n    """', 'python', 'house')).toEqual({ refused: 'string' });
  });

  test('shell: # lines; inside a quoted string spanning lines refused', () => {
    expect(bodyOf(inserted('# унэ^\necho hi', 'shellscript', 'house'), '#')).toContain('house');
    expect(insert('echo "унэ^\nmore"', 'shellscript', 'house"; rm -rf ~; "')).toEqual({ refused: 'string' });
  });

  test('inside a heredoc (shell, PHP, Ruby, Perl: `$(...)`, `{$x->f()}`, `#{...}` run there) refused; after its end a comment', () => {
    const gloss = 'house $(rm -rf ~) {$x->f()} #{system("id")}';
    expect(insert('cat <<EOF\nунэ^\nEOF\necho done', 'shellscript', gloss)).toEqual({ refused: 'string' });
    expect(insert('cat <<-"EOF" > out.txt # унэ^\n\tbody\n\tEOF', 'shellscript', gloss)).toEqual({ refused: 'string' });
    expect(bodyOf(inserted('cat <<EOF\nbody\nEOF\necho унэ^', 'shellscript', gloss), '#')).toContain('house');
    // Only the word alone on its line ends a shell heredoc; a here-string (<<<) is none.
    expect(insert('cat <<EOF\nEOF more\nунэ^\nEOF', 'shellscript', gloss)).toEqual({ refused: 'string' });
    expect(bodyOf(inserted('cat <<< "$x"\necho унэ^\nEOF', 'shellscript', gloss), '#')).toContain('house');
    expect(insert('<?php\n$a = <<<EOT\n  унэ^\n  EOT;\n', 'php', gloss)).toEqual({ refused: 'string' });
    expect(bodyOf(inserted('<?php\n$a = <<<EOT\n  body\n  EOT;\n// унэ^\n', 'php', gloss), '//')).toContain('house');
    expect(insert('text = <<~EOS\n  унэ^\nEOS', 'ruby', gloss)).toEqual({ refused: 'string' });
    expect(insert('print <<"END";\nунэ^\nEND\n', 'perl', gloss)).toEqual({ refused: 'string' });
    expect(bodyOf(inserted('x = a << b # унэ^', 'ruby', gloss), '#')).toContain('house');
  });

  test('SQL: -- lines, with */ broken inside a block comment; inside a string refused', () => {
    const text = inserted('/*\n унэ^\n*/\nSELECT 1;', 'sql', 'house */ DROP TABLE users; /*');
    expect(bodyOf(text, '--')).toContain('house');
    expect(text).not.toContain('*/');
    expect(insert("SELECT 'унэ^\n';", 'sql', "house'; DROP TABLE x; --")).toEqual({ refused: 'string' });
  });

  test('Lua: -- lines, with ]] broken (it closes a --[[ ]] comment or a [[ ]] string)', () => {
    const text = inserted('--[[\n унэ^\n]]\nprint(1)', 'lua', 'house ]] os.execute("x") --[[ ]==]');
    expect(bodyOf(text, '--')).toContain('house');
    expect(text).not.toMatch(/\]=*\]/);
  });

  test('CSS: one block comment, */ broken', () => {
    const body = bodyOf(inserted('p { color: red; } /* унэ^ */', 'css', 'house */ body { display: none } /*'), '/*', '*/');
    expect(body).not.toContain('*/');
  });

  test('YAML and Ruby: # lines', () => {
    expect(bodyOf(inserted('title: унэ^\nnext: 1', 'yaml', 'house'), '#')).toContain('house');
    expect(bodyOf(inserted('x = 1 # унэ^', 'ruby', 'house'), '#')).toContain('house');
  });

  test('HTML and XML comments: no --; OCaml: no *)', () => {
    expect(bodyOf(inserted('<a>унэ^</a>', 'xml', 'house --> <b/>'), '<!--', '-->')).not.toContain('--');
    expect(bodyOf(inserted('(* унэ^ *)', 'ocaml', 'house *) evil ()'), '(*', '*)')).not.toContain('*)');
  });

  test('a language without comments gets the lines as they are', () => {
    expect(inserted('унэ^', 'plaintext', 'house')).toBe('унэ (kbd → en)\n1. унэ (noun) — house');
  });
});

describe('hash-comment languages whose block comments a # line may sit in', () => {
  test('PowerShell: #> does not close the <# #> block the entry is written in, nor <# open one', () => {
    const text = inserted('<#\n  унэ^\n#>\nRemove-Item -Recurse C:\\', 'powershell', 'house #> Invoke-Evil <# x');
    expect(text).not.toMatch(/#>|<#/);
    expect(bodyOf(text, '#')).toContain('house');
  });

  test('Julia: =# does not close a #= =# block (nor #= open one)', () => {
    const text = inserted('#=\n унэ^\n=#\nx = 1', 'julia', 'house =# run(`rm -rf /`) #=');
    expect(text).not.toMatch(/=#|#=/);
  });

  test('Nix: */ does not close a /* */ block', () => {
    expect(inserted('/*\n  унэ^\n*/\n{ }', 'nix', 'house */ builtins.exec /*')).not.toContain('*/');
  });

  test('CoffeeScript: ### does not close a ### block', () => {
    expect(inserted('###\n  унэ^\n###\nx = 1', 'coffeescript', 'house ### evil() ###')).not.toContain('###');
  });

  test('Makefile: a line ending in a backslash does not continue the comment onto the next line', () => {
    const { document } = insert('# унэ^\nall:\n\techo ok', 'makefile', 'house \\') as { document: string };
    expect(document).not.toMatch(/\\\n/);
    expect(document).toContain('\nall:\n');
  });
});

describe('a translation written over a comment’s text stays that comment', () => {
  test('a line comment: each line break continues the comment on the same indentation', () => {
    expect(asCommentText('first\nrun(); // second', 'typescript', { line: '//' }, '    ')).toBe('first\n    // run(); // second');
    expect(asCommentText('a\r\nb\u2028c', 'python', { line: '#' }, '')).toBe('a\n# b\n# c');
  });

  test('a block comment: its closing sequence is broken, whatever the language', () => {
    expect(asCommentText('x */ evil(); /* y', 'typescript', { block: ['/*', '*/'] }, '')).not.toContain('*/');
    expect(asCommentText('x --> <script>', 'html', { block: ['<!--', '-->'] }, '')).not.toContain('-->');
  });
});
