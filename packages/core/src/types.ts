/**
 * Public request and response types, defined over the types generated from
 * shared/openapi/openapi.json (src/generated/openapi.ts, `pnpm --filter @circassian/core generate`),
 * so a change to the document shows up here as a type error instead of silent drift. Field names
 * are the spec's own (`target_lang`, `source_lang`, ...).
 */
import type { components } from './generated/openapi.js';
import type { JobStatus, ListItem, SpeechLanguage, TranslationLanguage } from './service-facts.js';

type Schemas = components['schemas'];

/** Keeps the generated shape but narrows fields the spec constrains further. */
type Override<T, U> = Omit<T, keyof U> & U;

export type KeyLimits = Schemas['KeyLimits'];
export type KeyDetails = Schemas['KeyDetails'];

export type TranslateRequest = Schemas['TranslateRequest'];
export type TranslateResponse = Schemas['TranslateResponse'];
/** The client accepts any number of texts and packs them into requests the service accepts. */
export type BatchTranslateRequest = Schemas['BatchTranslateRequest'];
export type BatchTranslateResponse = Schemas['BatchTranslateResponse'];

export type DictionaryRequest = Schemas['DictionaryRequest'];
export type DictionaryResponse = Schemas['DictionaryResponse'];

export type DetectRequest = Schemas['DetectRequest'];
export type DetectResponse = Schemas['DetectResponse'];

export type LanguagesResponse = Schemas['LanguagesResponse'];
export type VoicesResponse = Override<Schemas['VoicesResponse'], { voices: ListItem[]; languages: ListItem[] }>;

export type SpeechRequest = Override<
  Schemas['SpeechRequest'],
  {
    /** One of the speech languages (default kbd); `tr` is rejected by the service. */
    language?: SpeechLanguage | (string & {});
    /** `male` or `female` today; the list grows (see `voices()`). */
    voice?: string;
  }
>;

export type Job = Schemas['Job'];
export type ErrorBody = Schemas['ErrorBody'];
export type ValidationErrorDetail = Schemas['ValidationError'];

export interface SpeechResult {
  /** The audio file (WAV from this service). */
  audio: Uint8Array;
  contentType: string;
  durationSeconds: number;
  /** The job that produced the audio, when the text was long enough to need one. */
  jobId?: string;
}

/** A job as its creation answer shows it: the id is always there (keep it to resume the job later). */
export type CreatedJob = Job & { job_id: string };

/**
 * What one `POST /v1/speech` gave: the audio itself (short text), or a job to wait for and fetch
 * (`resumeSpeech(job.job_id)`), told apart by the response's Content-Type.
 */
export type SpeechSubmission =
  { kind: 'audio'; audio: Uint8Array; contentType: string; durationSeconds: number } | { kind: 'job'; job: CreatedJob };

export type SpeechProgress =
  | { phase: 'submitted' | 'synthesizing'; jobId?: string; status?: JobStatus; part?: number; parts?: number }
  | { phase: 'queued' | 'running'; jobId: string; status: JobStatus; elapsedMs: number; part?: number; parts?: number }
  | { phase: 'downloading' | 'done'; jobId?: string; part?: number; parts?: number };

export type { JobStatus, ListItem, SpeechLanguage, TranslationLanguage };
