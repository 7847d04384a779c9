/**
 * The reviewer's step: a creator's suggestion becomes a unit everyone gets back. Written over the
 * TranslationMemory interface, so it works on every store, a host's database included: the
 * suggestion is stored as an authoritative unit (the store's rules apply: a human unit does not
 * replace a reviewed one, so accept `as: 'reviewed'` there), then the suggestion is removed.
 */
import { memoryNow } from './memory-index.js';
import type { LanguagePair, MemoryUnit, TranslationMemory } from './types.js';

/** Which suggestion: its identity and whose it is. */
export interface SuggestionRef {
  readonly pair: LanguagePair;
  readonly source: string;
  /** The unit's context (absent or `''`: none). */
  readonly context?: string;
  /** Whose suggestion (its `creator`). */
  readonly creator: string;
}

export interface AcceptOptions {
  /** The origin the accepted unit gets (default `human`; `reviewed` to replace a reviewed unit). */
  readonly as?: 'human' | 'reviewed';
}

export type AcceptResult =
  | { readonly accepted: true; readonly unit: MemoryUnit }
  | {
      readonly accepted: false;
      /** `no-suggestion`: that creator has none there; `kept-reviewed`: a reviewed unit is kept (accept `as: 'reviewed'`). */
      readonly reason: 'no-suggestion' | 'kept-reviewed' | 'kept-newer';
    };

/**
 * Turns `ref`'s suggestion into an authoritative unit changed by `reviewer` (its `changer`, dated
 * now) and removes the suggestion. The unit keeps the suggestion's creator when it is new; when it
 * replaces a unit, that unit's creation (date and creator) stays, as every replacement's does.
 */
export async function acceptSuggestion(
  memory: TranslationMemory,
  ref: SuggestionRef,
  reviewer: string,
  options: AcceptOptions = {},
): Promise<AcceptResult> {
  const lookup = { contexts: [ref.context], asker: ref.creator };
  const [suggestion] = await memory.lookup(ref.pair, [ref.source], lookup);
  if (suggestion?.suggestion !== true || suggestion.creator !== ref.creator) return { accepted: false, reason: 'no-suggestion' };
  const { suggestion: _suggestion, ...unit } = suggestion;
  const result = await memory.store([{ ...unit, origin: options.as ?? 'human', changer: reviewer, changed: memoryNow() }]);
  if (result.keptReviewed > 0) return { accepted: false, reason: 'kept-reviewed' };
  if (result.keptNewer > 0) return { accepted: false, reason: 'kept-newer' };
  await memory.remove({ pair: ref.pair, sources: [ref.source], context: ref.context ?? '', suggestion: true, by: ref.creator });
  const [accepted] = await memory.lookup(ref.pair, [ref.source], { contexts: [ref.context] });
  return accepted === undefined ? { accepted: false, reason: 'no-suggestion' } : { accepted: true, unit: accepted };
}
