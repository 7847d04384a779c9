// Translate File's run without the editor: what to send (file-run-plan.ts), the translation
// memory's answers, the batch calls, and the translated file's text. The command
// (commands/translate-file.ts) reads and writes the files, asks, shows progress and messages; this
// module takes what it needs as arguments, so it is tested against the local service without VS Code.
//
// The memory goes through the client's `{ memory }` option: the texts it knows are first looked up
// (a local read) only to leave them out of the packing, so a re-run with 2% changed sends those in
// the fewest requests instead of a request per chunk of mostly known texts; they are then answered
// by one translateBatch call that makes no request. Each chunk of the rest is its own call with the
// memory too, through the run's view of it (memory/run-memory.ts): the service's answers are held
// as `machine` units as they arrive and go into the memory once, when the run ends however it ends
// (one rewrite of the TMX file per run, and a cancelled or failed run keeps what it paid for).
import type { BatchTranslateRequest, CircassianClient, TranslationMemory } from '@circassian/core';
import { serviceFacts } from '@circassian/core/facts';
import { characterCount } from '@circassian/core/text';
import { chunkTexts } from '../logic/batch-chunks';
import type { FileFormat } from '../logic/file-formats';
import type { FileUnit } from '../logic/file-formats/format';
import { planFileRun, type PendingText } from '../logic/file-run-plan';
import { unmaskPlaceholders } from '../logic/placeholders';
import { RunMemory } from '../memory/run-memory';
import { sourceFromMemory } from './memory-source';
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
  /** A client for texts the memory answers whole, which makes no request and needs no key (else `client`). */
  readonly memoryClient?: () => Promise<BatchClient>;
  /** The source language when none was given and something is to be sent (one detect call). */
  readonly detectSource: (client: BatchClient, texts: readonly string[]) => Promise<string | undefined>;
  /** The workspace's translation memory, when on. */
  readonly memory?: TranslationMemory | undefined;
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
 * Sends every chunk as its own batch call, CONCURRENCY at a time, and calls `onAnswer` as each
 * answers. Stops starting calls at the first failure or a cancel; the calls already in flight are
 * waited for and their answers kept. Resolves to the failure, if any.
 */
async function sendInChunks(
  send: (texts: string[], signal: AbortSignal) => Promise<readonly string[]>,
  chunks: readonly string[][],
  signal: AbortSignal,
  onAnswer: (texts: readonly string[], translations: readonly string[]) => void,
): Promise<unknown> {
  let next = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (next < chunks.length && failure === undefined && !signal.aborted) {
      const texts = chunks[next++] ?? [];
      try {
        onAnswer(texts, await send(texts, signal));
      } catch (error) {
        if (!signal.aborted) failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, chunks.length) }, worker));
  return failure;
}

const sum = (texts: readonly string[]): number => texts.reduce((total, text) => total + characterCount(text), 0);

export async function runFileTranslation(deps: FileRunDeps, input: FileRunInput): Promise<FileRunOutcome> {
  const { format, units, target } = input;
  let source = input.source;
  const plan = planFileRun(units, format.protect, input.remembered, previousTranslations(format, input.previousText));
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
    // A file the memory knows in one language needs no detect call (memory-source.ts).
    source ??=
      (deps.memory &&
        (await sourceFromMemory(
          deps.memory,
          target,
          pending.map((item) => item.masked.text),
        ))) ||
      (await deps.detectSource(
        await client(),
        pending.map((item) => item.text),
      ));
    if (source === target) return { kind: 'same_language', source };
    const byText = new Map<string, PendingText[]>();
    for (const item of pending) byText.set(item.masked.text, [...(byText.get(item.masked.text) ?? []), item]);
    const apply = (texts: readonly string[], translations: readonly string[]): void => {
      texts.forEach((text, index) => {
        for (const item of byText.get(text) ?? []) {
          const answer = format.escape ? format.escape(translations[index] ?? '') : (translations[index] ?? '');
          const restored = unmaskPlaceholders(answer, item.masked);
          if (restored === undefined) refused.push(item.key);
          else translated++;
          result.set(item.key, restored ?? item.text);
        }
      });
    };
    const languages = { target_lang: target as Language, ...(source ? { source_lang: source as Language } : {}) };
    const memory = source && deps.memory ? await RunMemory.over(deps.memory) : undefined;
    try {
      let toSend = [...byText.keys()];
      if (memory && source) {
        const found = await memory.lookup({ source: source as Language, target: target as Language }, toSend);
        const known = toSend.filter((_, index) => found[index] !== undefined);
        toSend = toSend.filter((_, index) => found[index] === undefined);
        if (known.length > 0) {
          const answer = await (await (deps.memoryClient ?? client)()).translateBatch({ texts: known, ...languages }, { memory });
          fromMemory += answer.memory?.characters ?? 0;
          apply(known, answer.translations);
        }
      }
      const { batchMaxTexts: maxTexts, batchMaxChars: maxChars } = serviceFacts.limits;
      const chunks = chunkTexts(toSend, { maxTexts, maxChars });
      if (chunks.length > 0) {
        const sender = await client();
        await deps.progress(pending.length, async (step, signal) => {
          let done = 0;
          failure = await sendInChunks(
            async (texts, callSignal) => {
              const answer = await sender.translateBatch({ texts, ...languages }, { signal: callSignal, ...(memory ? { memory } : {}) });
              // A text another run taught the memory meanwhile comes from it: only the rest was paid for.
              fromMemory += answer.memory?.characters ?? 0;
              return answer.translations;
            },
            chunks,
            signal,
            (texts, translations) => {
              sent += sum(texts);
              deps.spend(translationCost(texts, translations));
              apply(texts, translations);
              step(++done, chunks.length);
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
