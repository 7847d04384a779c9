// What a person's correction teaches the memory, in one place for every way the extension learns
// (a saved edit of a Translate File output, a corrected Translate Selection): `human` units signed
// by the person (author.ts) with where they were made (the file, relative to the workspace), each
// under its context. A human unit replaces the machine's answer; core's store keeps a reviewed one.
import type { MemoryUnitInput, StoreResult, TranslationLanguage, TranslationMemory } from '@circassian/core';

export interface Correction {
  readonly sourceLang: string;
  readonly targetLang: string;
  /** The source text as the memory keys it (placeholders as marks), and the person's translation in the same form. */
  readonly source: string;
  readonly target: string;
  readonly context?: string | undefined;
}

export function teachCorrections(
  memory: TranslationMemory,
  corrections: readonly Correction[],
  provenance: { readonly creator: string; readonly where: string },
): Promise<StoreResult> {
  return memory.store(
    corrections.map((correction): MemoryUnitInput => ({
      sourceLang: correction.sourceLang as TranslationLanguage,
      targetLang: correction.targetLang as TranslationLanguage,
      source: correction.source,
      target: correction.target,
      origin: 'human',
      creator: provenance.creator,
      where: provenance.where,
      ...(correction.context ? { context: correction.context } : {}),
    })),
  );
}
