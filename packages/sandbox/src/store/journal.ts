import { open, rm, type FileHandle } from 'node:fs/promises';
import { fileError, journalPath } from './data-dir-files.js';
import { writeSnapshot, type StateCapture } from './snapshot.js';
import { syncDirectory } from './sync-dir.js';

export interface JournalOptions {
  readonly dir: string;
  readonly snapshotGeneration: number;
  readonly hasSnapshot: boolean;
  readonly journalGeneration: number;
  readonly journalBytes: number;
  /** The whole state at this instant (for a snapshot). */
  readonly capture: () => StateCapture;
  /** Lines of the changes that may lag (usage counters, call records), taken as they are written. */
  readonly lagging: () => string;
  /** Journal size after which it is folded into a new snapshot, in the background. */
  readonly compactAfterBytes: number;
  /** How long lagging changes may wait for a write. */
  readonly lagMs: number;
  readonly warn: (message: string) => void;
}

interface Batch {
  text: string;
  readonly done: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The append-only journal of a data directory. `record` queues a line; lines queued while a write
 * is under way go together in the next one (group commit), each write is followed by an fsync, and
 * `saved()` resolves once everything recorded so far is on disk: answers wait for it. Changes that
 * may lag ride along with every write, and at least every `lagMs`. Past `compactAfterBytes` the
 * journal is closed, a new one started, and the state as of that instant written to `state.json`
 * in the background; the old journal is deleted once the snapshot is in place. A failed write is
 * final: every later change's `saved()` rejects, as the file's content is no longer known
 * (PostgreSQL does the same after a failed fsync); a restart reads what is on disk.
 */
export class Journal {
  readonly #options: JournalOptions;
  #generation: number;
  #snapshotGeneration: number;
  #hasSnapshot: boolean;
  #bytes: number;
  #handle: FileHandle | undefined;
  /** Collecting lines for the next write. */
  #open: Batch | undefined;
  /** Being written. */
  #writing: Batch | undefined;
  #draining: Promise<void> | undefined;
  #compacting: Promise<void> | undefined;
  #failure: Error | undefined;
  readonly #lagTimer: NodeJS.Timeout;

  constructor(options: JournalOptions) {
    this.#options = options;
    this.#generation = options.journalGeneration;
    this.#snapshotGeneration = options.snapshotGeneration;
    this.#hasSnapshot = options.hasSnapshot;
    this.#bytes = options.journalBytes;
    this.#lagTimer = setInterval(() => void this.#flush().catch(() => {}), options.lagMs).unref();
  }

  /** Queues a line (a JSON entry and a newline) for the next write. */
  record(line: string): void {
    (this.#open ??= newBatch()).text += line;
    this.#kick();
  }

  /** Resolves once every line recorded so far is on disk; undefined when there is nothing to wait for. */
  saved(): Promise<void> | undefined {
    if (this.#open?.text) return this.#open.done;
    if (this.#writing?.text) return this.#writing.done;
    return undefined;
  }

  /** Writes what lags, waits for a compaction under way, folds the journal into `state.json`, closes the file. */
  async close(): Promise<void> {
    clearInterval(this.#lagTimer);
    await this.#flush();
    await this.#draining;
    await this.#compacting;
    if (this.#failure) throw this.#failure;
    if (this.#bytes > 0 || !this.#hasSnapshot || this.#snapshotGeneration !== this.#generation) {
      await this.#rotate(this.#options.capture());
      await this.#compacting;
    }
    await this.#closeHandle();
  }

  /** Writes everything recorded so far and what lags, now. */
  #flush(): Promise<void> {
    const batch = (this.#open ??= newBatch());
    this.#kick();
    return batch.done;
  }

  #kick(): void {
    this.#draining ??= this.#drain();
  }

  async #drain(): Promise<void> {
    // One microtask later, so every change of the current turn goes in the same write.
    await Promise.resolve();
    try {
      while (this.#open) await this.#writeNext(this.#open);
    } finally {
      // In the same turn as the loop's last check: a line recorded after it starts a new drain.
      this.#draining = undefined;
    }
  }

  async #writeNext(batch: Batch): Promise<void> {
    this.#open = undefined;
    this.#writing = batch;
    const text = batch.text + this.#options.lagging();
    // Taken in the same turn as the lagging lines: the snapshot holds exactly what this journal holds up to here.
    const capture = this.#compactionDue() ? this.#options.capture() : undefined;
    try {
      if (this.#failure) throw this.#failure;
      if (text) await this.#append(text);
      batch.resolve();
    } catch (error) {
      if (!this.#failure) {
        this.#failure = fileError('Could not write the journal', journalPath(this.#options.dir, this.#generation), error);
        this.#options.warn(`${this.#failure.message}; changes from now on are refused until a restart.`);
      }
      batch.reject(this.#failure);
    }
    this.#writing = undefined;
    if (capture && !this.#failure) await this.#rotate(capture);
  }

  async #append(text: string): Promise<void> {
    if (!this.#handle) {
      const path = journalPath(this.#options.dir, this.#generation);
      this.#handle = await open(path, 'a');
      // The new file's name must survive a crash as well as its lines.
      if (this.#bytes === 0) await syncDirectory(this.#options.dir);
    }
    await this.#handle.write(text);
    await this.#handle.datasync();
    this.#bytes += Buffer.byteLength(text);
  }

  #compactionDue(): boolean {
    return this.#compacting === undefined && this.#bytes >= this.#options.compactAfterBytes;
  }

  /** Starts the next journal and writes the captured state as the snapshot it continues, in the background. */
  async #rotate(capture: StateCapture): Promise<void> {
    await this.#closeHandle();
    const generation = this.#generation + 1;
    this.#generation = generation;
    this.#bytes = 0;
    this.#compacting = this.#compact(generation, capture)
      .catch((error: unknown) =>
        this.#options.warn(`Could not write ${this.#options.dir}/state.json: ${String(error)}; the journal keeps the changes.`),
      )
      .finally(() => (this.#compacting = undefined));
  }

  async #compact(generation: number, capture: StateCapture): Promise<void> {
    await writeSnapshot(this.#options.dir, generation, capture);
    const replaced = this.#snapshotGeneration;
    this.#snapshotGeneration = generation;
    this.#hasSnapshot = true;
    for (let old = replaced; old < generation; old++) await rm(journalPath(this.#options.dir, old), { force: true });
    await syncDirectory(this.#options.dir);
  }

  async #closeHandle(): Promise<void> {
    const handle = this.#handle;
    this.#handle = undefined;
    await handle?.close();
  }
}

function newBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const done = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  // A batch nobody waits for (lagging changes only) must not be an unhandled rejection; the warning reports it.
  done.catch(() => {});
  return { text: '', done, resolve, reject };
}
