// What a translator meets in a file Translate File made (issue 33): an e-mail address comes back as
// typed; a hand edit that lost a placeholder or tag is a warning in the Problems panel on that entry
// (also right after a re-run that kept the edit), and it goes when the edit is fixed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { command, serviceBatch, setSetting, until, writeText } from './helpers';

/** The extension's placeholder warnings on a file, by line. */
function placeholderWarnings(uri: vscode.Uri): { line: number; message: string }[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((diagnostic) => diagnostic.source === 'circassian' && diagnostic.code === 'placeholder-mismatch')
    .map((diagnostic) => ({ line: diagnostic.range.start.line, message: diagnostic.message }));
}

export function translatedFilesTests(): void {
  suite('translated files', () => {
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(async () => {
      await setSetting('memory.enabled', undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('an e-mail address in a JSON value comes back as typed; a hand edit that lost {name} is a Problems warning on its entry until fixed', async () => {
      const source = await writeText(
        'review/en.json',
        `${JSON.stringify({ greeting: 'Hello {name}, welcome to <b>Acme</b>', contact: 'Write to editors@example.org' }, null, 2)}\n`,
      );
      const created = await command<vscode.Uri>('circassian.translateFile', { uri: source, target: 'kbd', source: 'en' });
      assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
      const [contact] = await serviceBatch(['Write to ⟦0⟧'], 'kbd');
      const translated = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(created))) as Record<string, string>;
      assert.equal(translated.contact, (contact ?? '').replace('⟦0⟧', 'editors@example.org'));
      assert.deepEqual(placeholderWarnings(created), []);

      const editor = await vscode.window.showTextDocument(created);
      const line = editor.document
        .getText()
        .split('\n')
        .findIndex((text) => text.includes('"greeting"'));
      const value = editor.document.lineAt(line).text;
      await editor.edit((builder) => builder.replace(editor.document.lineAt(line).range, value.replace('{name}', 'друг')));
      const warnings = await until('a placeholder warning', () => {
        const found = placeholderWarnings(created);
        return found.length > 0 ? found : undefined;
      });
      assert.equal(warnings.length, 1);
      assert.equal(warnings[0]?.line, line);
      assert.match(warnings[0]?.message ?? '', /\{name\}/);
      await editor.document.save();

      // A re-run keeps the hand edit, and says what is wrong with it at once.
      assert.ok(
        (await command<vscode.Uri>('circassian.translateFile', { uri: source, target: 'kbd', source: 'en' })) instanceof vscode.Uri,
      );
      await until('the warning after the re-run', () => (placeholderWarnings(created).length === 1 ? true : undefined));

      await editor.edit((builder) => builder.replace(editor.document.lineAt(line).range, value));
      await until('the warning gone', () => (placeholderWarnings(created).length === 0 ? true : undefined));
      await editor.document.save();
    });
  });
}
