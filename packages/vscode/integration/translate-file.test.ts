// circassian.translateFile on a JSON localisation file: a new file named by the target code, keys
// and placeholders (ICU plurals included) kept, one batch call; a second run sends only the
// entries that are new or whose source changed, and keeps hand edits of the others.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { maskPlaceholders } from '../src/logic/placeholders';
import { calls, command, serviceBatch } from './helpers';

const SOURCE = {
  title: 'Good morning',
  greeting: 'Hello {name}, you have %s new messages',
  menu: { open: 'Open {{file}}', count: '{count, plural, one {# item} other {# items}}', size: 12 },
  only: '{name}',
};

async function writeJson(uri: vscode.Uri, value: unknown): Promise<void> {
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`));
}

async function readJson(uri: vscode.Uri): Promise<Record<string, unknown> & { menu: Record<string, unknown> }> {
  return JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))) as Record<string, unknown> & {
    menu: Record<string, unknown>;
  };
}

export function translateFileTests(): void {
  suite('translate file', () => {
    test('a JSON localisation file: kbd.json beside it, keys and placeholders kept, in one batch call; a second run sends only what changed', async () => {
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder);
      const uri = vscode.Uri.joinPath(folder.uri, 'locales', 'en.json');
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await writeJson(uri, SOURCE);
      const before = (await calls('batch')).length;
      const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      assert.ok(created instanceof vscode.Uri, `resolves to the new file's Uri: ${JSON.stringify(created)}`);
      assert.equal(created.path, vscode.Uri.joinPath(folder.uri, 'locales', 'kbd.json').path);
      const first = await calls('batch');
      assert.equal(first.length - before, 1, 'every entry in one batch call');
      const translated = await readJson(created);
      assert.deepEqual(Object.keys(translated), ['title', 'greeting', 'menu', 'only']);
      assert.deepEqual(Object.keys(translated.menu), ['open', 'count', 'size']);
      assert.equal(translated.menu.size, 12);
      assert.equal(translated.only, '{name}', 'a placeholder alone is not sent');
      const [title] = await serviceBatch(['Good morning'], 'kbd');
      assert.equal(translated.title, title);
      assert.match(String(translated.greeting), /^\[kbd\] .*\{name\}.*%s/);
      assert.match(String(translated.menu.open), /\{\{file\}\}/);
      assert.match(String(translated.menu.count), /\{count, plural, one \{# [^{}#]+\} other \{# [^{}#]+\}\}/);
      assert.ok(!String(translated.menu.count).includes('item'), 'the words inside the plural options were translated');

      // Second run: one source changed, one key added, one translation edited by hand.
      await writeJson(created, { ...translated, title: 'Hand-edited title' });
      await writeJson(uri, { ...SOURCE, greeting: 'Hi {name}', added: 'Good night' });
      // (serviceBatch above was a batch call of the test's own.)
      const beforeSecond = (await calls('batch')).length;
      const again = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      assert.equal(again.path, created.path);
      const second = await calls('batch');
      assert.equal(second.length - beforeSecond, 1, 'one batch call');
      const sent = ['Hi {name}', 'Good night'].map((text) => maskPlaceholders(text).text);
      const answers = await serviceBatch(sent, 'kbd');
      const expected = [...sent, ...answers].reduce((sum, text) => sum + [...text].length, 0);
      assert.equal(second[0]?.volume?.characters, expected, 'only the changed and the new entry were sent');
      const next = await readJson(again);
      assert.equal(next.title, 'Hand-edited title', 'an unchanged entry keeps the file’s text');
      assert.match(String(next.greeting), /^\[kbd\] .*\{name\}$/);
      assert.deepEqual(Object.keys(next), ['title', 'greeting', 'menu', 'only', 'added']);
    });

    test('a file type not handled yet is said so, nothing is sent', async () => {
      const outcome = await command('circassian.translateFile', { uri: vscode.Uri.file('/tmp/talk.srt'), target: 'kbd' });
      assert.equal(outcome.status, 'nothing');
      assert.match(outcome.message ?? '', /JSON/);
    });
  });
}
