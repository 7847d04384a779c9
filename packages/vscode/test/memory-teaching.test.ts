import { describe, expect, test } from 'vitest';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { correctionPair, corrections, linesUp } from '../src/logic/memory-teaching';

const json = formatFor('en.json') as FileFormat;
const xliff = formatFor('messages.xlf') as FileFormat;

describe('what a hand edit teaches the memory', () => {
  test('the pair is masked as Translate File sends it, a moved placeholder keeping its number', () => {
    expect(correctionPair(json, 'Hello {name}, you have %s new messages', '%s тхылъ, {name}')).toEqual({
      source: 'Hello ⟦0⟧, you have ⟦1⟧ new messages',
      target: '⟦1⟧ тхылъ, ⟦0⟧',
    });
  });

  test('an edit that lost or added a placeholder teaches nothing', () => {
    expect(correctionPair(json, 'Hello {name}', 'Сэлам')).toBeUndefined();
    expect(correctionPair(json, 'Hello', 'Сэлам {name}')).toBeUndefined();
  });

  test('XLIFF: the correction is kept as the model’s answer, so escaping it gives the edited XML back', () => {
    const pair = correctionPair(xliff, 'Save <x id="1"/> now', 'ЕгъэтӀылъ <x id="1"/> иджыпсту');
    expect(pair?.target).toMatch(/^ЕгъэтӀылъ ⟦0⟧ иджыпсту$/);
  });

  test('only texts changed since the run wrote them, never one left in the source language', () => {
    const found = corrections(
      json,
      { a: 'машина', b: 'машина 2', c: 'Untouched' },
      { a: 'One', b: 'Two', c: 'Untouched' },
      new Map([
        ['a', 'человек'],
        ['b', 'машина 2'],
        ['c', 'Untouched'],
      ]),
    );
    expect(found).toEqual([{ key: 'a', text: 'человек', pair: { source: 'One', target: 'человек' } }]);
  });
});

describe('Markdown teaches by paragraph only while the file lines up with its source', () => {
  const markdown = formatFor('notes.md') as FileFormat;
  const source = '# Village news\n\nThe bridge opens on Monday.\n\nThe school fair is on Sunday.\n';
  const languages = { source: 'en', target: 'kbd' };
  const output = markdown.rebuild(source, (_key, text) => `[kbd] ${text}`, { target: 'kbd', source: 'en' });
  const written = Object.fromEntries(markdown.translations(output));
  const sources = Object.fromEntries(markdown.units(source).map((unit) => [unit.key, unit.text]));

  test('an edited paragraph, the rest in place: taught, that paragraph only', () => {
    const saved = output.replace('[kbd] The bridge opens on Monday.', 'Лъэмыжыр блыщхьэуэ къызэӀуахынущ.');
    const current = markdown.translations(saved);
    expect(linesUp(markdown, source, current, saved, languages)).toBe(true);
    expect(corrections(markdown, written, sources, current).map((found) => found.pair)).toEqual([
      { source: 'The bridge opens on Monday.', target: 'Лъэмыжыр блыщхьэуэ къызэӀуахынущ.' },
    ]);
  });

  test('a paragraph added above shifts the others: nothing lines up, nothing is taught', () => {
    const saved = output.replace('[kbd] The bridge', 'Хъыбар щӀэ.\n\n[kbd] The bridge');
    const current = markdown.translations(saved);
    expect(corrections(markdown, written, sources, current).length).toBeGreaterThan(0);
    expect(linesUp(markdown, source, current, saved, languages)).toBe(false);
  });
});

describe('each kind of file teaches the edited unit by what names it, also when the file moved around it', () => {
  /** Per format: the source, a correction of one unit's translation, and a change of the file elsewhere that must not matter. */
  const cases = [
    {
      name: 'en.yml',
      source: 'en:\n  greeting: Hello there\n  bye: "See you soon"\n',
      key: 'bye',
      edit: (output: string) => output.replace('[kbd] See you soon', 'ИгъащӀэкӀэ').replace(/^(kbd:\n)(.*\n)(.*\n)$/u, '$1$3$2'),
      pair: { source: 'See you soon', target: 'ИгъащӀэкӀэ' },
    },
    {
      name: 'messages.po',
      source: 'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgctxt "menu"\nmsgid "Open"\nmsgstr ""\n\nmsgid "Open"\nmsgstr ""\n',
      key: 'menu\u0004Open',
      // The menu's "Open" corrected (the first), the same msgid without a context left: msgctxt and msgid name the entry.
      edit: (output: string) => output.replace('msgstr "[kbd] Open"', 'msgstr "Зэгуэхын"'),
      pair: { source: 'Open', target: 'Зэгуэхын' },
    },
    {
      name: 'messages.xlf',
      source:
        '<?xml version="1.0"?>\n<xliff version="1.2"><file source-language="en" datatype="plaintext" original="x"><body>\n<trans-unit id="save"><source>Save now</source></trans-unit>\n<trans-unit id="quit"><source>Quit the app</source></trans-unit>\n</body></file></xliff>\n',
      key: 'quit',
      edit: (output: string) => {
        const edited = output.replace('[kbd] Quit the app', 'ИкӀыж');
        // The units reordered by a tool: the id still names each.
        const save = /<trans-unit id="save">[\s\S]*?<\/trans-unit>\n/u.exec(edited)?.[0] ?? '';
        return edited.replace(save, '').replace('</body>', `${save}</body>`);
      },
      pair: { source: 'Quit the app', target: 'ИкӀыж' },
    },
    {
      name: 'talk.srt',
      source: '1\n00:00:01,000 --> 00:00:02,000\nHello there\n\n2\n00:00:03,000 --> 00:00:04,000\nGood night\n',
      key: '00:00:03,000-->00:00:04,000',
      // Cues renumbered by a subtitle editor: the timing names the cue.
      edit: (output: string) => output.replace('[kbd] Good night', 'Жэщ махуэ').replace(/^1\n/u, '10\n').replace(/\n2\n/u, '\n20\n'),
      pair: { source: 'Good night', target: 'Жэщ махуэ' },
    },
    {
      name: 'talk.vtt',
      source: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there\n\nintro\n00:00:03.000 --> 00:00:04.000\nGood night\n',
      key: '00:00:01.000-->00:00:02.000',
      edit: (output: string) => output.replace('[kbd] Hello there', 'Сэлам').replace('\nintro\n', '\nopening\n'),
      pair: { source: 'Hello there', target: 'Сэлам' },
    },
  ];

  test.each(cases)('$name: the edited unit, by its name', ({ name, source, key, edit, pair }) => {
    const format = formatFor(name) as FileFormat;
    const output = format.rebuild(source, (_key, text) => `[kbd] ${text}`, { target: 'kbd', source: 'en' });
    const written = Object.fromEntries(format.translations(output));
    const sources = Object.fromEntries(format.units(source).map((unit) => [unit.key, unit.text]));
    const saved = edit(output);
    expect(saved).not.toBe(output);
    const current = format.translations(saved);
    expect(linesUp(format, source, current, saved, { source: 'en', target: 'kbd' })).toBe(true);
    expect(corrections(format, written, sources, current).map((found) => ({ key: found.key, pair: found.pair }))).toEqual([{ key, pair }]);
  });
});
