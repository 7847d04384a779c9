// Dictionary entries inserted below the word (Markdown, or a comment in code) and language detection.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, command, openEditor, setSetting, startRewritingRelay } from './helpers';

/** Service text that would end a comment, or start a new line of code, if inserted verbatim. */
const HOSTILE = 'house */ body { display: none } /*\nalert(1) --> <script>\r\nsecond\u2028third\\';

/** Glosses that are code in Java (javac reads \u escapes before comments) and in JSX text (`{}` runs there). */
const HOSTILE_IN_CONTEXT = 'house\\u000aRuntime.getRuntime().exec("x"); */} {alert(1)} {/*';

/** Runs `body` with the dictionary's glosses replaced by `gloss` (through a relay in front of the real service). */
async function withHostileGlosses(body: () => Promise<void>, gloss = HOSTILE): Promise<void> {
  const relay = await startRewritingRelay((path, answer) => {
    if (path !== '/v1/dictionary') return answer;
    const entry = answer as { entries: Array<Record<string, unknown>> };
    return { ...entry, entries: entry.entries.map((sense) => ({ ...sense, translation: gloss })) };
  });
  await setSetting('baseUrl', relay.url);
  try {
    await body();
  } finally {
    await setSetting('baseUrl', undefined);
    await relay.close();
  }
}

/** The lines `insertDictionaryEntry` added after line `after`, split on every line terminator a language knows. */
function insertedLines(document: vscode.TextDocument, after: number, count: number): string[] {
  return document
    .getText(new vscode.Range(after + 1, 0, after + 1 + count, 0))
    .split(/\r\n|[\r\n\u0085\u2028\u2029]/)
    .filter((line) => line !== '');
}

export function dictionaryAndDetectTests(): void {
  suite('dictionary and detect', () => {
    test('insertDictionaryEntry({ dialect, lang }) inserts the entry of the word under the cursor as Markdown', async () => {
      const editor = await openEditor('Си унэ ин.\nnext line', 'markdown');
      editor.selection = new vscode.Selection(0, 4, 0, 4);
      const outcome = await command<{ word: string; inserted: string }>('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.word, 'унэ');
      const text = editor.document.getText();
      assert.ok(text.startsWith('Си унэ ин.\n\n**унэ** (kbd → en)'), text);
      assert.match(text, /1\. \*\*унэ\*\* _noun_ — house/);
      assert.ok(text.endsWith('next line'), 'the following line is kept');
      const [last] = await calls('dictionary');
      assert.equal(last?.outcome, 'ok');
    });

    test('an inflected word gives the entry of its bare form, and the outcome names the form found', async () => {
      const editor = await openEditor('Тхылъхэр стIолым телъщ.\n', 'markdown');
      editor.selection = new vscode.Selection(0, 3, 0, 3);
      const before = (await calls('dictionary')).length;
      const outcome = await command<{ word: string; found: string }>('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.equal(outcome.word, 'Тхылъхэр');
      assert.equal(outcome.found, 'тхылъ');
      assert.match(editor.document.getText(), /\*\*тхылъ\*\* \(kbd → en\)[\s\S]*book/);
      assert.equal((await calls('dictionary')).length - before, 2, 'the word, then its form without -хэр');
    });

    test('the dictionary chosen last is used without asking again; Choose Dictionary changes it', async () => {
      assert.equal((await command('circassian.chooseDictionary', { dialect: 'kbd', lang: 'en' })).status, 'ok');
      const editor = await openEditor('Си унэ ин.\n', 'markdown');
      editor.selection = new vscode.Selection(0, 4, 0, 4);
      // No argument, as from the key binding: no question, the last choice.
      const outcome = await command<{ inserted: string }>('circassian.insertDictionaryEntry');
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.match(outcome.inserted, /\(kbd → en\)/);
      assert.equal((await command('circassian.chooseDictionary', { dialect: 'kbd', lang: 'ru' })).status, 'ok');
      editor.selection = new vscode.Selection(0, 4, 0, 4);
      assert.match((await command<{ inserted: string }>('circassian.insertDictionaryEntry')).inserted, /\(kbd → ru\)/);
    });

    test('in code the entry is a comment in the file’s language', async () => {
      const editor = await openEditor('word = "псы"\n', 'python');
      editor.selection = new vscode.Selection(0, 8, 0, 11);
      const outcome = await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'ru' });
      assert.equal(outcome.status, 'ok');
      const inserted = editor.document
        .getText()
        .split('\n')
        .slice(1)
        .filter((line) => line.trim());
      assert.ok(inserted.length >= 2);
      for (const line of inserted) assert.match(line, /^# /);
      assert.match(inserted.join('\n'), /вода/);
    });

    test('a word the dictionary does not know is a notification; the document is not touched', async () => {
      const editor = await openEditor('// абвгдежз\nconst x = 1;\n', 'typescript');
      editor.selection = new vscode.Selection(0, 5, 0, 5);
      const version = editor.document.version;
      const outcome = await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
      assert.equal(outcome.status, 'nothing');
      assert.match(outcome.message ?? '', /no entry for “абвгдежз”/);
      assert.equal(editor.document.getText(), '// абвгдежз\nconst x = 1;\n');
      assert.equal(editor.document.version, version);
    });

    test('service text in a line comment: one comment line per line of it, none ending in a backslash', async () => {
      await withHostileGlosses(async () => {
        const editor = await openEditor('// унэ\nconst x = 1;\n', 'cpp');
        editor.selection = new vscode.Selection(0, 4, 0, 4);
        const outcome = await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
        assert.equal(outcome.status, 'ok');
        const document = editor.document;
        const codeLine = document.getText().split('\n').indexOf('const x = 1;');
        assert.ok(codeLine > 1, 'the code line is still there, below the entry');
        const lines = insertedLines(document, 0, codeLine - 1);
        assert.ok(lines.length >= 5, lines.join('|'));
        for (const line of lines) assert.match(line, /^\/\/ /, `every line is a comment: ${JSON.stringify(line)}`);
        for (const line of lines) assert.doesNotMatch(line, /\\$/, 'a trailing backslash would join the code line to the comment');
        assert.ok(lines.some((line) => line.includes('second')) && lines.some((line) => line.includes('third')));
      });
    });

    test('service text in a block comment cannot close it early (CSS */, HTML -->)', async () => {
      await withHostileGlosses(async () => {
        for (const [language, open, close] of [
          ['css', '/*', '*/'],
          ['html', '<!--', '-->'],
        ] as const) {
          const code = language === 'css' ? 'p { color: red; }' : '<p>text</p>';
          const editor = await openEditor(`${open} унэ ${close}\n${code}\n`, language);
          editor.selection = new vscode.Selection(0, open.length + 2, 0, open.length + 2);
          const outcome = await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
          assert.equal(outcome.status, 'ok', language);
          const text = editor.document.getText();
          const inserted = text.slice(text.indexOf('\n') + 1, text.lastIndexOf(code));
          assert.ok(inserted.trimStart().startsWith(open) && inserted.trimEnd().endsWith(close), inserted);
          const body = inserted.trim().slice(open.length, -close.length);
          assert.ok(!body.includes(close), `${language}: nothing inside closes the comment:\n${inserted}`);
          if (language === 'html') assert.ok(!body.includes('--'), 'no -- inside an HTML/XML comment');
          assert.ok(body.includes('house'), 'the gloss is still there');
          assert.equal(
            body.split(/\r\n|[\r\n\u0085\u2028\u2029]/).filter((line) => line.includes('second') || line.includes('third')).length,
            2,
            'one line per line',
          );
        }
      });
    });

    test('escaped for the context where it goes: no \\u escape in Java, a {/* */} comment in JSX text, refused inside a template literal', async () => {
      await withHostileGlosses(async () => {
        const java = await openEditor('class A {\n  // унэ\n  int x = 1;\n}\n', 'java');
        java.selection = new vscode.Selection(1, 6, 1, 6);
        assert.equal((await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' })).status, 'ok');
        const javaLines = insertedLines(java.document, 1, java.document.lineCount - 5);
        assert.ok(javaLines.length >= 2, javaLines.join('|'));
        for (const line of javaLines) assert.match(line, /^ {2}\/\/ /);
        assert.doesNotMatch(java.document.getText(), /\\u+[0-9A-Fa-f]{4}/, 'javac would read \\u000a as a line break');

        const jsx = await openEditor('const A = () => (\n  <p>\n    унэ\n  </p>\n);\n', 'typescriptreact');
        jsx.selection = new vscode.Selection(2, 5, 2, 5);
        assert.equal((await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' })).status, 'ok');
        const lines = jsx.document.getText().split('\n');
        assert.equal(lines[3], '    {/*');
        const close = lines.indexOf('    */}');
        assert.ok(close > 4, lines.join('\n'));
        assert.ok(!lines.slice(4, close).join('\n').includes('*/'), 'nothing inside closes the comment');

        const template = await openEditor('const page = `унэ\n${title}`;\n', 'javascript');
        template.selection = new vscode.Selection(0, 15, 0, 15);
        const refused = await command<{ reason: string }>('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'en' });
        assert.equal(refused.status, 'nothing');
        assert.equal(refused.reason, 'no_safe_comment');
        assert.equal(template.document.getText(), 'const page = `унэ\n${title}`;\n', 'nothing written into the template');
      }, HOSTILE_IN_CONTEXT);
    });

    test('detectLanguage names the language of the selection', async () => {
      const editor = await openEditor('Уи пщэддджыжь фӀыуэ! Сэ сыкӀуэнущ.');
      editor.selection = new vscode.Selection(0, 0, 0, 35);
      const outcome = await command<{ language: string }>('circassian.detectLanguage');
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.language, 'kbd');
    });
  });
}
