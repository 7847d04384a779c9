import type { TranslationLanguage } from '@circassian/core';

/** Interim: replaced by the engines work. */
export function detectLanguage(text: string): TranslationLanguage {
  if (/[\u04C0\u04CF]/u.test(text)) return 'kbd';
  return /[\u0400-\u04FF]/u.test(text) ? 'ru' : 'en';
}
