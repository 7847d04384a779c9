// The memory in and out as TMX 1.4b (core's reader and writer): an import is read unit by unit and
// stored IMPORT_BATCH units at a time, so a file of any size is held one batch at a time; units
// stored before a syntax error stay stored (nothing read is lost), and the error says how many.
import { readTmx, TmxSyntaxError, writeTmx, type MemoryOrigin, type MemoryUnitInput, type TranslationMemory } from '@circassian/core';
import { version } from '../../../package.json';
import { MEMORY_CREATOR } from './memory-use';

const IMPORT_BATCH = 500;

export interface ImportOutcome {
  /** Units read from the file. */
  read: number;
  /** Units added or changed. */
  stored: number;
  /** Machine units not stored over a person's translation of the same text. */
  keptHuman: number;
  /** Human units not stored over a reviewed translation of the same text: an import never replaces a reviewed unit with a human one. */
  keptReviewed: number;
  /** Units not stored because the memory holds a newer one of the same origin. */
  keptNewer: number;
  /** Reviewed units replaced by a newer reviewed unit from the file (stored, and said). */
  replacedReviewed: number;
  /** `<tu>`s left out, by reason (inline code, an unsupported language...). */
  skipped: Record<string, number>;
}

export class TmxImportError extends Error {
  constructor(
    message: string,
    readonly outcome: ImportOutcome,
    /** The file went past the size an import reads (the units before that point are kept). */
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'TmxImportError';
  }
}

/** A body that went past the import's size: raised while it is read, so no more of it is read. */
class TooLarge extends Error {}

/** The chunks, refused once more than `maxBytes` have come. */
async function* atMost(chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, maxBytes: number) {
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > maxBytes) throw new TooLarge();
    yield chunk;
  }
}

/** The size an import reads, in words ("64 MB", "2 KB"). */
export const importLimitWords = (maxBytes: number): string =>
  maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / (1024 * 1024))} MB` : `${Math.ceil(maxBytes / 1024)} KB`;

export async function importTmx(
  memory: TranslationMemory,
  chunks: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>,
  maxBytes = Number.POSITIVE_INFINITY,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { read: 0, stored: 0, keptHuman: 0, keptReviewed: 0, keptNewer: 0, replacedReviewed: 0, skipped: {} };
  let batch: MemoryUnitInput[] = [];
  const flush = async () => {
    const result = await memory.store(batch);
    for (const count of ['stored', 'keptHuman', 'keptReviewed', 'keptNewer', 'replacedReviewed'] as const) outcome[count] += result[count];
    batch = [];
  };
  try {
    for await (const item of readTmx(atMost(chunks, maxBytes))) {
      if (item.kind === 'skipped') {
        outcome.skipped[item.reason] = (outcome.skipped[item.reason] ?? 0) + 1;
        continue;
      }
      outcome.read++;
      batch.push(item.unit);
      if (batch.length >= IMPORT_BATCH) await flush();
    }
  } catch (error) {
    if (error instanceof TooLarge) {
      await flush();
      throw new TmxImportError(
        `The file is larger than an import reads (${importLimitWords(maxBytes)}): split it into smaller files. The ${outcome.read} units before that point were imported.`,
        outcome,
        true,
      );
    }
    if (!(error instanceof TmxSyntaxError)) throw error;
    await flush();
    throw new TmxImportError(
      `This is not readable TMX: ${error.message}. The ${outcome.read} units before the error were imported.`,
      outcome,
    );
  }
  await flush();
  if (outcome.read === 0 && Object.keys(outcome.skipped).length === 0)
    throw new TmxImportError('No translation units were found: send a TMX file (<tmx><body><tu>...).', outcome);
  return outcome;
}

/** The memory as TMX text chunks (only `origin`'s units when given). */
export const exportTmx = (memory: TranslationMemory, origin?: MemoryOrigin): AsyncGenerator<string> =>
  writeTmx(memory.units(), { tool: { name: MEMORY_CREATOR, version }, ...(origin ? { origin } : {}) });
