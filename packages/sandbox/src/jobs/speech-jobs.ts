import { serviceFacts } from '@circassian/core';
import { randomToken } from '../auth/secrets.js';
import type { ServiceClock } from '../clock.js';
import type { FaultBoard } from '../admin/fault-board.js';
import type { UsageLedger } from '../limits/usage-ledger.js';
import type { AudioStore } from '../store/audio-store.js';
import type { JournalEntry } from '../store/journal-entry.js';
import type { ArtifactRecord, JobRecord, SpeechTask } from '../store/types.js';
import type { SpeechWorker } from './speech-worker.js';

export interface JobSubmission {
  readonly owner: string;
  readonly task: SpeechTask;
  readonly reservedSeconds: number;
  readonly reservedDay: string;
}

/**
 * Speech jobs (queued -> running -> done | failed) and the audio they produce. A job and its file
 * live one hour of service clock after the job ends; after that both answer not_found.
 */
export class SpeechJobs {
  readonly #jobs = new Map<string, JobRecord>();
  readonly #artifacts = new Map<string, ArtifactRecord>();

  constructor(
    private readonly deps: {
      readonly worker: SpeechWorker;
      readonly faults: FaultBoard;
      readonly clock: ServiceClock;
      readonly ledger: UsageLedger;
      readonly audio: AudioStore;
      /** Saves a change (with a data directory): answers that tell of it wait until it is on disk. */
      readonly record: (entry: JournalEntry) => void;
    },
    stored: { readonly jobs?: Iterable<JobRecord>; readonly artifacts?: Iterable<ArtifactRecord> } = {},
  ) {
    for (const artifact of stored.artifacts ?? []) this.#artifacts.set(artifact.artifact_id, artifact);
    for (const job of stored.jobs ?? []) {
      this.#jobs.set(job.job_id, job);
      // A restart interrupted these: they run again from the start.
      if ((job.status === 'queued' || job.status === 'running') && job.task) {
        job.status = 'queued';
        job.started_at = null;
        this.#run(job, job.task);
      }
    }
  }

  submit(submission: JobSubmission): JobRecord {
    const job: JobRecord = {
      job_id: `job_${randomToken(16)}`,
      owner: submission.owner,
      status: 'queued',
      created_at: this.deps.clock.now(),
      started_at: null,
      ended_at: null,
      artifact_id: null,
      duration_seconds: null,
      error: null,
      reserved_seconds: submission.reservedSeconds,
      reserved_day: submission.reservedDay,
      task: submission.task,
    };
    this.#jobs.set(job.job_id, job);
    this.deps.record({ op: 'job', job });
    this.#run(job, submission.task);
    return job;
  }

  /** The owner's job, or undefined when unknown, someone else's, or expired. */
  job(jobId: string, owner: string): JobRecord | undefined {
    this.sweep();
    const job = this.#jobs.get(jobId);
    return job?.owner === owner ? job : undefined;
  }

  /** The owner's audio file, or undefined when unknown, someone else's, or expired. */
  audio(artifactId: string, owner: string): { readonly record: ArtifactRecord; readonly wav: Uint8Array } | undefined {
    this.sweep();
    const record = this.#artifacts.get(artifactId);
    if (record?.owner !== owner) return undefined;
    const wav = this.deps.audio.get(artifactId);
    return wav ? { record, wav } : undefined;
  }

  /** Deletes jobs and files whose link lifetime has passed. */
  sweep(): void {
    const now = this.deps.clock.now();
    for (const [id, artifact] of this.#artifacts) {
      if (artifact.expires_at > now) continue;
      this.#artifacts.delete(id);
      this.deps.record({ op: 'artifact_deleted', id });
      this.deps.audio.delete(id);
    }
    for (const [id, job] of this.#jobs) {
      if (job.ended_at !== null && job.ended_at + lifetimeMs() <= now) {
        this.#jobs.delete(id);
        this.deps.record({ op: 'job_deleted', id });
      }
    }
  }

  snapshot(): { jobs: JobRecord[]; artifacts: ArtifactRecord[] } {
    return { jobs: [...this.#jobs.values()], artifacts: [...this.#artifacts.values()] };
  }

  #run(job: JobRecord, task: SpeechTask): void {
    const { result } = this.deps.worker.schedule(task, () => {
      job.status = 'running';
      job.started_at = this.deps.clock.now();
      this.deps.record({ op: 'job', job });
    });
    result.then(
      (speech) => {
        if (this.deps.faults.takeJobFailure()) return this.#fail(job, 'Speech generation failed (fault injected through /admin/faults).');
        const artifact: ArtifactRecord = {
          artifact_id: `art_${randomToken(16)}`,
          owner: job.owner,
          job_id: job.job_id,
          duration_seconds: speech.durationSeconds,
          expires_at: this.deps.clock.now() + lifetimeMs(),
        };
        const written = this.deps.audio.put(artifact.artifact_id, speech.wav);
        // The file is on disk before the job says done; in memory that is at once.
        if (!written) return this.#done(job, artifact);
        written.then(
          () => this.#done(job, artifact),
          (error: unknown) =>
            this.#fail(
              job,
              `Speech generation failed: could not store the audio (${error instanceof Error ? error.message : String(error)}).`,
            ),
        );
      },
      (error: unknown) => this.#fail(job, `Speech generation failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  #done(job: JobRecord, artifact: ArtifactRecord): void {
    this.#artifacts.set(artifact.artifact_id, artifact);
    this.deps.record({ op: 'artifact', artifact });
    this.deps.ledger.adjustSpeech(job.owner, job.reserved_day, artifact.duration_seconds - job.reserved_seconds);
    job.status = 'done';
    job.task = null;
    job.artifact_id = artifact.artifact_id;
    job.duration_seconds = artifact.duration_seconds;
    job.ended_at = this.deps.clock.now();
    this.deps.record({ op: 'job', job });
  }

  #fail(job: JobRecord, message: string): void {
    // No audio was produced, so none is charged.
    this.deps.ledger.adjustSpeech(job.owner, job.reserved_day, -job.reserved_seconds);
    job.status = 'failed';
    job.task = null;
    job.error = message;
    job.ended_at = this.deps.clock.now();
    this.deps.record({ op: 'job', job });
  }
}

function lifetimeMs(): number {
  return serviceFacts.limits.audioLinkLifetimeSeconds * 1000;
}
