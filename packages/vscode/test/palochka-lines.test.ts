import { normalizePalochka } from '@circassian/core/palochka';
import { describe, expect, test } from 'vitest';
import { changedLineSpan, PalochkaLines } from '../src/logic/palochka-lines';

function positions(lines: PalochkaLines): Array<[number, number, string]> {
  return [...lines.findings()].map((finding) => [finding.line, finding.start, finding.found]);
}

describe('PalochkaLines', () => {
  test('finds look-alikes per line with the core rules (Latin words, numbers and Roman numerals stay)', () => {
    const lines = new PalochkaLines();
    lines.appendLines(['кIуэ к1уэ', 'I read 1990 books', 'ХIХ лIэщIыгъуэ']);
    expect(positions(lines)).toEqual([
      [0, 1, 'I'],
      [0, 6, '1'],
      [2, 5, 'I'],
      [2, 8, 'I'],
    ]);
    expect(lines.count).toBe(4);
  });

  test('replacing lines rescans only them and shifts the lines after', () => {
    const lines = new PalochkaLines();
    lines.appendLines(['кIуэ', 'plain', 'щI']);
    lines.replaceLines(1, 1, ['new к|уэ', 'another']);
    expect(positions(lines)).toEqual([
      [0, 1, 'I'],
      [1, 5, '|'],
      [3, 1, 'I'],
    ]);
    lines.replaceLines(0, 1, ['']);
    expect(positions(lines)).toEqual([[2, 1, 'I']]);
    expect(lines.count).toBe(1);
  });

  test('the findings agree with normalizePalochka over a whole text', () => {
    const text = ['Сэ сыкIуэнущ, к1уэ.', 'Iэ щI «кIуэ» (щI)', 'iPhone 1С 1928гъэм'];
    const lines = new PalochkaLines({ target: 'U+04CF' });
    lines.appendLines(text);
    const fixed = text.map((line) => line.split(''));
    for (const finding of lines.findings()) (fixed[finding.line] as string[])[finding.start] = finding.replacement;
    expect(fixed.map((chars) => chars.join(''))).toEqual(text.map((line) => normalizePalochka(line, { target: 'U+04CF' })));
  });
});

describe('changedLineSpan', () => {
  test('one change: its old lines and the net line count', () => {
    expect(changedLineSpan([{ startLine: 3, endLine: 3, text: 'a\nb\n' }])).toEqual({ startLine: 3, oldEndLine: 3, lineDelta: 2 });
    expect(changedLineSpan([{ startLine: 2, endLine: 5, text: '' }])).toEqual({ startLine: 2, oldEndLine: 5, lineDelta: -3 });
  });

  test('several cursors: the union of their lines', () => {
    expect(
      changedLineSpan([
        { startLine: 1, endLine: 1, text: 'x' },
        { startLine: 7, endLine: 7, text: '\n' },
      ]),
    ).toEqual({ startLine: 1, oldEndLine: 7, lineDelta: 1 });
    expect(changedLineSpan([])).toBeUndefined();
  });
});
