// How the plugin's translations use the memory: which language pairs it keys, what it answers for
// a set of texts (their own surrounding whitespace put back, as core does), and keeping the
// service's answers as `machine` units. A memory that cannot be read or written is logged and
// left out: the translation goes on through the service, and paid answers are never lost for it.
import { isTranslationLanguage, restoreSurroundingWhitespace, splitSurroundingWhitespace } from '@circassian/core';
import type { LanguagePair } from '@circassian/core';
import type { Strapi } from '../strapi';
import { getService } from './get-service';

/** Who the plugin's units name as their maker (TMX `creationid`). */
export const MEMORY_CREATOR = 'circassian-strapi';

/** The memory's pair for a translation, or undefined where it is not one (a language the service does not translate, or none to translate). */
export function memoryPair(source: string, target: string): LanguagePair | undefined {
  if (source === target || !isTranslationLanguage(source) || !isTranslationLanguage(target)) return undefined;
  return { source, target };
}

const failure = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whitespace alone is not a text the memory keeps (its key would be empty). */
const hasWords = (text: string) => text.trim() !== '';

/** The texts of `asked` the memory knows, each with its answer (one lookup; its uses counted). */
export async function recall(strapi: Strapi, pair: LanguagePair, asked: readonly string[]): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const texts = asked.filter(hasWords);
  if (texts.length === 0) return answers;
  const memory = getService(strapi, 'memory');
  try {
    const units = await memory.lookup(pair, texts);
    texts.forEach((text, index) => {
      const unit = units[index];
      if (unit) answers.set(text, restoreSurroundingWhitespace(splitSurroundingWhitespace(text), unit.target));
    });
    if (answers.size > 0) await memory.recordUse(pair, [...answers.keys()]);
  } catch (error) {
    strapi.log.warn(`[circassian] the translation memory could not be read; translating without it: ${failure(error)}`);
  }
  return answers;
}

/** Keeps the service's answers (text -> translation) as machine units. */
export async function remember(strapi: Strapi, pair: LanguagePair, answered: ReadonlyMap<string, string>): Promise<void> {
  try {
    await getService(strapi, 'memory').store(
      [...answered]
        .filter(([source]) => hasWords(source))
        .map(([source, target]) => ({
          sourceLang: pair.source,
          targetLang: pair.target,
          source,
          target,
          origin: 'machine' as const,
          creator: MEMORY_CREATOR,
        })),
    );
  } catch (error) {
    strapi.log.warn(`[circassian] the translation memory could not keep ${answered.size} new translations: ${failure(error)}`);
  }
}
