/** The glossary's public types: what an entry holds, what a check finds. */
import type { TranslationLanguage } from '../service-facts.js';

/**
 * What an entry asks for:
 * - `keep`: the source term is never translated and never sent as text (names, brands, code-like
 *   tokens); it comes back as it stood in the source.
 * - `translate`: the source term is translated as the agreed target term, and comes back as it.
 * - `forbidden`: a word the community rejected, flagged wherever it stands in a target text.
 * - `say`: a respelling speech uses for a word of the source language; shown nowhere else.
 */
export type GlossaryEntryType = 'keep' | 'translate' | 'forbidden' | 'say';

export const GLOSSARY_ENTRY_TYPES: readonly GlossaryEntryType[] = ['keep', 'translate', 'forbidden', 'say'];

/** One term of a language pair. */
export interface GlossaryEntry {
  readonly sourceLang: TranslationLanguage;
  readonly targetLang: TranslationLanguage;
  readonly type: GlossaryEntryType;
  /**
   * The word or phrase in the source language. For `keep`, `translate` and `say`, the term looked
   * for in source texts; for `forbidden`, what the rejected word stood for (may be empty).
   */
  readonly source: string;
  /**
   * `translate`: the agreed target term; `keep`: the source term again; `forbidden`: the rejected
   * word (in the target language); `say`: the respelling (read in the source language).
   */
  readonly target: string;
  readonly note?: string;
  /** Part of speech, as TBX-Basic names it (`noun`, `verb`, `adjective`, `adverb`, `properNoun`, `other`). */
  readonly partOfSpeech?: string;
  /** Letter case must match (default: it need not). */
  readonly caseSensitive?: boolean;
  /**
   * The term may carry its language's endings (Kabardian `-хэр`, `-м`, `-кӀэ`...; see
   * suffixes.ts): `Налшык` then matches `Налшыкым`. Default: whole words only.
   */
  readonly stem?: boolean;
}

/** What the term check found in one source/target pair. */
export type TermProblem =
  | {
      /** A `translate` or `keep` term stands in the source; its agreed form is not in the target. */
      readonly kind: 'missing';
      readonly entry: GlossaryEntry;
      /** Where the term stands in the source (UTF-16 offsets, end exclusive). */
      readonly sourceStart: number;
      readonly sourceEnd: number;
    }
  | {
      /** A forbidden word stands in the target. */
      readonly kind: 'forbidden';
      readonly entry: GlossaryEntry;
      /** Where it stands in the target (UTF-16 offsets, end exclusive) and as written there. */
      readonly targetStart: number;
      readonly targetEnd: number;
      readonly found: string;
    };
