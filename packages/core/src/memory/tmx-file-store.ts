/**
 * A translation memory kept as one TMX 1.4b file: for a memory a team commits beside its sources
 * (an editor's workspace), where a reviewer reads the file and a diff must show only what changed.
 *
 * Why TMX on disk here, where the CLI keeps a journal: the file is read and merged by people and
 * other tools, so it is the exchange format itself. Every change rewrites the file whole through
 * internal/atomic-file.ts (readers see the old file or the new one), units in first-stored order,
 * so a diff shows the changed units only. Use counts stay in the process: written into a
 * committed file they would change a line of every unit a teammate's run reused.
 *
 * Read lazily on the first call, and read again whenever the file changed on disk since this
 * process last read or wrote it (a teammate's pull, an editor's save): one `stat` per call.
 */
import { createReadStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { replaceFile } from '../internal/atomic-file.js';
import { XmlSyntaxError } from '../internal/xml-stream.js';
import { MemoryFileError } from './journal-store.js';
import { MemoryIndex, memoryNow } from './memory-index.js';
import { readTmx } from './tmx-read.js';
import { writeTmx, type TmxWriteOptions } from './tmx-write.js';
import type {
  ConcordanceHit,
  ConcordanceOptions,
  FuzzyMatch,
  FuzzyOptions,
  LanguagePair,
  LookupOptions,
  MemoryFilter,
  MemoryStats,
  MemoryStoreOptions,
  MemoryUnit,
  MemoryUnitInput,
  StoreResult,
  SearchableTranslationMemory,
} from './types.js';

/** The file's identity as last seen: a change of either means someone else wrote it. */
type Seen = { readonly mtimeMs: number; readonly size: number } | 'missing';

export interface TmxFileOptions extends MemoryStoreOptions {
  /** The header's `creationtool` (default `circassian`, version `1`). */
  readonly tool?: TmxWriteOptions['tool'];
}

export class TmxFileTranslationMemory implements SearchableTranslationMemory {
  #index = new MemoryIndex();
  #seen: Seen | undefined;
  /** Calls run one at a time: a reload or a rewrite never interleaves with another call. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly path: string,
    private readonly options: TmxFileOptions = {},
  ) {}

  async #stat(): Promise<Seen> {
    try {
      const { mtimeMs, size } = await stat(this.path);
      return { mtimeMs, size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
      throw error;
    }
  }

  /** Reads the file again when it is not what this process last read or wrote. */
  async #fresh(): Promise<void> {
    const now = await this.#stat();
    if (this.#seen !== undefined && JSON.stringify(now) === JSON.stringify(this.#seen)) return;
    const index = new MemoryIndex();
    if (now !== 'missing' && now.size > 0) {
      const units: MemoryUnitInput[] = [];
      try {
        for await (const item of readTmx(createReadStream(this.path))) if (item.kind === 'unit') units.push(item.unit);
      } catch (error) {
        // A file that is not a whole TMX document (a CLI journal named by mistake, a note, a file cut
        // short) is refused, so no later write replaces it with a fresh memory.
        if (!(error instanceof XmlSyntaxError)) throw error;
        throw new MemoryFileError(
          `${this.path} is not a TMX document (${error.message}); it was left as it is: choose another file, or import it`,
        );
      }
      index.put(units, memoryNow());
    }
    // Uses counted in this process survive a reload (the file carries none).
    for (const unit of this.#index.units()) if (unit.usageCount > 0) index.addUses(unit, unit.usageCount);
    this.#index = index;
    this.#seen = now;
  }

  async #write(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const units = [...this.#index.units()].map((unit) => ({ ...unit, usageCount: 0 }));
    await replaceFile(this.path, async (handle) => {
      for await (const chunk of writeTmx(units, this.options.tool ? { tool: this.options.tool } : {})) await handle.write(chunk);
    });
    this.#seen = await this.#stat();
  }

  #run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(async () => {
      await this.#fresh();
      return task();
    });
    this.#queue = result.catch(() => undefined);
    return result;
  }

  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    return this.#run(() => Promise.resolve(this.#index.lookup(pair, sources, options)));
  }

  store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    return this.#run(async () => {
      const { result } = this.#index.put(units, memoryNow(), this.options.creator);
      if (result.stored > 0) await this.#write();
      return result;
    });
  }

  recordUse(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<void> {
    return this.#run(() => {
      this.#index.recordUse(pair, sources, options);
      return Promise.resolve();
    });
  }

  remove(filter: MemoryFilter): Promise<number> {
    return this.#run(async () => {
      const removed = this.#index.remove(filter);
      if (removed > 0) await this.#write();
      return removed;
    });
  }

  clear(pair?: LanguagePair): Promise<number> {
    return this.#run(async () => {
      const removed = this.#index.clear(pair);
      if (removed > 0) await this.#write();
      return removed;
    });
  }

  fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]> {
    return this.#run(() => Promise.resolve(this.#index.fuzzy(pair, text, options)));
  }

  search(phrase: string, options?: ConcordanceOptions): Promise<ConcordanceHit[]> {
    return this.#run(() => Promise.resolve(this.#index.search(phrase, options)));
  }

  stats(): Promise<MemoryStats> {
    return this.#run(() => Promise.resolve(this.#index.stats()));
  }

  async *units(): AsyncIterable<MemoryUnit> {
    yield* await this.#run(() => Promise.resolve([...this.#index.units()]));
  }
}
