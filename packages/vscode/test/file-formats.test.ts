import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import type { FileFormat } from '../src/logic/file-formats/format';
import { wrapLines } from '../src/logic/file-formats/subtitles';
import { maskPlaceholders, unmaskPlaceholders } from '../src/logic/placeholders';

function format(name: string): FileFormat {
  const found = formatFor(name);
  if (!found) throw new Error(`no format for ${name}`);
  return found;
}

/** The file translated by a fake model that upper-cases words and keeps the marks. */
function translate(file: FileFormat, source: string, target = 'kbd', previous?: string): string {
  return file.rebuild(
    source,
    (_key, text) => {
      const masked = maskPlaceholders(text, file.protect);
      const answer = masked.text.replace(/\p{L}+/gu, (word) => word.toUpperCase());
      return unmaskPlaceholders(file.escape ? file.escape(answer) : answer, masked) ?? text;
    },
    { target, previous },
  );
}

describe('Markdown', () => {
  const source = [
    '---',
    'title: "A short \\"guide\\""',
    'layout: post',
    'description: Words here',
    '---',
    '# Getting started #',
    '',
    'Read the [manual](https://example.org/a_b) and run `npm install`',
    'before you start.',
    '',
    '```sh',
    'echo hello world',
    '```',
    '',
    '    indented code stays',
    '',
    '- first item with <kbd>Ctrl</kbd>',
    '  1. nested item, see https://example.org/x',
    '> quoted line',
    '',
    '| Name | Value |',
    '|------|-------|',
    '| size | `12` big |',
    '',
    '[manual]: https://example.org "Manual"',
    'Setext heading',
    '==============',
    '<!-- a comment',
    'stays -->',
    '',
  ].join('\n');

  test('prose is translated; code, front-matter keys, link targets and markup are kept', () => {
    expect(translate(format('notes.md'), source)).toBe(
      [
        '---',
        'title: "A SHORT \\"GUIDE\\""',
        'layout: post',
        'description: WORDS HERE',
        '---',
        '# GETTING STARTED #',
        '',
        'READ THE [MANUAL](https://example.org/a_b) AND RUN `npm install` BEFORE YOU START.',
        '',
        '```sh',
        'echo hello world',
        '```',
        '',
        '    indented code stays',
        '',
        '- FIRST ITEM WITH <kbd>CTRL</kbd>',
        '  1. NESTED ITEM, SEE https://example.org/x',
        '> QUOTED LINE',
        '',
        '| NAME | VALUE |',
        '|------|-------|',
        '| SIZE | `12` BIG |',
        '',
        '[manual]: https://example.org "Manual"',
        'SETEXT HEADING',
        '==============',
        '<!-- a comment',
        'stays -->',
        '',
      ].join('\n'),
    );
  });

  test('the translated file gives back the same units by key (round trip)', () => {
    const md = format('notes.md');
    const translated = translate(md, source);
    const units = md.units(source);
    const again = md.translations(translated);
    expect([...again.keys()]).toEqual(units.map((unit) => unit.key));
    expect(again.get(units[0]?.key ?? '')).toBe('A SHORT "GUIDE"');
    // Writing the kept translations again changes nothing.
    expect(md.rebuild(source, (key) => again.get(key) ?? '', { target: 'kbd' })).toBe(translated);
  });
});

describe('subtitles', () => {
  const srt =
    '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there,\r\n<i>my friend</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n- Who?\r\n- Me.\r\n';

  test('SRT: cue text only; numbers, timings and line count kept', () => {
    const out = translate(format('talk.srt'), srt);
    expect(out).toBe(
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nHELLO THERE,\r\n<i>MY FRIEND</i>\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\n- WHO?\r\n- ME.\r\n',
    );
    expect([...format('talk.srt').translations(out).keys()]).toEqual([
      '00:00:01,000-->00:00:02,500',
      '00:00:03,000-->00:00:04,000/1',
      '00:00:03,000-->00:00:04,000/2',
    ]);
  });

  test('WebVTT: header, NOTE and STYLE blocks, cue ids and settings kept', () => {
    const vtt =
      'WEBVTT - talk\n\nNOTE not this\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.000 align:start line:0\n<v Roger>Good morning</v>\n';
    expect(translate(format('talk.vtt'), vtt)).toBe(
      'WEBVTT - talk\n\nNOTE not this\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.000 align:start line:0\n<v Roger>GOOD MORNING</v>\n',
    );
  });

  test('a translation is wrapped back into the cue’s number of lines', () => {
    expect(wrapLines('one two three four', 2, '\n')).toBe('one two\nthree four');
    expect(wrapLines('single', 2, '\n')).toBe('single');
  });
});

describe('PO', () => {
  const po = [
    'msgid ""',
    'msgstr ""',
    '"Language: en\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    '',
    '#. A translator comment',
    '#: src/app.c:12',
    '#, c-format',
    'msgid "Hello %s"',
    'msgstr ""',
    '',
    'msgctxt "menu"',
    'msgid ""',
    '"Open "',
    '"file"',
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

  test('msgstr filled from msgid, comments and flags kept, header set, plural forms by the target', () => {
    expect(translate(format('messages.en.po'), po, 'kbd')).toBe(
      [
        'msgid ""',
        'msgstr ""',
        '"Language: kbd\\n"',
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
        '',
        '#. A translator comment',
        '#: src/app.c:12',
        '#, c-format',
        'msgid "Hello %s"',
        'msgstr "HELLO %s"',
        '',
        'msgctxt "menu"',
        'msgid ""',
        '"Open "',
        '"file"',
        'msgstr "OPEN FILE"',
        '',
        'msgid "One file"',
        'msgid_plural "%d files"',
        'msgstr[0] "ONE FILE"',
        'msgstr[1] "%d FILES"',
        '',
        '#~ msgid "Old"',
        '#~ msgstr "Alt"',
        '',
      ].join('\n'),
    );
  });

  test('Russian has three plural forms: the extra one is a copy, so that entry is flagged fuzzy', () => {
    const out = translate(format('messages.en.po'), po, 'ru');
    expect(out).toContain(
      '#, fuzzy\nmsgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "ONE FILE"\nmsgstr[1] "%d FILES"\nmsgstr[2] "%d FILES"',
    );
    expect(out).toContain('Plural-Forms: nplurals=3;');
  });

  test('a second run keeps an unchanged entry as the translated file has it (hand edits, flags)', () => {
    const file = format('messages.en.po');
    const first = translate(file, po, 'kbd').replace(
      '#, c-format\nmsgid "Hello %s"\nmsgstr "HELLO %s"',
      '#, c-format, reviewed\nmsgid "Hello %s"\nmsgstr "Hand %s"',
    );
    const kept = file.translations(first);
    expect(kept.get('Hello %s')).toBe('Hand %s');
    expect(kept.get('menu\u0004Open file')).toBe('OPEN FILE');
    expect(kept.get('One file[1]')).toBe('%d FILES');
    const again = file.rebuild(po, (key, text) => kept.get(key) ?? text, { target: 'kbd', previous: first });
    expect(again).toBe(first);
  });

  test('a .pot template gives a .po', () => {
    expect(format('messages.pot').targetName?.('messages.kbd.pot')).toBe('messages.kbd.po');
  });
});

describe('XLIFF', () => {
  test('1.2: targets added on the source’s indentation, existing ones replaced, target-language set, inline tags kept', () => {
    const xlf = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<xliff version="1.2"><file source-language="en" datatype="plaintext" original="a">',
      '<body>',
      '  <trans-unit id="greeting">',
      '    <source>Hello <g id="1">dear</g> &amp; welcome</source>',
      '  </trans-unit>',
      '  <trans-unit id="bye"><source>Bye</source><target state="new">old</target></trans-unit>',
      '</body></file></xliff>',
    ].join('\n');
    const file = format('app.xlf');
    const out = translate(file, xlf);
    expect(out).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<xliff version="1.2"><file source-language="en" datatype="plaintext" original="a" target-language="kbd">',
        '<body>',
        '  <trans-unit id="greeting">',
        '    <source>Hello <g id="1">dear</g> &amp; welcome</source>',
        '    <target>HELLO <g id="1">DEAR</g> &amp; WELCOME</target>',
        '  </trans-unit>',
        '  <trans-unit id="bye"><source>Bye</source><target state="new">BYE</target></trans-unit>',
        '</body></file></xliff>',
      ].join('\n'),
    );
    expect(Object.fromEntries(file.translations(out))).toEqual({ greeting: 'HELLO <g id="1">DEAR</g> &amp; WELCOME', bye: 'BYE' });
  });

  test('2.0: each segment’s target, trgLang set; what the model writes is escaped', () => {
    const xlf =
      '<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en">\n<file id="f"><unit id="u1"><segment><source>Tom <ph id="1"/> Jerry</source></segment><segment><source>Two</source></segment></unit></file></xliff>';
    const file = format('app.xliff');
    const out = file.rebuild(xlf, (_key, text) => (text === 'Two' ? 'a < b & c' : text), { target: 'ru' });
    expect(out).toContain('srcLang="en" trgLang="ru">');
    expect(out).toContain('<source>Tom <ph id="1"/> Jerry</source><target>Tom <ph id="1"/> Jerry</target>');
    expect(file.escape?.('a < b & c ⟦0⟧')).toBe('a &lt; b &amp; c ⟦0⟧');
    expect([...file.translations(out).keys()]).toEqual(['u1/1', 'u1/2']);
  });
});

describe('YAML', () => {
  const yaml = [
    '# Rails locale',
    'en:',
    '  greeting: Hello %{name}',
    '  count: 3',
    '  enabled: true',
    '  menu:',
    "    open: 'Open ''this'' file' # a comment",
    '    quoted: "Say \\"hi\\""',
    '    list:',
    '      - First item',
    '      - &anchor Second',
    '  notes: |',
    '    translated as well',
    '  colon: Ends here',
    '',
  ].join('\n');

  test('values and block scalars translated, keys, comments, numbers and anchors kept, the root language key renamed', () => {
    const file = format('config/locales/en.yml');
    const out = translate(file, yaml, 'kbd');
    expect(out).toBe(
      [
        '# Rails locale',
        'kbd:',
        '  greeting: HELLO %{name}',
        '  count: 3',
        '  enabled: true',
        '  menu:',
        "    open: 'OPEN ''THIS'' FILE' # a comment",
        '    quoted: "SAY \\"HI\\""',
        '    list:',
        '      - FIRST ITEM',
        '      - &anchor Second',
        '  notes: |',
        '    TRANSLATED AS WELL',
        '  colon: ENDS HERE',
        '',
      ].join('\n'),
    );
    expect([...file.translations(out).keys()]).toEqual(['greeting', 'menu.open', 'menu.quoted', 'menu.list.0', 'notes', 'colon']);
    expect(file.translations(out).get('menu.open')).toBe("OPEN 'THIS' FILE");
    expect(maskPlaceholders('Hello %{name}', file.protect).parts).toEqual(['%{name}']);
    expect(file.units(yaml).map((unit) => unit.key)).toEqual([...file.translations(out).keys()]);
  });
});
