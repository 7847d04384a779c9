import type { KeyLimitName, OperationName, SpeechLanguage } from '@circassian/core';

/** The four per-key limits, named as in `GET /v1/me`. */
export type KeyLimits = Record<KeyLimitName, number>;

export interface StoredKey {
  readonly prefix: string;
  name: string;
  /** Per-key random salt and SHA-256 of salt + secret: the secret itself is never kept. */
  readonly salt: string;
  readonly hash: string;
  limits: KeyLimits;
  content_logging: boolean;
  readonly created_at: string;
  revoked_at: string | null;
}

/** What a key spent on one UTC day of the service clock. */
export interface DailyUsage {
  day: string;
  requests: number;
  translate_chars: number;
  speech_seconds: number;
}

/** Everything a speech task needs; kept with a job so a restart can run it again. */
export interface SpeechTask {
  readonly text: string;
  readonly language: SpeechLanguage;
  readonly voice: string;
  readonly speed: number;
  readonly instruct: string | null;
  readonly usesReferenceAudio: boolean;
}

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  readonly job_id: string;
  readonly owner: string;
  status: JobStatus;
  /** Service-clock milliseconds. */
  readonly created_at: number;
  started_at: number | null;
  ended_at: number | null;
  artifact_id: string | null;
  duration_seconds: number | null;
  error: string | null;
  /** Speech seconds charged at submission, on the day of submission. */
  readonly reserved_seconds: number;
  readonly reserved_day: string;
  /** The request, until the job ends: then it is dropped, as the text is content. */
  task: SpeechTask | null;
}

export interface ArtifactRecord {
  readonly artifact_id: string;
  readonly owner: string;
  readonly job_id: string;
  readonly duration_seconds: number;
  /** Service-clock milliseconds after which the file is deleted. */
  readonly expires_at: number;
}

/** Call volume: characters for text operations, seconds for speech. */
export interface CallVolume {
  characters?: number;
  audio_seconds?: number;
}

export interface CallContent {
  readonly request: unknown;
  readonly response: unknown;
}

export interface CallRecord {
  readonly timestamp: string;
  /** Key prefix; null when the call carried no valid key. */
  key: string | null;
  readonly operation: OperationName;
  model: string | null;
  volume: CallVolume;
  /** "ok" or the error type answered (`validation_error` for a schema-shape 422). */
  outcome: string;
  readonly address: string;
  ref_audio_used?: boolean;
  content?: CallContent;
}
