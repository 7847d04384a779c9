// The translation memory in Strapi's own database (`circassian_memory_units`), so every instance
// on the database shares it. It is core's TranslationMemory: units match by core's memoryKey, found
// by its hash with the pair (`keyHash`, UNIQUE: memory-table.ts), a lookup is one query per
// LOOKUP_CHUNK texts, and what a store keeps is decided by core's own index (a machine unit never
// replaces a human one; a replaced unit keeps its creation date and uses), fed with the rows the
// store touches, so the rule lives in one place. The table's SQL, the setup of its index and the
// statistics' GROUP BY are in utils/memory-table*.ts.
import { InMemoryTranslationMemory, unitCharacters } from '@circassian/core';
import type { LanguagePair, MemoryOrigin, MemoryStats, MemoryUnit, MemoryUnitInput, PairStats, StoreResult } from '@circassian/core';
import { memoryKey } from '@circassian/core';
import type { Strapi } from '../strapi';
import type { MemoryService } from '../types/services';
import { memoryHash } from '../utils/memory-hash';
import { memoryTable, type MemoryRow, type MemoryRowData } from '../utils/memory-table';

/** Keys per query: well under every database's limit on bound parameters (SQLite's 32,766). */
const LOOKUP_CHUNK = 500;
/** Rows read per page when the whole memory is walked (an export); rows written per INSERT. */
const PAGE = 500;

const pairOf = (unit: Pick<MemoryUnit, 'sourceLang' | 'targetLang'>): LanguagePair => ({
  source: unit.sourceLang,
  target: unit.targetLang,
});

function unitOf(row: MemoryRow): MemoryUnit {
  return {
    sourceLang: row.sourceLang as MemoryUnit['sourceLang'],
    targetLang: row.targetLang as MemoryUnit['targetLang'],
    source: row.sourceText,
    target: row.targetText,
    origin: row.origin as MemoryOrigin,
    created: row.unitCreated,
    ...(row.unitChanged ? { changed: row.unitChanged } : {}),
    ...(row.creator ? { creator: row.creator } : {}),
    usageCount: row.usageCount,
  };
}

function rowOf(unit: MemoryUnit, keyHash: string): MemoryRowData {
  return {
    sourceLang: unit.sourceLang,
    targetLang: unit.targetLang,
    sourceKey: memoryKey(unit.source),
    keyHash,
    sourceText: unit.source,
    targetText: unit.target,
    origin: unit.origin,
    creator: unit.creator ?? null,
    unitCreated: unit.created,
    unitChanged: unit.changed ?? null,
    usageCount: unit.usageCount,
    characters: unitCharacters(unit),
  };
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

const groupByPair = <T extends Pick<MemoryUnit, 'sourceLang' | 'targetLang'>>(units: readonly T[]): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const unit of units) {
    const id = `${unit.sourceLang}:${unit.targetLang}`;
    const group = groups.get(id);
    if (group) group.push(unit);
    else groups.set(id, [unit]);
  }
  return groups;
};

export default ({ strapi }: { strapi: Strapi }): MemoryService => {
  const table = () => memoryTable(strapi);

  /** The rows of these key hashes, by hash (the UNIQUE index keeps one per hash). */
  const rowsByHash = async (hashes: readonly string[]): Promise<Map<string, MemoryRow>> => {
    const found = new Map<string, MemoryRow>();
    for (const part of chunks([...new Set(hashes)], LOOKUP_CHUNK))
      for (const row of await table().byHashes(part)) if (row.keyHash && !found.has(row.keyHash)) found.set(row.keyHash, row);
    return found;
  };

  /** Stores one pair's units: changed rows updated; new ones returned (by hash) for the caller to insert in order. */
  const storePair = async (
    pair: LanguagePair,
    inputs: readonly MemoryUnitInput[],
  ): Promise<StoreResult & { created: Map<string, MemoryRowData> }> => {
    const existing = await rowsByHash(inputs.map((input) => memoryHash(pair, input.source)));
    // Core's index decides: seeded with the stored rows, given the new units, it holds what should be kept.
    const index = new InMemoryTranslationMemory([...existing.values()].map(unitOf));
    const result = await index.store(inputs);
    const created = new Map<string, MemoryRowData>();
    for await (const unit of index.units()) {
      const hash = memoryHash(pair, unit.source);
      const row = rowOf(unit, hash);
      const before = existing.get(hash);
      if (!before) {
        created.set(hash, row);
        continue;
      }
      const was = rowOf(unitOf(before), hash);
      const { usageCount: _uses, ...now } = row;
      const { usageCount: _before, ...then } = was;
      if (JSON.stringify(now) !== JSON.stringify(then)) await table().update(before.id, row);
      // An import's uses are added in the database, beside any another instance counts meanwhile.
      await table().addUses([hash], row.usageCount - was.usageCount);
    }
    return { ...result, created };
  };

  return {
    async lookup(pair, sources) {
      const hashes = sources.map((source) => memoryHash(pair, source));
      const found = await rowsByHash(hashes);
      return hashes.map((hash) => {
        const row = found.get(hash);
        return row ? unitOf(row) : undefined;
      });
    },

    async store(units) {
      let stored = 0;
      let keptHuman = 0;
      const created = new Map<string, MemoryRowData>();
      for (const group of groupByPair(units).values()) {
        const first = group[0];
        if (!first) continue;
        const result = await storePair(pairOf(first), group);
        stored += result.stored;
        keptHuman += result.keptHuman;
        for (const [hash, row] of result.created) created.set(hash, row);
      }
      // New rows go in in the order given, pairs interleaved as they came, so an export (in stored
      // order) imported into an empty memory exports the same bytes.
      const ordered: MemoryRowData[] = [];
      for (const unit of units) {
        const hash = memoryHash(pairOf(unit), unit.source);
        const row = created.get(hash);
        if (row) ordered.push(row);
        created.delete(hash);
      }
      for (const part of chunks(ordered, PAGE)) await table().insert(part);
      return { stored, keptHuman };
    },

    async recordUse(pair, sources) {
      const uses = new Map<string, number>();
      for (const source of sources) {
        const hash = memoryHash(pair, source);
        uses.set(hash, (uses.get(hash) ?? 0) + 1);
      }
      // Keys that gain the same count are one UPDATE ... SET uses = uses + n; usually that is all of them.
      const byCount = new Map<number, string[]>();
      for (const [hash, count] of uses) {
        const hashes = byCount.get(count);
        if (hashes) hashes.push(hash);
        else byCount.set(count, [hash]);
      }
      for (const [count, hashes] of byCount) for (const part of chunks(hashes, LOOKUP_CHUNK)) await table().addUses(part, count);
    },

    async clear(pair) {
      return table().remove(pair);
    },

    async stats(): Promise<MemoryStats> {
      // Grouped by the database; the saved characters are the rows' uses times their characters,
      // counted when stored by core's own rule (unitCharacters), as core's stores count them.
      const pairs = new Map<
        string,
        { source: string; target: string; units: number; byOrigin: Record<MemoryOrigin, number>; savedCharacters: number }
      >();
      for (const group of await table().groups()) {
        const id = `${group.sourceLang}:${group.targetLang}`;
        const pair = pairs.get(id) ?? {
          source: group.sourceLang,
          target: group.targetLang,
          units: 0,
          byOrigin: { machine: 0, human: 0 },
          savedCharacters: 0,
        };
        pair.units += group.units;
        if (group.origin === 'machine' || group.origin === 'human') pair.byOrigin[group.origin] += group.units;
        pair.savedCharacters += group.savedCharacters;
        pairs.set(id, pair);
      }
      const sorted = [...pairs.values()].sort(
        (a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target),
      ) as PairStats[];
      return {
        units: sorted.reduce((sum, pair) => sum + pair.units, 0),
        savedCharacters: sorted.reduce((sum, pair) => sum + pair.savedCharacters, 0),
        pairs: sorted,
      };
    },

    async *units() {
      // Ids only grow, so a store during the walk is seen or not, never twice.
      for (let after = 0; ;) {
        const page = await table().page(after, PAGE);
        yield* page.map(unitOf);
        if (page.length < PAGE) return;
        after = page[page.length - 1]?.id ?? after;
      }
    },
  };
};
