// The translator's loop: the detected source is named and text already in the target language is
// not sent; Translate From picks the source; preferred languages come first in the picks and the
// latest pick moves to the front; "copy" puts the translation on the clipboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, command, extensionApi, openEditor, selectLines, serviceBatch, setSetting, until } from './helpers';

/** The hover's Markdown at `position` in `document`. */
async function hoverAt(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

/** The arguments of the hover link to `command`. */
function linkArgs(markdown: string, command: string): unknown {
  const link = new RegExp(`\\(command:${command.replace('.', '\\.')}\\?([^)]+)\\)`).exec(markdown);
  assert.ok(link?.[1], `a ${command} link in ${markdown}`);
  return (JSON.parse(decodeURIComponent(link[1])) as unknown[])[0];
}

/** Kabardian typed without the palochka: the detector takes it for Russian. */
const NO_PALOCHKA = 'Сэ сыкуэнущ.';

/** Runs a command that opens quick picks and accepts the highlighted item of each until it finishes. */
async function acceptingEveryPick<T>(run: Thenable<T>): Promise<T> {
  let done = false;
  const result = Promise.resolve(run).finally(() => (done = true));
  await until(
    'the command to finish',
    async () => {
      if (done) return true;
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await new Promise((resolve) => setTimeout(resolve, 250));
      return done;
    },
    30_000,
  );
  return result;
}

export function translationLoopTests(): void {
  suite('translation loop', () => {
    setup(async () => {
      await setSetting('targetLanguage', 'ru');
      await setSetting('translationOutput', 'replace');
      await setSetting('sourceLanguage', undefined);
      await setSetting('preferredLanguages', undefined);
    });

    test('text detected as the target language is a warning, not a paid identical copy: one detect call, no batch', async () => {
      const editor = await openEditor(NO_PALOCHKA);
      selectLines(editor, [0]);
      const [batches, detects] = [(await calls('batch')).length, (await calls('detect')).length];
      const outcome = await command<{ reason: string }>('circassian.translateSelection');
      assert.equal(outcome.status, 'nothing');
      assert.equal(outcome.reason, 'same_language');
      assert.match(outcome.message ?? '', /\(ru\) already.*nothing was sent.*Translate From/);
      assert.equal((await calls('batch')).length, batches, 'no translation was paid for');
      assert.equal((await calls('detect')).length, detects + 1, 'the detector was asked once');
      assert.equal(editor.document.getText(), NO_PALOCHKA);
    });

    test('a source equal to the target is refused without any call', async () => {
      const editor = await openEditor('Доброе утро');
      selectLines(editor, [0]);
      const [batches, detects] = [(await calls('batch')).length, (await calls('detect')).length];
      const outcome = await command<{ reason: string }>('circassian.translateSelectionFrom', { source: 'ru', target: 'ru' });
      assert.equal(outcome.reason, 'same_language');
      assert.equal((await calls('batch')).length, batches);
      assert.equal((await calls('detect')).length, detects);
    });

    test('translateSelectionFrom({ source, target }) translates from the given source, and the outcome names it', async () => {
      const editor = await openEditor(NO_PALOCHKA);
      selectLines(editor, [0]);
      const outcome = await command<{ sourceLanguage: string; targetLanguage: string }>('circassian.translateSelectionFrom', {
        source: 'kbd',
        target: 'ru',
      });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.sourceLanguage, 'kbd');
      assert.equal(outcome.targetLanguage, 'ru');
      assert.match(editor.document.getText(), /^\[ru\] /);
    });

    test('Translate From… offers the preferred languages first; a pick is remembered without rewriting the setting', async () => {
      await setSetting('preferredLanguages', ['en', 'kbd', 'tr']);
      const editor = await openEditor('Good morning');
      selectLines(editor, [0]);
      // Enter on each pick: the source list opens on its first item (en, first preferred); the target
      // list opens on the current target (ru), not on the first preferred one (kbd), so Enter keeps it.
      const outcome = await acceptingEveryPick(
        command<{ sourceLanguage: string; targetLanguage: string }>('circassian.translateSelectionFrom'),
      );
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.sourceLanguage, 'en');
      assert.equal(outcome.targetLanguage, vscode.workspace.getConfiguration('circassian').get('targetLanguage'));
      assert.equal(outcome.targetLanguage, 'ru');
      // The user's list as they wrote it: a pick used to rewrite it (['ru', 'en', 'kbd', 'tr']) in their settings.json.
      assert.deepEqual(vscode.workspace.getConfiguration('circassian').inspect('preferredLanguages')?.globalValue, ['en', 'kbd', 'tr']);
    });

    test('in code an empty selection takes the string literal or comment under the cursor, contents only', async () => {
      const editor = await openEditor('const title = "Good morning"; // say hello here\nconst note = \'He said "hi"\';\n', 'typescript');
      editor.selection = new vscode.Selection(0, 18, 0, 18);
      const literal = await command<{ translations: string[] }>('circassian.translateSelectionTo', { target: 'kbd' });
      assert.equal(literal.status, 'ok');
      const [morning] = await serviceBatch(['Good morning'], 'kbd');
      assert.deepEqual(literal.translations, [morning]);
      assert.equal(editor.document.lineAt(0).text, `const title = "${morning}"; // say hello here`);
      // The comment: its text after the marker, not the code before it.
      const line = editor.document.lineAt(0).text;
      editor.selection = new vscode.Selection(0, line.indexOf('hello'), 0, line.indexOf('hello'));
      const comment = await command<{ translations: string[] }>('circassian.translateSelectionTo', { target: 'kbd' });
      const [said] = await serviceBatch(['say hello here'], 'kbd');
      assert.deepEqual(comment.translations, [said]);
      assert.equal(editor.document.lineAt(0).text, `const title = "${morning}"; // ${said}`);
      // A literal's escapes are read as text and the answer escaped for its quote.
      editor.selection = new vscode.Selection(1, 16, 1, 16);
      const quoted = await command<{ translations: string[] }>('circassian.translateSelectionTo', { target: 'kbd' });
      const [hi] = await serviceBatch(['He said "hi"'], 'kbd');
      assert.deepEqual(quoted.translations, [hi]);
      assert.equal(editor.document.lineAt(1).text, `const note = '${(hi ?? '').replace(/'/g, "\\'")}';`);
    });

    test('translations beside survive edits elsewhere; only the one whose source was edited goes; Copy and Dismiss in the hover', async () => {
      await setSetting('translationOutput', 'beside');
      const api = await extensionApi();
      const editor = await openEditor('Псы щIыIэ.\nУи пщэддджыжь фIыуэ!\nСэ сыкIуэнущ.');
      selectLines(editor, [0, 1, 2]);
      const outcome = await command<{ translations: string[] }>('circassian.translateSelection');
      assert.equal(outcome.status, 'ok');
      const [water, morning, going] = outcome.translations;
      // Typing above and between them moves them along.
      await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), 'A new first line\n'));
      await editor.edit((builder) => builder.insert(new vscode.Position(2, 0), 'x '));
      assert.deepEqual(api.beside.pendingFor(editor.document), [water, morning, going]);
      // Editing one source drops only that translation.
      await editor.edit((builder) => builder.insert(new vscode.Position(1, 3), 'EDIT'));
      assert.deepEqual(api.beside.pendingFor(editor.document), [morning, going]);
      // The hover over the moved second line still offers its translation, with Copy and Dismiss.
      const markdown = await hoverAt(editor.document, new vscode.Position(2, 6));
      assert.ok(
        markdown
          .replace(/&nbsp;/g, ' ')
          .replace(/\\(.)/g, '$1')
          .includes(morning ?? '?'),
        markdown,
      );
      await vscode.env.clipboard.writeText('before');
      assert.equal((await command('circassian.copyTranslation', linkArgs(markdown, 'circassian.copyTranslation'))).status, 'ok');
      assert.equal(await vscode.env.clipboard.readText(), morning);
      assert.equal((await command('circassian.dismissTranslation', linkArgs(markdown, 'circassian.dismissTranslation'))).status, 'ok');
      assert.deepEqual(api.beside.pendingFor(editor.document), [going]);
      // Apply writes the remaining one where its text is now.
      const last = await hoverAt(editor.document, new vscode.Position(3, 3));
      assert.equal((await command('circassian.applyTranslation', linkArgs(last, 'circassian.applyTranslation'))).status, 'ok');
      assert.equal(editor.document.lineAt(3).text, going);
      assert.equal(editor.document.lineAt(2).text, 'x Уи пщэддджыжь фIыуэ!');
    });

    test('output "copy" puts the translation on the clipboard and leaves the text alone', async () => {
      await setSetting('translationOutput', 'copy');
      await vscode.env.clipboard.writeText('before');
      const editor = await openEditor('Псы щIыIэ.\nУи пщэддджыжь фIыуэ!');
      selectLines(editor, [0, 1]);
      const outcome = await command<{ output: string; translations: string[] }>('circassian.translateSelection');
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.output, 'copy');
      assert.equal(editor.document.getText(), 'Псы щIыIэ.\nУи пщэддджыжь фIыуэ!');
      assert.equal(await vscode.env.clipboard.readText(), outcome.translations.join('\n'));
    });
  });
}
