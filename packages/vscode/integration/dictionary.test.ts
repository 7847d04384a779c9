// Dictionary entries inserted below the word (Markdown, or a comment in code) and language detection.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, command, openEditor } from './helpers';

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

    test('in code the entry is a comment in the file’s language', async () => {
      const editor = await openEditor('word = "псы"\n', 'python');
      editor.selection = new vscode.Selection(0, 8, 0, 11);
      const outcome = await command('circassian.insertDictionaryEntry', { dialect: 'kbd', lang: 'ru' });
      assert.equal(outcome.status, 'ok');
      const inserted = editor.document.getText().split('\n').slice(1).filter((line) => line.trim());
      assert.ok(inserted.length >= 2);
      for (const line of inserted) assert.match(line, /^# /);
      assert.match(inserted.join('\n'), /вода/);
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
