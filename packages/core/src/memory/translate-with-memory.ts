/**
 * Memory-aware translation: the texts the memory knows are answered from it and never sent; the
 * rest are sent once each (by memory key, so two spellings of one text cost one translation) in
 * whatever requests `send` makes, and the service's answers are stored as `machine` units.
 *
 * With `onAnswers`, answers are handed on as they come, for a caller that keeps what it paid for
 * before paying for more (a queue that saves each request's answers on its jobs): what the memory
 * knew first, then each request's, one request at a time (packed as planBatch packs, the fewest),
 * each request's answers stored in the memory before the next is sent.
 */
import { planBatch, type BatchLimits } from '../batch-plan.js';
import { serviceFacts } from '../service-facts.js';
import { characterCount } from '../text/character-count.js';
import type { TranslationLanguage } from '../service-facts.js';
import { memoryKey, restoreSurroundingWhitespace, splitSurroundingWhitespace, type SurroundedText } from './memory-key.js';
import type { LanguagePair, MemoryUsage, TranslationMemory } from './types.js';

/** What a call reports when the memory was not consulted (no source language: see the README). */
export const MEMORY_NOT_CONSULTED: MemoryUsage = { consulted: false, hits: 0, characters: 0, stored: 0 };

export interface MemoryTranslation {
  readonly translations: string[];
  readonly usage: MemoryUsage;
}

/** Where answers handed on came from: no request (the memory; or whitespace alone, kept as it is), or a request to the service. */
export type AnswerSource = 'memory' | 'service';

/** Options of a memory-aware batch translation (the client's `translateBatch` takes them too). */
export interface MemoryBatchOptions {
  /**
   * Answers as they come, keyed by the texts as given (their surrounding whitespace put back):
   * once with what needed no request (`'memory'`), then after each request with the texts it
   * completed (`'service'`), awaited before the next request is sent. Requests then go one at a
   * time. Called without a memory too.
   */
  onAnswers?: (answers: ReadonlyMap<string, string>, from: AnswerSource) => void | Promise<void>;
  /** Which texts the memory may answer (default all); the others are sent to the service, and its answer stored by the usual rule (a human unit stays). */
  mayRecall?: (text: string) => boolean;
  /**
   * Who asks, named as units' creators are (a user id or login): their own suggestions answer
   * them before the authoritative units (a host whose user may not teach still gets their own
   * corrections back on their own posts). Others' suggestions never answer.
   */
  asker?: string;
  /** The packing limits per request (default the service's). */
  limits?: BatchLimits;
}

export async function translateWithMemory(
  texts: readonly string[],
  pair: LanguagePair | undefined,
  memory: TranslationMemory | undefined,
  send: (texts: string[]) => Promise<readonly string[]>,
  onStoreError: (error: unknown, answers: number) => void,
  options: MemoryBatchOptions = {},
): Promise<MemoryTranslation> {
  const { onAnswers, mayRecall = () => true, asker } = options;
  const lookupOptions = asker === undefined ? {} : { asker };
  const consulted = pair !== undefined && memory !== undefined;
  const parts = texts.map(splitSurroundingWhitespace);
  // One core per key, the first spelling met: it is what gets sent and stored.
  const coreOfKey = new Map<string, string>();
  const recallable = new Map<string, boolean>();
  const keys = parts.map(({ core }, i) => {
    if (core === '') return undefined;
    const key = memoryKey(core);
    if (!coreOfKey.has(key)) coreOfKey.set(key, core);
    // A key is answered from the memory only when every text of it may be.
    recallable.set(key, (recallable.get(key) ?? true) && mayRecall(texts[i] ?? ''));
    return key;
  });
  const asked = [...coreOfKey].filter(([key]) => consulted && recallable.get(key) === true);
  const found =
    consulted && asked.length > 0
      ? await memory.lookup(
          pair,
          asked.map(([, core]) => core),
          lookupOptions,
        )
      : [];
  const answers = new Map<string, string>();
  asked.forEach(([key], i) => {
    const unit = found[i];
    if (unit !== undefined) answers.set(key, unit.target);
  });
  const hitKeys = new Set(answers.keys());
  const missing = [...coreOfKey].filter(([key]) => !hitKeys.has(key));

  /** The texts as given whose key is among `keys`, each with its answer, whitespace put back. */
  const handedOn = (keysAnswered: (key: string | undefined) => boolean): Map<string, string> => {
    const out = new Map<string, string>();
    parts.forEach((part: SurroundedText, i) => {
      const key = keys[i];
      if (keysAnswered(key))
        out.set(
          texts[i] ?? '',
          key === undefined ? part.leading + part.trailing : restoreSurroundingWhitespace(part, answers.get(key) ?? ''),
        );
    });
    return out;
  };
  let stored = 0;
  /** Keeps the service's answers (core -> translation) as machine units. */
  const remember = async (answered: ReadonlyArray<readonly [string, string]>): Promise<void> => {
    if (!consulted || answered.length === 0) return;
    const units = answered.map(([source, target]) => ({
      sourceLang: pair.source,
      targetLang: pair.target,
      source,
      target,
      origin: 'machine' as const,
    }));
    try {
      stored += (await memory.store(units)).stored;
    } catch (error) {
      // The answers are paid for: a memory that cannot keep them (a full disk) must not lose them too.
      onStoreError(error, units.length);
    }
  };

  if (onAnswers === undefined) {
    if (missing.length > 0) {
      const sent = await send(missing.map(([, core]) => core));
      missing.forEach(([key], i) => answers.set(key, sent[i] ?? ''));
      await remember(missing.map(([, core], i) => [core, sent[i] ?? ''] as const));
    }
  } else {
    const free = handedOn((key) => key === undefined || hitKeys.has(key));
    if (free.size > 0) await onAnswers(free, 'memory');
    const keyOfCore = new Map(missing.map(([key, core]) => [core, key]));
    const { batchMaxTexts: maxTexts, batchMaxChars: maxChars } = serviceFacts.limits;
    const plan = planBatch(
      missing.map(([, core]) => core),
      options.limits ?? { maxTexts, maxChars },
    );
    const collected = plan.answers();
    for (const [index, request] of plan.requests.entries()) {
      const whole = collected.add(index, await send([...request.texts]));
      if (whole.size === 0) continue;
      const completed = new Set<string>();
      for (const [core, translation] of whole) {
        const key = keyOfCore.get(core) ?? '';
        answers.set(key, translation);
        completed.add(key);
      }
      await onAnswers(
        handedOn((key) => key !== undefined && completed.has(key)),
        'service',
      );
      await remember([...whole]);
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
  if (consulted && usedSources.length > 0) await memory.recordUse(pair, usedSources, lookupOptions);
  return { translations, usage: consulted ? { consulted, hits: usedSources.length, characters, stored } : MEMORY_NOT_CONSULTED };
}

/** The pair a request names, or `undefined` when its source language is left to detection. */
export function requestPair(request: {
  readonly source_lang?: TranslationLanguage | null;
  readonly target_lang: TranslationLanguage;
}): LanguagePair | undefined {
  return request.source_lang == null ? undefined : { source: request.source_lang, target: request.target_lang };
}
