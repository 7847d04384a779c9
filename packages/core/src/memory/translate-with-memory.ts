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
   * time. Called without a memory too. `byIndex` holds the same answers by the texts' positions:
   * with `contexts`, one text in two contexts may have two answers, which only it tells apart.
   */
  onAnswers?: (answers: ReadonlyMap<string, string>, from: AnswerSource, byIndex: ReadonlyMap<number, string>) => void | Promise<void>;
  /** Which texts the memory may answer (default all); the others are sent to the service, and its answer stored by the usual rule (a human unit stays). */
  mayRecall?: (text: string) => boolean;
  /**
   * Who asks, named as units' creators are (a user id or login): their own suggestions answer
   * them before the authoritative units (a host whose user may not teach still gets their own
   * corrections back on their own posts). Others' suggestions never answer.
   */
  asker?: string;
  /**
   * Each text's context, parallel to the texts (gettext's `msgctxt`, an XLIFF unit's id, a JSON
   * key path; `undefined` or `''`: none). A text in two contexts is two memory units, answered and
   * kept apart: a correction of one never answers the other. The service takes no context, so
   * the texts travel as they are (an identical text is sent once, its answer kept in each context).
   */
  contexts?: readonly (string | undefined)[];
  /** The packing limits per request (default the service's). */
  limits?: BatchLimits;
}

/** One memory unit a call needs: a source text (its first spelling met) in one context. */
interface Entry {
  readonly core: string;
  readonly context: string;
  /** Whether the memory may answer it: only when every text of it may be. */
  recallable: boolean;
}

export async function translateWithMemory(
  texts: readonly string[],
  pair: LanguagePair | undefined,
  memory: TranslationMemory | undefined,
  /** Sends texts to the service: any number (`planned` false: packed as the client packs them), or one request of this function's own plan (`planned` true: sent as it is). */
  send: (texts: string[], planned: boolean) => Promise<readonly string[]>,
  onStoreError: (error: unknown, answers: number) => void,
  options: MemoryBatchOptions = {},
): Promise<MemoryTranslation> {
  const { onAnswers, mayRecall = () => true, asker, contexts } = options;
  const consulted = pair !== undefined && memory !== undefined;
  const parts = texts.map(splitSurroundingWhitespace);
  const contextOf = (i: number) => contexts?.[i] ?? '';
  // One entry per (context, key), the first spelling met: it is what gets sent and stored.
  const entries = new Map<string, Entry>();
  const ids = parts.map(({ core }, i) => {
    if (core === '') return undefined;
    const context = contextOf(i);
    const id = `${context.length}|${context}|${memoryKey(core)}`;
    const entry = entries.get(id) ?? { core, context, recallable: true };
    entry.recallable &&= mayRecall(texts[i] ?? '');
    entries.set(id, entry);
    return id;
  });
  const lookupOptions = (asked: readonly Entry[]) => ({
    ...(asker !== undefined ? { asker } : {}),
    ...(asked.some((entry) => entry.context !== '') ? { contexts: asked.map((entry) => entry.context) } : {}),
  });
  const asked = [...entries].filter(([, entry]) => consulted && entry.recallable);
  const found =
    consulted && asked.length > 0
      ? await memory.lookup(
          pair,
          asked.map(([, entry]) => entry.core),
          lookupOptions(asked.map(([, entry]) => entry)),
        )
      : [];
  const answers = new Map<string, string>();
  asked.forEach(([id], i) => {
    const unit = found[i];
    if (unit !== undefined) answers.set(id, unit.target);
  });
  const hits = new Set(answers.keys());
  const missing = [...entries].filter(([id]) => !hits.has(id));

  /** The texts whose entry is among those answered, each with its answer, whitespace put back: by text and by position. */
  const handedOn = (answered: (id: string | undefined) => boolean): [Map<string, string>, Map<number, string>] => {
    const byText = new Map<string, string>();
    const byIndex = new Map<number, string>();
    parts.forEach((part: SurroundedText, i) => {
      const id = ids[i];
      if (!answered(id)) return;
      const answer = id === undefined ? part.leading + part.trailing : restoreSurroundingWhitespace(part, answers.get(id) ?? '');
      byText.set(texts[i] ?? '', answer);
      byIndex.set(i, answer);
    });
    return [byText, byIndex];
  };
  let stored = 0;
  /** Keeps the service's answers as machine units, each in its entry's context. */
  const remember = async (answered: readonly (readonly [Entry, string])[]): Promise<void> => {
    if (!consulted || answered.length === 0) return;
    const units = answered.map(([entry, target]) => ({
      sourceLang: pair.source,
      targetLang: pair.target,
      source: entry.core,
      target,
      origin: 'machine' as const,
      ...(entry.context !== '' ? { context: entry.context } : {}),
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
      const sent = await send(
        missing.map(([, entry]) => entry.core),
        false,
      );
      missing.forEach(([id], i) => answers.set(id, sent[i] ?? ''));
      await remember(missing.map(([, entry], i) => [entry, sent[i] ?? ''] as const));
    }
  } else {
    const free = handedOn((id) => id === undefined || hits.has(id));
    if (free[0].size > 0) await onAnswers(free[0], 'memory', free[1]);
    // A text in several contexts is one text to send: its answer goes to each of its entries.
    const entriesOfCore = new Map<string, [string, Entry][]>();
    for (const [id, entry] of missing) entriesOfCore.set(entry.core, [...(entriesOfCore.get(entry.core) ?? []), [id, entry]]);
    const { batchMaxTexts: maxTexts, batchMaxChars: maxChars } = serviceFacts.limits;
    const plan = planBatch([...entriesOfCore.keys()], options.limits ?? { maxTexts, maxChars });
    const collected = plan.answers();
    for (const [index, request] of plan.requests.entries()) {
      // Planned here once: each request goes as it is, not through the client's planner again.
      const whole = collected.add(index, await send([...request.texts], true));
      if (whole.size === 0) continue;
      const completed: (readonly [Entry, string])[] = [];
      const done = new Set<string>();
      for (const [core, translation] of whole)
        for (const [id, entry] of entriesOfCore.get(core) ?? []) {
          answers.set(id, translation);
          done.add(id);
          completed.push([entry, translation]);
        }
      const [byText, byIndex] = handedOn((id) => id !== undefined && done.has(id));
      await onAnswers(byText, 'service', byIndex);
      await remember(completed);
    }
  }

  const used: Entry[] = [];
  let characters = 0;
  const translations = parts.map((part, i) => {
    const id = ids[i];
    if (id === undefined) return part.leading + part.trailing;
    if (hits.has(id)) {
      used.push({ core: part.core, context: contextOf(i), recallable: true });
      characters += characterCount(part.core);
    }
    return restoreSurroundingWhitespace(part, answers.get(id) ?? '');
  });
  if (consulted && used.length > 0)
    await memory.recordUse(
      pair,
      used.map((entry) => entry.core),
      lookupOptions(used),
    );
  return { translations, usage: consulted ? { consulted, hits: used.length, characters, stored } : MEMORY_NOT_CONSULTED };
}

/** The pair a request names, or `undefined` when its source language is left to detection. */
export function requestPair(request: {
  readonly source_lang?: TranslationLanguage | null;
  readonly target_lang: TranslationLanguage;
}): LanguagePair | undefined {
  return request.source_lang == null ? undefined : { source: request.source_lang, target: request.target_lang };
}
