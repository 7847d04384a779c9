import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import { formatTemplate } from '../src/logic/error-messages';
import { fileRunSummary, planFileRun } from '../src/logic/file-run-plan';

const json = formatFor('en.json');
const units = json?.units(JSON.stringify({ title: 'Good morning', only: '{name}', size: 'OK' })) ?? [];
const said = (translated: number, kept: number): string =>
  formatTemplate(fileRunSummary({ translated, kept }).template, ['en.kbd.json', translated, kept]);

describe('Translate File’s run: what is sent and what the closing line says', () => {
  test('a first run keeps nothing from a last run, even with a text that has no words (it read “1 kept from the last run”)', () => {
    const plan = planFileRun(units, json?.protect, {}, new Map());
    expect(plan.pending.map((item) => item.key)).toEqual(['title', 'size']);
    expect(plan.result.get('only')).toBe('{name}');
    expect(plan.keptFromLastRun).toBe(0);
    expect(said(2, plan.keptFromLastRun)).toBe('en.kbd.json: 2 texts translated.');
    expect(said(1, 0)).toBe('en.kbd.json: 1 text translated.');
  });

  test('a second run keeps unchanged texts (hand edits too), also one that moved, and says how many', () => {
    const remembered = { title: 'Good morning', size: 'Old size', moved: 'OK' };
    const previous = new Map([
      ['title', 'Hand-edited morning'],
      ['size', 'old'],
      ['moved', 'Хъунщ'],
    ]);
    const plan = planFileRun(units, json?.protect, remembered, previous);
    expect(plan.pending).toEqual([]);
    expect(plan.result.get('title')).toBe('Hand-edited morning');
    expect(plan.result.get('size')).toBe('Хъунщ');
    expect(plan.keptFromLastRun).toBe(2);
    expect(said(0, 2)).toBe('en.kbd.json: nothing new to translate, 2 kept from the last run.');
    expect(said(3, 2)).toBe('en.kbd.json: 3 texts translated, 2 kept from the last run.');
  });
});
