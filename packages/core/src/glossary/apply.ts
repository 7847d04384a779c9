/**
 * The glossary around a translation call (the client's `glossary` option): texts are sent with
 * their terms as markers and come back with the agreed terms in (protect.ts); a memory unit that
 * contradicts the glossary is not reused when a machine made it (it is sent again, with the
 * glossary), and every answer, from the service or the memory, goes through the term check.
 */
import { ClientValidationError } from '../errors.js';
import type { LanguagePair, TranslationMemory } from '../memory/types.js';
import { checkTerms } from './check.js';
import type { Glossary } from './glossary.js';
import { protectTerms, restoreTerms } from './protect.js';
import type { TermProblem } from './types.js';

/** What the glossary did in a call: the result's `glossary`. */
export interface GlossaryReport {
  /** Term occurrences sent as markers. */
  readonly protectedTerms: number;
  /** Markers the service's answers lost (their terms are reported missing in `problems`). */
  readonly lostTerms: number;
  /** The term check's findings, one list per text, in the order of the texts (empty when clean). */
  readonly problems: readonly (readonly TermProblem[])[];
}

export interface GlossaryUse {
  /** `send` with each text's terms protected on the way out and restored on the way back. */
  send(send: (texts: string[]) => Promise<readonly string[]>): (texts: string[]) => Promise<string[]>;
  /** Which texts the memory may answer: not one whose machine unit contradicts the glossary. */
  readonly mayRecall: (text: string) => boolean;
  /** The term check of every text against its translation. */
  report(sources: readonly string[], translations: readonly string[]): GlossaryReport;
}

/**
 * Prepares a call's glossary: the pair is needed (terms are per pair, and a keep term must not
 * travel as text while the service detects the language), and the memory's answers for `texts`
 * are read once to find the machine units the glossary contradicts.
 */
export async function useGlossary(
  glossary: Glossary,
  pair: LanguagePair | undefined,
  texts: readonly string[],
  memory: TranslationMemory | undefined,
  mayRecall: (text: string) => boolean = () => true,
): Promise<GlossaryUse> {
  if (pair === undefined) {
    throw new ClientValidationError(
      'source_lang',
      'A glossary needs source_lang: its terms are per language pair, and a term must not be sent as text to detect the language.',
    );
  }
  const contradicted = new Set<string>();
  if (memory !== undefined && glossary.entries.length > 0) {
    const units = await memory.lookup(pair, texts);
    units.forEach((unit, i) => {
      if (unit?.origin === 'machine' && checkTerms(glossary, pair, unit.source, unit.target).length > 0) contradicted.add(texts[i] ?? '');
    });
  }
  let protectedTerms = 0;
  let lostTerms = 0;
  /** Texts sent whose every term came back as agreed: their check needs only look for forbidden words. */
  const restoredWhole = new Set<string>();
  return {
    send: (send) => async (texts) => {
      const sent = texts.map((text) => protectTerms(glossary, pair, text));
      protectedTerms += sent.reduce((sum, one) => sum + one.terms.length, 0);
      const answers = await send(sent.map((one) => one.text));
      return answers.map((answer, i) => {
        const restored = restoreTerms(answer, sent[i] ?? { text: '', terms: [] });
        lostTerms += restored.lost.length;
        if (restored.lost.length === 0) restoredWhole.add(texts[i] ?? '');
        return restored.text;
      });
    },
    mayRecall: (text) => !contradicted.has(text) && mayRecall(text),
    report: (sources, translations) => ({
      protectedTerms,
      lostTerms,
      // Sent texts are their cores (surrounding whitespace is kept aside by the memory's rule).
      problems: sources.map((source, i) =>
        checkTerms(glossary, pair, source, translations[i] ?? '', restoredWhole.has(source.trim()) ? [] : undefined),
      ),
    }),
  };
}
