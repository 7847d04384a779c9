/**
 * The in-process index every store in this package keeps: units by pair and key, in the order
 * they were first stored, with the rule that a machine unit never replaces a human one. The
 * in-memory store is this index alone; the file store replays its journal into one.
 */
import { characterCount } from '../text/character-count.js';
import { memoryKey, splitSurroundingWhitespace } from './memory-key.js';
import type { LanguagePair, MemoryStats, MemoryUnit, MemoryUnitInput, PairStats, StoreResult } from './types.js';

export function pairId(pair: LanguagePair): string {
  return `${pair.source}:${pair.target}`;
}

/** Now as the memory writes dates: ISO 8601 UTC to the second. */
export function memoryNow(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

/** The unit as kept: texts without surrounding whitespace, the source in NFC, the bookkeeping filled in. */
export function completeUnit(input: MemoryUnitInput, now: string): MemoryUnit {
  return {
    ...input,
    source: splitSurroundingWhitespace(input.source).core.normalize('NFC'),
    target: splitSurroundingWhitespace(input.target).core,
    created: input.created ?? now,
    usageCount: input.usageCount ?? 0,
  };
}

/**
 * Characters one answer of `unit` keeps from the daily quota: its source plus its translation (the
 * service charges input plus output). A unit's saved characters are its uses times this.
 */
export function unitCharacters(unit: Pick<MemoryUnit, 'source' | 'target'>): number {
  return characterCount(unit.source) + characterCount(unit.target);
}

export class MemoryIndex {
  readonly #pairs = new Map<string, Map<string, MemoryUnit>>();

  lookup(pair: LanguagePair, sources: readonly string[]): (MemoryUnit | undefined)[] {
    const units = this.#pairs.get(pairId(pair));
    return sources.map((source) => units?.get(memoryKey(source)));
  }

  /**
   * Puts units in and returns those that changed the index (for a journal to write). A machine
   * unit never replaces a human one; a unit replacing another keeps its creation date and uses
   * and records the change date (the new unit's own date when it has one).
   */
  put(inputs: readonly MemoryUnitInput[], now: string): { result: StoreResult; changed: MemoryUnit[] } {
    const changed: MemoryUnit[] = [];
    let keptHuman = 0;
    for (const input of inputs) {
      const unit = completeUnit(input, now);
      const id = pairId({ source: unit.sourceLang, target: unit.targetLang });
      let units = this.#pairs.get(id);
      if (units === undefined) this.#pairs.set(id, (units = new Map()));
      const key = memoryKey(unit.source);
      const existing = units.get(key);
      if (existing?.origin === 'human' && unit.origin === 'machine') {
        keptHuman++;
        continue;
      }
      if (existing?.target === unit.target && existing.origin === unit.origin) continue;
      const kept: MemoryUnit =
        existing === undefined
          ? unit
          : {
              ...unit,
              created: existing.created,
              changed: input.changed ?? input.created ?? now,
              usageCount: existing.usageCount + (input.usageCount ?? 0),
            };
      units.set(key, kept);
      changed.push(kept);
    }
    return { result: { stored: changed.length, keptHuman }, changed };
  }

  /** Replaces units as they are (a journal's replay): no rule, no date filled in. */
  restore(unit: MemoryUnit): void {
    const id = pairId({ source: unit.sourceLang, target: unit.targetLang });
    let units = this.#pairs.get(id);
    if (units === undefined) this.#pairs.set(id, (units = new Map()));
    units.set(memoryKey(unit.source), unit);
  }

  /** Adds `count` uses to each source's unit; returns the sources that had one. */
  recordUse(pair: LanguagePair, sources: readonly string[], count = 1): string[] {
    const units = this.#pairs.get(pairId(pair));
    const used: string[] = [];
    for (const source of sources) {
      const key = memoryKey(source);
      const unit = units?.get(key);
      if (units === undefined || unit === undefined) continue;
      units.set(key, { ...unit, usageCount: unit.usageCount + count });
      used.push(source);
    }
    return used;
  }

  clear(pair?: LanguagePair): number {
    if (pair === undefined) {
      const removed = this.size;
      this.#pairs.clear();
      return removed;
    }
    const id = pairId(pair);
    const removed = this.#pairs.get(id)?.size ?? 0;
    this.#pairs.delete(id);
    return removed;
  }

  get size(): number {
    let size = 0;
    for (const units of this.#pairs.values()) size += units.size;
    return size;
  }

  *units(): IterableIterator<MemoryUnit> {
    for (const units of this.#pairs.values()) yield* units.values();
  }

  stats(): MemoryStats {
    const pairs: PairStats[] = [];
    for (const units of this.#pairs.values()) {
      const first = units.values().next().value;
      if (first === undefined) continue;
      const byOrigin = { machine: 0, human: 0 };
      let savedCharacters = 0;
      for (const unit of units.values()) {
        byOrigin[unit.origin]++;
        savedCharacters += unit.usageCount * unitCharacters(unit);
      }
      pairs.push({ source: first.sourceLang, target: first.targetLang, units: units.size, byOrigin, savedCharacters });
    }
    pairs.sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
    return {
      units: pairs.reduce((sum, pair) => sum + pair.units, 0),
      savedCharacters: pairs.reduce((sum, pair) => sum + pair.savedCharacters, 0),
      pairs,
    };
  }
}
