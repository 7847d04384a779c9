// A selection's or a hover's texts through the workspace memory, consulted once (issue 34): core's
// memory-aware translation looks them up and calls `send` only for what it does not know, so the
// client (and with it the key) is asked for only when a request is needed, and a teammate without
// a key still gets the team's translations. With no source language (left to the service's
// detection) the memory is not consulted, as it is keyed by source language: the texts go as they
// are and the caller keeps the answers under the detected language (memory/keep-detected.ts).
import type { TranslationLanguage, TranslationMemory } from '@circassian/core';
import type { Services } from '../services';

export interface PaidAnswers {
  /** The texts that went to the service, and its answers. */
  readonly texts: readonly string[];
  readonly translations: readonly string[];
  /** The source language the service named. */
  readonly sourceLang: string;
}

export interface MemoryTranslation {
  readonly translations: readonly string[];
  /** The source: the one given, else the one the service named (undefined when nothing was sent). */
  readonly sourceLang: string | undefined;
  /** Characters the memory answered (not sent, not paid). */
  readonly fromMemory: number;
  /** What was paid for; undefined when nothing was sent. */
  readonly paid: PaidAnswers | undefined;
}

export async function translateThroughMemory(
  services: Services,
  request: {
    readonly texts: readonly string[];
    readonly source: string | undefined;
    readonly target: string;
    readonly memory: TranslationMemory | undefined;
    /** Sends texts the memory does not know; builds the client only then. */
    readonly send: (texts: string[]) => Promise<{ readonly translations: readonly string[]; readonly sourceLang: string }>;
  },
): Promise<MemoryTranslation> {
  const { translateWithMemory } = await import('@circassian/core');
  let paid: PaidAnswers | undefined;
  const pair = request.source
    ? { source: request.source as TranslationLanguage, target: request.target as TranslationLanguage }
    : undefined;
  const result = await translateWithMemory(
    request.texts,
    pair,
    pair ? request.memory : undefined,
    async (texts) => {
      const answer = await request.send(texts);
      paid = { texts, translations: answer.translations, sourceLang: answer.sourceLang };
      return answer.translations;
    },
    (error, answers) => services.output.warn(`The translation memory could not keep ${answers} new translations: ${String(error)}`),
  );
  return {
    translations: result.translations,
    sourceLang: request.source ?? (paid as PaidAnswers | undefined)?.sourceLang,
    fromMemory: result.usage.characters,
    paid,
  };
}
