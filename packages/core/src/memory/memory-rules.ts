/**
 * The rules every store follows, pure, in one place (the stores in this package, and a host's
 * store that seeds core's index with its rows, follow them by calling these; PHP is held to them by
 * shared/vectors/memory-rules.json):
 * - strength: reviewed > human > machine; a weaker unit never replaces a stronger one;
 * - within one origin the newer (`changed ?? created`) wins, so an import of an older unit never
 *   replaces a newer one; at the same second the one stored last wins (a correction just made);
 * - a replacement is a change of the unit: it keeps the first unit's creation (`created`,
 *   `creator`) and uses, and records its own date and author as `changed`/`changer`.
 * Suggestions are compared only with the same creator's suggestion, by the same rules; they never
 * touch the authoritative unit (memory-index.ts).
 */
import { MEMORY_ORIGINS, type MemoryOrigin, type MemoryUnit } from './types.js';

/** 0 for machine, 1 for human, 2 for reviewed. */
export function originStrength(origin: MemoryOrigin): number {
  return MEMORY_ORIGINS.indexOf(origin);
}

/** When the unit's translation was last written, in ms (the newer-wins rule compares these). */
export function unitDate(unit: Pick<MemoryUnit, 'created' | 'changed'>): number {
  return Date.parse(unit.changed ?? unit.created);
}

/** Who wrote the unit's translation as it is now: its changer, else its creator. */
export function unitAuthor(unit: Pick<MemoryUnit, 'creator' | 'changer'>): string | undefined {
  return unit.changer ?? unit.creator;
}

/** What a store does with a unit given the unit it holds in the same place (the authoritative one, or the same creator's suggestion). */
export type StoreDecision = 'store' | 'same' | 'kept-human' | 'kept-reviewed' | 'kept-newer';

/** `incoming` is complete (dates filled in), as the store would keep it. */
export function decideStore(existing: MemoryUnit | undefined, incoming: MemoryUnit): StoreDecision {
  if (existing === undefined) return 'store';
  if (existing.target === incoming.target && existing.origin === incoming.origin) return 'same';
  const strength = originStrength(incoming.origin) - originStrength(existing.origin);
  if (strength > 0) return 'store';
  if (strength < 0) return incoming.origin === 'machine' ? 'kept-human' : 'kept-reviewed';
  return unitDate(incoming) < unitDate(existing) ? 'kept-newer' : 'store';
}

/** The unit a store keeps when `incoming` replaces `existing`: the first unit's creation and uses, the new translation's change. */
export function replacement(
  existing: MemoryUnit,
  incoming: MemoryUnit,
  input: { readonly changed?: string; readonly created?: string },
  now: string,
): MemoryUnit {
  const { creator: _creator, changer: _changer, changed: _changed, ...rest } = incoming;
  const creator = existing.creator ?? incoming.creator;
  const changer = unitAuthor(incoming);
  return {
    ...rest,
    ...(existing.where !== undefined && incoming.where === undefined ? { where: existing.where } : {}),
    created: existing.created,
    changed: input.changed ?? input.created ?? now,
    ...(creator !== undefined ? { creator } : {}),
    ...(changer !== undefined && changer !== creator ? { changer } : {}),
    usageCount: existing.usageCount + incoming.usageCount,
  };
}

/** Orders units as recall prefers them: the stronger origin first, then the newer translation. */
export function strongerFirst(a: MemoryUnit, b: MemoryUnit): number {
  return originStrength(b.origin) - originStrength(a.origin) || unitDate(b) - unitDate(a);
}
