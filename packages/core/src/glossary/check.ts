/**
 * The term check on any source and target text (a machine translation, a memory's answer, a
 * person's translation alike): a keep or translate term in the source whose agreed form is not in
 * the target, and a forbidden word in the target. The agreed form is looked for with the target
 * language's endings (a translator writes `Налшыкым` for `Налшык`), since a check that misfires on
 * every inflected word is soon ignored (Weblate's users say so of theirs, weblate#1297).
 */
import type { LanguagePair, MemoryUnit } from '../memory/types.js';
import { termKey, type Glossary } from './glossary.js';
import { readWords, type ReadWords } from './read-words.js';
import type { TermMatch } from './term-matcher.js';
import type { GlossaryEntry, TermProblem } from './types.js';

/** One key per source term: entries of one source term (the agreed form and admitted others) share it. */
const sourceKeys = new WeakMap<GlossaryEntry, string>();
function sourceKey(entry: GlossaryEntry): string {
  let key = sourceKeys.get(entry);
  if (key === undefined) {
    key = termKey(entry.source, entry.caseSensitive);
    sourceKeys.set(entry, key);
  }
  return key;
}

/**
 * The problems of one source/target pair of texts, source terms first (in source order, each term
 * once), then forbidden words (in target order). `sourceMatches`: the source's terms when the
 * caller has found them already (protectTerms did).
 */
export function checkTerms(
  glossary: Glossary,
  pair: LanguagePair,
  source: string,
  target: string,
  sourceMatches?: readonly TermMatch[],
): TermProblem[] {
  const problems: TermProblem[] = [];
  const inSource = sourceMatches ?? glossary.sourceTerms(pair).find(source);
  // The target is read once for both of its matchers.
  let targetWords: ReadWords | undefined;
  const targetRead = () => (targetWords ??= readWords(target));
  if (inSource.length > 0) {
    const agreed = glossary.agreedTerms(pair).find(target, targetRead());
    const present = new Set(agreed.map((match) => sourceKey(match.entry)));
    const reported = new Set<string>();
    for (const match of inSource) {
      const key = sourceKey(match.entry);
      if (present.has(key) || reported.has(key)) continue;
      reported.add(key);
      problems.push({ kind: 'missing', entry: match.entry, sourceStart: match.start, sourceEnd: match.end });
    }
  }
  const forbidden = glossary.forbiddenWords(pair.target);
  for (const match of forbidden.size === 0 ? [] : forbidden.find(target, targetRead())) {
    problems.push({ kind: 'forbidden', entry: match.entry, targetStart: match.start, targetEnd: match.end, found: match.text });
  }
  return problems;
}

/**
 * Where a translation memory's unit and the glossary disagree (a pure function for the
 * memory-aware translation: a unit with problems is flagged, and a machine one sent again with
 * the glossary rather than reused).
 */
export function memoryUnitProblems(
  glossary: Glossary,
  unit: Pick<MemoryUnit, 'sourceLang' | 'targetLang' | 'source' | 'target'>,
): TermProblem[] {
  return checkTerms(glossary, { source: unit.sourceLang, target: unit.targetLang }, unit.source, unit.target);
}

/** One problem as a line a person reads (the CLI prints these; hosts word their own). */
export function describeTermProblem(problem: TermProblem): string {
  const { entry } = problem;
  const note = entry.note === undefined ? '' : ` (${entry.note})`;
  if (problem.kind === 'forbidden') {
    const instead = entry.source === '' ? '' : `; for "${entry.source}" use the agreed term`;
    return `forbidden word "${problem.found}" in the target${instead}${note}`;
  }
  return entry.type === 'keep'
    ? `"${entry.source}" is in the source but not in the target: it is kept as it is${note}`
    : `"${entry.source}" is in the source but its agreed translation "${entry.target}" is not in the target${note}`;
}
