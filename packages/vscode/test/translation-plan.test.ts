import { describe, expect, test } from 'vitest';
import { planOutputEdits, planSegments, shiftRange } from '../src/logic/translation-plan';

const TEXT = 'first line\n  second line\r\nthird';

describe('planSegments', () => {
  test('a selection gives its own text; an empty selection gives its whole line without the line break', () => {
    expect(
      planSegments(TEXT, [
        { start: 0, end: 5 },
        { start: 14, end: 14 },
      ]),
    ).toEqual([
      { start: 0, end: 5, text: 'first' },
      { start: 11, end: 24, text: '  second line' },
    ]);
  });

  test('two cursors on one line give one segment, blank lines none, and a backwards selection is normalised', () => {
    expect(
      planSegments('a b\n\n', [
        { start: 0, end: 0 },
        { start: 2, end: 2 },
        { start: 4, end: 4 },
      ]),
    ).toEqual([{ start: 0, end: 3, text: 'a b' }]);
    expect(planSegments(TEXT, [{ start: 5, end: 0 }])).toEqual([{ start: 0, end: 5, text: 'first' }]);
  });

  test('a cursor on a line that also holds a selection gives the whole line once, so the edit has no overlapping ranges', () => {
    expect(
      planSegments(TEXT, [
        { start: 2, end: 6 },
        { start: 0, end: 0 },
      ]),
    ).toEqual([{ start: 0, end: 10, text: 'first line' }]);
    expect(
      planSegments(TEXT, [
        { start: 0, end: 0 },
        { start: 2, end: 6 },
      ]),
    ).toEqual([{ start: 0, end: 10, text: 'first line' }]);
  });

  test('segments keep the selections order, not the document order', () => {
    expect(
      planSegments(TEXT, [
        { start: 26, end: 31 },
        { start: 0, end: 5 },
      ]).map((segment) => segment.text),
    ).toEqual(['third', 'first']);
  });

  test('the last line without a line break is taken to the end of the text', () => {
    expect(planSegments(TEXT, [{ start: 27, end: 27 }])).toEqual([{ start: 26, end: 31, text: 'third' }]);
  });
});

describe('planOutputEdits', () => {
  const segments = planSegments(TEXT, [
    { start: 0, end: 5 },
    { start: 14, end: 14 },
  ]);

  test('replace writes each translation over its own segment', () => {
    expect(planOutputEdits(TEXT, segments, ['ONE', 'TWO'], 'replace', '\n')).toEqual([
      { start: 0, end: 5, newText: 'ONE' },
      { start: 11, end: 24, newText: 'TWO' },
    ]);
  });

  test('below inserts after the segment’s line with its indentation, and joins segments ending on one line', () => {
    expect(planOutputEdits(TEXT, segments, ['ONE', 'TWO'], 'below', '\r\n')).toEqual([
      { start: 10, end: 10, newText: '\r\nONE' },
      { start: 24, end: 24, newText: '\r\n  TWO' },
    ]);
    const twoOnOneLine = planSegments('ab cd', [
      { start: 0, end: 2 },
      { start: 3, end: 5 },
    ]);
    expect(planOutputEdits('ab cd', twoOnOneLine, ['X', 'Y'], 'below', '\n')).toEqual([{ start: 5, end: 5, newText: '\nX Y' }]);
  });
});

describe('shiftRange', () => {
  const range = { start: 10, end: 20 };

  test('an edit before the range moves it by the length change', () => {
    expect(shiftRange(range, { start: 0, end: 2, text: 'hello' })).toEqual({ start: 13, end: 23 });
    expect(shiftRange(range, { start: 10, end: 10, text: 'ab' })).toEqual({ start: 12, end: 22 });
  });

  test('an edit after the range leaves it; an edit inside or across it drops it', () => {
    expect(shiftRange(range, { start: 20, end: 25, text: '' })).toEqual(range);
    expect(shiftRange(range, { start: 12, end: 13, text: 'x' })).toBeUndefined();
    expect(shiftRange(range, { start: 5, end: 15, text: '' })).toBeUndefined();
  });
});
