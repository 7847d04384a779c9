// Core keeps only the answers to requests that name the source language; with the source left to
// the service's detection (no circassian.sourceLanguage, no Translate From: the default) a sentence
// selected or hovered twice was paid twice. The answer is kept under the language the service
// detected, so memory-source.ts finds it in that language next time. Only the answer of one
// request: core files a batch it splits into several under the first request's language.
import type { TranslationMemory } from '@circassian/core';
import type { Services } from '../services';

/** Keeps the answers; a memory that cannot (a read-only folder) is said in the output, the translation stands. */
export async function keepDetected(
  services: Services,
  memory: TranslationMemory,
  detected: string,
  target: string,
  texts: readonly string[],
  translations: readonly string[],
): Promise<void> {
  const { isTranslationLanguage, planBatch, serviceFacts, splitSurroundingWhitespace } = await import('@circassian/core');
  const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
  if (!isTranslationLanguage(detected) || !isTranslationLanguage(target) || detected === target) return;
  if (planBatch(texts, { maxTexts: batchMaxTexts, maxChars: batchMaxChars }).requests.length > 1) return;
  const units = texts.flatMap((text, i) => {
    const source = splitSurroundingWhitespace(text).core;
    const translation = splitSurroundingWhitespace(translations[i] ?? '').core;
    return source === '' || translation === ''
      ? []
      : [{ sourceLang: detected, targetLang: target, source, target: translation, origin: 'machine' as const }];
  });
  try {
    await memory.store(units);
  } catch (error) {
    services.output.warn(`The translation memory could not keep ${units.length} new translations: ${String(error)}`);
  }
}
