// The source language of texts the workspace memory knows, for a translation whose source is left
// to the service's detection (no circassian.sourceLanguage, no Translate From). The memory is keyed
// by source language, so it is asked in each language the service translates from; the texts get
// that language only when every one of them is known in it and in no other, so the memory never
// answers a text from another language's unit (Kabardian and Russian share spellings). Otherwise
// the service detects, as before, and pays.
import type { TranslationMemory } from '@circassian/core';
import { TRANSLATION_LANGUAGES, isTranslationLanguage, type TranslationLanguage } from '@circassian/core/facts';

export async function sourceFromMemory(
  memory: TranslationMemory,
  target: string,
  texts: readonly string[],
): Promise<TranslationLanguage | undefined> {
  const sources = texts.filter((text) => text.trim() !== '');
  if (sources.length === 0 || !isTranslationLanguage(target)) return undefined;
  let found: TranslationLanguage | undefined;
  for (const source of TRANSLATION_LANGUAGES) {
    if (source === target) continue;
    const units = await memory.lookup({ source, target }, sources);
    if (units.every((unit) => unit === undefined)) continue;
    // Known only in part, or in a second language too: the service decides.
    if (found !== undefined || units.some((unit) => unit === undefined)) return undefined;
    found = source;
  }
  return found;
}
