// Hover translation (circassian.hover.enabled): a comment and a string literal in TypeScript show
// their translation; a second hover is served from the cache; a Markdown paragraph shows its
// translation and fenced code and the front matter none; an SRT cue is translated whole; the
// source-language setting is sent, and text already in the target language costs nothing; the
// daily character cap (counted as Show Account counts) stops it and says so in the hover.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  calls,
  command,
  extensionApi,
  hoverMarkdown,
  hoverText,
  openEditor,
  openWorkspaceFile,
  serviceBatch,
  setSetting,
  startRewritingRelay,
} from './helpers';

export function hoverTests(): void {
  suite('hover translation', () => {
    // These tests send the same sentences again and count the calls or meet injected faults: the
    // workspace memory (which keeps every answer, detected source or not) would answer them first.
    suiteSetup(() => setSetting('memory.enabled', false));
    suiteTeardown(() => setSetting('memory.enabled', undefined));
    setup(async () => {
      await setSetting('targetLanguage', 'ru');
      await setSetting('hover.enabled', true);
    });
    teardown(async () => {
      await setSetting('hover.enabled', undefined);
      await setSetting('hover.dailyCharacterLimit', undefined);
      await setSetting('sourceLanguage', undefined);
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

    test('Markdown: a paragraph shows its translation (all its lines); fenced code and the front matter show none', async () => {
      const editor = await openEditor(
        '---\ntitle: Notes for the trip\n---\n\nThe weather is fine today\nand we walk to the lake.\n\n```js\nconst greeting = "Good evening";\n```\n',
        'markdown',
      );
      const before = (await calls('translate')).length;
      const [paragraph] = await serviceBatch(['The weather is fine today and we walk to the lake.'], 'ru');
      const onParagraph = await hoverText(editor.document, new vscode.Position(5, 10));
      assert.ok(onParagraph.includes(paragraph ?? '?'), onParagraph);
      assert.ok(!(await hoverText(editor.document, new vscode.Position(1, 12))).includes('Circassian'), 'front matter: no hover');
      assert.ok(!(await hoverText(editor.document, new vscode.Position(7, 22))).includes('Circassian'), 'fenced code: no hover');
      assert.equal((await calls('translate')).length - before, 1, 'only the paragraph was sent');
    });

    test('SRT: hovering any line of a cue shows the whole cue translated; its number and timing show nothing', async () => {
      const editor = await openWorkspaceFile(
        'hover-talk.srt',
        '1\n00:00:01,000 --> 00:00:04,000\nWe meet at the station\nat nine in the morning.\n\n2\n00:00:05,000 --> 00:00:06,000\nSee you there.\n',
      );
      const before = (await calls('translate')).length;
      const [cue] = await serviceBatch(['We meet at the station at nine in the morning.'], 'ru');
      const onSecondLine = await hoverText(editor.document, new vscode.Position(3, 5));
      assert.ok(onSecondLine.includes(cue ?? '?'), onSecondLine);
      assert.ok(!(await hoverText(editor.document, new vscode.Position(1, 5))).includes('Circassian'), 'timing: no hover');
      assert.ok(!(await hoverText(editor.document, new vscode.Position(0, 0))).includes('Circassian'), 'number: no hover');
      assert.equal((await calls('translate')).length - before, 1);
    });

    test('the source-language setting is sent; text already in the target language shows nothing and costs no characters', async () => {
      await setSetting('sourceLanguage', 'en');
      const editor = await openEditor('// Good afternoon, neighbour\n// Доброе утро, дорогой друг\n', 'typescript');
      const before = (await calls('translate')).length;
      assert.match(await hoverText(editor.document, new vscode.Position(0, 8)), /en → ru/);
      const [sent] = await calls('translate');
      assert.equal((sent?.content?.request as { source_lang?: string } | undefined)?.source_lang, 'en');
      // Source equal to the target: nothing asked of the service at all.
      await setSetting('sourceLanguage', 'ru');
      const [translates, detects] = [(await calls('translate')).length, (await calls('detect')).length];
      assert.ok(!(await hoverText(editor.document, new vscode.Position(1, 8))).includes('Circassian'));
      assert.deepEqual([(await calls('translate')).length, (await calls('detect')).length], [translates, detects]);
      // No source set: the detector names Russian, so nothing is translated (a request, no characters),
      // and the hover says so, offering Translate From (it was silent).
      await setSetting('sourceLanguage', undefined);
      const spent = (await extensionApi()).hover.spentToday();
      const said = await hoverMarkdown(editor.document, new vscode.Position(1, 8));
      assert.match(said.replace(/&nbsp;/g, ' '), /already looks like ru/);
      assert.match(said, /\(command:circassian\.hoverAction\?[^)]*translateFrom/);
      assert.equal((await calls('detect')).length, detects + 1);
      assert.equal((await calls('translate')).length, translates);
      assert.equal((await extensionApi()).hover.spentToday(), spent);
      assert.equal((await calls('translate')).length - before, 1);
    });

    test('the hover’s links: Replace writes the translation over a Markdown paragraph, Copy copies it, Translate From translates from a picked source', async () => {
      const editor = await openWorkspaceFile('links.md', '# Notes\n\nThe river is wide here.\n');
      const position = new vscode.Position(2, 6);
      const markdown = await hoverMarkdown(editor.document, position);
      const argsOf = (action: string): object => {
        const found = [...markdown.matchAll(/\(command:circassian\.hoverAction\?([^)]+)\)/g)]
          .map((match) => (JSON.parse(decodeURIComponent(match[1] ?? '')) as [{ action: string }])[0])
          .find((argument) => argument.action === action);
        assert.ok(found, `a ${action} link in ${markdown}`);
        return found;
      };
      const [translation] = await serviceBatch(['The river is wide here.'], 'ru');
      assert.equal((await command('circassian.hoverAction', argsOf('copy'))).status, 'ok');
      assert.equal(await vscode.env.clipboard.readText(), translation);
      const before = (await calls('batch')).length;
      const from = await command('circassian.hoverAction', { ...argsOf('translateFrom'), source: 'en', target: 'kbd' });
      assert.equal(from.status, 'ok', JSON.stringify(from));
      const [batch] = await calls('batch');
      assert.equal((await calls('batch')).length, before + 1);
      assert.equal((batch?.content?.request as { source_lang?: string }).source_lang, 'en');
      await vscode.commands.executeCommand('undo');
      assert.equal(editor.document.lineAt(2).text, 'The river is wide here.');
      assert.equal((await command('circassian.hoverAction', argsOf('replace'))).status, 'ok');
      assert.equal(editor.document.lineAt(2).text, translation);
      // In code, no Replace: a literal's quotes and escapes are Translate Selection's job.
      const code = await openEditor('// The river is wide here.\n', 'typescript');
      assert.doesNotMatch(await hoverMarkdown(code.document, new vscode.Position(0, 6)), /replace/);
    });

    test('the cap counts what the service charges, sent and received, as Show Account does', async () => {
      const api = await extensionApi();
      const editor = await openEditor('// Good night, sleep well\n', 'typescript');
      const spent = api.hover.spentToday();
      const [translation] = await serviceBatch(['Good night, sleep well'], 'ru');
      await hoverText(editor.document, new vscode.Position(0, 6));
      const [call] = await calls('translate');
      assert.equal(api.hover.spentToday() - spent, call?.volume?.characters);
      assert.equal(call?.volume?.characters, [...'Good night, sleep well'].length + [...(translation ?? '')].length);
    });

    test('the source language the service names is plain text in the hover: no link, image or command of its own', async () => {
      const relay = await startRewritingRelay((path, answer) =>
        path === '/v1/translate'
          ? { ...(answer as object), source_lang: '[Remove key](command:circassian.removeApiKey) ![x](https://example.org/p.png) <b>' }
          : answer,
      );
      await setSetting('baseUrl', relay.url);
      try {
        const editor = await openEditor('// A quiet evening by the river\n', 'typescript');
        // The hover's own links (Copy, Translate From…) aside, nothing the service sent is a link.
        const markdown = (await hoverMarkdown(editor.document, new vscode.Position(0, 8))).replace(
          /\[[^\]]*\]\(command:circassian\.hoverAction\?[^)]*\)/g,
          '',
        );
        assert.ok(markdown.includes('Circassian'), markdown);
        assert.doesNotMatch(markdown, /(?<!\\)\]\(/, `no link or image: ${markdown}`);
        assert.doesNotMatch(markdown, /(?<!\\)\[Remove/, markdown);
      } finally {
        await setSetting('baseUrl', undefined);
        await relay.close();
      }
    });

    test('Turn Hover Translation On or Off flips it in one step: off, nothing sent; on again, the hover translates', async () => {
      const editor = await openEditor('// The ferry leaves at dawn\n', 'typescript');
      const off = await command<{ enabled: boolean }>('circassian.toggleHover');
      assert.deepEqual(off, { status: 'ok', enabled: false });
      const before = (await calls('translate')).length;
      assert.ok(!(await hoverText(editor.document, new vscode.Position(0, 8))).includes('Circassian'));
      assert.equal((await calls('translate')).length, before, 'off: nothing sent');
      const on = await command<{ enabled: boolean }>('circassian.toggleHover');
      assert.deepEqual(on, { status: 'ok', enabled: true });
      assert.match(await hoverText(editor.document, new vscode.Position(0, 8)), /Circassian/);
      assert.equal((await calls('translate')).length, before + 1);
    });

    test('the daily character cap stops hover translation and the hover says so', async () => {
      const api = await extensionApi();
      // Something spent today, whatever ran before.
      await setSetting('hover.dailyCharacterLimit', undefined);
      const spending = await openEditor('// Spent before the cap was lowered\n', 'typescript');
      assert.match(await hoverText(spending.document, new vscode.Position(0, 8)), /Circassian/);
      await setSetting('hover.dailyCharacterLimit', api.hover.spentToday() + 5);
      const editor = await openEditor('// This comment is longer than five characters\n', 'typescript');
      const before = (await calls('translate')).length;
      const shown = await hoverText(editor.document, new vscode.Position(0, 8));
      assert.match(shown, /paused for today: this text needs \d+ characters and 5 of the daily \d+ are left/);
      assert.equal((await calls('translate')).length, before);
      // The cap lowered below what today already used: said as it is, not "392 of 200".
      const spent = api.hover.spentToday();
      assert.ok(spent > 1, `earlier hovers spent characters today (${spent})`);
      await setSetting('hover.dailyCharacterLimit', 1);
      const lowered = await hoverText(editor.document, new vscode.Position(0, 8));
      assert.match(lowered, new RegExp(`paused for today: ${spent} characters were used, more than the daily cap of 1 `));
      assert.equal((await calls('translate')).length, before);
    });
  });
}
