// What the term check finds in a file, with offsets in the file's text (issue 36): core's check
// (`checkTerms`) runs on each entry of a file Translate File made against its source, and the
// target language's forbidden words are found in the whole text of any file in that language
// (a Kabardian or Adyghe page a person wrote as much as a translation). A forbidden word whose
// agreed term the glossary knows (a `translate` entry of what it stood for) can be replaced by it.
import type { LanguagePair } from '@circassian/core';
import { agreedForm, checkTerms, type Glossary, type GlossaryEntry } from '@circassian/core/glossary';
import type { OffsetRange } from './translation-plan';

export type TermFinding =
  | {
      readonly kind: 'forbidden';
      readonly range: OffsetRange;
      readonly entry: GlossaryEntry;
      /** The word as it stands in the text. */
      readonly found: string;
      /** The agreed term written as the word was (its capitals); undefined when the glossary has none. */
      readonly replacement: string | undefined;
    }
  | {
      readonly kind: 'missing';
      /** The translated entry that lacks the term. */
      readonly range: OffsetRange;
      readonly entry: GlossaryEntry;
      /** The term as the source wrote it. */
      readonly found: string;
    };

/** One entry of a translated file: its source text, and where its translation stands in the file. */
export interface TranslatedEntry {
  readonly source: string;
  readonly translation: string;
  readonly range: OffsetRange;
}

const sameTerm = (a: string, b: string): boolean => a.normalize('NFC').toLowerCase() === b.normalize('NFC').toLowerCase();

/** The `translate` entry agreed for what a forbidden word stood for, if the glossary has one. */
export function agreedTermFor(glossary: Glossary, forbidden: GlossaryEntry): GlossaryEntry | undefined {
  if (forbidden.source.trim() === '') return undefined;
  return glossary.entries.find(
    (entry) => entry.type === 'translate' && entry.targetLang === forbidden.targetLang && sameTerm(entry.source, forbidden.source),
  );
}

/** Every forbidden word of `language` in the text, with the agreed term to put in. */
export function forbiddenFindings(glossary: Glossary, language: LanguagePair['target'], text: string): TermFinding[] {
  const words = glossary.forbiddenWords(language);
  if (words.size === 0) return [];
  return words.find(text).map((match) => {
    const agreed = agreedTermFor(glossary, match.entry);
    return {
      kind: 'forbidden',
      range: { start: match.start, end: match.end },
      entry: match.entry,
      found: match.text,
      replacement: agreed ? agreedForm(agreed, match.text) : undefined,
    };
  });
}

/** The agreed terms of each entry's source missing from its translation (forbidden words are forbiddenFindings' business). */
export function missingTermFindings(glossary: Glossary, pair: LanguagePair, entries: readonly TranslatedEntry[]): TermFinding[] {
  return entries.flatMap(({ source, translation, range }) =>
    checkTerms(glossary, pair, source, translation).flatMap((problem): TermFinding[] =>
      problem.kind === 'missing'
        ? [{ kind: 'missing', range, entry: problem.entry, found: source.slice(problem.sourceStart, problem.sourceEnd) }]
        : [],
    ),
  );
}
