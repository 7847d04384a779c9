// Palochka diagnostics (source 'circassian'), their quick fixes, incremental updates, and Fix Palochka.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { command, extensionApi, openEditor, openWorkspaceFile, setSetting, until } from './helpers';

function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'circassian');
}

export function palochkaTests(): void {
  suite('palochka', () => {
    test('look-alikes in Cyrillic words are diagnostics with source circassian; Latin text is not', async () => {
      const editor = await openEditor('Сэ сыкIуэнущ, к1уэ, к|уэ.\nI read 1990 books: iPhone.');
      const diagnostics = await until('diagnostics', () => {
        const found = ours(editor.document.uri);
        return found.length === 3 ? found : undefined;
      });
      assert.deepEqual(
        diagnostics.map((diagnostic) => [
          diagnostic.range.start.line,
          diagnostic.range.start.character,
          editor.document.getText(diagnostic.range),
        ]),
        [
          [0, 6, 'I'],
          [0, 15, '1'],
          [0, 21, '|'],
        ],
      );
    });

    test('the quick fix replaces one occurrence, the other fixes the whole file', async () => {
      const editor = await openEditor('кIуэ\nщI гъуэгу к1уэ');
      const [first] = await until('diagnostics', () => (ours(editor.document.uri).length === 3 ? ours(editor.document.uri) : undefined));
      assert.ok(first);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        editor.document.uri,
        first.range,
      );
      const single = actions.find((action) => action.edit && action.title.includes('Ӏ'));
      assert.ok(single?.edit, `a single fix among ${actions.map((action) => action.title).join(' | ')}`);
      await vscode.workspace.applyEdit(single.edit);
      assert.equal(editor.document.lineAt(0).text, 'кӀуэ');
      await until('diagnostics after the fix', () => (ours(editor.document.uri).length === 2 ? true : undefined));
      const rest = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        editor.document.uri,
        ours(editor.document.uri)[0]!.range,
      );
      const whole = rest.find((action) => action.command?.command === 'circassian.fixPalochka');
      assert.ok(whole?.command);
      await vscode.commands.executeCommand(whole.command.command, ...(whole.command.arguments ?? []));
      assert.equal(editor.document.getText(), 'кӀуэ\nщӀ гъуэгу кӀуэ');
      await until('no diagnostics', () => (ours(editor.document.uri).length === 0 ? true : undefined));
    });

    test('the diagnostic’s hover carries the fix itself, naming the letter unmistakably; its link fixes that occurrence only', async () => {
      const editor = await openEditor('кIуэ щIы');
      const [first] = await until('diagnostics', () => (ours(editor.document.uri).length === 2 ? ours(editor.document.uri) : undefined));
      assert.ok(first);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        first.range.start,
      );
      const text = hovers.flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : part.value))).join('\n');
      const link = /\[Replace with Ӏ \(U\+04C0, palochka\)\]\(command:circassian\.fixPalochka\?([^)]+)\)/.exec(text);
      assert.ok(link, `the fix in the hover: ${text}`);
      assert.match(text, /\[Fix every look-alike in this file\]\(command:circassian\.fixPalochka\?/);
      const [argument] = JSON.parse(decodeURIComponent(link[1] ?? '')) as [object];
      await vscode.commands.executeCommand('circassian.fixPalochka', argument);
      assert.equal(editor.document.getText(), 'кӀуэ щIы');
    });

    test('the fix is reachable from the whole word: the quick fixes (preferred first) and the hover’s links at its first letter, not only on the 8-pixel look-alike', async () => {
      const editor = await openEditor('Сэ сыкIуэнущ щIы');
      await until('diagnostics', () => (ours(editor.document.uri).length === 2 ? true : undefined));
      const wordStart = new vscode.Position(0, 3); // the "с" of "сыкIуэнущ", three letters before the look-alike
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
        'vscode.executeCodeActionProvider',
        editor.document.uri,
        new vscode.Range(wordStart, wordStart),
      );
      const titles = actions.map((action) => action.title);
      assert.ok(actions[0]?.isPreferred && actions[0].title.includes('Ӏ'), `the preferred fix first: ${titles.join(' | ')}`);
      assert.ok(titles.includes('Fix every palochka look-alike in this file'), titles.join(' | '));
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', editor.document.uri, wordStart);
      const text = hovers.flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : part.value))).join('\n');
      assert.match(text, /\[Replace with Ӏ \(U\+04C0, palochka\)\]\(command:circassian\.fixPalochka/);
      assert.ok(actions[0]?.edit);
      await vscode.workspace.applyEdit(actions[0].edit);
      assert.equal(editor.document.getText(), 'Сэ сыкӀуэнущ щIы', 'that word only');
    });

    test('diagnostics follow edits: lines inserted above shift them, a new look-alike is marked', async () => {
      const editor = await openEditor('first\nкIуэ');
      await until('one diagnostic', () => (ours(editor.document.uri).length === 1 ? true : undefined));
      await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), 'new line\nпщI\n'));
      const moved = await until('two diagnostics', () => (ours(editor.document.uri).length === 2 ? ours(editor.document.uri) : undefined));
      assert.deepEqual(moved.map((diagnostic) => [diagnostic.range.start.line, diagnostic.range.start.character]).sort(), [
        [1, 2],
        [3, 1],
      ]);
    });

    test('in an Adyghe file (ady in its name) the small palochka ӏ U+04CF is the correct letter: not flagged, and what fixes write', async () => {
      const editor = await openWorkspaceFile('story.ady.md', 'Сэ сыкӏо, гъогу мафэ. ЧӏыгуI\n');
      const [only] = await until('one diagnostic', () => (ours(editor.document.uri).length === 1 ? ours(editor.document.uri) : undefined));
      assert.equal(editor.document.getText(only!.range), 'I');
      assert.match(only!.message, /“I” \(Latin capital I, U\+0049\).*write ӏ \(small palochka, U\+04CF\)/);
      assert.equal((await command<{ fixed: number }>('circassian.fixPalochka', { wholeFile: true })).fixed, 1);
      assert.equal(editor.document.getText(), 'Сэ сыкӏо, гъогу мафэ. Чӏыгуӏ\n');
    });

    test('with no setting and no dialect in the name, the palochka the text uses most is the correct one', async () => {
      const editor = await openEditor('Сэ сыкӏо, ӏофшӏэн, кӏалэ. КӀуэ.');
      const [only] = await until('one diagnostic', () => (ours(editor.document.uri).length === 1 ? ours(editor.document.uri) : undefined));
      assert.equal(editor.document.getText(only!.range), 'Ӏ', 'the rarer U+04C0 is the look-alike, U+04CF is not flagged');
      assert.match(only!.message, /U\+04C0.*write ӏ \(small palochka, U\+04CF\)/);
    });

    test('the letter follows the file’s dialect: with U+04CF chosen for Adyghe, a Kabardian file’s Ӏ is not flagged; palochka.letters sets it per dialect', async () => {
      try {
        await setSetting('palochka.letter', 'U+04CF');
        const kabardian = await openWorkspaceFile('dialect.kbd.md', 'кӀуэ щӀы\n');
        const adyghe = await openWorkspaceFile('dialect.ady.md', 'кӀуэ щӀы\n');
        await until('the Adyghe file flagged', () => (ours(adyghe.document.uri).length === 2 ? true : undefined));
        await (await extensionApi()).diagnostics.whenIdle();
        assert.deepEqual(ours(kabardian.document.uri), [], 'Ӏ is the Kabardian letter');
        await setSetting('palochka.letters', { kbd: 'U+04CF' });
        await until('the Kabardian file by its own setting', () => (ours(kabardian.document.uri).length === 2 ? true : undefined));
      } finally {
        await setSetting('palochka.letter', undefined);
        await setSetting('palochka.letters', undefined);
      }
    });

    test('circassian.palochka.letter decides for a file that names no dialect: U+04CF flags Ӏ, U+04C0 flags ӏ, and the quick fix writes the chosen one', async () => {
      try {
        await setSetting('palochka.letter', 'U+04CF');
        const editor = await openEditor('кӀуэ кӏуэ кIуэ');
        const found = await until('two diagnostics', () =>
          ours(editor.document.uri).length === 2 ? ours(editor.document.uri) : undefined,
        );
        assert.deepEqual(
          found.map((diagnostic) => editor.document.getText(diagnostic.range)),
          ['Ӏ', 'I'],
        );
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          editor.document.uri,
          found[1]!.range,
        );
        const single = actions.find((action) => action.edit && action.title.includes('U+04CF'));
        assert.ok(single?.edit, actions.map((action) => action.title).join(' | '));
        await vscode.workspace.applyEdit(single.edit);
        assert.equal(editor.document.getText(), 'кӀуэ кӏуэ кӏуэ');
        await setSetting('palochka.letter', 'U+04C0');
        const [small] = await until('the small one flagged now', () => {
          const now = ours(editor.document.uri);
          return now.length === 2 && now.every((diagnostic) => editor.document.getText(diagnostic.range) === 'ӏ') ? now : undefined;
        });
        assert.match(small!.message, /write Ӏ \(palochka, U\+04C0\)/);
      } finally {
        await setSetting('palochka.letter', undefined);
      }
    });

    test('fixPalochka fixes only the selection when there is one, in one undoable edit', async () => {
      const editor = await openEditor('кIуэ кIуэ\nкIуэ');
      editor.selection = new vscode.Selection(0, 0, 0, 4);
      const outcome = await command<{ fixed: number }>('circassian.fixPalochka');
      assert.equal(outcome.fixed, 1);
      assert.equal(editor.document.getText(), 'кӀуэ кIуэ\nкIуэ');
      editor.selection = new vscode.Selection(0, 0, 0, 0);
      assert.equal((await command<{ fixed: number }>('circassian.fixPalochka')).fixed, 2);
      assert.equal(editor.document.getText(), 'кӀуэ кӀуэ\nкӀуэ');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), 'кӀуэ кIуэ\nкIуэ');
    });
  });
}
