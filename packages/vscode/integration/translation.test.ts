// Translation inside the real editor: one batch call for every cursor, one undo for all, the
// output modes, Translate To with a target, and edits typed while a request is in flight.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  calls,
  clearFaults,
  command,
  extensionApi,
  injectFault,
  openEditor,
  openWorkspaceFile,
  selectLines,
  serviceBatch,
  setSetting,
  until,
} from './helpers';

const LINES = ['Сэ сыкIуэнущ.', 'Уи пщэддджыжь фIыуэ!', 'Псы щIыIэ.'];

export function translationTests(): void {
  suite('translate selections', () => {
    // These tests send the same sentences again and count the calls or meet injected faults: the
    // workspace memory (which keeps every answer, detected source or not) would answer them first.
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(() => setSetting('memory.enabled', undefined));
    test('the walkthrough’s Try step works with no text editor active (the Welcome tab): it opens a sample and translates it', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const active = (): vscode.TextEditor | undefined => vscode.window.activeTextEditor;
      assert.equal(active(), undefined);
      const before = (await calls('batch')).length;
      const outcome = await command('circassian.tryTranslation');
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.equal((await calls('batch')).length, before + 1);
      const document = active()?.document;
      assert.ok(document);
      assert.match(document.getText(), /^Сэ сыкӀуэнущ\. Уи пщэддджыжь фӀыуэ!\n\[ru\] /);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('the walkthrough’s Try step, run with the Welcome tab in front of a file, translates that file’s line and puts it below', async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const editor = await openWorkspaceFile('try-here.md', 'Title\nПсы щӀыӀэ.\n');
      editor.selection = new vscode.Selection(1, 2, 1, 2);
      // Kept open, as a file worked in is (a preview tab gives its place to the Welcome tab: that file is no longer open).
      await vscode.commands.executeCommand('workbench.action.keepEditor');
      await vscode.commands.executeCommand('workbench.action.openWalkthrough', 'circassian.circassian#circassian.setup', false);
      await until('the Welcome tab in front', () => (vscode.window.activeTextEditor === undefined ? true : undefined));
      const before = (await calls('batch')).length;
      const outcome = await command('circassian.tryTranslation');
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.equal((await calls('batch')).length, before + 1);
      assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the file the user was in, not a sample');
      assert.match(editor.document.getText(), /^Title\nПсы щӀыӀэ\.\n\[ru\] [^\n]+\n/);
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    test('each default key of the extension is bound to nothing else in this VS Code (its own default keybindings file)', async () => {
      await vscode.commands.executeCommand('workbench.action.openDefaultKeybindingsFile');
      const document = await until('the default keybindings file', () =>
        vscode.window.activeTextEditor?.document.getText().includes('"key"') ? vscode.window.activeTextEditor.document : undefined,
      );
      const bindings = [...document.getText().matchAll(/"key":\s*"([^"]+)",\s*"command":\s*"([^"]+)"/g)].map(([, key, id]) => ({
        key,
        id,
      }));
      const ours = bindings.filter((binding) => binding.id?.startsWith('circassian.'));
      assert.ok(
        ours.some((binding) => binding.key === 'ctrl+k k' && binding.id === 'circassian.translateSelection'),
        JSON.stringify(ours),
      );
      assert.ok(!ours.some((binding) => binding.key === 'ctrl+alt+t'), 'not GNOME’s terminal key');
      const clashes = bindings.filter((binding) => !binding.id?.startsWith('circassian.') && ours.some((own) => own.key === binding.key));
      assert.deepEqual(clashes, []);
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    });

    setup(async () => {
      await setSetting('targetLanguage', 'ru');
      await setSetting('translationOutput', 'replace');
    });
    teardown(() => clearFaults());

    test('translates every selection of a multi-cursor edit in ONE translateBatch call and ONE undo restores them all', async () => {
      const editor = await openEditor([...LINES, 'tail'].join('\n'));
      // Two real selections and an empty cursor on the third line (the whole line goes).
      selectLines(editor, [0, 1]);
      editor.selections = [...editor.selections, new vscode.Selection(2, 3, 2, 3)];
      const before = (await calls('batch')).length;
      const outcome = await command<{ translations: string[] }>('circassian.translateSelection');
      assert.equal(outcome.status, 'ok');
      assert.equal((await calls('batch')).length - before, 1, 'one batch request for three selections');
      const expected = await serviceBatch(LINES, 'ru');
      assert.deepEqual(outcome.translations, expected);
      assert.equal(editor.document.getText(), [...expected, 'tail'].join('\n'));
      assert.equal(editor.selections.length, 3, 'no selection dropped');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.getText(), [...LINES, 'tail'].join('\n'), 'one undo restores every selection');
    });

    test('translateSelectionTo({ target }) skips the prompt and translates into that language', async () => {
      const editor = await openEditor('Good morning');
      selectLines(editor, [0]);
      const outcome = await command<{ targetLanguage: string }>('circassian.translateSelectionTo', { target: 'kbd' });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.targetLanguage, 'kbd');
      assert.deepEqual([editor.document.getText()], await serviceBatch(['Good morning'], 'kbd'));
      const toRussian = await openEditor('Good evening');
      selectLines(toRussian, [0]);
      assert.equal((await command<{ targetLanguage: string }>('circassian.translateSelectionTo', { target: 'ru' })).targetLanguage, 'ru');
      assert.match(toRussian.document.getText(), /^\[ru\] /);
    });

    test('output "below" keeps the source and puts the translation on the next line', async () => {
      await setSetting('translationOutput', 'below');
      const editor = await openEditor('  Сэ сыкIуэнущ.\nnext');
      selectLines(editor, [0]);
      assert.equal((await command('circassian.translateSelection')).status, 'ok');
      // The selection's leading spaces are the line's indentation, not text: the translation goes on an indented line.
      const [translation] = await serviceBatch(['Сэ сыкIуэнущ.'], 'ru');
      assert.equal(editor.document.getText(), `  Сэ сыкIуэнущ.\n  ${translation}\nnext`);
    });

    test('output "beside" leaves the text alone until Apply writes it', async () => {
      await setSetting('translationOutput', 'beside');
      const api = await extensionApi();
      const editor = await openEditor('Уи пщэддджыжь фIыуэ!');
      selectLines(editor, [0]);
      const outcome = await command<{ output: string }>('circassian.translateSelection');
      assert.equal(outcome.output, 'beside');
      assert.equal(editor.document.getText(), 'Уи пщэддджыжь фIыуэ!');
      const expected = await serviceBatch(['Уи пщэддджыжь фIыуэ!'], 'ru');
      assert.deepEqual(api.beside.pendingFor(editor.document), expected);
      // The hover over the source shows the translation and an Apply link to this one segment.
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        new vscode.Position(0, 3),
      );
      const markdown = hovers
        .flatMap((hover) => hover.contents)
        .map((content) => (typeof content === 'string' ? content : content.value))
        .join('\n');
      // Shown as text: Markdown's characters in it are escaped (and its spaces kept as &nbsp;).
      assert.ok(
        markdown
          .replace(/&nbsp;/g, ' ')
          .replace(/\\(.)/g, '$1')
          .includes(expected[0] ?? '?'),
        markdown,
      );
      assert.ok(markdown.includes('\\[ru\\]'), `the translation's brackets are escaped, not Markdown: ${markdown}`);
      const link = /\(command:circassian\.applyTranslation\?([^)]+)\)/.exec(markdown);
      assert.ok(link?.[1], `an Apply link in ${markdown}`);
      const [args] = JSON.parse(decodeURIComponent(link[1])) as [unknown];
      assert.equal((await command('circassian.applyTranslation', args)).status, 'ok');
      assert.equal(editor.document.getText(), expected[0]);
    });

    test('an edit typed while a translation is in flight is kept, and the translation lands where its text moved', async () => {
      const editor = await openEditor('Сэ сыкIуэнущ.\nПсы щIыIэ.');
      selectLines(editor, [1]);
      await injectFault({ operation: 'batch', delay_ms: 1_500 });
      const pending = command<{ skipped: number }>('circassian.translateSelection');
      await new Promise((resolve) => setTimeout(resolve, 400));
      await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), 'typed meanwhile '));
      const outcome = await pending;
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.skipped, 0);
      const [translation] = await serviceBatch(['Псы щIыIэ.'], 'ru');
      assert.equal(editor.document.getText(), `typed meanwhile Сэ сыкIуэнущ.\n${translation}`);
    });

    test('a selection edited while its translation is in flight is left as the user typed it', async () => {
      const editor = await openEditor('Сэ сыкIуэнущ.\nПсы щIыIэ.');
      selectLines(editor, [0, 1]);
      await injectFault({ operation: 'batch', delay_ms: 1_500 });
      const pending = command<{ skipped: number }>('circassian.translateSelection');
      await new Promise((resolve) => setTimeout(resolve, 400));
      await editor.edit((builder) => builder.insert(new vscode.Position(1, 3), 'EDIT'));
      const outcome = await pending;
      assert.equal(outcome.skipped, 1);
      const [first] = await serviceBatch(['Сэ сыкIуэнущ.'], 'ru');
      assert.equal(editor.document.getText(), `${first}\nПсыEDIT щIыIэ.`);
    });

    test('in a read-only editor the translation is shown beside instead of failing or editing', async () => {
      const provider = vscode.workspace.registerTextDocumentContentProvider('circassian-readonly', {
        provideTextDocumentContent: () => 'Псы щIыIэ.',
      });
      try {
        const document = await vscode.workspace.openTextDocument(vscode.Uri.parse('circassian-readonly:/sample.txt'));
        const editor = await vscode.window.showTextDocument(document);
        selectLines(editor, [0]);
        const outcome = await command<{ output: string; translations: string[] }>('circassian.translateSelection', { target: 'ru' });
        assert.equal(outcome.status, 'ok');
        assert.equal(outcome.output, 'beside');
        assert.equal(document.getText(), 'Псы щIыIэ.');
        assert.deepEqual((await extensionApi()).beside.pendingFor(document), outcome.translations);
      } finally {
        provider.dispose();
      }
    });

    test('the status bar command changes the target language setting', async () => {
      assert.equal((await command('circassian.chooseTargetLanguage', { target: 'en' })).status, 'ok');
      assert.equal(vscode.workspace.getConfiguration('circassian').get('targetLanguage'), 'en');
      const editor = await openEditor('Псы');
      selectLines(editor, [0]);
      await command('circassian.translateSelection');
      assert.match(editor.document.getText(), /^\[en\] /);
    });
  });
}
