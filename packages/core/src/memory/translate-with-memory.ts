/**
 * Memory-aware translation: the texts the memory knows are answered from it and never sent; the
 * rest are sent once each (by memory key, so two spellings of one text cost one translation) in
 * whatever requests `send` makes, and the service's answers are stored as `machine` units.
 */
import { characterCount } from '../text/character-count.js';
import type { TranslationLanguage } from '../service-facts.js';
import { memoryKey, restoreSurroundingWhitespace, splitSurroundingWhitespace } from './memory-key.js';
import type { LanguagePair, MemoryUsage, TranslationMemory } from './types.js';

/** What a call reports when the memory was not consulted (no source language: see the README). */
export const MEMORY_NOT_CONSULTED: MemoryUsage = { consulted: false, hits: 0, characters: 0, stored: 0 };

export interface MemoryTranslation {
  readonly translations: string[];
  readonly usage: MemoryUsage;
}

export async function translateWithMemory(
  texts: readonly string[],
  pair: LanguagePair,
  memory: TranslationMemory,
  send: (texts: string[]) => Promise<readonly string[]>,
  onStoreError: (error: unknown, answers: number) => void,
): Promise<MemoryTranslation> {
  const parts = texts.map(splitSurroundingWhitespace);
  // One core per key, the first spelling met: it is what gets sent and stored.
  const coreOfKey = new Map<string, string>();
  const keys = parts.map(({ core }) => {
    if (core === '') return undefined;
    const key = memoryKey(core);
    if (!coreOfKey.has(key)) coreOfKey.set(key, core);
    return key;
  });
  const cores = [...coreOfKey.values()];
  const uniqueKeys = [...coreOfKey.keys()];
  const found = await memory.lookup(pair, cores);
  const answers = new Map<string, string>();
  const missing: string[] = [];
  const missingKeys: string[] = [];
  cores.forEach((core, i) => {
    const unit = found[i];
    const key = uniqueKeys[i] ?? '';
    if (unit !== undefined) answers.set(key, unit.target);
    else {
      missing.push(core);
      missingKeys.push(key);
    }
  });
  const hitKeys = new Set(answers.keys());

  let stored = 0;
  if (missing.length > 0) {
    const sent = await send(missing);
    missingKeys.forEach((key, i) => answers.set(key, sent[i] ?? ''));
    const units = missing.map((core, i) => ({
      sourceLang: pair.source,
      targetLang: pair.target,
      source: core,
      target: sent[i] ?? '',
      origin: 'machine' as const,
    }));
    try {
      ({ stored } = await memory.store(units));
    } catch (error) {
      // The answers are paid for: a memory that cannot keep them (a full disk) must not lose them too.
      onStoreError(error, units.length);
    }
  }

  const usedSources: string[] = [];
  let characters = 0;
  const translations = parts.map((part, i) => {
    const key = keys[i];
    if (key === undefined) return part.leading + part.trailing;
    if (hitKeys.has(key)) {
      usedSources.push(part.core);
      characters += characterCount(part.core);
    }
    return restoreSurroundingWhitespace(part, answers.get(key) ?? '');
  });
  if (usedSources.length > 0) await memory.recordUse(pair, usedSources);
  return { translations, usage: { consulted: true, hits: usedSources.length, characters, stored } };
}

/** The pair a request names, or `undefined` when its source language is left to detection. */
export function requestPair(request: {
  readonly source_lang?: TranslationLanguage | null;
  readonly target_lang: TranslationLanguage;
}): LanguagePair | undefined {
  return request.source_lang == null ? undefined : { source: request.source_lang, target: request.target_lang };
}
