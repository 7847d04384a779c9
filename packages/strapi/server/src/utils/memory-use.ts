// How the plugin's translations use the memory: which language pairs it keys, and the memory as
// core's memory-aware translateBatch is handed it (core looks up, puts surrounding whitespace back,
// counts uses and keeps the service's answers as `machine` units): units that name the plugin as
// their maker, and a memory that cannot be read or written is logged and left out, so the
// translation goes on through the service and paid answers are never lost for it.
import { isTranslationLanguage, NOTHING_STORED } from '@circassian/core';
import type { LanguagePair, TranslationMemory } from '@circassian/core';
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

/** The plugin's memory for core's translateBatch (`{ memory }`): its failures logged, not thrown. */
export function translationMemory(strapi: Strapi): TranslationMemory {
  const memory = getService(strapi, 'memory');
  return {
    ...memory,
    async lookup(pair, sources, options) {
      try {
        return await memory.lookup(pair, sources, options);
      } catch (error) {
        strapi.log.warn(`[circassian] the translation memory could not be read; translating without it: ${failure(error)}`);
        return sources.map(() => undefined);
      }
    },
    async store(units) {
      try {
        return await memory.store(units.map((unit) => ({ creator: MEMORY_CREATOR, ...unit })));
      } catch (error) {
        strapi.log.warn(`[circassian] the translation memory could not keep ${units.length} new translations: ${failure(error)}`);
        return NOTHING_STORED;
      }
    },
    async recordUse(pair, sources, options) {
      await memory.recordUse(pair, sources, options).catch((error: unknown) => {
        strapi.log.warn(`[circassian] the translation memory could not count ${sources.length} uses: ${failure(error)}`);
      });
    },
    units: () => memory.units(),
  };
}
