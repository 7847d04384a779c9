/** The translation memory's public types: what a unit holds and what every store answers. */
import type { TranslationLanguage } from '../service-facts.js';

/** Who wrote a translation: the service (`machine`) or a person (`human`). A human one is never replaced by a machine one. */
export type MemoryOrigin = 'machine' | 'human';

export const MEMORY_ORIGINS: readonly MemoryOrigin[] = ['machine', 'human'];

export interface LanguagePair {
  readonly source: TranslationLanguage;
  readonly target: TranslationLanguage;
}

/** One translation the memory keeps. Dates are ISO 8601 UTC to the second (`2026-11-26T21:59:14Z`), as TMX writes them. */
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
  /** Who or what made it (TMX `creationid`), e.g. `circassian-cli` or an editor's name. */
  readonly creator?: string;
  /** How many times it answered instead of the service. */
  readonly usageCount: number;
}

/** What a caller stores: a unit without its bookkeeping. `created` defaults to now, `usageCount` to 0. */
export type MemoryUnitInput = Omit<MemoryUnit, 'created' | 'usageCount'> & { readonly created?: string; readonly usageCount?: number };

export interface StoreResult {
  /** Units added or updated. */
  readonly stored: number;
  /** Machine units not stored because a human translation of the same text is kept. */
  readonly keptHuman: number;
}

export interface PairStats extends LanguagePair {
  readonly units: number;
  readonly byOrigin: Readonly<Record<MemoryOrigin, number>>;
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
 * A translation memory. Stores match source texts by `memoryKey` (see memory-key.ts); each
 * method is async, so a store may live in a file, a database or a service.
 */
export interface TranslationMemory {
  /** The unit for each source text (same order), or `undefined` where the memory has none. */
  lookup(pair: LanguagePair, sources: readonly string[]): Promise<(MemoryUnit | undefined)[]>;
  /** Adds or updates units; a machine unit never replaces a human one. */
  store(units: readonly MemoryUnitInput[]): Promise<StoreResult>;
  /** Counts one use of the unit of each source text (the statistics' saved characters). */
  recordUse(pair: LanguagePair, sources: readonly string[]): Promise<void>;
  /** Removes every unit of one pair, or of all pairs; resolves with how many were removed. */
  clear(pair?: LanguagePair): Promise<number>;
  stats(): Promise<MemoryStats>;
  /** Every unit, in the order they were first stored (so an export is stable). */
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
