/**
 * The memory for a call with no --from. The memory is keyed by source language, and core consults it
 * only when the request names one. So the CLI names it when the memory knows every text in one
 * language and in no other (Kabardian and Russian share spellings: a text known in two is left to
 * the service; core's sourceFromMemory, as the VS Code extension does); when it knows some
 * in one language, one detect call names the language and the memory answers what it knows;
 * otherwise the service detects, and its answers are kept under the language it detected (when
 * they took one request), so the same call again is answered from the memory.
 */
import {
  detectedAnswerUnits,
  isTranslationLanguage,
  planBatch,
  serviceFacts,
  sourceFromMemory,
  type MemoryUsage,
  type TranslationLanguage,
  type TranslationMemory,
} from '@circassian/core';

/** The languages of a request: `--to`, and `--from` when given. */
export interface Languages {
  readonly target_lang: TranslationLanguage;
  readonly source_lang?: TranslationLanguage;
}

/**
 * One translation call (`send`, given the languages and the memory to pass to core's client) with
 * the memory consulted whatever --from says: `texts` are what is translated, `translationsOf` the
 * answers in the same order. A memory that cannot keep the answers (a full disk) is said with
 * `warn`; the answers, paid for, are returned all the same.
 */
export async function translateConsultingMemory<R extends { readonly source_lang: string; readonly memory?: MemoryUsage }>(
  memory: TranslationMemory | undefined,
  languages: Languages,
  texts: readonly string[],
  send: (languages: Languages, memory?: TranslationMemory) => Promise<R>,
  translationsOf: (result: R) => readonly string[],
  detect: (text: string) => Promise<string>,
  warn: (message: string) => void,
): Promise<R> {
  if (memory === undefined) return send(languages);
  let source = languages.source_lang;
  if (source === undefined) {
    const known = await sourceFromMemory(memory, languages.target_lang, texts);
    source = known.source;
    if (known.partly) {
      // Named by the service, the source lets the memory answer the lines it knows; only the rest are paid.
      const language = await detect(texts.join('\n').slice(0, serviceFacts.limits.textMaxChars));
      if (isTranslationLanguage(language) && language !== languages.target_lang) source = language;
    }
  }
  const result = await send({ ...languages, ...(source !== undefined ? { source_lang: source } : {}) }, memory);
  if (result.memory?.consulted !== false) return result;
  const { requests } = planBatch(texts, { maxTexts: serviceFacts.limits.batchMaxTexts, maxChars: serviceFacts.limits.batchMaxChars });
  if (requests.length > 1) {
    // Core reports the first request's detected language only: the others' answers could be filed under the wrong pair.
    warn(
      `the ${texts.length} lines took ${requests.length} requests with the language detected in each; give --from to keep them in the translation memory`,
    );
    return result;
  }
  try {
    return {
      ...result,
      memory: await keepDetectedAnswers(memory, result.source_lang, languages.target_lang, texts, translationsOf(result)),
    };
  } catch (error) {
    warn(`the translation memory could not keep the ${texts.length} new translations: ${String(error)}`);
    return result;
  }
}

/** Keeps the service's answers as machine units under the language it detected; what the run's `memory` reports. */
async function keepDetectedAnswers(
  memory: TranslationMemory,
  detected: string,
  target: TranslationLanguage,
  texts: readonly string[],
  translations: readonly string[],
): Promise<MemoryUsage> {
  const units = detectedAnswerUnits(detected, target, texts, translations);
  return { consulted: true, hits: 0, characters: 0, stored: units.length === 0 ? 0 : (await memory.store(units)).stored };
}
