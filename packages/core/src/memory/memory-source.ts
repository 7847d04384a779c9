/**
 * The memory for a translation whose source language is left to the service's detection. The
 * memory is keyed by source language and a client call consults it only when the request names
 * one, so these two rules, shared by the CLI and the VS Code extension, close the gap:
 * - `sourceFromMemory` names the language when the memory knows every text in one language and in
 *   no other (Kabardian and Russian share spellings: a text known in two is left to the service);
 * - `detectedAnswerUnits` files the service's answers under the language it detected, so the same
 *   texts next time are answered from the memory. Only the answers of one request: a batch split
 *   into several is reported under the first request's detected language, which may not be all of
 *   theirs.
 */
import { planBatch } from '../batch-plan.js';
import { TRANSLATION_LANGUAGES, isTranslationLanguage, serviceFacts, type TranslationLanguage } from '../service-facts.js';
import { splitSurroundingWhitespace } from './memory-key.js';
import type { MemoryUnitInput, TranslationMemory } from './types.js';

export interface MemorySource {
  /** The one language the memory knows every text in, and no text in another. */
  readonly source?: TranslationLanguage;
  /**
   * The memory knows some of the texts, in one language only, and not the rest: most likely texts
   * in that language with a few new, where a detect call (no translation characters) is worth making.
   */
  readonly partly: boolean;
}

export async function sourceFromMemory(memory: TranslationMemory, target: string, texts: readonly string[]): Promise<MemorySource> {
  const sources = texts.filter((text) => text.trim() !== '');
  if (sources.length === 0 || !isTranslationLanguage(target)) return { partly: false };
  let found: TranslationLanguage | undefined;
  let whole = false;
  for (const source of TRANSLATION_LANGUAGES) {
    if (source === target) continue;
    const units = await memory.lookup({ source, target }, sources);
    if (units.every((unit) => unit === undefined)) continue;
    if (found !== undefined) return { partly: false };
    found = source;
    whole = units.every((unit) => unit !== undefined);
  }
  return whole && found !== undefined ? { source: found, partly: false } : { partly: found !== undefined };
}

/** Machine units of the service's answers under the language it detected; none when that is no source, or the texts took more than one request. */
export function detectedAnswerUnits(
  detected: string,
  target: string,
  texts: readonly string[],
  translations: readonly string[],
): MemoryUnitInput[] {
  if (!isTranslationLanguage(detected) || !isTranslationLanguage(target) || detected === target) return [];
  const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
  if (planBatch(texts, { maxTexts: batchMaxTexts, maxChars: batchMaxChars }).requests.length > 1) return [];
  return texts.flatMap((text, i) => {
    const source = splitSurroundingWhitespace(text).core;
    const translation = splitSurroundingWhitespace(translations[i] ?? '').core;
    return source === '' || translation === ''
      ? []
      : [{ sourceLang: detected, targetLang: target, source, target: translation, origin: 'machine' as const }];
  });
}
