// The translation memory in Strapi's own database (`circassian_memory_units`), so every instance
// on the database shares it. It is core's TranslationMemory: units match by core's memoryKey (kept
// in `sourceKey`), a lookup is one query per language pair and up to LOOKUP_CHUNK texts (`$in` on
// the keys), and what a store keeps is decided by core's own index (a machine unit never replaces
// a human one; a replaced unit keeps its creation date and uses), fed with the rows the store
// touches, so the rule lives in one place.
import { InMemoryTranslationMemory, memoryKey } from '@circassian/core';
import type { LanguagePair, MemoryOrigin, MemoryStats, MemoryUnit, MemoryUnitInput, StoreResult } from '@circassian/core';
import { MEMORY_UID } from '../constants';
import type { Strapi } from '../strapi';
import type { MemoryService } from '../types/services';

/** Keys per query: well under every database's limit on bound parameters (SQLite's 32,766). */
const LOOKUP_CHUNK = 500;
/** Rows read per page when the whole memory is walked (an export, the statistics). */
const PAGE = 500;

type Row = Record<string, unknown>;

const pairOf = (unit: Pick<MemoryUnit, 'sourceLang' | 'targetLang'>): LanguagePair => ({
  source: unit.sourceLang,
  target: unit.targetLang,
});
const pairWhere = (pair: LanguagePair) => ({ sourceLang: pair.source, targetLang: pair.target });

function unitOf(row: Row): MemoryUnit {
  return {
    sourceLang: row.sourceLang as MemoryUnit['sourceLang'],
    targetLang: row.targetLang as MemoryUnit['targetLang'],
    source: row.sourceText as string,
    target: row.targetText as string,
    origin: row.origin as MemoryOrigin,
    created: row.unitCreated as string,
    ...(row.unitChanged ? { changed: row.unitChanged as string } : {}),
    ...(row.creator ? { creator: row.creator as string } : {}),
    usageCount: Number(row.usageCount ?? 0),
  };
}

function rowOf(unit: MemoryUnit): Row {
  return {
    sourceLang: unit.sourceLang,
    targetLang: unit.targetLang,
    sourceKey: memoryKey(unit.source),
    sourceText: unit.source,
    targetText: unit.target,
    origin: unit.origin,
    creator: unit.creator ?? null,
    unitCreated: unit.created,
    unitChanged: unit.changed ?? null,
    usageCount: unit.usageCount,
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
  const rows = () => strapi.db.query(MEMORY_UID);

  /** The rows of `pair` whose key is one of `keys`, by key (the first row of a key wins). */
  const rowsByKey = async (pair: LanguagePair, keys: readonly string[]): Promise<Map<string, Row>> => {
    const found = new Map<string, Row>();
    for (const part of chunks([...new Set(keys)], LOOKUP_CHUNK)) {
      const matched = await rows().findMany({ where: { ...pairWhere(pair), sourceKey: { $in: part } }, orderBy: { id: 'asc' } });
      for (const row of matched) if (!found.has(row.sourceKey as string)) found.set(row.sourceKey as string, row);
    }
    return found;
  };

  /** Every row, page by page in the order stored (ids only grow, so a store during the walk is seen or not, never twice). */
  async function* allRows(where: Row = {}): AsyncGenerator<Row> {
    let after = 0;
    for (;;) {
      const page = await rows().findMany({ where: { ...where, id: { $gt: after } }, orderBy: { id: 'asc' }, limit: PAGE });
      yield* page;
      if (page.length < PAGE) return;
      after = page[page.length - 1]?.id as number;
    }
  }

  /** Stores one pair's units: changed rows updated; new ones returned (by key) for the caller to insert in order. */
  const storePair = async (
    pair: LanguagePair,
    inputs: readonly MemoryUnitInput[],
  ): Promise<StoreResult & { created: Map<string, Row> }> => {
    const existing = await rowsByKey(
      pair,
      inputs.map((input) => memoryKey(input.source)),
    );
    // Core's index decides: seeded with the stored rows, given the new units, it holds what should be kept.
    const index = new InMemoryTranslationMemory([...existing.values()].map(unitOf));
    const result = await index.store(inputs);
    const created = new Map<string, Row>();
    for await (const unit of index.units()) {
      const row = rowOf(unit);
      const before = existing.get(row.sourceKey as string);
      if (!before) created.set(row.sourceKey as string, row);
      else if (JSON.stringify(rowOf(unitOf(before))) !== JSON.stringify(row)) await rows().update({ where: { id: before.id }, data: row });
    }
    return { ...result, created };
  };

  return {
    async lookup(pair, sources) {
      const found = await rowsByKey(pair, sources.map(memoryKey));
      return sources.map((source) => {
        const row = found.get(memoryKey(source));
        return row ? unitOf(row) : undefined;
      });
    },

    async store(units) {
      let stored = 0;
      let keptHuman = 0;
      const created = new Map<string, Row>();
      for (const [id, group] of groupByPair(units)) {
        const first = group[0];
        if (!first) continue;
        const result = await storePair(pairOf(first), group);
        stored += result.stored;
        keptHuman += result.keptHuman;
        for (const [key, row] of result.created) created.set(`${id}|${key}`, row);
      }
      // New rows go in in the order given, pairs interleaved as they came, so an export (in stored
      // order) imported into an empty memory exports the same bytes.
      const ordered: Row[] = [];
      for (const unit of units) {
        const id = `${unit.sourceLang}:${unit.targetLang}|${memoryKey(unit.source)}`;
        const row = created.get(id);
        if (row) ordered.push(row);
        created.delete(id);
      }
      for (const part of chunks(ordered, PAGE)) await rows().createMany({ data: part });
      return { stored, keptHuman };
    },

    async recordUse(pair, sources) {
      const uses = new Map<string, number>();
      for (const source of sources) uses.set(memoryKey(source), (uses.get(memoryKey(source)) ?? 0) + 1);
      const found = await rowsByKey(pair, [...uses.keys()]);
      // Rows that end on the same count are one update; usually that is all of them.
      const byCount = new Map<number, number[]>();
      for (const [key, row] of found) {
        const count = Number(row.usageCount ?? 0) + (uses.get(key) ?? 0);
        const ids = byCount.get(count);
        if (ids) ids.push(row.id as number);
        else byCount.set(count, [row.id as number]);
      }
      for (const [usageCount, ids] of byCount)
        for (const part of chunks(ids, LOOKUP_CHUNK)) await rows().updateMany({ where: { id: { $in: part } }, data: { usageCount } });
    },

    async clear(pair) {
      return (await rows().deleteMany({ where: pair ? pairWhere(pair) : {} })).count;
    },

    async stats(): Promise<MemoryStats> {
      // Core's own statistics over the units (one rule for saved characters); the walk is paged.
      const units: MemoryUnit[] = [];
      for await (const row of allRows()) units.push(unitOf(row));
      return new InMemoryTranslationMemory(units).stats();
    },

    async *units() {
      for await (const row of allRows()) yield unitOf(row);
    },
  };
};
