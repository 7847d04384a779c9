// Near matches (issue 33): the units of the workspace memory whose source is like the text a person
// is translating, with core's percentage (fuzzySimilarity: palochka- and case-tolerant, by words).
// A near match is a suggestion: the hover and Show Near Matches list them, and a person's choice
// inserts one; nothing here writes anything. With the source language unknown (left to the
// service's detection), every pair of the memory into the target is asked, as no detect call is
// made for a suggestion.
import { originStrength, type FuzzyMatch, type SearchableTranslationMemory } from '@circassian/core';
import type { TranslationLanguage } from '@circassian/core/facts';
import { unmaskPlaceholders, type Masked } from '../logic/placeholders';

/** How many near matches a person is shown, and the least percentage worth showing (core's default). */
export const NEAR_MATCH_LIMIT = 3;
export const NEAR_MATCH_MIN = 75;

export interface NearMatch extends FuzzyMatch {
  /**
   * What a choice of it writes: its translation with the text's own placeholders, tags and URLs
   * put back where the unit has marks (`⟦0⟧`) for the same number of them; else its translation as stored.
   */
  readonly insert: string;
}

export interface NearMatchQuery {
  /** The text as it is sent and stored: its placeholders as marks (placeholders.ts). */
  readonly masked: Masked;
  readonly target: string;
  /** The source language when known (a setting, Translate From, the service's answer); else every pair into `target`. */
  readonly source?: string | undefined;
  readonly limit?: number;
}

/** The best near matches of the text, best first (percentage, then the stronger unit, then the newer). */
export async function nearMatches(memory: SearchableTranslationMemory, query: NearMatchQuery): Promise<NearMatch[]> {
  const limit = query.limit ?? NEAR_MATCH_LIMIT;
  const sources = query.source
    ? [query.source]
    : (await memory.stats()).pairs.filter((pair) => pair.target === query.target && pair.source !== pair.target).map((pair) => pair.source);
  const found: FuzzyMatch[] = [];
  // Codes from the settings or the memory's own pairs; a code the memory has no unit of matches nothing.
  const target = query.target as TranslationLanguage;
  for (const source of sources)
    found.push(
      ...(await memory.fuzzy({ source: source as TranslationLanguage, target }, query.masked.text, { min: NEAR_MATCH_MIN, limit })),
    );
  return found
    .sort(
      (a, b) =>
        b.percent - a.percent ||
        originStrength(b.unit.origin) - originStrength(a.unit.origin) ||
        (b.unit.changed ?? b.unit.created).localeCompare(a.unit.changed ?? a.unit.created),
    )
    .slice(0, limit)
    .map((match) => ({ ...match, insert: unmaskPlaceholders(match.unit.target, query.masked) ?? match.unit.target }));
}
