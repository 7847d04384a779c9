/**
 * The in-process index every store in this package keeps: per identity (pair, context, key) the
 * authoritative unit and each creator's suggestion, in the order they were first stored, with the
 * rules of memory-rules.ts. The in-memory store is this index alone; the journal replays its
 * lines into one; the TMX file store reads its file into one.
 */
import { characterCount } from '../text/character-count.js';
import { FuzzyIndex } from './fuzzy-index.js';
import { memoryKey, splitSurroundingWhitespace } from './memory-key.js';
import { decideStore, replacement, strongerFirst, unitAuthor } from './memory-rules.js';
import type {
  ConcordanceHit,
  ConcordanceOptions,
  FuzzyMatch,
  FuzzyOptions,
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryOrigin,
  MemoryStats,
  MemoryUnit,
  MemoryUnitInput,
  PairStats,
  StoreResult,
} from './types.js';

export function pairId(pair: LanguagePair): string {
  return `${pair.source}:${pair.target}`;
}

/** Now as the memory writes dates: ISO 8601 UTC to the second. */
export function memoryNow(now: Date = new Date()): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}

const present = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * The unit as kept: texts without surrounding whitespace, the source in NFC, the bookkeeping
 * filled in, empty provenance left out. Throws TypeError for a suggestion that names no creator.
 */
export function completeUnit(input: MemoryUnitInput, now: string): MemoryUnit {
  const { context, creator, changer, where, suggestion, created, usageCount, ...rest } = input;
  if (suggestion === true && !present(creator)) {
    throw new TypeError(`A suggestion names its creator (who may see it until it is accepted): "${input.source}" has none`);
  }
  return {
    ...rest,
    source: splitSurroundingWhitespace(input.source).core.normalize('NFC'),
    target: splitSurroundingWhitespace(input.target).core,
    created: created ?? now,
    ...(present(creator) ? { creator } : {}),
    // A suggestion is only ever its creator's: no one else changes it.
    ...(present(changer) && suggestion !== true ? { changer } : {}),
    ...(present(where) ? { where } : {}),
    ...(present(context) ? { context } : {}),
    ...(suggestion === true ? { suggestion: true } : {}),
    usageCount: usageCount ?? 0,
  };
}

/**
 * Characters one answer of `unit` keeps from the daily quota: its source plus its translation (the
 * service charges input plus output). A unit's saved characters are its uses times this.
 */
export function unitCharacters(unit: Pick<MemoryUnit, 'source' | 'target'>): number {
  return characterCount(unit.source) + characterCount(unit.target);
}

/** Whether `unit` is one `filter` takes (every field given must match). */
export function matchesFilter(unit: MemoryUnit, filter: MemoryFilter): boolean {
  if (filter.pair !== undefined && (unit.sourceLang !== filter.pair.source || unit.targetLang !== filter.pair.target)) return false;
  if (filter.by !== undefined && unitAuthor(unit) !== filter.by) return false;
  if (filter.origin !== undefined && unit.origin !== filter.origin) return false;
  if (filter.suggestion !== undefined && (unit.suggestion === true) !== filter.suggestion) return false;
  if (filter.context !== undefined && (unit.context ?? '') !== filter.context) return false;
  if (filter.sources !== undefined && !filter.sources.some((source) => memoryKey(source) === memoryKey(unit.source))) return false;
  return true;
}

/** One identity's units: the authoritative one and each creator's suggestion. */
interface Entry {
  authoritative?: MemoryUnit;
  suggestions?: Map<string, MemoryUnit>;
}

/** The pair and context part of an identity: the context's length first, so no context and key can run into each other. */
function groupOf(pair: string, context: string | undefined): string {
  return `${pair}|${context?.length ?? 0}|${context ?? ''}|`;
}

/** The identity as one string: its group, then its memory key. */
function identity(pair: string, context: string | undefined, key: string): string {
  return groupOf(pair, context) + key;
}

function unitGroup(unit: MemoryUnit): string {
  return groupOf(pairId({ source: unit.sourceLang, target: unit.targetLang }), unit.context);
}

function identityOf(unit: MemoryUnit): string {
  return unitGroup(unit) + memoryKey(unit.source);
}

/** A whole number from `low` to `high`, or a RangeError naming the option. */
function wholeNumber(name: string, value: number, low: number, high: number): number {
  if (!Number.isInteger(value) || value < low || value > high)
    throw new RangeError(`${name} is a whole number from ${low} to ${high}: ${value}`);
  return value;
}

const compareCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A text as concordance compares it: its memory key, case-folded. */
const folded = (text: string) => memoryKey(text).toLowerCase();

/** A pair's statistics as they are counted. */
interface CountedPair extends LanguagePair {
  units: number;
  byOrigin: Record<MemoryOrigin, number>;
  suggestions: number;
  savedCharacters: number;
}

/** What a synchronous index call gives or throws, as a promise (the stores' methods are async). */
export function settled<T>(compute: () => T): Promise<T> {
  try {
    return Promise.resolve(compute());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}

/** A store that stored nothing and kept nothing out (a host's fallback when its store fails, an empty batch). */
export const NOTHING_STORED: StoreResult = Object.freeze({ stored: 0, keptHuman: 0, keptReviewed: 0, keptNewer: 0, replacedReviewed: 0 });

export class MemoryIndex {
  readonly #entries = new Map<string, Entry>();
  /** Built on the first fuzzy lookup (a memory never asked for one pays nothing), then kept up to date. */
  #fuzzy: FuzzyIndex | undefined;

  /** The identity of each source text (same order) under `options`' contexts. */
  #identities(pair: LanguagePair, sources: readonly string[], options: LookupOptions): string[] {
    const id = pairId(pair);
    return sources.map((source, i) => identity(id, options.contexts?.[i], memoryKey(source)));
  }

  lookup(pair: LanguagePair, sources: readonly string[], options: LookupOptions = {}): (MemoryUnit | undefined)[] {
    return this.#identities(pair, sources, options).map((id) => answerOf(this.#entries.get(id), options.asker));
  }

  /**
   * Puts units in by the rules of memory-rules.ts and returns those that changed the index (for a
   * journal to write); `creator` names those that name none. Every input is checked before any is
   * put, so a bad one changes nothing.
   */
  put(inputs: readonly MemoryUnitInput[], now: string, creator?: string): { result: StoreResult; changed: MemoryUnit[] } {
    const units = inputs.map((input) => completeUnit(creator === undefined || input.creator ? input : { ...input, creator }, now));
    const changed: MemoryUnit[] = [];
    const counts = { ...NOTHING_STORED };
    units.forEach((unit, i) => {
      const id = identityOf(unit);
      const entry = this.#entries.get(id) ?? {};
      const existing = unit.suggestion ? entry.suggestions?.get(unit.creator ?? '') : entry.authoritative;
      // A suggestion that says what the authoritative unit says leaves nothing to review.
      const decision = unit.suggestion && entry.authoritative?.target === unit.target ? 'same' : decideStore(existing, unit);
      if (decision === 'kept-human') counts.keptHuman++;
      else if (decision === 'kept-reviewed') counts.keptReviewed++;
      else if (decision === 'kept-newer') counts.keptNewer++;
      if (decision !== 'store') return;
      if (existing?.origin === 'reviewed' && unit.origin === 'reviewed') counts.replacedReviewed++;
      const kept = existing === undefined ? unit : replacement(existing, unit, inputs[i] ?? {}, now);
      this.#put(id, entry, kept);
      changed.push(kept);
    });
    return { result: { ...counts, stored: changed.length }, changed };
  }

  /** Sets a unit in its place (the authoritative one, or its creator's suggestion). */
  #set(id: string, entry: Entry, unit: MemoryUnit): void {
    if (this.#fuzzy !== undefined && !this.#entries.has(id)) this.#fuzzy.add(id, unitGroup(unit), id.slice(unitGroup(unit).length));
    if (unit.suggestion) (entry.suggestions ??= new Map()).set(unit.creator ?? '', unit);
    else entry.authoritative = unit;
    this.#entries.set(id, entry);
  }

  /**
   * Sets a stored unit in its place. An authoritative unit by someone who had a suggestion there
   * takes the suggestion's place: their own teaching answers them now.
   */
  #put(id: string, entry: Entry, unit: MemoryUnit): void {
    this.#set(id, entry, unit);
    const author = unitAuthor(unit);
    if (!unit.suggestion && author !== undefined) entry.suggestions?.delete(author);
  }

  /** Puts a unit in as it is (a journal's replay of what a store put): no rule, no date filled in. */
  restore(unit: MemoryUnit): void {
    const id = identityOf(unit);
    this.#put(id, this.#entries.get(id) ?? {}, unit);
  }

  /** Adds `count` uses to the unit that answers each source; returns the indexes of the sources that had one. */
  recordUse(pair: LanguagePair, sources: readonly string[], options: LookupOptions = {}, count = 1): number[] {
    const used: number[] = [];
    this.#identities(pair, sources, options).forEach((id, i) => {
      const entry = this.#entries.get(id);
      const unit = answerOf(entry, options.asker);
      if (entry === undefined || unit === undefined) return;
      this.#set(id, entry, { ...unit, usageCount: unit.usageCount + count });
      used.push(i);
    });
    return used;
  }

  /** Adds `count` uses to the unit in `unit`'s place (same identity, same suggestion's creator), if there is one. */
  addUses(unit: MemoryUnit, count: number): void {
    const id = identityOf(unit);
    const entry = this.#entries.get(id);
    const kept = unit.suggestion ? entry?.suggestions?.get(unit.creator ?? '') : entry?.authoritative;
    if (entry !== undefined && kept !== undefined) this.#set(id, entry, { ...kept, usageCount: kept.usageCount + count });
  }

  /** Removes the units `filter` takes; returns how many. */
  remove(filter: MemoryFilter): number {
    let removed = 0;
    for (const [id, entry] of this.#entries) {
      if (entry.authoritative !== undefined && matchesFilter(entry.authoritative, filter)) {
        delete entry.authoritative;
        removed++;
      }
      for (const [creator, suggestion] of entry.suggestions ?? [])
        if (matchesFilter(suggestion, filter)) {
          entry.suggestions?.delete(creator);
          removed++;
        }
      if (entry.authoritative === undefined && !entry.suggestions?.size) {
        this.#entries.delete(id);
        this.#fuzzy?.delete(id);
      }
    }
    // Removed identities stay in the word lists, skipped; once they outnumber the rest, the next fuzzy lookup builds anew.
    if (this.#fuzzy?.wasteful) this.#fuzzy = undefined;
    return removed;
  }

  clear(pair?: LanguagePair): number {
    if (pair !== undefined) return this.remove({ pair });
    const removed = this.size;
    this.#entries.clear();
    this.#fuzzy = undefined;
    return removed;
  }

  get size(): number {
    let size = 0;
    for (const entry of this.#entries.values()) size += (entry.authoritative ? 1 : 0) + (entry.suggestions?.size ?? 0);
    return size;
  }

  /** Every unit: per identity in first-stored order, the authoritative unit, then the suggestions. */
  *units(): IterableIterator<MemoryUnit> {
    for (const entry of this.#entries.values()) {
      if (entry.authoritative !== undefined) yield entry.authoritative;
      if (entry.suggestions !== undefined) yield* entry.suggestions.values();
    }
  }

  /** The best near matches of `text` (SearchableTranslationMemory.fuzzy). */
  fuzzy(pair: LanguagePair, text: string, options: FuzzyOptions = {}): FuzzyMatch[] {
    const min = wholeNumber('min', options.min ?? 75, 1, 100);
    const limit = wholeNumber('limit', options.limit ?? 3, 1, Number.MAX_SAFE_INTEGER);
    const matches: FuzzyMatch[] = [];
    for (const { id, percent } of this.#fuzzyIndex().search(groupOf(pairId(pair), options.context || undefined), memoryKey(text), min)) {
      const unit = answerOf(this.#entries.get(id), options.asker);
      if (unit !== undefined) matches.push({ unit, percent });
    }
    // Last, the source text in code-unit order: the same matches come in the same order in every host.
    matches.sort((a, b) => b.percent - a.percent || strongerFirst(a.unit, b.unit) || compareCodeUnits(a.unit.source, b.unit.source));
    return matches.slice(0, limit);
  }

  #fuzzyIndex(): FuzzyIndex {
    if (this.#fuzzy === undefined) {
      const index = new FuzzyIndex();
      for (const [id, entry] of this.#entries) {
        const unit = entry.authoritative ?? entry.suggestions?.values().next().value;
        if (unit !== undefined) index.add(id, unitGroup(unit), id.slice(unitGroup(unit).length));
      }
      this.#fuzzy = index;
    }
    return this.#fuzzy;
  }

  /** The units holding `phrase` in either language (SearchableTranslationMemory.search). */
  search(phrase: string, options: ConcordanceOptions = {}): ConcordanceHit[] {
    const wanted = folded(phrase);
    if (wanted === '') throw new RangeError('a concordance search needs a word or phrase');
    const hits: ConcordanceHit[] = [];
    for (const entry of this.#entries.values()) {
      const unit = answerOf(entry, options.asker);
      if (unit === undefined || (options.pair !== undefined && !matchesFilter(unit, { pair: options.pair }))) continue;
      const inSource = folded(unit.source).includes(wanted);
      const inTarget = folded(unit.target).includes(wanted);
      if (inSource || inTarget) hits.push({ unit, foundIn: inSource && inTarget ? 'both' : inSource ? 'source' : 'target' });
    }
    return hits.sort((a, b) => strongerFirst(a.unit, b.unit));
  }

  stats(): MemoryStats {
    const byPair = new Map<string, CountedPair>();
    for (const unit of this.units()) {
      const id = pairId({ source: unit.sourceLang, target: unit.targetLang });
      let pair = byPair.get(id);
      if (pair === undefined) {
        pair = {
          source: unit.sourceLang,
          target: unit.targetLang,
          units: 0,
          byOrigin: { machine: 0, human: 0, reviewed: 0 },
          suggestions: 0,
          savedCharacters: 0,
        };
        byPair.set(id, pair);
      }
      pair.units++;
      if (unit.suggestion) pair.suggestions++;
      else pair.byOrigin[unit.origin]++;
      pair.savedCharacters += unit.usageCount * unitCharacters(unit);
    }
    const pairs: PairStats[] = [...byPair.values()];
    pairs.sort((a, b) => a.source.localeCompare(b.source) || a.target.localeCompare(b.target));
    return {
      units: pairs.reduce((sum, pair) => sum + pair.units, 0),
      savedCharacters: pairs.reduce((sum, pair) => sum + pair.savedCharacters, 0),
      pairs,
    };
  }
}

/** What answers an asker from one entry: their own suggestion, else the authoritative unit. */
function answerOf(entry: Entry | undefined, asker: string | undefined): MemoryUnit | undefined {
  return (asker === undefined ? undefined : entry?.suggestions?.get(asker)) ?? entry?.authoritative;
}
