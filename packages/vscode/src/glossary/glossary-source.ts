// The source language a glossary names for texts whose source is left to the service's detection:
// a keep term must never travel as text, and detection would send it so. When the texts hold terms
// of exactly one of the glossary's pairs into the target, that pair's source is the texts'
// language (as the memory names one for texts it knows, memory-source.ts); else nothing is named
// and the texts go as they are (their terms unprotected, said in the log by the caller).
import type { Glossary, TranslationLanguage } from '@circassian/core';

export function sourceFromGlossary(glossary: Glossary, target: string, texts: readonly string[]): TranslationLanguage | undefined {
  const sources = new Set<TranslationLanguage>();
  for (const pair of glossary.pairs()) {
    if (pair.target !== target || sources.has(pair.source)) continue;
    const terms = glossary.sourceTerms(pair);
    if (texts.some((text) => terms.find(text).length > 0)) sources.add(pair.source);
  }
  return sources.size === 1 ? [...sources][0] : undefined;
}
