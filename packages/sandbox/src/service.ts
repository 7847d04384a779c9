import { join } from 'node:path';
import { serviceFacts } from '@circassian/core';
import { FaultBoard } from './admin/fault-board.js';
import { KeyRegistry, type IssuedKey, type NewKey } from './auth/key-registry.js';
import { ServiceClock } from './clock.js';
import { SpeechJobs } from './jobs/speech-jobs.js';
import { SpeechWorker } from './jobs/speech-worker.js';
import { UsageLedger } from './limits/usage-ledger.js';
import { DEFAULTS, SILENT_LOGGER, type SandboxLogger, type SandboxOptions } from './options.js';
import type { ApiServices } from './routes/context.js';
import { DirectoryAudioStore, MemoryAudioStore } from './store/audio-store.js';
import { CallLog } from './store/call-log.js';
import { AUDIO_DIR } from './store/data-dir-files.js';
import { journalLine, type JournalEntry, type LoadedState } from './store/journal-entry.js';
import { Journal } from './store/journal.js';
import { loadDataDir, type LoadedDataDir } from './store/load-data-dir.js';
import type { StateCapture } from './store/snapshot.js';
import type { StoredKey } from './store/types.js';

/**
 * The sandbox's state and its parts, independent of HTTP: keys, usage, faults, call records,
 * speech jobs, the clock, and (with a data directory) their journal on disk.
 */
export class SandboxService implements ApiServices {
  readonly clock: ServiceClock;
  readonly keys: KeyRegistry;
  readonly ledger: UsageLedger;
  readonly faults = new FaultBoard();
  readonly calls: CallLog;
  readonly worker: SpeechWorker;
  readonly jobs: SpeechJobs;
  readonly queueTimeoutMs: number;
  readonly logger: SandboxLogger;
  readonly #journal: Journal | undefined;
  readonly #releaseDataDir: () => void;
  #sweepTimer: NodeJS.Timeout;

  constructor(options: SandboxOptions) {
    this.logger = options.logger ?? SILENT_LOGGER;
    const warn = (message: string): void => this.logger.warn(message);
    const loaded: LoadedDataDir | undefined = options.dataDir === undefined ? undefined : loadDataDir(options.dataDir, warn);
    const stored: LoadedState | undefined = loaded?.state;
    const journaled = loaded !== undefined;
    this.#releaseDataDir = loaded?.release ?? (() => {});
    this.clock = new ServiceClock(stored?.clockOffsetMs ?? 0);
    this.keys = new KeyRegistry(stored ? [...stored.keys.values()] : []);
    this.ledger = new UsageLedger(this.clock, stored?.usage ?? [], journaled);
    this.calls = new CallLog(
      {
        retentionDays: serviceFacts.limits.contentRetentionDays,
        maxRecords: options.maxCallRecords ?? DEFAULTS.maxCallRecords,
        maxBytes: options.maxCallLogBytes ?? DEFAULTS.maxCallLogBytes,
      },
      stored?.calls,
      journaled,
    );
    this.worker = new SpeechWorker(options.speechJobMs ?? DEFAULTS.speechJobMs);
    this.queueTimeoutMs = options.queueTimeoutMs ?? DEFAULTS.queueTimeoutMs;
    this.#journal =
      options.dataDir === undefined || !loaded
        ? undefined
        : new Journal({
            dir: options.dataDir,
            snapshotGeneration: loaded.snapshotGeneration,
            hasSnapshot: loaded.hasSnapshot,
            journalGeneration: loaded.journalGeneration,
            journalBytes: loaded.journalBytes,
            capture: () => this.#capture(),
            lagging: () => this.#lagging(),
            compactAfterBytes: options.compactJournalAfterBytes ?? DEFAULTS.compactJournalAfterBytes,
            lagMs: USAGE_LAG_MS,
            warn,
          });
    this.jobs = new SpeechJobs(
      {
        worker: this.worker,
        faults: this.faults,
        clock: this.clock,
        ledger: this.ledger,
        audio: options.dataDir === undefined ? new MemoryAudioStore() : new DirectoryAudioStore(join(options.dataDir, AUDIO_DIR), warn),
        record: (entry) => this.record(entry),
      },
      stored ? { jobs: stored.jobs.values(), artifacts: stored.artifacts.values() } : {},
    );
    if (stored) this.logger.info(`Loaded ${stored.keys.size} keys and ${stored.jobs.size} jobs from ${options.dataDir ?? ''}`);
    // Expired audio and old content go even when nobody asks for them.
    this.#sweepTimer = setInterval(() => this.sweep(), 60_000).unref();
  }

  issueKey(request: NewKey): IssuedKey {
    const issued = this.keys.issue(request, new Date(this.clock.now()).toISOString());
    this.keyChanged(issued.record);
    return issued;
  }

  /** Saves a key's new name, limits, content logging or revocation (answers wait for `saved()`). */
  keyChanged(record: StoredKey): void {
    this.record({ op: 'key', key: record });
  }

  /** Moves the service clock and applies what the new time expires. */
  advanceClock(seconds: number): number {
    const now = this.clock.advance(seconds);
    this.record({ op: 'clock', offsetMs: this.clock.offsetMs });
    this.sweep();
    return now;
  }

  sweep(): void {
    this.jobs.sweep();
    this.calls.purgeContent(this.clock.now());
  }

  /** Queues a change for the journal, when persistence is on. */
  record(entry: JournalEntry): void {
    this.#journal?.record(journalLine(entry));
  }

  /**
   * Resolves once every owner write and job change made so far is on disk (written and synced);
   * undefined when nothing is waiting, so the common answer takes no extra turn.
   */
  saved(): Promise<void> | undefined {
    return this.#journal?.saved();
  }

  /** Stops the speech slot and timers, writes what lags and folds the journal into `state.json`. */
  async close(): Promise<void> {
    clearInterval(this.#sweepTimer);
    this.worker.close();
    try {
      await this.#journal?.close();
    } finally {
      this.#releaseDataDir();
    }
  }

  /** The changes that may lag, as journal lines: usage counters and call records. */
  #lagging(): string {
    const usage = this.ledger.takeChanged();
    const calls = this.calls.takeUnjournaled();
    return (
      (usage ? journalLine({ op: 'usage', usage }) : '') +
      // The records are JSON already: the line is assembled around them.
      (calls.length > 0 ? `{"op":"calls","calls":[${calls.join(',')}]}\n` : '')
    );
  }

  #capture(): StateCapture {
    this.calls.purgeContent(this.clock.now());
    return {
      clockOffsetMs: this.clock.offsetMs,
      keys: this.keys.all(),
      usage: this.ledger.snapshot(),
      ...this.jobs.snapshot(),
      callsJson: this.calls.json(),
    };
  }
}

/**
 * Usage counters and call records are written with the next owner write or job change, and at
 * the latest this long after they change: a crash loses at most this much of them.
 */
export const USAGE_LAG_MS = 1000;
