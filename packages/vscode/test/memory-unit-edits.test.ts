// One memory unit at a time (src/memory/unit-edits.ts): an edit makes the unit a human unit by the
// person who edited it, its provenance kept, whatever its origin was (a reviewed unit too, which the
// memory's rules keep from a human unit); a removal takes that one unit and nothing of the same text
// in another pair, context or person's suggestion.
import { InMemoryTranslationMemory, type MemoryUnit, type MemoryUnitInput } from '@circassian/core';
import { expect, test } from 'vitest';
import { editUnitTarget, removeUnit } from '../src/memory/unit-edits';

const base = {
  sourceLang: 'ru',
  targetLang: 'kbd',
  source: 'Доброе утро',
  created: '2026-11-02T08:00:00Z',
  creator: 'circassian-vscode',
  where: 'docs/intro.md',
} as const;

async function all(memory: InMemoryTranslationMemory): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const unit of memory.units()) units.push(unit);
  return units;
}

for (const origin of ['machine', 'human', 'reviewed'] as const) {
  test(`a ${origin} unit edited: a human unit by the editor, changed now, its creator, date, where and context kept`, async () => {
    const memory = new InMemoryTranslationMemory([{ ...base, target: 'Пщэддджыжь фӀыуэ', origin, context: 'greeting' }]);
    const [unit] = await all(memory);
    const edited = await editUnitTarget(
      memory,
      unit as MemoryUnit,
      '  Уи пщэддджыжь фӀыуэ ',
      'Amina',
      new Date('2026-12-07T09:00:00.400Z'),
    );
    expect(edited).toMatchObject({
      ...base,
      context: 'greeting',
      target: 'Уи пщэддджыжь фӀыуэ',
      origin: 'human',
      changer: 'Amina',
      changed: '2026-12-07T09:00:00Z',
    });
    expect(await all(memory)).toHaveLength(1);
  });
}

test('removing one unit leaves the same text in another pair, another context and another person’s suggestion', async () => {
  const units: MemoryUnitInput[] = [
    { ...base, target: 'Пщэддджыжь фӀыуэ', origin: 'human' },
    { ...base, target: 'Пщэддджыжь фӀыуэ', origin: 'human', targetLang: 'ady' },
    { ...base, target: 'Пщэддджыжь фӀыуэ', origin: 'human', context: 'greeting' },
    { ...base, target: 'Уи пщэддджыжь фӀыуэ', origin: 'human', suggestion: true, creator: 'Zalina' },
  ];
  const memory = new InMemoryTranslationMemory(units);
  const [first] = await all(memory);
  expect(await removeUnit(memory, first as MemoryUnit)).toBe(1);
  expect(
    (await all(memory)).map((unit) => `${unit.targetLang} ${unit.context ?? '-'} ${unit.suggestion ? 'suggestion' : ''}`).sort(),
  ).toEqual(['ady - ', 'kbd - suggestion', 'kbd greeting ']);
});

test('a suggestion removed: that person’s only', async () => {
  const memory = new InMemoryTranslationMemory([
    { ...base, target: 'Пщэддджыжь фӀыуэ', origin: 'human' },
    { ...base, target: 'Уи пщэддджыжь фӀыуэ', origin: 'human', suggestion: true, creator: 'Zalina' },
    { ...base, target: 'Пщэдджыжь фӀыуэ', origin: 'human', suggestion: true, creator: 'Murat' },
  ]);
  const suggestion = (await all(memory)).find((unit) => unit.creator === 'Zalina');
  expect(await removeUnit(memory, suggestion as MemoryUnit)).toBe(1);
  expect((await all(memory)).map((unit) => unit.creator)).toEqual(['circassian-vscode', 'Murat']);
});
