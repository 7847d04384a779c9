// The workspace's translation memory in the real extension host: Translate File answered from it
// with no request, a hand edit saved in the translated file taught as human and used by the next
// run, importMemory({ uri }) of a CAT tool's TMX making a selection free, exportMemory({ uri })
// writing TMX that core's readTmx reads. What reached the service is read from its call log.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readTmx } from '@circassian/core';
import { calls, command, EXTENSION_ID, hoverText, openEditor, selectLines, setSetting, until } from './helpers';

/** A text no other test sends, so the memory's answers are this test's own. */
const unique = (text: string): string => `${text} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

function folderUri(...path: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test run opens a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...path);
}

async function write(uri: vscode.Uri, text: string): Promise<vscode.Uri> {
  await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

/** A file of the workspace folder, written and opened in an editor. */
async function openWorkspaceDocument(name: string, text: string): Promise<vscode.TextEditor> {
  const uri = await write(folderUri(name), text);
  return vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
}

async function read(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** Translate and batch requests the service has received. */
async function requests(): Promise<number> {
  return (await calls('batch')).length + (await calls('translate')).length;
}

async function translateFile(uri: vscode.Uri): Promise<vscode.Uri> {
  const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
  assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
  return created;
}

export function memoryTests(): void {
  suite('translation memory', () => {
    suiteSetup(async () => {
      await setSetting('memory.enabled', true);
      await setSetting('translationOutput', 'replace');
    });

    test('the memory settings are restricted: in an untrusted workspace a committed settings file cannot point the memory elsewhere', () => {
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        capabilities?: { untrustedWorkspaces?: { restrictedConfigurations?: string[] } };
      };
      const restricted = manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations ?? [];
      assert.ok(
        restricted.includes('circassian.memory.file') && restricted.includes('circassian.memory.enabled'),
        JSON.stringify(restricted),
      );
    });

    test('Translate File a second time (its output deleted) makes no translate or batch call: the workspace memory answers', async () => {
      const texts = { title: unique('Good evening'), body: unique('The library opens at {time}') };
      const source = await write(folderUri('memory', 'first.en.json'), JSON.stringify(texts, null, 2));
      const before = await requests();
      const created = await translateFile(source);
      assert.equal(await requests(), before + 1, 'the first run: one batch call');
      const first = await read(created);
      assert.match(await read(folderUri('.circassian', 'memory.tmx')), /<tmx version="1.4">/);

      // Over the unchanged file, its output in place: nothing sent.
      await translateFile(source);
      assert.equal(await requests(), before + 1, 'the second run: no call');
      await vscode.workspace.fs.delete(created);
      await translateFile(source);
      assert.equal(await requests(), before + 1, 'the third run, its output deleted: no call');
      assert.equal(await read(created), first);
    });

    test('an edited entry of the output, saved, is taught as human: a changed source keeping that sentence gets it with no call for it', async () => {
      const sentence = unique('Welcome back, {name}');
      const source = await write(
        folderUri('memory', 'second.en.json'),
        JSON.stringify({ welcome: sentence, other: unique('Goodbye') }, null, 2),
      );
      const created = await translateFile(source);
      const corrected = 'Къеблагъэ, {name}! (гъэтэрэзауэ)';
      const document = await vscode.workspace.openTextDocument(created);
      const translated = JSON.parse(document.getText()) as Record<string, string>;
      const old = JSON.stringify(translated.welcome);
      const start = document.getText().indexOf(old);
      assert.ok(start > 0, document.getText());
      const edit = new vscode.WorkspaceEdit();
      edit.replace(
        created,
        new vscode.Range(document.positionAt(start), document.positionAt(start + old.length)),
        JSON.stringify(corrected),
      );
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await document.save());
      await until('the correction in the memory file', async () =>
        // Its placeholder as a TMX level-2 code, holding the text the memory keeps.
        (await read(folderUri('.circassian', 'memory.tmx'))).includes('Къеблагъэ, <ph x="1">⟦0⟧</ph>! (гъэтэрэзауэ)') ? true : undefined,
      );
      const memoryFile = await read(folderUri('.circassian', 'memory.tmx'));
      const unit = memoryFile.slice(memoryFile.lastIndexOf('<tu ', memoryFile.indexOf('Къеблагъэ')));
      assert.match(unit, /<prop type="x-circassian-origin">human<\/prop>/);

      // The same source again, its output deleted: the human text, no call.
      await vscode.workspace.fs.delete(created);
      const callsBefore = await requests();
      const again = JSON.parse(await read(await translateFile(source))) as Record<string, string>;
      assert.equal(again.welcome, corrected);
      assert.equal(await requests(), callsBefore);

      // The changed source in another file: the sentence under a new key beside a new one.
      const added = unique('See you soon');
      const changed = await write(folderUri('memory', 'third.en.json'), JSON.stringify({ greeting: sentence, added }, null, 2));
      const before = await calls('batch');
      const next = JSON.parse(await read(await translateFile(changed))) as Record<string, string>;
      const after = await calls('batch');
      assert.equal(next.greeting, corrected);
      assert.equal(after.length - before.length, 1);
      // Records come newest first: the one call carried the new sentence alone.
      assert.deepEqual((after[0]?.content?.request as { texts: string[] }).texts, [added]);
    });

    const hovered = unique('The library is closed tomorrow');
    // Known in English only: with no source language set, the memory names it (translate/memory-source.ts).
    const selectedUnset = unique('The theatre opens at noon');
    const hoveredUnset = unique('The market is open on Sunday');
    const keyless = unique('The bus leaves at seven');

    test('importMemory({ uri }) of a TMX file, then translating a sentence in it: no call, the file’s translation', async () => {
      const sentence = unique('The museum is closed today');
      const tmx = await write(
        folderUri('memory', 'team.tmx'),
        `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="OmegaT" creationtoolversion="6" segtype="sentence" o-tmf="OmegaT" adminlang="EN-US" srclang="EN-US" datatype="plaintext"/><body>\n` +
          `<tu><tuv xml:lang="EN-US"><seg>${sentence}</seg></tuv><tuv xml:lang="KBD"><seg>Музейр нобэ зэхуэщӀащ</seg></tuv></tu>\n` +
          `<tu><tuv xml:lang="EN-US"><seg>${hovered}</seg></tuv><tuv xml:lang="KBD"><seg>Библиотекэр пщэдей лажьэрэкъым</seg></tuv></tu>\n` +
          `<tu><tuv xml:lang="EN-US"><seg>${selectedUnset}</seg></tuv><tuv xml:lang="KBD"><seg>Театрыр шэджагъуэм къызэӀуахыж</seg></tuv></tu>\n` +
          `<tu><tuv xml:lang="EN-US"><seg>${hoveredUnset}</seg></tuv><tuv xml:lang="KBD"><seg>Бэзэрыр тхьэмахуэм лажьэ</seg></tuv></tu>\n` +
          `<tu><tuv xml:lang="EN-US"><seg>${keyless}</seg></tuv><tuv xml:lang="KBD"><seg>Автобусыр блыми докӀ</seg></tuv></tu>\n</body></tmx>\n`,
      );
      const imported = await command<{ imported: number }>('circassian.importMemory', { uri: tmx });
      assert.equal(imported.status, 'ok', JSON.stringify(imported));
      assert.equal(imported.imported, 5);

      const editor = await openEditor(`  ${sentence}\n`);
      selectLines(editor, [0]);
      const before = await requests();
      const outcome = await command('circassian.translateSelectionFrom', { source: 'en', target: 'kbd' });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.equal(await requests(), before, 'no translate or batch call');
      assert.equal(editor.document.getText(), '  Музейр нобэ зэхуэщӀащ\n');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('the hover, with a source language set, answers an imported sentence from the memory: no translate call, not held back by the daily cap', async () => {
      await setSetting('sourceLanguage', 'en');
      await setSetting('targetLanguage', 'kbd');
      await setSetting('hover.enabled', true);
      // Spent for today as far as the cap goes: a text the memory answers costs nothing, so it still shows.
      await setSetting('hover.dailyCharacterLimit', 1);
      try {
        const editor = await openEditor(`${hovered}\n`);
        const before = await requests();
        const shown = await hoverText(editor.document, new vscode.Position(0, 4));
        assert.ok(shown.includes('Библиотекэр пщэдей лажьэрэкъым'), shown);
        assert.equal(await requests(), before);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('sourceLanguage', undefined);
        await setSetting('targetLanguage', undefined);
        await setSetting('hover.enabled', undefined);
        await setSetting('hover.dailyCharacterLimit', undefined);
      }
    });

    test('with no API key at all, texts the memory knows are still translated, by Translate Selection, Translate File and the hover: nothing asked, no call', async () => {
      const saved = process.env.CIRCASSIAN_API_KEY;
      await command('circassian.removeApiKey');
      delete process.env.CIRCASSIAN_API_KEY;
      try {
        const before = await requests();
        const editor = await openEditor(`${keyless}\n`);
        selectLines(editor, [0]);
        const outcome = await command('circassian.translateSelectionFrom', { source: 'en', target: 'kbd' });
        assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
        assert.equal(editor.document.getText(), 'Автобусыр блыми докӀ\n');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        const file = await write(folderUri('memory', 'keyless.en.json'), JSON.stringify({ bus: keyless }, null, 2));
        const translated = JSON.parse(await read(await translateFile(file))) as Record<string, string>;
        assert.equal(translated.bus, 'Автобусыр блыми докӀ');
        // And the hover, with no source language set.
        await setSetting('targetLanguage', 'kbd');
        await setSetting('hover.enabled', true);
        const hovered = await openEditor(`${keyless}\n`);
        const shown = await hoverText(hovered.document, new vscode.Position(0, 4));
        assert.ok(shown.includes('Автобусыр блыми докӀ'), shown);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        assert.equal(await requests(), before);
      } finally {
        await setSetting('targetLanguage', undefined);
        await setSetting('hover.enabled', undefined);
        process.env.CIRCASSIAN_API_KEY = saved;
        assert.equal((await command('circassian.setApiKey', saved)).status, 'ok');
      }
    });

    test('Translate Selection with no source language set: a sentence the memory knows in one language costs no call, and the outcome counts it', async () => {
      await setSetting('targetLanguage', 'kbd');
      try {
        const editor = await openEditor(`${selectedUnset}\n`);
        selectLines(editor, [0]);
        const before = (await requests()) + (await calls('detect')).length;
        const outcome = await command<{ sourceLanguage: string; fromMemory: number }>('circassian.translateSelection');
        assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
        assert.equal((await requests()) + (await calls('detect')).length, before, 'no translate, batch or detect call');
        assert.equal(editor.document.getText(), 'Театрыр шэджагъуэм къызэӀуахыж\n');
        assert.equal(outcome.sourceLanguage, 'en');
        // What the status bar says: these characters came from the memory.
        assert.equal(outcome.fromMemory, [...selectedUnset].length);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
      }
    });

    test('the hover with no source language set answers a sentence the memory knows, saying so: no translate or detect call', async () => {
      await setSetting('targetLanguage', 'kbd');
      await setSetting('hover.enabled', true);
      try {
        const editor = await openEditor(`${hoveredUnset}\n`);
        const before = (await requests()) + (await calls('detect')).length;
        const shown = await hoverText(editor.document, new vscode.Position(0, 4));
        assert.ok(shown.includes('Бэзэрыр тхьэмахуэм лажьэ'), shown);
        assert.ok(shown.includes('en → kbd · from the translation memory'), shown);
        assert.equal((await requests()) + (await calls('detect')).length, before);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
        await setSetting('hover.enabled', undefined);
      }
    });

    test('with no source language set, a new sentence selected twice is paid once: the answer is kept under the language the service detected', async () => {
      await setSetting('targetLanguage', 'kbd');
      try {
        const sentence = unique('The museum opens at nine');
        const editor = await openEditor(`${sentence}\n`);
        selectLines(editor, [0]);
        const before = await requests();
        const first = await command<{ sourceLanguage: string; fromMemory: number }>('circassian.translateSelection');
        assert.equal(first.status, 'ok', JSON.stringify(first));
        assert.equal(await requests(), before + 1);
        const translated = editor.document.getText();
        await vscode.commands.executeCommand('undo');
        assert.equal(editor.document.getText(), `${sentence}\n`);
        selectLines(editor, [0]);
        const again = await command<{ sourceLanguage: string; fromMemory: number }>('circassian.translateSelection');
        assert.equal(again.status, 'ok', JSON.stringify(again));
        assert.equal(await requests(), before + 1, 'the second time the memory answers');
        assert.equal(editor.document.getText(), translated);
        assert.equal(again.sourceLanguage, first.sourceLanguage);
        assert.equal(again.fromMemory, [...sentence].length);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
      }
    });

    test('a translation Translate Selection wrote, corrected and saved, is taught as human and said; the same sentence then gets the correction with no call', async () => {
      await setSetting('targetLanguage', 'kbd');
      try {
        const sentence = unique('The library closes at six');
        const editor = await openWorkspaceDocument(`corrected-${Date.now()}.md`, `# Notes\n\n${sentence}\n`);
        editor.selection = new vscode.Selection(2, 3, 2, 3);
        const before = await requests();
        const first = await command<{ sourceLanguage: string }>('circassian.translateSelection');
        assert.equal(first.status, 'ok', JSON.stringify(first));
        // The translator fixes the machine's wording in place (a word retyped inside it), then saves.
        const line = editor.document.lineAt(2);
        await editor.edit((builder) => builder.replace(line.range, 'Тхылъеджапӏэр сыхьэт хыхкӏэ зэхуащӏыж'));
        await editor.document.save();
        const memoryFile = await until('the correction in the memory file', async () => {
          const text = await read(folderUri('.circassian', 'memory.tmx'));
          return text.includes('<seg>Тхылъеджапӏэр сыхьэт хыхкӏэ зэхуащӏыж</seg>') ? text : undefined;
        });
        const units: { source: string; target: string; origin: string }[] = [];
        for await (const item of readTmx([new TextEncoder().encode(memoryFile)]))
          if (item.kind === 'unit') units.push({ source: item.unit.source, target: item.unit.target, origin: item.unit.origin });
        assert.deepEqual(
          units.filter((unit) => unit.source === sentence),
          [{ source: sentence, target: 'Тхылъеджапӏэр сыхьэт хыхкӏэ зэхуащӏыж', origin: 'human' }],
        );
        // The same sentence elsewhere: the correction, from the memory.
        const other = await openEditor(`${sentence}\n`);
        selectLines(other, [0]);
        assert.equal((await command('circassian.translateSelection')).status, 'ok');
        assert.equal(other.document.getText(), 'Тхылъеджапӏэр сыхьэт хыхкӏэ зэхуащӏыж\n');
        assert.equal(await requests(), before + 1, 'only the first translation was paid');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
      }
    });

    test('what a person teaches carries their name and file; Review Translation Memory lists it by person and removes everything one person taught, the service’s answers staying', async () => {
      await setSetting('targetLanguage', 'kbd');
      await setSetting('memory.author', 'Test Translator');
      try {
        const sentences = [unique('The ferry leaves at noon'), unique('The ferry is late')];
        const editor = await openWorkspaceDocument(`review-${Date.now()}.txt`, `${sentences.join('\n')}\n`);
        selectLines(editor, [0, 1]);
        assert.equal((await command('circassian.translateSelection')).status, 'ok');
        await editor.edit((builder) => builder.replace(editor.document.lineAt(0).range, 'Кхъухьыр шэджагъуэм ежьэнущ'));
        await editor.document.save();
        const file = editor.document.uri.path.slice(editor.document.uri.path.lastIndexOf('/') + 1);
        const taught = await until('the correction listed under its author', async () => {
          const listed = await command<{ units: { source: string; by: string; where?: string; origin: string }[] }>(
            'circassian.reviewMemory',
            {
              by: 'Test Translator',
            },
          );
          return listed.units?.find((unit) => unit.source === sentences[0]);
        });
        assert.deepEqual(
          { by: taught.by, where: taught.where, origin: taught.origin },
          { by: 'Test Translator', where: file, origin: 'human' },
        );
        const tmx = await read(folderUri('.circassian', 'memory.tmx'));
        assert.match(tmx, /creationid="Test Translator"/);
        assert.ok(tmx.includes(`<prop type="x-circassian-where">${file}</prop>`), 'where it was made, as a TMX prop');
        // Everyone's list holds it too; the service's answer for the second line is not "taught".
        const everyone = await command<{ units: { source: string }[] }>('circassian.reviewMemory', {});
        assert.ok(everyone.units.some((unit) => unit.source === sentences[0]));
        assert.ok(!everyone.units.some((unit) => unit.source === sentences[1]));

        const removed = await command<{ removed: number }>('circassian.reviewMemory', { by: 'Test Translator', remove: true });
        assert.equal(removed.status, 'ok');
        assert.ok(removed.removed >= 1, JSON.stringify(removed));
        const after = await command<{ units: unknown[] }>('circassian.reviewMemory', { by: 'Test Translator' });
        assert.deepEqual(after.units, []);
        const left = await read(folderUri('.circassian', 'memory.tmx'));
        assert.ok(!left.includes('Кхъухьыр шэджагъуэм ежьэнущ'), 'the person’s correction is gone');
        assert.ok(left.includes(`<seg>${sentences[1]}</seg>`), 'the service’s answer for the other line stays');
        assert.equal((await command('circassian.reviewMemory', { by: '' })).status, 'error');
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
        await setSetting('memory.author', undefined);
      }
    });

    test('Teach This Correction teaches the corrected translation under the cursor at once, unsaved; a translation left as written teaches nothing', async () => {
      await setSetting('targetLanguage', 'kbd');
      try {
        const sentence = unique('The bridge is closed today');
        // Plain text: the sandbox's `[kbd]` mark would be link brackets in Markdown, which the source lacks.
        const editor = await openEditor(`${sentence}\n`);
        editor.selection = new vscode.Selection(0, 2, 0, 2);
        assert.equal((await command('circassian.translateSelection')).status, 'ok');
        const untouched = await command('circassian.teachCorrection');
        assert.equal(untouched.status, 'nothing', JSON.stringify(untouched));
        const machine = editor.document.lineAt(0).text;
        // A word changed inside the translation: the written text grows with the edit.
        await editor.edit((builder) => builder.insert(new vscode.Position(0, machine.length), ' нобэ'));
        editor.selection = new vscode.Selection(0, 4, 0, 4);
        const taught = await command<{ source: string; correction: string }>('circassian.teachCorrection');
        assert.equal(taught.status, 'ok', JSON.stringify(taught));
        assert.equal(taught.source, sentence);
        assert.equal(taught.correction, `${machine} нобэ`);
        await until('the correction in the memory file', async () =>
          (await read(folderUri('.circassian', 'memory.tmx'))).includes(`<seg>${machine} нобэ</seg>`) ? true : undefined,
        );
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
      }
    });

    test('with no source language set, the hover’s paid answer is kept: a selection of the same text afterwards costs no call', async () => {
      await setSetting('targetLanguage', 'kbd');
      await setSetting('hover.enabled', true);
      try {
        const sentence = unique('The park closes at dusk');
        const editor = await openEditor(`${sentence}\n`);
        const before = await requests();
        const shown = await hoverText(editor.document, new vscode.Position(0, 4));
        assert.ok(shown.includes('[kbd]'), shown);
        assert.equal(await requests(), before + 1);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        // Another editor with the same sentence in a selection: the memory, not the hover's cache, answers.
        const second = await openEditor(`${sentence}\n`);
        selectLines(second, [0]);
        const outcome = await command<{ fromMemory: number }>('circassian.translateSelection');
        assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
        assert.equal(await requests(), before + 1);
        assert.equal(outcome.fromMemory, [...sentence].length);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('targetLanguage', undefined);
        await setSetting('hover.enabled', undefined);
      }
    });

    test('exportMemory → importMemory → exportMemory gives the same units', async () => {
      const first = folderUri('memory', 'round-1.tmx');
      const second = folderUri('memory', 'round-2.tmx');
      const units = async (uri: vscode.Uri): Promise<unknown[]> => {
        const found = [];
        for await (const item of readTmx([await vscode.workspace.fs.readFile(uri)])) if (item.kind === 'unit') found.push(item.unit);
        return found;
      };
      assert.equal((await command('circassian.exportMemory', { uri: first })).status, 'ok');
      const imported = await command<{ imported: number }>('circassian.importMemory', { uri: first });
      assert.equal(imported.status, 'ok', JSON.stringify(imported));
      assert.equal((await command('circassian.exportMemory', { uri: second })).status, 'ok');
      const exported = await units(first);
      assert.ok(exported.length >= 8, String(exported.length));
      assert.deepEqual(await units(second), exported);
    });

    test('exportMemory({ uri }) writes TMX 1.4b that core’s readTmx reads, human units marked', async () => {
      const target = folderUri('memory', 'exported.tmx');
      const outcome = await command<{ units: number }>('circassian.exportMemory', { uri: target });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      const units = [];
      for await (const item of readTmx([await vscode.workspace.fs.readFile(target)])) if (item.kind === 'unit') units.push(item.unit);
      assert.equal(units.length, outcome.units);
      assert.ok(
        units.some((unit) => unit.target === 'Музейр нобэ зэхуэщӀащ' && unit.origin === 'human' && unit.sourceLang === 'en'),
        JSON.stringify(units.slice(-3)),
      );
    });

    test('importMemory of a file that is not a whole TMX (a note, HTML, a TMX cut between two units) imports nothing and says so', async () => {
      const file = folderUri('.circassian', 'memory.tmx');
      const before = await read(file);
      const whole = await read(folderUri('memory', 'exported.tmx'));
      const inputs = {
        'note.tmx': 'Good evening: not XML\n',
        'page.tmx': '<html><body><p>Good evening</p></body></html>\n',
        'cut.tmx': whole.slice(0, whole.lastIndexOf('<tu ')).replace('Музейр нобэ зэхуэщӀащ', 'Cut short'),
      };
      for (const [name, text] of Object.entries(inputs)) {
        const outcome = await command('circassian.importMemory', { uri: await write(folderUri('memory', name), text) });
        assert.equal(outcome.status, 'error', `${name}: ${JSON.stringify(outcome)}`);
        assert.equal((outcome as { errorType?: string }).errorType, 'invalid_file', name);
        assert.match((outcome as { message?: string }).message ?? '', /nothing was imported/u, name);
        assert.equal(await read(file), before, name);
      }
    });

    test('exportMemory with an unknown origin or onto a folder, and clearMemory with a malformed pair, are refused, writing nothing', async () => {
      const file = folderUri('.circassian', 'memory.tmx');
      const before = await read(file);
      const target = folderUri('memory', 'robot.tmx');
      const robot = await command('circassian.exportMemory', { uri: target, origin: 'robot' });
      assert.equal(robot.status, 'error', JSON.stringify(robot));
      assert.equal((robot as { errorType?: string }).errorType, 'invalid_origin');
      await assert.rejects(async () => vscode.workspace.fs.stat(target));
      const ontoFolder = await command('circassian.exportMemory', { uri: folderUri('memory') });
      assert.equal(ontoFolder.status, 'error', JSON.stringify(ontoFolder));
      assert.equal((ontoFolder as { errorType?: string }).errorType, 'invalid_target');
      assert.equal((await vscode.workspace.fs.stat(folderUri('memory'))).type, vscode.FileType.Directory);
      for (const pair of ['en-kbd', 'en:xx', 'kbd:kbd', 'en:kbd:ru']) {
        const outcome = await command('circassian.clearMemory', { pair });
        assert.equal(outcome.status, 'error', `${pair}: ${JSON.stringify(outcome)}`);
        assert.equal((outcome as { errorType?: string }).errorType, 'invalid_pair', pair);
      }
      assert.equal(await read(file), before);
    });

    test('clearMemory({ pair }) removes that language pair’s units from the memory file', async () => {
      const file = folderUri('.circassian', 'memory.tmx');
      const outcome = await command<{ removed: number }>('circassian.clearMemory', { pair: 'en:kbd' });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.ok(outcome.removed >= 6, JSON.stringify(outcome));
      const left = [];
      for await (const item of readTmx([await vscode.workspace.fs.readFile(file)])) if (item.kind === 'unit') left.push(item.unit);
      assert.deepEqual(
        left.filter((unit) => unit.sourceLang === 'en' && unit.targetLang === 'kbd'),
        [],
      );
    });
  });
}
