// circassian.translateFile on a JSON localisation file: a new file named by the target code, keys
// and placeholders (ICU plurals included) kept, one batch call; a second run sends only the
// entries that are new or whose source changed, and keeps hand edits of the others.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { formatFor } from '../src/logic/file-formats';
import { maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';
import { parseProblem, tokens } from '../test/corpus-checks';
import { calls, clearFaults, command, injectFault, serviceBatch, setSetting, writeText } from './helpers';

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

/** The calls made after the first `count` (the records come newest first). */
function since<T>(records: readonly T[], count: number): T[] {
  return records.slice(0, records.length - count);
}

async function readText(uri: vscode.Uri): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}

/** Translate File from English into Kabardian: the new file is `name` beside the source, made in one batch call. */
async function translatedInOneCall(uri: vscode.Uri, name: string): Promise<vscode.Uri> {
  const before = (await calls('batch')).length;
  const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
  assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
  assert.equal(created.path, vscode.Uri.joinPath(uri, '..', name).path);
  assert.equal((await calls('batch')).length - before, 1, 'one batch call');
  return created;
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
      // The whole value is still the one ICU message: its header and braces are not sent, so the
      // sandbox's "[kbd] " mark of a pseudo-translation lands in the first option, not before the message.
      assert.match(String(translated.menu.count), /^\{count, plural, one \{(?:\[kbd\] )?# [^{}#]+\} other \{# [^{}#]+\}\}$/);
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

    test('a source equal to the target is a warning: nothing sent, no file written', async () => {
      const uri = await writeText('same/notes.md', '# Good morning\n');
      const before = (await calls('batch')).length;
      const outcome = await command<{ reason: string }>('circassian.translateFile', { uri, target: 'en', source: 'en' });
      assert.equal(outcome.status, 'nothing', JSON.stringify(outcome));
      assert.equal(outcome.reason, 'same_language');
      assert.match(outcome.message ?? '', /both English \(en\), so nothing was sent/);
      assert.equal((await calls('batch')).length, before);
      const written = await vscode.workspace.fs.stat(vscode.Uri.joinPath(uri, '..', 'notes.en.md')).then(
        () => true,
        () => false,
      );
      assert.equal(written, false);
    });

    test('the source language is the file’s own: en.json’s one-word strings, a PO header’s Language, else one detect call for the file', async () => {
      /** Translates `uri` into Kabardian with no source given; the batch calls' source_lang and the detect calls made. */
      const sourcesSent = async (uri: vscode.Uri): Promise<{ sources: unknown[]; detects: number }> => {
        const [batches, detects] = [(await calls('batch')).length, (await calls('detect')).length];
        const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd' });
        assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
        const sent = since(await calls('batch'), batches);
        return {
          sources: sent.map((call) => (call.content?.request as { source_lang?: unknown }).source_lang),
          detects: (await calls('detect')).length - detects,
        };
      };
      assert.equal(vscode.workspace.getConfiguration('circassian').get('sourceLanguage'), '');
      // What is asked here is the language each request carries: the memory would answer the words
      // other tests (and this one: Print, Weather) already paid for, with no request to read.
      await setSetting('memory.enabled', false);
      const byName = await sourcesSent(await writeText('ui/en.json', '{ "open": "Open", "save": "Save", "gift": "Gift", "ok": "OK" }\n'));
      assert.deepEqual(byName, { sources: ['en'], detects: 0 });
      const byFolder = await sourcesSent(await writeText('ui/en-US/menu.json', '{ "close": "Close", "undo": "Undo" }\n'));
      assert.deepEqual(byFolder, { sources: ['en'], detects: 0 });
      const byHeader = await sourcesSent(
        await writeText('po/app.po', 'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "Quit"\nmsgstr ""\n\nmsgid "Print"\nmsgstr ""\n'),
      );
      assert.deepEqual(byHeader, { sources: ['en'], detects: 0 });
      const byDetection = await sourcesSent(
        await writeText('ui/strings.json', '{ "a": "Good morning, dear friends, and welcome to the evening news.", "b": "Weather" }\n'),
      );
      assert.deepEqual(byDetection, { sources: ['en'], detects: 1 }, 'one detect call for the file, its answer sent for every text');
      await setSetting('sourceLanguage', 'en');
      try {
        const bySetting = await sourcesSent(await writeText('ui/labels.json', '{ "a": "Print", "b": "Weather" }\n'));
        assert.deepEqual(bySetting, { sources: ['en'], detects: 0 });
      } finally {
        await setSetting('sourceLanguage', undefined);
        await setSetting('memory.enabled', undefined);
      }
    });

    test('a target language that is a path (from a caller or the settings) writes nothing outside the source’s folder', async () => {
      // Nothing in it to translate, so a file would be written at once, without a call.
      const uri = await writeText('trust/a/b/en.json', '{\n  "count": "{n}"\n}\n');
      const root = vscode.Uri.joinPath(uri, '..', '..', '..');
      const names = async (): Promise<string[]> => (await vscode.workspace.fs.readDirectory(root)).map(([name]) => name).sort();
      const byCaller = await command('circassian.translateFile', { uri, target: '../../x' });
      assert.equal(byCaller.status, 'error', JSON.stringify(byCaller));
      assert.equal(byCaller.errorType, 'invalid_language');
      assert.deepEqual(await names(), ['a'], 'nothing written beside trust/a');
      await setSetting('targetLanguage', '../../x');
      try {
        // The setting is not a language code, so it is not used: the default is, beside the source.
        const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri });
        assert.ok(created instanceof vscode.Uri, JSON.stringify(created));
        assert.equal(created.path, vscode.Uri.joinPath(uri, '..', 'ru.json').path);
      } finally {
        await setSetting('targetLanguage', undefined);
      }
      assert.deepEqual(await names(), ['a'], 'nothing written beside trust/a');
    });

    test('a target file that is a symbolic link (a repository can ship one) is refused: nothing sent, nothing written through it', async () => {
      const uri = await writeText('trust/link/en.json', '{\n  "title": "Good morning"\n}\n');
      const outside = join(tmpdir(), `circassian-link-target-${process.pid}.txt`);
      writeFileSync(outside, 'keep me\n');
      symlinkSync(outside, vscode.Uri.joinPath(uri, '..', 'kbd.json').fsPath);
      try {
        const before = (await calls('batch')).length;
        const outcome = await command('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
        assert.equal(outcome.status, 'error', JSON.stringify(outcome));
        assert.equal(outcome.errorType, 'invalid_target');
        assert.equal((await calls('batch')).length, before, 'nothing sent');
        assert.equal(readFileSync(outside, 'utf8'), 'keep me\n');
      } finally {
        rmSync(outside, { force: true });
      }
    });

    test('a file type not handled is said so, nothing is sent', async () => {
      const outcome = await command('circassian.translateFile', { uri: vscode.Uri.file('/tmp/notes.txt'), target: 'kbd' });
      assert.equal(outcome.status, 'nothing');
      assert.match(outcome.message ?? '', /Markdown/);
    });

    test('Markdown: notes.kbd.md beside it, prose translated, code blocks, front-matter keys and link targets untouched', async () => {
      const source = [
        '---',
        'title: Getting started',
        'layout: post',
        '---',
        '# Good morning',
        '',
        'Read the [manual](https://example.org/Read_Me) before `npm install`.',
        '',
        '```sh',
        'echo Good morning',
        '```',
        '',
      ].join('\n');
      const uri = await writeText('docs/notes.md', source);
      const created = await translatedInOneCall(uri, 'notes.kbd.md');
      const lines = (await readText(created)).split('\n');
      const [title, heading] = await serviceBatch(['Getting started', 'Good morning'], 'kbd');
      // A value starting with `[` is quoted, or YAML would read a list.
      assert.equal(lines[1], `title: ${JSON.stringify(title)}`);
      assert.equal(lines[2], 'layout: post');
      assert.equal(lines[4], `# ${heading}`);
      assert.match(lines[6] ?? '', /^\[kbd\] .*\[.+\]\(https:\/\/example\.org\/Read_Me\).*`npm install`/);
      assert.deepEqual(lines.slice(8, 11), ['```sh', 'echo Good morning', '```']);
    });

    test('SRT: talk.kbd.srt with numbers and timings kept, cues in one batch call', async () => {
      const source =
        '1\r\n00:00:01,000 --> 00:00:02,500\r\nGood morning,\r\nmy friend\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,200\r\n<i>See you</i>\r\n';
      const uri = await writeText('subs/talk.srt', source);
      const created = await translatedInOneCall(uri, 'talk.kbd.srt');
      const blocks = (await readText(created)).split('\r\n\r\n');
      const first = (blocks[0] ?? '').split('\r\n');
      assert.deepEqual(first.slice(0, 2), ['1', '00:00:01,000 --> 00:00:02,500']);
      assert.equal(first.length, 4, 'the cue keeps its two lines');
      const [cue] = await serviceBatch(['Good morning, my friend'], 'kbd');
      assert.equal(first.slice(2).join(' '), cue);
      const second = (blocks[1] ?? '').split('\r\n');
      assert.deepEqual(second.slice(0, 2), ['2', '00:00:03,000 --> 00:00:04,200']);
      assert.match(second[2] ?? '', /<i>[^<]+<\/i>/, 'the styling tags kept');
      assert.ok(!second[2]?.includes('See you'), 'the text inside them translated');
    });

    test('real files: only human text reaches the service (call log); an SRT keeps its BOM, tags, \\N and \\h; i18next tags, URLs and dates come back as typed', async () => {
      const srt =
        '\uFEFF1\r\n00:00:01,000 --> 00:00:03,000\r\n<font size="35">We leave at dawn\\Nand never look back</font>\r\n\r\n2\r\n00:00:04,000 --> 00:00:05,000\r\nWait\\hfor me\r\n';
      const json =
        '{\n  "title": "Welcome to <bold>Acme</bold>",\n  "help": "Visit https://acme.example.com/help today",\n  "date": "Started on %Y-%m-%d"\n}\n';
      const before = (await calls('batch')).length;
      const subtitles = await translatedInOneCall(await writeText('real/talk.srt', srt), 'talk.kbd.srt');
      const locale = await translatedInOneCall(await writeText('real/en.json', json), 'kbd.json');
      const sent = since(await calls('batch'), before).flatMap((call) => (call.content?.request as { texts: string[] }).texts);
      assert.equal(sent.length, 5, JSON.stringify(sent));
      for (const text of sent) assert.doesNotMatch(text, /<|>|https?:|%[A-Za-z]|\\[Nh]/, `only human text sent: ${text}`);
      const bytes = await vscode.workspace.fs.readFile(subtitles);
      assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'the byte-order mark kept');
      const out = new TextDecoder().decode(bytes);
      assert.match(out, /^1\r\n00:00:01,000 --> 00:00:03,000\r\n[^<>\r\n]*<font size="35">[^<>\r\n]*\\N[^<>\r\n]*<\/font>\r\n\r\n2\r\n/);
      assert.match(out, /\\h/);
      const translated = JSON.parse(await readText(locale)) as Record<string, string>;
      assert.match(translated.title ?? '', /<bold>[^<>]+<\/bold>/);
      assert.match(translated.help ?? '', /https:\/\/acme\.example\.com\/help/);
      assert.match(translated.date ?? '', /%Y-%m-%d/);
    });

    test('the corpus (test/corpus): every file through the command, nothing but human text in the call log, every output parses with its tokens as typed', async () => {
      // The bundle runs from dist-test, beside test/.
      const corpus = join(__dirname, '..', 'test', 'corpus');
      for (const name of readdirSync(corpus).sort()) {
        const source = readFileSync(join(corpus, name), 'utf8');
        const before = (await calls('batch')).length;
        const created = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', {
          uri: await writeText(`corpus/${name}`, source),
          target: 'kbd',
          source: 'en',
        });
        assert.ok(created instanceof vscode.Uri, `${name}: ${JSON.stringify(created)}`);
        const sent = since(await calls('batch'), before).flatMap((call) => (call.content?.request as { texts: string[] }).texts);
        assert.ok(sent.length > 0, `${name}: something sent`);
        for (const text of sent) assert.deepEqual(tokens(text.replace(/⟦\d+⟧/g, ' ')), [], `${name}: only human text sent: ${text}`);
        const output = await readText(created);
        assert.equal(parseProblem(name, output), undefined, `${name} parses`);
        const format = formatFor(name);
        assert.ok(format);
        const translations = format.translations(output);
        for (const unit of format.units(source.replace(/^\uFEFF/, '')))
          assert.deepEqual(tokens(translations.get(unit.key) ?? ''), tokens(unit.text), `${name} ${unit.key}: tokens as typed`);
      }
    });

    test('PO: messages.kbd.po with msgstr from msgid (placeholders, context, plural forms), comments, flags and obsolete entries kept; a second run sends nothing', async () => {
      const source = [
        'msgid ""',
        'msgstr ""',
        '"Language: en\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        '',
        '#. Shown on the start page',
        '#: src/app.c:12',
        '#, c-format',
        'msgid "Hello %s"',
        'msgstr ""',
        '',
        'msgctxt "menu"',
        'msgid "Open file"',
        'msgstr ""',
        '',
        'msgid "One file"',
        'msgid_plural "%d files"',
        'msgstr[0] ""',
        'msgstr[1] ""',
        '',
        '#~ msgid "Old"',
        '#~ msgstr "Alt"',
        '',
      ].join('\n');
      const uri = await writeText('po/messages.en.po', source);
      const created = await translatedInOneCall(uri, 'messages.kbd.po');
      const texts = ['Hello %s', 'Open file', 'One file', '%d files'].map((text) => maskPlaceholders(text));
      const answers = await serviceBatch(
        texts.map((masked) => masked.text),
        'kbd',
      );
      const [hello, open, one, many] = answers.map((answer, index) => unmaskPlaceholders(answer, texts[index] ?? { parts: [] }));
      const lines = (await readText(created)).split('\n');
      assert.ok(lines.includes('"Language: kbd\\n"'), 'the header names the target');
      for (const kept of [
        '#. Shown on the start page',
        '#: src/app.c:12',
        '#, c-format',
        'msgctxt "menu"',
        '#~ msgid "Old"',
        '#~ msgstr "Alt"',
      ])
        assert.ok(lines.includes(kept), `kept: ${kept}`);
      assert.equal(lines[lines.indexOf('msgid "Hello %s"') + 1], `msgstr "${hello}"`);
      assert.match(hello ?? '', /%s/);
      assert.equal(lines[lines.indexOf('msgid "Open file"') + 1], `msgstr "${open}"`);
      assert.equal(lines[lines.indexOf('msgid_plural "%d files"') + 1], `msgstr[0] "${one}"`);
      assert.equal(lines[lines.indexOf('msgid_plural "%d files"') + 2], `msgstr[1] "${many}"`);

      const beforeSecond = (await calls('batch')).length;
      const again = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      assert.equal(again.path, created.path);
      assert.equal((await calls('batch')).length, beforeSecond, 'the translated file read back holds every entry: nothing sent');
      assert.deepEqual((await readText(again)).split('\n'), lines);
    });

    test('XLIFF 1.2: a target after each source, inline tags kept, target-language set; a second run sends nothing', async () => {
      const source = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff version="1.2"><file source-language="en" datatype="plaintext" original="app">',
        '<body>',
        '  <trans-unit id="greeting">',
        '    <source>Hello <g id="1">dear</g> friend</source>',
        '  </trans-unit>',
        '  <trans-unit id="bye"><source>Good night</source></trans-unit>',
        '</body></file></xliff>',
        '',
      ].join('\n');
      const uri = await writeText('xliff/app.en.xlf', source);
      const created = await translatedInOneCall(uri, 'app.kbd.xlf');
      const text = await readText(created);
      assert.match(text, /source-language="en" datatype="plaintext" original="app" target-language="kbd">/);
      assert.match(
        text,
        /<source>Hello <g id="1">dear<\/g> friend<\/source>\n {4}<target>\[kbd\] [^<]*<g id="1">[^<]+<\/g>[^<]*<\/target>/,
      );
      const [bye] = await serviceBatch(['Good night'], 'kbd');
      assert.ok(text.includes(`<source>Good night</source><target>${bye}</target>`), text);

      const beforeSecond = (await calls('batch')).length;
      await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      assert.equal((await calls('batch')).length, beforeSecond, 'nothing sent the second time');
      assert.equal(await readText(created), text);
    });

    test('YAML: config/locales/kbd.yml with values translated, keys, comments, numbers and Rails placeholders kept, the root key renamed', async () => {
      const source = [
        '# Rails locale',
        'en:',
        '  greeting: Hello %{name}',
        '  count: 3',
        '  menu:',
        "    open: 'Open the file' # a comment",
        '    list:',
        '      - First item',
        '',
      ].join('\n');
      const uri = await writeText('config/locales/en.yml', source);
      const created = await translatedInOneCall(uri, 'kbd.yml');
      const [open, first] = await serviceBatch(['Open the file', 'First item'], 'kbd');
      const lines = (await readText(created)).split('\n');
      assert.deepEqual(lines.slice(0, 2), ['# Rails locale', 'kbd:']);
      // A translation starting with `[` is quoted, or YAML would read a list.
      assert.match(lines[2] ?? '', /^ {2}greeting: "\[kbd\] .*%\{name\}"$/);
      assert.equal(lines[3], '  count: 3');
      assert.equal(lines[5], `    open: '${open}' # a comment`);
      assert.equal(lines[7], `      - ${JSON.stringify(first)}`);
    });

    test('a failed request keeps what the others translated; the next run sends only the rest', async () => {
      // 120 paragraphs: three batch requests (at most 50 texts each).
      const texts = Array.from({ length: 120 }, (_, i) => `Paragraph number ${i} of the long story.`);
      const uri = await writeText('docs/long.md', `${texts.join('\n\n')}\n`);
      await injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 1 });
      const before = (await calls('batch')).length;
      const failed = await command('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      await clearFaults();
      assert.equal(failed.status, 'error');
      assert.equal(failed.errorType, 'quota_exceeded');
      assert.match(failed.message ?? '', /of 120 texts translated and written/);
      const firstRun = since(await calls('batch'), before);
      assert.equal(firstRun.length, 3, 'three requests, one refused');
      const target = vscode.Uri.joinPath(uri, '..', 'long.kbd.md');
      const partial = (await readText(target)).split('\n\n');
      const left = partial.filter((paragraph) => !paragraph.startsWith('[kbd]')).length;
      assert.ok(left > 0 && left < 120, `some paragraphs translated, the refused request's left: ${left}`);

      const again = await vscode.commands.executeCommand<vscode.Uri>('circassian.translateFile', { uri, target: 'kbd', source: 'en' });
      assert.ok(again instanceof vscode.Uri, JSON.stringify(again));
      const secondRun = since(await calls('batch'), before + firstRun.length);
      assert.equal(secondRun.length, 1, 'one request for the rest');
      const done = (await readText(target)).trimEnd().split('\n\n');
      assert.equal(done.length, 120);
      assert.ok(
        done.every((paragraph) => paragraph.startsWith('[kbd]')),
        'everything translated now',
      );
      // Paid once: the successful requests of both runs cost what translating every text once costs.
      const answers = [
        ...(await serviceBatch(texts.slice(0, 50), 'kbd')),
        ...(await serviceBatch(texts.slice(50, 100), 'kbd')),
        ...(await serviceBatch(texts.slice(100), 'kbd')),
      ];
      const once = [...texts, ...answers].reduce((sum, text) => sum + [...text].length, 0);
      const paid = [...firstRun, ...secondRun]
        .filter((call) => call.outcome === 'ok')
        .reduce((sum, call) => sum + (call.volume?.characters ?? 0), 0);
      assert.equal(paid, once);
    });
  });
}
