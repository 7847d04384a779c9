/**
 * A translation memory in a file: a journal of JSON lines (JSONL), replayed into an index on open.
 *
 * Why a journal rather than TMX on disk: a run appends only what it learnt (one write of the new
 * lines, then fsync), so a run costs in proportion to its new units, not to the memory's size;
 * and a crash or a full disk mid-write leaves at most a torn last line, which the next open
 * ignores, instead of a half-rewritten document. Rewrites (clearing a pair, or compacting a
 * journal grown mostly of use counts) go through internal/atomic-file.ts: readers see the old
 * file or the new one, never a mix. TMX stays
 * the exchange format (import and export).
 *
 * Two processes may append to one journal at once (each line is one write in append mode); a
 * rewrite by one of them drops what the other appended since its open.
 */
import { mkdir, open, readFile, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';
import { replaceFile } from '../internal/atomic-file.js';
import { MemoryIndex, memoryNow, settled, pairId } from './memory-index.js';
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

/** The journal's first line: names the format, so a wrong file (a TMX, a note) is refused, not overwritten. */
const HEADER = { 'circassian-memory': 1 } as const;

/**
 * A line after the header: a unit as a store put it (replayed as it is), or uses counted on the
 * units that answered some sources (with the lookup's contexts and asker, when it had them).
 * Journals written before contexts and suggestions have neither, and read the same.
 */
type JournalLine =
  { readonly put: MemoryUnit } | { readonly use: { readonly pair: string; readonly sources: readonly string[] } & LookupOptions };

export class MemoryFileError extends Error {
  override readonly name = 'MemoryFileError';
}

function pairFromId(id: string): LanguagePair {
  const [source, target] = id.split(':');
  return { source, target } as LanguagePair;
}

export class JournalTranslationMemory implements SearchableTranslationMemory {
  readonly #index = new MemoryIndex();
  #lines = 0;

  private constructor(
    readonly path: string,
    private readonly options: MemoryStoreOptions,
  ) {}

  /** Opens the journal at `path` (a missing file is an empty memory, created on the first write). */
  static async open(path: string, options: MemoryStoreOptions = {}): Promise<JournalTranslationMemory> {
    const memory = new JournalTranslationMemory(path, options);
    await memory.#load();
    // Use counts add a line per run: once they outweigh the units, one rewrite folds them in.
    if (memory.#lines > 2 * memory.#index.size + 1000) await memory.#rewrite();
    return memory;
  }

  async #load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      throw new MemoryFileError(`cannot read the memory ${this.path}: ${code === 'EISDIR' ? 'it is a folder' : String(error)}`);
    }
    if (text === '') return;
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    if (complete.length < text.length) {
      // A last line without its line break was cut by a crash mid-write: it was never confirmed, so
      // it goes, before anything is appended after it.
      await truncate(this.path, Buffer.byteLength(complete));
    }
    const lines = complete.split('\n');
    lines.pop(); // the empty string after the final line break
    if (lines.length === 0 || lines[0] !== JSON.stringify(HEADER)) {
      throw new MemoryFileError(
        `${this.path} is not a Circassian memory journal (it does not start with ${JSON.stringify(HEADER)}); choose another file, or import a TMX with \`memory import\``,
      );
    }
    for (let i = 1; i < lines.length; i++) {
      let line: JournalLine;
      try {
        line = JSON.parse(lines[i] ?? '') as JournalLine;
      } catch {
        throw new MemoryFileError(`${this.path}:${i + 1} is not a journal line; the file was left as it is`);
      }
      if ('put' in line) this.#index.restore(line.put);
      else if ('use' in line) {
        const { pair, sources, ...options } = line.use;
        this.#index.recordUse(pairFromId(pair), sources, options);
      }
    }
    this.#lines = lines.length;
  }

  async #append(lines: readonly JournalLine[]): Promise<void> {
    if (lines.length === 0) return;
    const header = this.#lines === 0 ? [JSON.stringify(HEADER)] : [];
    if (this.#lines === 0) await mkdir(dirname(this.path), { recursive: true });
    const handle = await open(this.path, 'a');
    try {
      await handle.write(`${[...header, ...lines.map((line) => JSON.stringify(line))].join('\n')}\n`);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    this.#lines += header.length + lines.length;
  }

  /** Writes the index as a fresh journal (units only, uses folded in) and puts it in place of the old one. */
  async #rewrite(): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    let lines = 1;
    await replaceFile(this.path, async (handle) => {
      let chunk = `${JSON.stringify(HEADER)}\n`;
      for (const unit of this.#index.units()) {
        chunk += `${JSON.stringify({ put: unit })}\n`;
        lines++;
        if (chunk.length >= 65_536) {
          await handle.write(chunk);
          chunk = '';
        }
      }
      await handle.write(chunk);
    });
    this.#lines = lines;
  }

  lookup(pair: LanguagePair, sources: readonly string[], options?: LookupOptions): Promise<(MemoryUnit | undefined)[]> {
    return Promise.resolve(this.#index.lookup(pair, sources, options));
  }

  async store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    const { result, changed } = this.#index.put(units, memoryNow(), this.options.creator);
    await this.#append(changed.map((unit) => ({ put: unit })));
    return result;
  }

  async recordUse(pair: LanguagePair, sources: readonly string[], options: LookupOptions = {}): Promise<void> {
    const used = this.#index.recordUse(pair, sources, options);
    if (used.length === 0) return;
    const { contexts, asker } = options;
    await this.#append([
      {
        use: {
          pair: pairId(pair),
          sources: used.map((i) => sources[i] ?? ''),
          ...(contexts?.some((context) => context) ? { contexts: used.map((i) => contexts[i] ?? '') } : {}),
          ...(asker !== undefined ? { asker } : {}),
        },
      },
    ]);
  }

  /** Removes the units `filter` takes by rewriting the journal without them. */
  async remove(filter: MemoryFilter): Promise<number> {
    const removed = this.#index.remove(filter);
    if (removed > 0) await this.#rewrite();
    return removed;
  }

  async clear(pair?: LanguagePair): Promise<number> {
    const removed = this.#index.clear(pair);
    if (removed > 0) await this.#rewrite();
    return removed;
  }

  fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]> {
    return settled(() => this.#index.fuzzy(pair, text, options));
  }
  search(phrase: string, options?: ConcordanceOptions): Promise<ConcordanceHit[]> {
    return settled(() => this.#index.search(phrase, options));
  }
  stats(): Promise<MemoryStats> {
    return Promise.resolve(this.#index.stats());
  }

  async *units(): AsyncIterable<MemoryUnit> {
    yield* [...this.#index.units()];
  }
}
