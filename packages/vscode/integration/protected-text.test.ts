// What travels when a person translates a selection, hovers or speaks (issue 33): the words only.
// A template literal's `${userName}`, an e-mail address, a code span come back as typed; a
// Markdown list item's `- ` and a heading's `## ` stay where they are; Speak reads a link by its
// text, never its URL or a quote's `>`; a translation written over a comment stays a comment; a
// hover over a long Markdown paragraph sends its words, not its link targets, and does not open a
// second box over a translation shown beside. Each checked in the service's call log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { calls, command, extensionApi, hoverText, openWorkspaceFile, serviceBatch, setSetting, startRewritingRelay } from './helpers';

/** The texts the service was sent by the calls after `before` of this operation, oldest first (the test keys log content). */
async function sentSince(operation: string, before: number): Promise<string[]> {
  const all = await calls(operation);
  // The call log lists the newest first.
  return all
    .slice(0, all.length - before)
    .reverse()
    .flatMap((call) => {
      const request = call.content?.request as { texts?: string[]; text?: string } | undefined;
      return request?.texts ?? (request?.text === undefined ? [] : [request.text]);
    });
}

/** The service's answer for a text sent with marks, its marks put back as the extension does. */
async function expectedWith(masked: string, parts: readonly string[], target = 'ru'): Promise<string> {
  const [answer] = await serviceBatch([masked], target);
  return (answer ?? '').replace(/⟦(\d+)⟧/g, (_, index: string) => parts[Number(index)] ?? '');
}

export function protectedTextTests(): void {
  suite('what travels: the words, never the code or markup around them', () => {
    // The memory would answer repeated sentences; these tests read what was sent.
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(() => setSetting('memory.enabled', undefined));
    setup(async () => {
      await setSetting('targetLanguage', 'ru');
      await setSetting('translationOutput', 'replace');
    });
    teardown(async () => {
      await setSetting('hover.enabled', undefined);
      await setSetting('translationOutput', undefined);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    });

    test('Translate Selection in a template literal keeps ${userName}, an e-mail address and a code span as typed', async () => {
      const editor = await openWorkspaceFile(
        'app.ts',
        'export const greeting = (userName: string) =>\n  `Сэлам, ${userName}! Write to editors@example.org or run \\`npm start\\`.`;\n',
      );
      editor.selection = new vscode.Selection(1, 6, 1, 6);
      const before = (await calls('batch')).length;
      const outcome = await command('circassian.translateSelection');
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      const sent = await sentSince('batch', before);
      assert.deepEqual(sent, ['Сэлам, ⟦0⟧! Write to ⟦1⟧ or run ⟦2⟧.']);
      const expected = await expectedWith(sent[0] ?? '', ['${userName}', 'editors@example.org', '\\`npm start\\`']);
      assert.equal(editor.document.lineAt(1).text, `  \`${expected}\`;`);
    });

    test('in Markdown an empty cursor on a list item or a heading sends its words; the marker stays', async () => {
      const editor = await openWorkspaceFile('notes.md', '## Уи пщэддджыжь фӀыуэ\n\n- Псы щӀыӀэ.\n- Сэ сыкӀуэнущ.\n');
      editor.selections = [new vscode.Selection(0, 6, 0, 6), new vscode.Selection(2, 5, 2, 5)];
      const before = (await calls('batch')).length;
      assert.equal((await command('circassian.translateSelection')).status, 'ok');
      assert.deepEqual(await sentSince('batch', before), ['Уи пщэддджыжь фӀыуэ', 'Псы щӀыӀэ.']);
      const [heading, item] = await serviceBatch(['Уи пщэддджыжь фӀыуэ', 'Псы щӀыӀэ.'], 'ru');
      assert.equal(editor.document.getText(), `## ${heading}\n\n- ${item}\n- Сэ сыкӀуэнущ.\n`);
    });

    test('Speak reads the words of a Markdown quote: no > and no link target reach the service', async () => {
      const editor = await openWorkspaceFile('speak.md', '> Read [the guide](https://example.org/guide) at https://example.org today.\n');
      editor.selection = new vscode.Selection(0, 0, 0, editor.document.lineAt(0).text.length);
      const before = (await calls('speech')).length;
      const outcome = await command('circassian.speakSelection', { play: false });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.deepEqual(await sentSince('speech', before), ['Read the guide at today.']);
    });

    test('a translation written over a // or /* */ comment stays that comment, whatever the service sends', async () => {
      const relay = await startRewritingRelay((path, body) =>
        path === '/v1/translate/batch' ? { ...(body as object), translations: ['first line\nprocess.exit(1); */ evil(); /*'] } : body,
      );
      await setSetting('baseUrl', relay.url);
      try {
        const editor = await openWorkspaceFile('comments.ts', '  // Сэ сыкӀуэнущ\nconst a = 1; /* Псы щӀыӀэ. */ const b = 2;\n');
        editor.selection = new vscode.Selection(0, 8, 0, 8);
        assert.equal((await command('circassian.translateSelection')).status, 'ok');
        const block = editor.document.positionAt(editor.document.getText().indexOf('Псы'));
        editor.selection = new vscode.Selection(block, block);
        assert.equal((await command('circassian.translateSelection')).status, 'ok');
        const lines = editor.document.getText().split('\n');
        assert.deepEqual(lines.slice(0, 2), ['  // first line', '  // process.exit(1); * / evil(); / *']);
        // One comment from /* to the first */: what the service sent is inside it, the code after it runs as before.
        const code = editor.document.getText().slice(editor.document.getText().indexOf('const a'));
        const comment = /\/\*[\s\S]*?\*\//.exec(code)?.[0] ?? '';
        assert.ok(comment.includes('evil'), code);
        assert.ok(code.slice(code.indexOf(comment) + comment.length).startsWith(' const b = 2;'), code);
      } finally {
        await setSetting('baseUrl', undefined);
        await relay.close();
      }
    });

    test('a hover over a four-line Markdown paragraph sends its words, not its link targets, and opens no box over a translation shown beside', async () => {
      await setSetting('hover.enabled', true);
      const paragraph = [
        'Hugo turns [content files](https://gohugo.io/content-management/organization/) into pages, and',
        '[page bundles](https://gohugo.io/content-management/page-bundles/) keep a page and its images together.',
        'See the [front matter reference](https://gohugo.io/content-management/front-matter/) and write to',
        'docs@gohugo.io when a page is wrong; run `hugo server` to preview it.',
      ];
      const editor = await openWorkspaceFile('bundles.md', `# Bundles\n\n${paragraph.join('\n')}\n`);
      const before = (await calls('translate')).length;
      const shown = await hoverText(editor.document, new vscode.Position(3, 75));
      assert.deepEqual(await sentSince('translate', before), [
        'Hugo turns ⟦0⟧content files⟦1⟧ into pages, and ⟦2⟧page bundles⟦3⟧ keep a page and its images together. ' +
          'See the ⟦4⟧front matter reference⟦5⟧ and write to ⟦6⟧ when a page is wrong; run ⟦7⟧ to preview it.',
      ]);
      assert.ok(shown.includes('(https://gohugo.io/content-management/page-bundles/)'), shown);
      // Translated beside, the text's own hover is the beside box's alone.
      await setSetting('translationOutput', 'beside');
      editor.selection = new vscode.Selection(2, 0, 2, 0);
      assert.equal((await command('circassian.translateSelection')).status, 'ok');
      assert.equal((await extensionApi()).beside.pendingFor(editor.document).length, 1);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        new vscode.Position(3, 75),
      );
      assert.equal(hovers.length, 1, JSON.stringify(hovers.map((hover) => hover.contents)));
    });
  });
}
