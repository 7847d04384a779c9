import type { TranslationLanguage } from '@circassian/core';

/** Interim: replaced by the engines work. */
export function pseudoTranslate(text: string, source: TranslationLanguage, target: TranslationLanguage): string {
  if (source === target) return text;
  return `[${target}] ${text}`;
}
