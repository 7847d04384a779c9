// The workspace glossary in the real extension host (issue 36), against the local service's call
// log: keep terms ("Нальчик", the surname "Коков") are in no request's text and come back as they
// are, through Translate Selection, the hover and Translate File; a translate-as term comes back
// agreed; a forbidden word is a Problems entry whose quick fix puts the agreed term in; Add Term,
// Import and Export write and read the glossary file. The local service's pseudo-translation into
// kbd writes о as уэ: a surname it was sent comes back "Куэкуэв", "обновление" "уэбнуэвление".
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readGlossaryCsv, readTbx, writeTbx, type GlossaryEntry } from '@circassian/core';
import {
  calls,
  command,
  EXTENSION_ID,
  hoverText,
  openEditor,
  openWorkspaceFile,
  selectLines,
  setSetting,
  until,
  writeText,
} from './helpers';

const GLOSSARY = '.circassian/glossary.tbx';
const unique = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const term = (type: GlossaryEntry['type'], source: string, target: string): GlossaryEntry => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  type,
  source,
  target,
});

const ENTRIES = [
  term('keep', 'Нальчик', 'Нальчик'),
  term('keep', 'Коков', 'Коков'),
  term('translate', 'обновление', 'зэхъуэкӀыныгъэ'),
  term('forbidden', 'обновление', 'апдейт'),
];

function folderUri(...path: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test run opens a workspace folder');
  return vscode.Uri.joinPath(folder.uri, ...path);
}

async function read(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** The texts of every translate and batch request since `since` (records come newest first). */
async function sentSince(since: { batch: number; translate: number }): Promise<string[]> {
  const batch = await calls('batch');
  const translate = await calls('translate');
  return [
    ...batch.slice(0, batch.length - since.batch).flatMap((call) => (call.content?.request as { texts: string[] }).texts),
    ...translate.slice(0, translate.length - since.translate).map((call) => (call.content?.request as { text: string }).text),
  ];
}

async function mark(): Promise<{ batch: number; translate: number }> {
  return { batch: (await calls('batch')).length, translate: (await calls('translate')).length };
}

function termProblems(uri: vscode.Uri, code: string): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === 'circassian' && diagnostic.code === code);
}

export function glossaryTests(): void {
  suite('workspace glossary', () => {
    suiteSetup(async () => {
      await writeText(GLOSSARY, writeTbx(ENTRIES));
      await setSetting('translationOutput', 'replace');
    });

    suiteTeardown(async () => {
      await vscode.workspace.fs.delete(folderUri(...GLOSSARY.split('/')));
    });

    test('circassian.glossary.file is a restricted setting: an untrusted workspace cannot point it elsewhere', () => {
      const manifest = vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as {
        capabilities?: { untrustedWorkspaces?: { restrictedConfigurations?: string[] } };
      };
      assert.ok(manifest.capabilities?.untrustedWorkspaces?.restrictedConfigurations?.includes('circassian.glossary.file'));
    });

    test('Translate Selection from ru: "Нальчик" and "Коков" are in no request’s text and come back as they are; "обновление" comes back agreed', async () => {
      const tag = unique();
      const editor = await openEditor(`Нальчик: глава Коков объявил обновление ${tag}\n`);
      selectLines(editor, [0]);
      const since = await mark();
      const outcome = await command('circassian.translateSelectionFrom', { source: 'ru', target: 'kbd' });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      const sent = await sentSince(since);
      assert.equal(sent.length, 1, JSON.stringify(sent));
      assert.doesNotMatch(sent[0] ?? '', /Нальчик|Коков|обновление/);
      assert.match(sent[0] ?? '', /<x\d+\/>/);
      const line = editor.document.lineAt(0).text;
      assert.ok(line.startsWith('[kbd] Нальчик: глава Коков уэбъявил зэхъуэкӀыныгъэ '), line);
      assert.doesNotMatch(line, /Куэкуэв|уэбнуэвление/);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('with no source language set, the glossary names ru: no detect call sends "Коков", and it comes back as it is', async () => {
      // A file of its own: an untitled editor could be the last test's, reused.
      const editor = await openWorkspaceFile(`glossary/letter-${unique()}.txt`, `Коков приехал в Нальчик ${unique()}\n`);
      selectLines(editor, [0]);
      const detects = (await calls('detect')).length;
      const since = await mark();
      const outcome = await command('circassian.translateSelectionTo', { target: 'kbd' });
      assert.equal(outcome.status, 'ok', JSON.stringify(outcome));
      assert.equal((await calls('detect')).length, detects);
      for (const text of await sentSince(since)) assert.doesNotMatch(text, /Нальчик|Коков/);
      assert.ok(editor.document.lineAt(0).text.startsWith('[kbd] Коков приехал в Нальчик '), editor.document.lineAt(0).text);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('the hover sends "Коков" as a marker and shows it as it is, "обновление" as the agreed term', async () => {
      await setSetting('sourceLanguage', 'ru');
      await setSetting('targetLanguage', 'kbd');
      await setSetting('hover.enabled', true);
      try {
        const editor = await openEditor(`Коков объявил обновление ${unique()}\n`);
        const since = await mark();
        const shown = await hoverText(editor.document, new vscode.Position(0, 8));
        assert.ok(shown.includes('[kbd] Коков уэбъявил зэхъуэкӀыныгъэ'), shown);
        const sent = await sentSince(since);
        assert.equal(sent.length, 1);
        assert.doesNotMatch(sent[0] ?? '', /Коков|обновление/);
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      } finally {
        await setSetting('sourceLanguage', undefined);
        await setSetting('targetLanguage', undefined);
        await setSetting('hover.enabled', undefined);
      }
    });

    test('Translate File: the terms never sent, the translation agreed; a forbidden word typed into it is flagged, and so is the agreed term it lost', async () => {
      const tag = unique();
      const source = await writeText(
        'glossary/ru.json',
        JSON.stringify({ city: `Нальчик — столица ${tag}`, news: `Вышло обновление ${tag}` }, null, 2),
      );
      const since = await mark();
      const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', {
        uri: source,
        target: 'kbd',
        source: 'ru',
      });
      assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
      const sent = await sentSince(since);
      assert.equal(sent.length, 2, JSON.stringify(sent));
      for (const text of sent) assert.doesNotMatch(text, /Нальчик|обновление/);
      const translated = JSON.parse(await read(created)) as Record<string, string>;
      assert.ok(translated.city?.startsWith('[kbd] Нальчик — стуэлица '), translated.city);
      assert.ok(translated.news?.startsWith('[kbd] Вышлуэ зэхъуэкӀыныгъэ '), translated.news);

      // A person writes the rejected loan word in place of the agreed term.
      const document = await vscode.workspace.openTextDocument(created);
      await vscode.window.showTextDocument(document);
      const at = document.getText().indexOf('зэхъуэкӀыныгъэ');
      const edit = new vscode.WorkspaceEdit();
      edit.replace(created, new vscode.Range(document.positionAt(at), document.positionAt(at + 'зэхъуэкӀыныгъэ'.length)), 'апдейт');
      assert.ok(await vscode.workspace.applyEdit(edit));
      const forbidden = await until('the forbidden word in the Problems panel', () => termProblems(created, 'glossary-forbidden-word')[0]);
      assert.equal(document.getText(forbidden?.range), 'апдейт');
      assert.match(forbidden?.message ?? '', /апдейт.*зэхъуэкӀыныгъэ/);
      const missing = await until('the missing agreed term', () => termProblems(created, 'glossary-missing-term')[0]);
      assert.match(missing?.message ?? '', /обновление.*зэхъуэкӀыныгъэ/);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('a forbidden word in a Kabardian file is a Problems entry; its quick fix puts the agreed term in, written as the word was, and the entry goes', async () => {
      const editor = await openWorkspaceFile(`glossary/news-${unique()}.kbd.md`, 'Апдейт къыдэкӀащ. Иджыри зы апдейт.\n');
      const uri = editor.document.uri;
      const found = await until('two forbidden words', () => {
        const problems = termProblems(uri, 'glossary-forbidden-word');
        return problems.length === 2 ? problems : undefined;
      });
      const first = found[0];
      assert.ok(first);
      assert.equal(first.severity, vscode.DiagnosticSeverity.Warning);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, first.range);
      const fix = actions.find((action) => action.title.includes('ЗэхъуэкӀыныгъэ'));
      assert.ok(fix?.edit, `a fix among ${actions.map((action) => action.title).join(' | ')}`);
      assert.ok(await vscode.workspace.applyEdit(fix.edit));
      assert.equal(editor.document.lineAt(0).text, 'ЗэхъуэкӀыныгъэ къыдэкӀащ. Иджыри зы апдейт.');
      await until('one forbidden word left', () => (termProblems(uri, 'glossary-forbidden-word').length === 1 ? true : undefined));
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('Add Term to Glossary from a selection writes the TBX file, and an open Kabardian file is checked against it at once', async () => {
      const editor = await openWorkspaceFile(`glossary/spam-${unique()}.kbd.md`, 'Спам хэтщ.\n');
      editor.selection = new vscode.Selection(0, 0, 0, 4);
      const added = await command<{ added: number }>('circassian.addGlossaryTerm', {
        type: 'forbidden',
        source: '',
        sourceLang: 'ru',
        targetLang: 'kbd',
      });
      assert.equal(added.status, 'ok', JSON.stringify(added));
      assert.equal(added.added, 1);
      const { entries } = await readTbx(await read(folderUri(...GLOSSARY.split('/'))));
      assert.ok(
        entries.some((entry) => entry.type === 'forbidden' && entry.target === 'Спам'),
        JSON.stringify(entries),
      );
      await until('the new forbidden word flagged', () => termProblems(editor.document.uri, 'glossary-forbidden-word')[0]);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    });

    test('Export Glossary writes the CSV contract core reads back; Import Glossary of a CSV adds its terms; a file that is neither imports nothing', async () => {
      const csv = folderUri('glossary', 'export.csv');
      const exported = await command<{ terms: number }>('circassian.exportGlossary', { uri: csv });
      assert.equal(exported.status, 'ok', JSON.stringify(exported));
      const read_ = readGlossaryCsv(await read(csv));
      assert.deepEqual(read_.pair, { source: 'ru', target: 'kbd' });
      assert.equal(read_.entries.length, exported.terms);
      assert.ok(read_.entries.some((entry) => entry.type === 'keep' && entry.source === 'Коков'));

      const incoming = await writeText('glossary/incoming.csv', 'ru,kbd,type,note\r\nсайт,сайт,translate,\r\n');
      const imported = await command<{ imported: number; added: number }>('circassian.importGlossary', { uri: incoming });
      assert.equal(imported.status, 'ok', JSON.stringify(imported));
      assert.equal(imported.added, 1);
      const before = await read(folderUri(...GLOSSARY.split('/')));
      const broken = await writeText('glossary/broken.csv', 'source,target\r\nx,y\r\n');
      const refused = await command('circassian.importGlossary', { uri: broken });
      assert.equal(refused.status, 'error');
      assert.match(refused.message ?? '', /nothing was imported/);
      assert.equal(await read(folderUri(...GLOSSARY.split('/'))), before);
    });
  });
}
