// The key and the account: Set API Key stores in SecretStorage only and wins over the
// environment; Show Account reads the key's name, prefix and limits.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { command, createKey, openEditor, selectLines } from './helpers';

/** Every settings.json code-server and the workspace could hold. */
function settingsFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.json') || name.endsWith('.code-workspace')) found.push(path);
    }
  };
  const userData = process.env.CIRCASSIAN_CODE_SERVER_USER_DATA;
  assert.ok(userData, 'the harness names the user data folder');
  walk(join(userData, 'User'));
  walk(join(userData, 'Machine'));
  for (const folder of vscode.workspace.workspaceFolders ?? []) walk(join(folder.uri.fsPath, '.vscode'));
  return found;
}

export function accountTests(): void {
  suite('key and account', () => {
    test('showAccount reads the name, prefix and limits of the key from the environment', async () => {
      const outcome = await command<{ account: { name: string; prefix: string; limits: Record<string, number> } }>(
        'circassian.showAccount',
      );
      assert.equal(outcome.status, 'ok');
      assert.equal(outcome.account.prefix, process.env.CIRCASSIAN_API_KEY?.split('.')[0]);
      assert.equal(typeof outcome.account.limits.requests_per_minute, 'number');
    });

    test("setApiKey('PREFIX.SECRET') stores the key in SecretStorage only: it is used at once and no settings file contains it", async () => {
      const issued = await createKey('vscode-integration');
      // Make sure settings files exist and are written meanwhile, so the scan below means something.
      await vscode.workspace.getConfiguration('circassian').update('speech.speed', 1, vscode.ConfigurationTarget.Global);
      const stored = await command<{ prefix: string }>('circassian.setApiKey', issued.key);
      assert.equal(stored.status, 'ok');
      assert.equal(stored.prefix, issued.prefix);
      const account = await command<{ account: { prefix: string; name: string } }>('circassian.showAccount');
      assert.equal(account.account.prefix, issued.prefix, 'the stored key wins over CIRCASSIAN_API_KEY');
      assert.equal(account.account.name, 'vscode-integration');
      const files = settingsFiles();
      assert.ok(
        files.some((file) => file.endsWith('settings.json')),
        `a user settings file exists (${files.join(', ')})`,
      );
      const secret = issued.key.slice(issued.key.indexOf('.') + 1);
      for (const file of files) assert.ok(!readFileSync(file, 'utf8').includes(secret), `${file} does not contain the key`);
      await vscode.workspace.getConfiguration('circassian').update('speech.speed', undefined, vscode.ConfigurationTarget.Global);
      // Back to the run's key: jobs and audio belong to the key that made them.
      assert.equal((await command('circassian.setApiKey', process.env.CIRCASSIAN_API_KEY)).status, 'ok');
    });

    test('removeApiKey() deletes the stored key: the environment’s key is used again; a second call has nothing to remove', async () => {
      const issued = await createKey('vscode-remove');
      assert.equal((await command('circassian.setApiKey', issued.key)).status, 'ok');
      assert.equal((await command<{ account: { prefix: string } }>('circassian.showAccount')).account.prefix, issued.prefix);
      const removed = await command<{ environmentKeyInUse: boolean }>('circassian.removeApiKey');
      assert.equal(removed.status, 'ok');
      assert.equal(removed.environmentKeyInUse, true);
      assert.equal(
        (await command<{ account: { prefix: string } }>('circassian.showAccount')).account.prefix,
        process.env.CIRCASSIAN_API_KEY?.split('.')[0],
      );
      assert.equal((await command('circassian.removeApiKey')).status, 'nothing');
      assert.equal((await command('circassian.setApiKey', process.env.CIRCASSIAN_API_KEY)).status, 'ok');
    });

    test('showAccount adds what this editor spent today: the characters it sent and received', async () => {
      type Spent = {
        spentToday: { translationCharacters: number; speechSeconds: number };
        account: { limits: { translate_chars_per_day: number } };
      };
      const before = await command<Spent>('circassian.showAccount');
      assert.equal(before.status, 'ok');
      const editor = await openEditor('Псы щIыIэ.');
      selectLines(editor, [0]);
      const translated = await command<{ translations: string[] }>('circassian.translateSelection', { target: 'en', output: 'beside' });
      assert.equal(translated.status, 'ok');
      const after = await command<Spent>('circassian.showAccount');
      const cost = [...'Псы щIыIэ.'].length + translated.translations.reduce((sum, text) => sum + [...text].length, 0);
      assert.equal(after.spentToday.translationCharacters - before.spentToday.translationCharacters, cost);
    });

    test('setApiKey refuses a value that is not PREFIX.SECRET and keeps the stored key', async () => {
      const outcome = await command('circassian.setApiKey', 'no-dot-here');
      assert.equal(outcome.status, 'error');
      assert.equal((await command('circassian.showAccount')).status, 'ok');
    });
  });
}
