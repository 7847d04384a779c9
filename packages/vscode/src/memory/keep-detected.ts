// Core keeps only the answers to requests that name the source language; with the source left to
// the service's detection (no circassian.sourceLanguage, no Translate From: the default) a sentence
// selected or hovered twice was paid twice. The answer is kept under the language the service
// detected (core's detectedAnswerUnits), so memory-source.ts finds it in that language next time.
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
  const { detectedAnswerUnits } = await import('@circassian/core');
  const units = detectedAnswerUnits(detected, target, texts, translations);
  if (units.length === 0) return;
  try {
    await memory.store(units);
  } catch (error) {
    services.output.warn(`The translation memory could not keep ${units.length} new translations: ${String(error)}`);
  }
}
