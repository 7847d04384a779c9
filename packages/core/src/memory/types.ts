/** The translation memory's public types: what a unit holds and what every store answers. */
import type { TranslationLanguage } from '../service-facts.js';

/**
 * Who wrote a translation: the service (`machine`), a person (`human`), or a person whose work a
 * reviewer approved (`reviewed`). Stronger first: reviewed, human, machine; a weaker unit never
 * replaces a stronger one (see memory-rules.ts).
 */
export type MemoryOrigin = 'machine' | 'human' | 'reviewed';

/** Every origin, weakest first. */
export const MEMORY_ORIGINS: readonly MemoryOrigin[] = ['machine', 'human', 'reviewed'];

export interface LanguagePair {
  readonly source: TranslationLanguage;
  readonly target: TranslationLanguage;
}

/**
 * One translation the memory keeps. Dates are ISO 8601 UTC to the second (`2026-11-26T21:59:14Z`),
 * as TMX writes them.
 *
 * A unit's identity is (sourceLang, targetLang, context, memoryKey(source)): per identity a store
 * keeps one authoritative unit (any origin) and at most one suggestion per creator.
 */
export interface MemoryUnit {
  readonly sourceLang: TranslationLanguage;
  readonly targetLang: TranslationLanguage;
  /** The source text as first stored (Unicode NFC, without surrounding whitespace). */
  readonly source: string;
  /** Its translation, without surrounding whitespace. */
  readonly target: string;
  readonly origin: MemoryOrigin;
  /** When the unit was created. */
  readonly created: string;
  /** When its translation last changed, if it did. */
  readonly changed?: string;
  /** Who or what made it (TMX `creationid`), as the host names people: `circassian-cli`, a user's login or id. */
  readonly creator?: string;
  /** Who last changed its translation (TMX `changeid`), when someone did after its creator. */
  readonly changer?: string;
  /**
   * Where it was made, as the host names it: a post (`post:42`), an entry
   * (`api::article.article:abc123`), a file (`src/locales/en.json`). Provenance only: never matched on.
   */
  readonly where?: string;
  /**
   * What tells this source text apart from the same text elsewhere: gettext's `msgctxt`, an XLIFF
   * unit's id, a JSON key path. Part of the unit's identity: units whose contexts differ never
   * answer for each other. Absent and `''` are the same "no context" (a store keeps it absent).
   */
  readonly context?: string;
  /**
   * `true` for a correction by someone without the right to teach: kept and attributed to its
   * `creator` (required), recalled only when that creator asks (`lookup`'s `asker`) until someone
   * with the right accepts it (`acceptSuggestion`). Absent on every other unit a store keeps.
   */
  readonly suggestion?: boolean;
  /** How many times it answered instead of the service. */
  readonly usageCount: number;
}

/**
 * What a caller stores: a unit without its bookkeeping. `created` defaults to now, `usageCount`
 * to 0; `suggestion: false` and empty `context`, `creator`, `changer` and `where` are the same as absent.
 */
export type MemoryUnitInput = Omit<MemoryUnit, 'created' | 'usageCount'> & { readonly created?: string; readonly usageCount?: number };

/**
 * What a `store` did. Every unit given is counted once: stored, already there (same translation
 * and origin: in no count), or kept out by one of the `kept*` reasons.
 */
export interface StoreResult {
  /** Units added or updated. */
  readonly stored: number;
  /** Machine units not stored because a person's translation (human or reviewed) of the same text is kept. */
  readonly keptHuman: number;
  /** Human units not stored because a reviewed translation of the same text is kept (an import never replaces a reviewed unit with a human one). */
  readonly keptReviewed: number;
  /** Units not stored because the kept unit of the same origin (or the same creator's suggestion) is newer: an import of an older unit never replaces a newer one. */
  readonly keptNewer: number;
  /** Reviewed units replaced by a newer reviewed unit (stored, and counted here as well, so an import can say so). */
  readonly replacedReviewed: number;
}

/** What every store in core takes when it is made. */
export interface MemoryStoreOptions {
  /**
   * Who a unit stored without a creator names as its creator (TMX `creationid`): the person or tool
   * using this store, so their teaching, imports and machine answers can be listed and removed by
   * name. Units the store reads from its file keep what they had.
   */
  readonly creator?: string;
}

/** Which units a `remove` (or a listing) takes; every field given must match, none given matches every unit. */
export interface MemoryFilter {
  readonly pair?: LanguagePair;
  /** Who wrote the unit's translation: its `changer`, else its `creator` (a suggestion's is its creator). */
  readonly by?: string;
  readonly origin?: MemoryOrigin;
  /** `true`: suggestions only; `false`: authoritative units only. */
  readonly suggestion?: boolean;
  /** Units of this context only; `''` is "no context". Absent: any context. */
  readonly context?: string;
  /** Units of these source texts only (matched by memory key, as lookups match). */
  readonly sources?: readonly string[];
}

/** Who asks and in what contexts: how a lookup (and the uses it counts) chooses among units of one source text. */
export interface LookupOptions {
  /** Each source text's context, parallel to `sources` (missing, `undefined` or `''`: no context). */
  readonly contexts?: readonly (string | undefined)[];
  /** Who asks, named as units' `creator`s are: their own suggestion answers them before the authoritative unit. */
  readonly asker?: string;
}

export interface PairStats extends LanguagePair {
  /** Every unit of the pair, suggestions included. */
  readonly units: number;
  /** Authoritative units by origin (suggestions are not among them). */
  readonly byOrigin: Readonly<Record<MemoryOrigin, number>>;
  /** Suggestions waiting for someone with the right to teach. */
  readonly suggestions: number;
  /**
   * Characters the memory's answers kept from the daily quota: for each unit, its uses times its
   * source plus translation characters (the service charges input plus output).
   */
  readonly savedCharacters: number;
}

export interface MemoryStats {
  readonly units: number;
  readonly savedCharacters: number;
  /** One row per language pair that has units, sorted by source then target. */
  readonly pairs: readonly PairStats[];
}

/**
 * A translation memory. Stores match source texts by `memoryKey` (see memory-key.ts) within one
 * context; each method is async, so a store may live in a file, a database or a service. The
 * rules every store follows are in memory-rules.ts (and shared/vectors/memory-rules.json).
 */
export interface TranslationMemory {
  /**
   * The unit for each source text (same order), or `undefined` where the memory has none: the
   * asker's own suggestion when there is one, else the authoritative unit; other people's
   * suggestions never.
   */
  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]>;
  /**
   * Adds or updates units: a suggestion never touches the authoritative unit; a weaker origin
   * never replaces a stronger one; within one origin the newer (`changed ?? created`) wins.
   */
  store(units: readonly MemoryUnitInput[]): Promise<StoreResult>;
  /** Counts one use of the unit that answered each source text (the one `lookup` with the same options gives). */
  recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void>;
  /** Removes the units `filter` matches (suggestions too); resolves with how many were removed. */
  remove(filter: MemoryFilter): Promise<number>;
  /** Removes every unit of one pair, or of all pairs; resolves with how many were removed. */
  clear(pair?: LanguagePair): Promise<number>;
  stats(): Promise<MemoryStats>;
  /** Every unit, suggestions included, in the order they were first stored (so an export is stable). */
  units(): AsyncIterable<MemoryUnit>;
}

/** What a memory-aware translation took from the memory. */
export interface MemoryUsage {
  /** False when the memory was not consulted: no source language given (see the README's "Translation memory"). */
  readonly consulted: boolean;
  /** Texts answered from the memory (each occurrence counts). */
  readonly hits: number;
  /** Characters of those texts: what was not sent. */
  readonly characters: number;
  /** Translations the service gave that the memory now keeps. */
  readonly stored: number;
}

/** How a fuzzy lookup chooses (see fuzzy-similarity.ts for the percentage). */
export interface FuzzyOptions {
  /** The lowest percentage a match may have, a whole number from 1 to 100 (default 75). */
  readonly min?: number;
  /** At most this many matches, best first (default 3). */
  readonly limit?: number;
  /** The text's context, as `lookup`'s `contexts` give it: only units of the same context match (absent or `''`: no context). */
  readonly context?: string;
  /** Who asks: their own suggestion stands for its source text before the authoritative unit, as in `lookup`. */
  readonly asker?: string;
}

/** A near match: a suggestion for a person, never used by a translation on its own (only a 100% match is exact). */
export interface FuzzyMatch {
  /** The unit that answers its source text for this asker (as `lookup` would give it). */
  readonly unit: MemoryUnit;
  /** 0 to 100; 100 only when the unit's memory key is the text's. */
  readonly percent: number;
}

/** Where a concordance search looks and for whom. */
export interface ConcordanceOptions {
  /** Only this pair (default: every pair). */
  readonly pair?: LanguagePair;
  /** Who asks: their own suggestions are searched too; other people's never (as in `lookup`). */
  readonly asker?: string;
}

/** A unit whose source, translation or both hold the phrase searched for. */
export interface ConcordanceHit {
  readonly unit: MemoryUnit;
  /** Which side holds the phrase: `source`, `target`, or `both`. */
  readonly foundIn: 'source' | 'target' | 'both';
}

/**
 * A memory that also answers near matches and concordance searches: every store in core. (A host's
 * own `TranslationMemory` can offer the same by seeding an `InMemoryTranslationMemory`.)
 */
export interface SearchableTranslationMemory extends TranslationMemory {
  /**
   * The best near matches of `text` among the pair's units, best first: percentage, then the
   * stronger unit (reviewed, human, machine), then the newer. Includes the exact match (100%) when
   * there is one.
   */
  fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]>;
  /**
   * The units whose source or translation holds `phrase` (compared as memory keys are, and
   * case-folded), strongest first, then newer first.
   */
  search(phrase: string, options?: ConcordanceOptions): Promise<ConcordanceHit[]>;
}
