// Translate File's run without the editor: what to send (file-run-plan.ts), the translation
// memory's answers, the batch calls, and the translated file's text. The command
// (commands/translate-file.ts) reads and writes the files, asks, shows progress and messages; this
// module takes what it needs as arguments, so it is tested against the local service without VS Code.
//
// The memory is consulted once: the file's texts are looked up (each under its context, a PO
// entry's msgctxt: texts of two contexts never answer for each other), what it knows is answered
// from that lookup, and only the rest is packed by core's planner (batch-plan.ts) into the fewest
// requests, sent CONCURRENCY at a time, each its own call so that every answer is kept as it
// arrives. The service's answers are held as `machine` units (one per context, with the file they
// came from) in the run's view of the memory (memory/run-memory.ts) and go into the memory once,
// when the run ends however it ends (one rewrite of the TMX file per run, and a cancelled or failed
// run keeps what it paid for). The client is asked for only when something is to be sent (a key).
// The workspace glossary (issue 36) goes with each request (the client's `glossary` option: terms
// travel as markers, come back agreed), names the source before a detect call would send its keep
// terms as text, and keeps a machine unit of the memory that contradicts it from being reused.
import type { BatchTranslateRequest, CircassianClient, Glossary, LanguagePair, TranslationMemory } from '@circassian/core';
import { memoryUnitProblems } from '@circassian/core/glossary';
import { serviceFacts } from '@circassian/core/facts';
import { characterCount } from '@circassian/core/text';
import type { FileFormat } from '../logic/file-formats';
import { protectionIn, type FileUnit } from '../logic/file-formats/format';
import { planFileRun, type PendingText } from '../logic/file-run-plan';
import { unmaskPlaceholders } from '../logic/placeholders';
import { RunMemory } from '../memory/run-memory';
import { withTypedForms } from '../memory/typed-forms';
import { sourceFromMemory } from './memory-source';
import { sourceFromGlossary } from '../glossary/glossary-source';
import { translationCost } from '../spending';

type Language = BatchTranslateRequest['target_lang'];
/** Batch requests in flight at once (the core client's own default for batches). */
const CONCURRENCY = 4;

export type BatchClient = Pick<CircassianClient, 'translateBatch' | 'detect'>;

export interface FileRunInput {
  readonly format: FileFormat;
  /** The source file's text without its byte-order mark, and its units (format.units of it). */
  readonly sourceText: string;
  readonly units: readonly FileUnit[];
  /** The translated file as it is now, if any (the last run's output with hand edits). */
  readonly previousText: string | undefined;
  /** Unit key -> the source text the last run translated it from. */
  readonly remembered: Readonly<Record<string, string>>;
  readonly target: string;
  readonly source: string | undefined;
}

export interface FileRunDeps {
  /** The client, asked for only when something is to be sent (it may prompt for a key). */
  readonly client: () => Promise<BatchClient>;
  /** The source language when none was given and something is to be sent (one detect call). */
  readonly detectSource: (client: BatchClient, texts: readonly string[]) => Promise<string | undefined>;
  /** The workspace's translation memory, when on. */
  readonly memory?: TranslationMemory | undefined;
  /** The workspace's glossary, when there is one (applied with a source language). */
  readonly glossary?: Glossary | undefined;
  /** Where the units the run keeps were made (the source file, relative to the workspace): their provenance. */
  readonly where?: string | undefined;
  /** Runs the sending with a way to report requests done and a signal that cancels it. */
  readonly progress: <T>(
    pending: number,
    task: (step: (done: number, total: number) => void, signal: AbortSignal) => Promise<T>,
  ) => Promise<T>;
  /** Characters a call spent (sent and received, as the service counts them). */
  readonly spend: (characters: number) => void;
}

export interface FileRunResult {
  readonly kind: 'done';
  /** The translated file's text (without a byte-order mark). */
  readonly output: string;
  /** What to remember for the next run: unit key -> the source text of its translation. */
  readonly remembered: Record<string, string>;
  readonly source: string | undefined;
  readonly pending: number;
  readonly translated: number;
  readonly refused: readonly string[];
  readonly leftAsTyped: readonly string[];
  readonly keptFromLastRun: number;
  /** Characters of the texts the memory answered (not sent), and of the texts sent. */
  readonly fromMemory: number;
  readonly sent: number;
  /** Set when a call failed or the run was cancelled; the output holds what was translated before. */
  readonly failure?: unknown;
  /** Set when the memory could not keep the run's answers (a full disk): the output has them all the same. */
  readonly memoryFailure?: { readonly error: unknown; readonly units: number };
  readonly cancelled: boolean;
}

export type FileRunOutcome = FileRunResult | { readonly kind: 'same_language'; readonly source: string };

/** What the last run wrote, by unit key; an unreadable target file counts as none. */
function previousTranslations(format: FileFormat, text: string | undefined): Map<string, string> {
  if (text === undefined) return new Map();
  try {
    return format.translations(text);
  } catch {
    return new Map();
  }
}

/**
 * Sends every request as its own batch call, CONCURRENCY at a time, and calls `onAnswer` as each
 * answers. Stops starting calls at the first failure or a cancel; the calls already in flight are
 * waited for and their answers kept. Resolves to the failure, if any.
 */
async function sendInRequests(
  send: (texts: readonly string[], signal: AbortSignal) => Promise<readonly string[]>,
  requests: readonly (readonly string[])[],
  signal: AbortSignal,
  onAnswer: (request: number, translations: readonly string[]) => void,
): Promise<unknown> {
  let next = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (next < requests.length && failure === undefined && !signal.aborted) {
      const index = next++;
      try {
        onAnswer(index, await send(requests[index] ?? [], signal));
      } catch (error) {
        if (!signal.aborted) failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, requests.length) }, worker));
  return failure;
}

const sum = (texts: readonly string[]): number => texts.reduce((total, text) => total + characterCount(text), 0);

/** One text to translate under one context: the units that share both get one answer and one memory unit. */
interface Entry {
  readonly text: string;
  readonly context: string | undefined;
  readonly items: PendingText[];
}

export async function runFileTranslation(deps: FileRunDeps, input: FileRunInput): Promise<FileRunOutcome> {
  const { format, units, target } = input;
  let source = input.source;
  const protect = protectionIn(format, input.sourceText);
  const plan = planFileRun(units, protect, input.remembered, previousTranslations(format, input.previousText));
  const { result, pending } = plan;
  const refused: string[] = [];
  let translated = 0;
  let fromMemory = 0;
  let sent = 0;
  let failure: unknown;
  let memoryFailure: FileRunResult['memoryFailure'];
  let cancelled = false;

  if (pending.length > 0) {
    // The service's client is asked for only when something goes to the service (it needs a key).
    let service: BatchClient | undefined;
    const client = async (): Promise<BatchClient> => (service ??= await deps.client());
    // Units kept with their placeholders as typed (an imported TMX) answer too (memory/typed-forms.ts).
    const known = await withTypedForms(
      deps.memory,
      pending.map((item) => item.masked),
      protect,
    );
    // A file the memory knows in one language needs no detect call (memory-source.ts).
    source ??=
      (known &&
        (await sourceFromMemory(
          known,
          target,
          pending.map((item) => item.masked.text),
        ))) ||
      (deps.glossary &&
        sourceFromGlossary(
          deps.glossary,
          target,
          pending.map((item) => item.masked.text),
        )) ||
      (await deps.detectSource(
        await client(),
        pending.map((item) => item.text),
      ));
    if (source === target) return { kind: 'same_language', source };
    const entries = new Map<string, Entry>();
    for (const item of pending) {
      const id = `${item.context ?? ''}\u0000${item.masked.text}`;
      const entry = entries.get(id) ?? { text: item.masked.text, context: item.context, items: [] };
      entry.items.push(item);
      entries.set(id, entry);
    }
    /** Writes one answer (its marks still in) to the units of an entry. */
    const apply = (entry: Entry, answer: string): void => {
      for (const item of entry.items) {
        const restored = unmaskPlaceholders(format.escape ? format.escape(answer) : answer, item.masked);
        if (restored === undefined) refused.push(item.key);
        else translated++;
        result.set(item.key, restored ?? item.text);
      }
    };
    const pair = source ? ({ source, target } as LanguagePair) : undefined;
    const memory = pair && known ? await RunMemory.over(known) : undefined;
    try {
      let missing = [...entries.values()];
      if (memory && pair) {
        // The memory, once: each text under its own context.
        const { glossary } = deps;
        // A machine translation the glossary contradicts is not reused: it is sent again, with the glossary.
        const found = (
          await memory.lookup(
            pair,
            missing.map((entry) => entry.text),
            { contexts: missing.map((entry) => entry.context) },
          )
        ).map((unit) =>
          unit && glossary && unit.origin === 'machine' && memoryUnitProblems(glossary, unit).length > 0 ? undefined : unit,
        );
        const known = missing.filter((entry, index) => {
          const unit = found[index];
          if (unit === undefined) return false;
          apply(entry, unit.target);
          fromMemory += characterCount(entry.text.trim());
          return true;
        });
        if (known.length > 0)
          await memory.recordUse(
            pair,
            known.map((entry) => entry.text),
            { contexts: known.map((entry) => entry.context) },
          );
        missing = missing.filter((_, index) => found[index] === undefined);
      }
      // The rest, each distinct text once whatever its contexts (the service has no context field).
      const byText = new Map<string, Entry[]>();
      for (const entry of missing) byText.set(entry.text, [...(byText.get(entry.text) ?? []), entry]);
      if (byText.size > 0) {
        const { planBatch, splitSurroundingWhitespace, restoreSurroundingWhitespace } = await import('@circassian/core');
        const { batchMaxTexts: maxTexts, batchMaxChars: maxChars } = serviceFacts.limits;
        // Whitespace around a text is not sent; it is put back around the answer (as the memory keys texts).
        const cores = new Map([...byText.keys()].map((text) => [splitSurroundingWhitespace(text).core, text]));
        const batches = planBatch([...cores.keys()], { maxTexts, maxChars });
        const answers = batches.answers();
        const sender = await client();
        const languages = { target_lang: target as Language, ...(source ? { source_lang: source as Language } : {}) };
        await deps.progress(pending.length, async (step, signal) => {
          let done = 0;
          failure = await sendInRequests(
            async (texts, callSignal) =>
              (
                await sender.translateBatch(
                  { texts: [...texts], ...languages },
                  { signal: callSignal, ...(deps.glossary && pair ? { glossary: deps.glossary } : {}) },
                )
              ).translations,
            batches.requests.map((request) => request.texts),
            signal,
            (index, translations) => {
              const texts = batches.requests[index]?.texts ?? [];
              sent += sum(texts);
              deps.spend(translationCost(texts, translations));
              // A text split over several requests is whole once its last piece is in.
              const whole = [...answers.add(index, translations)].map(([core, answer]) => {
                const text = cores.get(core) ?? core;
                return [text, restoreSurroundingWhitespace(splitSurroundingWhitespace(text), answer)] as const;
              });
              for (const [text, answer] of whole) for (const entry of byText.get(text) ?? []) apply(entry, answer);
              if (memory && pair)
                void memory.store(
                  whole.flatMap(([text, answer]) =>
                    (byText.get(text) ?? []).map((entry) => ({
                      sourceLang: pair.source,
                      targetLang: pair.target,
                      source: text,
                      target: answer,
                      origin: 'machine' as const,
                      ...(entry.context ? { context: entry.context } : {}),
                      ...(deps.where ? { where: deps.where } : {}),
                    })),
                  ),
                );
              step(++done, batches.requests.length);
            },
          );
          cancelled = signal.aborted;
        });
      }
    } finally {
      // Before the run reports: what was paid for is in the memory even when a call failed.
      const held = memory?.pending ?? 0;
      await memory?.flush().catch((error: unknown) => (memoryFailure = { error, units: held }));
    }
  }
  const output = format.rebuild(input.sourceText, (key, text) => result.get(key) ?? text, {
    target,
    source,
    previous: input.previousText,
  });
  // Remembered: each unit that has its translation now; the rest is sent again next time.
  const remembered: Record<string, string> = {};
  for (const unit of units) if (result.has(unit.key) && !refused.includes(unit.key)) remembered[unit.key] = unit.text;
  return {
    kind: 'done',
    output,
    remembered,
    source,
    pending: pending.length,
    translated,
    refused,
    leftAsTyped: plan.leftAsTyped,
    keptFromLastRun: plan.keptFromLastRun,
    fromMemory,
    sent,
    ...(failure === undefined ? {} : { failure }),
    ...(memoryFailure === undefined ? {} : { memoryFailure }),
    cancelled,
  };
}
