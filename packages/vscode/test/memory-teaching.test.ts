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
