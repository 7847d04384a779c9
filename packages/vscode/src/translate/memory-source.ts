// The source language of texts the workspace memory knows, for a translation whose source is left
// to the service's detection (no circassian.sourceLanguage, no Translate From): core's rule, loaded
// on first use (activation loads no client code).
import type { TranslationMemory } from '@circassian/core';
import type { TranslationLanguage } from '@circassian/core/facts';

export async function sourceFromMemory(
  memory: TranslationMemory,
  target: string,
  texts: readonly string[],
): Promise<TranslationLanguage | undefined> {
  const core = await import('@circassian/core');
  return (await core.sourceFromMemory(memory, target, texts)).source;
}
