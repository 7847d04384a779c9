// The translation memory in Strapi's own database (`circassian_memory_units`), so every instance
// on the database shares it. It is core's TranslationMemory with its provenance and teaching
// rights: a unit is machine, human or reviewed, or a suggestion by someone who may not teach
// (answering only them until someone accepts it); units match by core's memoryKey within their
// context, found by the identity's hash (`keyHash`, memory-hash.ts), one row per place (`slotHash`,
// UNIQUE). A lookup is one query per LOOKUP_CHUNK texts; what a store keeps is decided by core's
// own index (reviewed > human > machine, the newer within one origin, a replaced unit keeping its
// creation and uses), fed with the rows the store touches, so the rules live in one place. The
// table's SQL, the setup of its indexes and the statistics' GROUP BY are in utils/memory-table*.ts.
import { fuzzyWords, InMemoryTranslationMemory, memoryKey, NOTHING_STORED, unitCharacters } from '@circassian/core';
import type {
  LanguagePair,
  LookupOptions,
  MemoryOrigin,
  MemoryStats,
  MemoryUnit,
  MemoryUnitInput,
  PairStats,
  StoreResult,
} from '@circassian/core';
import type { Strapi } from '../strapi';
import type { MemoryService } from '../types/services';
import { memoryHash, slotHash } from '../utils/memory-hash';
import { foldedText, searchColumns } from '../utils/memory-fold';
import { memoryTable, type MemoryRow, type MemoryRowData } from '../utils/memory-table';

/** Keys per query: well under every database's limit on bound parameters (SQLite's 32,766). */
const LOOKUP_CHUNK = 500;
/** A near match's lowest percentage unless asked otherwise (core's default). */
const FUZZY_MIN = 75;
/**
 * Candidates a near-match lookup reads at most (those sharing the most words first): a text of
 * common words only could otherwise read a large part of its pair.
 */
const FUZZY_CANDIDATES = 2000;

/** Now as the memory writes dates: ISO 8601 UTC to the second, as TMX writes them. */
const memoryDate = (now = new Date()): string => `${now.toISOString().slice(0, 19)}Z`;

/** Rows read per page when the whole memory is walked (an export); rows written per INSERT. */
const PAGE = 500;

const pairOf = (unit: Pick<MemoryUnit, 'sourceLang' | 'targetLang'>): LanguagePair => ({
  source: unit.sourceLang,
  target: unit.targetLang,
});

/** A row as core's unit: absent provenance left out, as core keeps it. */
export function unitOf(row: MemoryRow): MemoryUnit {
  return {
    sourceLang: row.sourceLang as MemoryUnit['sourceLang'],
    targetLang: row.targetLang as MemoryUnit['targetLang'],
    source: row.sourceText,
    target: row.targetText,
    origin: row.origin as MemoryOrigin,
    created: row.unitCreated,
    ...(row.unitChanged ? { changed: row.unitChanged } : {}),
    ...(row.creator ? { creator: row.creator } : {}),
    ...(row.changer ? { changer: row.changer } : {}),
    ...(row.whereMade ? { where: row.whereMade } : {}),
    ...(row.context ? { context: row.context } : {}),
    ...(row.suggestion ? { suggestion: true } : {}),
    usageCount: row.usageCount,
  };
}

/** The hash of a unit's identity, and of its place. */
const hashesOf = (unit: MemoryUnit): { keyHash: string; slotHash: string } => {
  const keyHash = memoryHash(pairOf(unit), unit.source, unit.context);
  return { keyHash, slotHash: slotHash(keyHash, unit.suggestion ? unit.creator : undefined) };
};

function rowOf(unit: MemoryUnit): MemoryRowData {
  return {
    sourceLang: unit.sourceLang,
    targetLang: unit.targetLang,
    sourceKey: memoryKey(unit.source),
    ...searchColumns(unit.source, unit.target),
    ...hashesOf(unit),
    sourceText: unit.source,
    targetText: unit.target,
    origin: unit.origin,
    creator: unit.creator ?? null,
    changer: unit.changer ?? null,
    whereMade: unit.where ?? null,
    context: unit.context ?? null,
    suggestion: unit.suggestion === true,
    unitCreated: unit.created,
    unitChanged: unit.changed ?? null,
    usageCount: unit.usageCount,
    characters: unitCharacters(unit),
  };
}

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));

const addResults = (a: StoreResult, b: StoreResult): StoreResult => ({
  stored: a.stored + b.stored,
  keptHuman: a.keptHuman + b.keptHuman,
  keptReviewed: a.keptReviewed + b.keptReviewed,
  keptNewer: a.keptNewer + b.keptNewer,
  replacedReviewed: a.replacedReviewed + b.replacedReviewed,
});

export default ({ strapi }: { strapi: Strapi }): MemoryService => {
  const table = () => memoryTable(strapi);

  /** The rows of these identities (authoritative units and suggestions), by place. */
  const rowsByHash = async (hashes: readonly string[]): Promise<Map<string, MemoryRow>> => {
    const found = new Map<string, MemoryRow>();
    for (const part of chunks([...new Set(hashes)], LOOKUP_CHUNK))
      for (const row of await table().byHashes(part)) if (row.slotHash && !found.has(row.slotHash)) found.set(row.slotHash, row);
    return found;
  };

  /** Per source text, the unit that answers `options`' asker: their own suggestion, else the authoritative unit. */
  const answering = async (
    pair: LanguagePair,
    sources: readonly string[],
    options: LookupOptions = {},
  ): Promise<(MemoryRow | undefined)[]> => {
    const hashes = sources.map((source, i) => memoryHash(pair, source, options.contexts?.[i]));
    const rows = await rowsByHash(hashes);
    return hashes.map(
      (hash) => (options.asker !== undefined ? rows.get(slotHash(hash, options.asker)) : undefined) ?? rows.get(slotHash(hash)),
    );
  };

  /** Stores units: core's index, seeded with the rows in their places, decides; changed rows are updated, new ones returned for the caller to insert in order. */
  const storeSome = async (inputs: readonly MemoryUnitInput[]): Promise<StoreResult & { created: Map<string, MemoryRowData> }> => {
    const existing = await rowsByHash(inputs.map((input) => memoryHash(pairOf(input), input.source, input.context)));
    const index = new InMemoryTranslationMemory([...existing.values()].map(unitOf));
    const result = await index.store(inputs);
    const created = new Map<string, MemoryRowData>();
    const kept = new Set<string>();
    for await (const unit of index.units()) {
      const row = rowOf(unit);
      kept.add(row.slotHash);
      const before = existing.get(row.slotHash);
      if (!before) {
        created.set(row.slotHash, row);
        continue;
      }
      const { usageCount: _uses, ...now } = row;
      const { usageCount: _before, ...then } = rowOf(unitOf(before));
      if (JSON.stringify(now) !== JSON.stringify(then)) await table().update(before.id, row);
      // An import's uses are added in the database, beside any another instance counts meanwhile.
      await table().addUses([row.slotHash], row.usageCount - before.usageCount);
    }
    // A suggestion the index let go (its creator taught the text themselves, which answers them now).
    await table().removeIds([...existing.values()].filter((row) => row.slotHash && !kept.has(row.slotHash)).map((row) => row.id));
    return { ...result, created };
  };

  return {
    async lookup(pair, sources, options) {
      return (await answering(pair, sources, options)).map((row) => (row ? unitOf(row) : undefined));
    },

    async store(units) {
      let result: StoreResult = NOTHING_STORED;
      const created = new Map<string, MemoryRowData>();
      for (const part of chunks(units, LOOKUP_CHUNK)) {
        const { created: made, ...counts } = await storeSome(part);
        result = addResults(result, counts);
        for (const [slot, row] of made) created.set(slot, row);
      }
      // New rows go in in the order given, pairs interleaved as they came, so an export (in stored
      // order) imported into an empty memory exports the same bytes.
      const ordered = [...created.values()];
      for (const part of chunks(ordered, PAGE)) await table().insert(part);
      return result;
    },

    async recordUse(pair, sources, options) {
      // The asker's own suggestion is the unit that answered where they have one: read which.
      const slots =
        options?.asker === undefined
          ? sources.map((source, i) => slotHash(memoryHash(pair, source, options?.contexts?.[i])))
          : (await answering(pair, sources, options)).flatMap((row) => (row?.slotHash ? [row.slotHash] : []));
      const uses = new Map<string, number>();
      for (const slot of slots) uses.set(slot, (uses.get(slot) ?? 0) + 1);
      // Places that gain the same count are one UPDATE ... SET uses = uses + n; usually that is all of them.
      const byCount = new Map<number, string[]>();
      for (const [slot, count] of uses) {
        const group = byCount.get(count);
        if (group) group.push(slot);
        else byCount.set(count, [slot]);
      }
      for (const [count, group] of byCount) for (const part of chunks(group, LOOKUP_CHUNK)) await table().addUses(part, count);
    },

    async remove(filter) {
      return table().remove(filter);
    },

    async clear(pair) {
      return table().remove(pair ? { pair } : {});
    },

    async stats(): Promise<MemoryStats> {
      // Grouped by the database; the saved characters are the rows' uses times their characters,
      // counted when stored by core's own rule (unitCharacters), as core's stores count them.
      const pairs = new Map<string, { -readonly [K in keyof PairStats]: PairStats[K] } & { byOrigin: Record<MemoryOrigin, number> }>();
      for (const group of await table().groups()) {
        const id = `${group.sourceLang}:${group.targetLang}`;
        const pair = pairs.get(id) ?? {
          source: group.sourceLang as PairStats['source'],
          target: group.targetLang as PairStats['target'],
          units: 0,
          byOrigin: { machine: 0, human: 0, reviewed: 0 },
          suggestions: 0,
          savedCharacters: 0,
        };
        pair.units += group.units;
        if (group.suggestion) pair.suggestions += group.units;
        else if (group.origin === 'machine' || group.origin === 'human' || group.origin === 'reviewed')
          pair.byOrigin[group.origin] += group.units;
        pair.savedCharacters += group.savedCharacters;
        pairs.set(id, pair);
      }
      const sorted = [...pairs.values()].sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
      return {
        units: sorted.reduce((sum, pair) => sum + pair.units, 0),
        savedCharacters: sorted.reduce((sum, pair) => sum + pair.savedCharacters, 0),
        pairs: sorted,
      };
    },

    async *units() {
      // As core's stores give them: per identity in first-stored order, its authoritative unit, then
      // its suggestions. Rows are walked by id (ids only grow, so a store during the walk is seen or
      // not, never twice); a row that is its identity's first gives the whole identity.
      for (let after = 0; ;) {
        const page = await table().page(after, PAGE);
        const identities = new Map<string, MemoryRow[]>();
        for (const row of await table().byHashes([...new Set(page.flatMap((row) => (row.keyHash ? [row.keyHash] : [])))])) {
          const identity = identities.get(row.keyHash ?? '');
          if (identity) identity.push(row);
          else identities.set(row.keyHash ?? '', [row]);
        }
        for (const row of page) {
          const identity = identities.get(row.keyHash ?? '') ?? [row];
          if (identity[0]?.id !== row.id) continue;
          yield* [...identity.filter((unit) => !unit.suggestion), ...identity.filter((unit) => unit.suggestion)].map(unitOf);
        }
        if (page.length < PAGE) return;
        after = page[page.length - 1]?.id ?? after;
      }
    },

    async recent(filter, limit, offset, without) {
      return (await table().recent(filter, limit, offset, without)).map(unitOf);
    },

    authors: () => table().authors(),

    async fuzzy(pair, text, options = {}) {
      // The database gives the candidates (memory-table.ts: nearCandidates, its prefilter stated
      // there); core's own index scores and orders them, so the percentage, the order and who
      // sees which suggestion are core's, as in every other host.
      const min = options.min ?? FUZZY_MIN;
      if (!Number.isInteger(min) || min < 1 || min > 100) throw new RangeError(`min is a whole number from 1 to 100; got ${min}`);
      const words = fuzzyWords(text);
      // A text without a word ("!!!") is near nothing but its own memory key: its identity's rows.
      const candidates =
        words.length === 0
          ? await table().byHashes([memoryHash(pair, text, options.context)])
          : await table().nearCandidates(pair, words, min, { context: options.context, asker: options.asker, cap: FUZZY_CANDIDATES });
      return new InMemoryTranslationMemory(candidates.map(unitOf)).fuzzy(pair, text, { ...options, min });
    },

    async search(phrase, { pair, asker, limit, offset }) {
      const wanted = foldedText(phrase);
      if (wanted === '') throw new RangeError('a concordance search needs a word or phrase');
      const { rows, total } = await table().concordance(wanted, { pair, asker, limit, offset });
      const hits = rows.map((row) => {
        const inSource = foldedText(row.sourceText).includes(wanted);
        const inTarget = foldedText(row.targetText).includes(wanted);
        return {
          id: row.id,
          unit: unitOf(row),
          foundIn: inSource && inTarget ? ('both' as const) : inSource ? ('source' as const) : ('target' as const),
        };
      });
      return { hits, total };
    },

    async unitById(id) {
      const row = await table().byId(id);
      return row ? { ...unitOf(row), id: row.id } : undefined;
    },

    async editUnit(id, target, by) {
      const row = await table().byId(id);
      if (!row) return undefined;
      const before = unitOf(row);
      const { changer: _changer, suggestion: _suggestion, ...kept } = before;
      const edited: MemoryUnit = {
        ...kept,
        target: target.trim(),
        origin: 'human',
        changed: memoryDate(),
        // The creator wrote it again: no changer, as core names a unit its creator changed.
        ...(by !== before.creator ? { changer: by } : {}),
      };
      await table().rewrite(row.id, rowOf(edited));
      return edited;
    },

    async removeUnit(id) {
      const row = await table().byId(id);
      if (!row) return false;
      await table().removeIds([row.id]);
      return true;
    },
  };
};
