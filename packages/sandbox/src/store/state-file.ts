import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ArtifactRecord, CallRecord, DailyUsage, JobRecord, StoredKey } from './types.js';

/** Everything that survives a restart with `--data-dir` (audio files live beside it). */
export interface StateSnapshot {
  readonly version: 1;
  readonly clockOffsetMs: number;
  readonly keys: readonly StoredKey[];
  readonly usage: Readonly<Record<string, DailyUsage>>;
  readonly jobs: readonly JobRecord[];
  readonly artifacts: readonly ArtifactRecord[];
  readonly calls: readonly CallRecord[];
}

/** `<dir>/state.json`, written atomically (a temporary file renamed over the old one). */
export class StateFile {
  readonly #path: string;

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.#path = join(dir, 'state.json');
  }

  load(): StateSnapshot | undefined {
    let text: string;
    try {
      text = readFileSync(this.#path, 'utf8');
    } catch {
      return undefined;
    }
    const snapshot = JSON.parse(text) as StateSnapshot;
    if (snapshot.version !== 1) throw new Error(`${this.#path}: unknown state version ${String(snapshot.version)}`);
    return snapshot;
  }

  save(snapshot: StateSnapshot): void {
    const temporary = `${this.#path}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(snapshot));
    renameSync(temporary, this.#path);
  }
}

/** Coalesces many changes into one write shortly after, and writes at once on `flush()`. */
export class SaveScheduler {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: () => void,
    private readonly onError: (error: unknown) => void,
    private readonly delayMs = 100,
  ) {}

  changed(): void {
    this.#timer ??= setTimeout(() => this.#save(), this.delayMs);
  }

  /** Writes now; a failure is thrown to the caller (shutdown reports it). */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.write();
  }

  /** A failed background save is reported and retried with the next change, never a crash. */
  #save(): void {
    try {
      this.flush();
    } catch (error) {
      this.onError(error);
    }
  }
}
