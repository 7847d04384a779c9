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
import { SaveScheduler, StateFile } from './store/state-file.js';

/**
 * The sandbox's state and its parts, independent of HTTP: keys, usage, faults, call records,
 * speech jobs, the clock, and (with a data directory) their persistence.
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
  readonly #stateFile: StateFile | undefined;
  readonly #saves: SaveScheduler | undefined;
  #sweepTimer: NodeJS.Timeout;

  constructor(options: SandboxOptions) {
    this.logger = options.logger ?? SILENT_LOGGER;
    this.#stateFile = options.dataDir === undefined ? undefined : new StateFile(options.dataDir);
    const stored = this.#stateFile?.load();
    this.clock = new ServiceClock(stored?.clockOffsetMs ?? 0);
    this.keys = new KeyRegistry(stored?.keys);
    this.ledger = new UsageLedger(this.clock, stored?.usage);
    this.calls = new CallLog(serviceFacts.limits.contentRetentionDays, options.maxCallRecords ?? DEFAULTS.maxCallRecords, stored?.calls);
    this.worker = new SpeechWorker(options.speechJobMs ?? DEFAULTS.speechJobMs);
    this.queueTimeoutMs = options.queueTimeoutMs ?? DEFAULTS.queueTimeoutMs;
    const stateFile = this.#stateFile;
    this.#saves =
      stateFile &&
      new SaveScheduler(
        () => stateFile.save(this.#snapshot()),
        (error) => this.logger.warn(`Could not save the state to ${stateFile.dir}: ${String(error)}`),
      );
    this.jobs = new SpeechJobs(
      {
        worker: this.worker,
        faults: this.faults,
        clock: this.clock,
        ledger: this.ledger,
        audio: stateFile ? new DirectoryAudioStore(join(stateFile.dir, 'audio')) : new MemoryAudioStore(),
        onChange: () => this.changed(),
      },
      stored ?? {},
    );
    if (stored) this.logger.info(`Loaded ${stored.keys.length} keys and ${stored.jobs.length} jobs from ${stateFile?.dir ?? ''}`);
    // Expired audio and old content go even when nobody asks for them.
    this.#sweepTimer = setInterval(() => this.sweep(), 60_000).unref();
  }

  issueKey(request: NewKey): IssuedKey {
    const issued = this.keys.issue(request, new Date(this.clock.now()).toISOString());
    this.changed();
    return issued;
  }

  /** Moves the service clock and applies what the new time expires. */
  advanceClock(seconds: number): number {
    const now = this.clock.advance(seconds);
    this.sweep();
    this.changed();
    return now;
  }

  sweep(): void {
    this.jobs.sweep();
    this.calls.purgeContent(this.clock.now());
  }

  /** Schedules a save when persistence is on. */
  changed(): void {
    this.#saves?.changed();
  }

  /** Stops the speech slot and timers and writes the state one last time. */
  close(): void {
    clearInterval(this.#sweepTimer);
    this.worker.close();
    this.#saves?.flush();
  }

  #snapshot() {
    this.calls.purgeContent(this.clock.now());
    return {
      version: 1 as const,
      clockOffsetMs: this.clock.offsetMs,
      keys: this.keys.all(),
      usage: this.ledger.snapshot(),
      ...this.jobs.snapshot(),
      calls: this.calls.snapshot(),
    };
  }
}
