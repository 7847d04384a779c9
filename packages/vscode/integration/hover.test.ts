// Hover translation (circassian.hover.enabled): a comment and a string literal in TypeScript show
// their translation; a second hover is served from the cache; the daily character cap stops it
// and says so in the hover.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, extensionApi, openEditor, serviceBatch, setSetting } from './helpers';

async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, position);
  const markdown = hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
  // As shown: Markdown escapes and &nbsp; undone.
  return markdown.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1');
}

export function hoverTests(): void {
  suite('hover translation', () => {
    setup(async () => {
      await setSetting('targetLanguage', 'ru');
      await setSetting('hover.enabled', true);
    });
    teardown(async () => {
      await setSetting('hover.enabled', undefined);
      await setSetting('hover.dailyCharacterLimit', undefined);
    });

    test('off by default: nothing is sent', async () => {
      await setSetting('hover.enabled', undefined);
      const editor = await openEditor('// Good night\n', 'typescript');
      const before = (await calls('translate')).length;
      assert.ok(!(await hoverText(editor.document, new vscode.Position(0, 5))).includes('Circassian'));
      assert.equal((await calls('translate')).length, before);
    });

    test('a comment and a string literal in TypeScript show their translation; the same text again costs nothing', async () => {
      const editor = await openEditor('// Good morning, friend\nconst title = "Good evening";\n', 'typescript');
      const before = (await calls('translate')).length;
      const [morning, evening] = await serviceBatch(['Good morning, friend', 'Good evening'], 'ru');
      const onComment = await hoverText(editor.document, new vscode.Position(0, 8));
      assert.ok(onComment.includes(morning ?? '?'), onComment);
      assert.match(onComment, /en → ru/);
      const onString = await hoverText(editor.document, new vscode.Position(1, 18));
      assert.ok(onString.includes(evening ?? '?'), onString);
      assert.equal((await calls('translate')).length - before, 2);
      await hoverText(editor.document, new vscode.Position(0, 10));
      assert.equal((await calls('translate')).length - before, 2, 'the second hover came from the cache');
      // Code that is neither gives no translation hover.
      assert.ok(!(await hoverText(editor.document, new vscode.Position(1, 8))).includes('Circassian'));
    });

    test('the daily character cap stops hover translation and the hover says so', async () => {
      const api = await extensionApi();
      await setSetting('hover.dailyCharacterLimit', api.hover.spentToday() + 5);
      const editor = await openEditor('// This comment is longer than five characters\n', 'typescript');
      const before = (await calls('translate')).length;
      const shown = await hoverText(editor.document, new vscode.Position(0, 8));
      assert.match(shown, /paused for today: \d+ of \d+ characters used/);
      assert.equal((await calls('translate')).length, before);
    });
  });
}
