// The translator's loop: the detected source is named and text already in the target language is
// not sent; Translate From picks the source; preferred languages come first in the picks and the
// latest pick moves to the front; "copy" puts the translation on the clipboard.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, command, openEditor, selectLines, setSetting, until } from './helpers';

/** Kabardian typed without the palochka: the detector takes it for Russian. */
const NO_PALOCHKA = 'Сэ сыкуэнущ.';

/** Runs a command that opens quick picks and accepts the highlighted item of each until it finishes. */
async function acceptingEveryPick<T>(run: Thenable<T>): Promise<T> {
  let done = false;
  const result = Promise.resolve(run).finally(() => (done = true));
  await until('the command to finish', async () => {
    if (done) return true;
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await new Promise((resolve) => setTimeout(resolve, 250));
    return done;
  }, 30_000);
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

    test('text detected as the target language is a warning, not a paid identical copy', async () => {
      const editor = await openEditor(NO_PALOCHKA);
      selectLines(editor, [0]);
      const batches = (await calls('batch')).length;
      const outcome = await command<{ reason: string }>('circassian.translateSelection');
      assert.equal(outcome.status, 'nothing');
      assert.equal(outcome.reason, 'same_language');
      assert.match(outcome.message ?? '', /\(ru\) already.*nothing was sent.*Translate From/);
      assert.equal((await calls('batch')).length, batches, 'no translation was paid for');
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
      const outcome = await command<{ sourceLanguage: string; targetLanguage: string }>('circassian.translateSelectionFrom', { source: 'kbd', target: 'ru' });
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.sourceLanguage, 'kbd');
      assert.equal(outcome.targetLanguage, 'ru');
      assert.match(editor.document.getText(), /^\[ru\] /);
    });

    test('Translate From… offers the preferred languages first, and each pick becomes the most recent', async () => {
      await setSetting('preferredLanguages', ['en', 'kbd', 'tr']);
      const editor = await openEditor('Good morning');
      selectLines(editor, [0]);
      // Accepting the first item of each pick: the source (en, first preferred), then the target
      // (en is not offered, so kbd).
      const outcome = await acceptingEveryPick(command<{ sourceLanguage: string; targetLanguage: string }>('circassian.translateSelectionFrom'));
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.sourceLanguage, 'en');
      assert.equal(outcome.targetLanguage, 'kbd');
      assert.deepEqual(vscode.workspace.getConfiguration('circassian').get('preferredLanguages'), ['kbd', 'en', 'tr']);
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
