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
    suiteTeardown(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

    test('gettext msgctxt: two entries "Read" (verb, past participle) are two memory units; a correction of one, saved, answers only that one', async () => {
      const stamp = Date.now().toString(36);
      const po = [
        'msgid ""',
        'msgstr ""',
        '"Language: en\\n"',
        '',
        'msgctxt "verb"',
        `msgid "Read ${stamp}"`,
        'msgstr ""',
        '',
        'msgctxt "past participle"',
        `msgid "Read ${stamp}"`,
        'msgstr ""',
        '',
      ].join('\n');
      const source = await writeText(`contexts/messages-${stamp}.po`, po);
      const created = await command<vscode.Uri>('circassian.translateFile', { uri: source, target: 'kbd' });
      assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder);
      const memoryFile = vscode.Uri.joinPath(folder.uri, '.circassian', 'memory.tmx');
      const tmx = (): Thenable<string> => vscode.workspace.fs.readFile(memoryFile).then((bytes) => new TextDecoder().decode(bytes));
      const units = (await tmx()).split(/<tu[ >]/).filter((unit) => unit.includes(`Read ${stamp}`));
      assert.equal(units.length, 2, 'one unit per context');
      assert.ok(units.some((unit) => unit.includes('<prop type="x-circassian-context">verb</prop>')));
      assert.ok(units.some((unit) => unit.includes('<prop type="x-circassian-context">past participle</prop>')));

      // The verb corrected in the translated file and saved: only the verb's unit becomes human.
      const editor = await vscode.window.showTextDocument(created);
      const line = editor.document
        .getText()
        .split('\n')
        .findIndex((text, index, all) => all[index - 2] === 'msgctxt "verb"' && text.startsWith('msgstr'));
      await editor.edit((builder) => builder.replace(editor.document.lineAt(line).range, 'msgstr "Еджэ"'));
      await editor.document.save();
      await until('the verb’s correction in the memory', async () => ((await tmx()).includes('<seg>Еджэ</seg>') ? true : undefined));
      const again = await command<vscode.Uri>('circassian.translateFile', {
        uri: await writeText(`contexts/copy-${stamp}.po`, po),
        target: 'kbd',
      });
      assert.ok(again instanceof vscode.Uri);
      const copy = new TextDecoder().decode(await vscode.workspace.fs.readFile(again));
      assert.match(copy, /msgctxt "verb"\nmsgid "Read [^"]+"\nmsgstr "Еджэ"/);
      assert.match(copy, /msgctxt "past participle"\nmsgid "Read [^"]+"\nmsgstr "\[kbd\] /);
    });

    test('an e-mail address in a JSON value comes back as typed; a hand edit that lost {name} is a Problems warning on its entry until fixed', async () => {
      // The memory would answer the re-run; this case reads what the file keeps.
      await setSetting('memory.enabled', false);
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
      await setSetting('memory.enabled', undefined);
    });
  });
}
