// A selection's or a hover's texts through the workspace memory, consulted once (issue 34): core's
// memory-aware translation looks them up and calls `send` only for what it does not know, so the
// client (and with it the key) is asked for only when a request is needed, and a teammate without
// a key still gets the team's translations. With no source language (left to the service's
// detection) the memory is not consulted, as it is keyed by source language: the texts go as they
// are and the caller keeps the answers under the detected language (memory/keep-detected.ts).
// The workspace glossary (issue 36) goes around the sending with a source language: core's
// useGlossary sends each keep and translate term as a marker and puts the agreed form back, and a
// machine unit of the memory the glossary contradicts is sent again rather than reused.
import type { Glossary, GlossaryReport, TranslationLanguage, TranslationMemory } from '@circassian/core';
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
  /** What the glossary did and what its term check found; undefined when none applied. */
  readonly glossary: GlossaryReport | undefined;
}

export async function translateThroughMemory(
  services: Services,
  request: {
    readonly texts: readonly string[];
    readonly source: string | undefined;
    readonly target: string;
    readonly memory: TranslationMemory | undefined;
    /** The workspace glossary; applied only with a source language (terms are per pair). */
    readonly glossary?: Glossary | undefined;
    /** Sends texts the memory does not know; builds the client only then. */
    readonly send: (texts: string[]) => Promise<{ readonly translations: readonly string[]; readonly sourceLang: string }>;
  },
): Promise<MemoryTranslation> {
  const { translateWithMemory, useGlossary } = await import('@circassian/core');
  let paid: PaidAnswers | undefined;
  const pair = request.source
    ? { source: request.source as TranslationLanguage, target: request.target as TranslationLanguage }
    : undefined;
  const memory = pair ? request.memory : undefined;
  const terms = pair && request.glossary ? await useGlossary(request.glossary, pair, request.texts, memory) : undefined;
  const send = async (texts: string[]): Promise<readonly string[]> => {
    const answer = await request.send(texts);
    paid = { texts, translations: answer.translations, sourceLang: answer.sourceLang };
    return answer.translations;
  };
  const result = await translateWithMemory(
    request.texts,
    pair,
    memory,
    terms ? terms.send(send) : send,
    (error, answers) => services.output.warn(`The translation memory could not keep ${answers} new translations: ${String(error)}`),
    terms ? { mayRecall: terms.mayRecall } : {},
  );
  const glossary = terms?.report(request.texts, result.translations);
  if (glossary && glossary.lostTerms > 0)
    services.output.warn(`The service's answer lost ${glossary.lostTerms} glossary terms: the term check reports them missing.`);
  return {
    translations: result.translations,
    sourceLang: request.source ?? (paid as PaidAnswers | undefined)?.sourceLang,
    fromMemory: result.usage.characters,
    paid,
    glossary,
  };
}
