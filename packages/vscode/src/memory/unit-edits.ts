// One memory unit at a time (issue 33): a person corrects a unit's translation or removes that one
// unit, from the search (Search Translation Memory) or the review (Review Translation Memory),
// without exporting, editing the TMX by hand and importing it back. The questions are asked by the
// commands; this is what the memory does with the answers, VS Code-free so vitest holds it.
import { unitAuthor, type MemoryFilter, type MemoryUnit, type TranslationMemory } from '@circassian/core';

/** A date as TMX writes it and units carry it: ISO 8601 UTC to the second. */
const asTmxDate = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

/** The unit's identity, and whose suggestion it is: a filter that takes this unit and no other. */
function onlyThis(unit: MemoryUnit): MemoryFilter {
  const author = unitAuthor(unit);
  return {
    pair: { source: unit.sourceLang, target: unit.targetLang },
    context: unit.context ?? '',
    sources: [unit.source],
    origin: unit.origin,
    suggestion: unit.suggestion === true,
    // Suggestions are kept per creator: another person's suggestion of the same text stays.
    ...(unit.suggestion && author !== undefined ? { by: author } : {}),
  };
}

/**
 * The unit with `target` as its translation, now a `human` unit changed by `author` at `now`; its
 * provenance (creator, creation date, where, context) kept. A reviewed unit, which a human unit
 * never replaces by the memory's rules, is taken out first: the person chose to change it.
 * Resolves with the unit as stored.
 */
export async function editUnitTarget(
  memory: TranslationMemory,
  unit: MemoryUnit,
  target: string,
  author: string,
  now = new Date(),
): Promise<MemoryUnit> {
  const { usageCount: _uses, suggestion: _suggestion, ...kept } = unit;
  const edited = { ...kept, target: target.trim(), origin: 'human' as const, changer: author, changed: asTmxDate(now) };
  const result = await memory.store([edited]);
  if (result.stored === 0) {
    // Kept out (a reviewed unit, or one changed later in the same second): this one unit goes, the edit takes its place.
    await memory.remove(onlyThis(unit));
    await memory.store([edited]);
  }
  if (unit.suggestion) await memory.remove(onlyThis(unit));
  const [stored] = await memory.lookup({ source: unit.sourceLang, target: unit.targetLang }, [unit.source], {
    contexts: [unit.context],
  });
  return stored ?? { ...edited, usageCount: 0 };
}

/** Removes this one unit (another person's suggestion of the same text stays); resolves with how many went (0 or 1). */
export function removeUnit(memory: TranslationMemory, unit: MemoryUnit): Promise<number> {
  return memory.remove(onlyThis(unit));
}
