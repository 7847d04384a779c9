import { describe, expect, test } from 'vitest';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { correctionPair, corrections } from '../src/logic/memory-teaching';

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
