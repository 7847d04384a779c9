// The review panel's term check: each translated field of a target locale against its source
// field (core's checkTerms, the same check for machine output, a memory's answer and a person's
// own words): a keep or translate term of the source whose agreed form the target lacks, and a
// forbidden word in the target. Fields are compared as a reader sees them (speakableText: Markdown
// and blocks as plain words), so markup never counts as a term.
import { checkTerms, type Glossary } from '@circassian/core/glossary';
import type { LanguagePair } from '@circassian/core';
import type { DocumentData } from '../strapi';
import type { TermProblemLine } from '../../../shared/contracts/admin-api';
import { speakableText } from './speakable-text';

export function fieldTermProblems(
  glossary: Glossary,
  pair: LanguagePair,
  fields: readonly string[],
  source: DocumentData,
  target: DocumentData,
): TermProblemLine[] {
  if (glossary.entries.length === 0) return [];
  return fields.flatMap((field) => {
    const sourceText = speakableText(source[field]);
    const targetText = speakableText(target[field]);
    if (sourceText === '' || targetText === '') return [];
    return checkTerms(glossary, pair, sourceText, targetText).map((problem): TermProblemLine => {
      const note = problem.entry.note === undefined ? {} : { note: problem.entry.note };
      return problem.kind === 'forbidden'
        ? { field, kind: 'forbidden', term: problem.found, ...note }
        : { field, kind: 'missing', term: problem.entry.source, agreed: problem.entry.target, ...note };
    });
  });
}
