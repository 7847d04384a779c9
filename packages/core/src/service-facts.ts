/**
 * The service interface's facts (languages, limits, error types) as one typed object.
 * The values live in `shared/service.json`, the single place every package reads them from; core
 * carries a copy (`src/generated/service.json`, kept equal by `pnpm sync-shared` and a test) so its
 * build never reaches outside the package.
 */
import facts from './generated/service.json' with { type: 'json' };

export type TranslationLanguage = 'ru' | 'en' | 'tr' | 'kbd' | 'ady';
export type SpeechLanguage = 'kbd' | 'ady' | 'ru' | 'en';
export type ErrorType =
  | 'unauthorized'
  | 'invalid_request'
  | 'rate_limited'
  | 'quota_exceeded'
  | 'queue_timeout'
  | 'upstream_unavailable'
  | 'upstream_error'
  | 'not_found'
  | 'internal_error';
/** The client's own error types: failures no service answer names (see `shared/service.json`, `clientErrors`). */
export type ClientErrorType =
  'connection_error' | 'timeout' | 'aborted' | 'job_failed' | 'response_too_large' | 'invalid_response' | 'not_configured' | 'unknown';
/**
 * Every `type` a caller can see on an error from this package: the service's types and the
 * client's own. Advice tables (CLI, VS Code, WordPress, Strapi) are keyed by it, so a missing
 * entry fails to compile.
 */
export type AnyErrorType = ErrorType | ClientErrorType;
export type OperationName = 'me' | 'translate' | 'batch' | 'dictionary' | 'detect' | 'languages' | 'voices' | 'speech' | 'jobs' | 'audio';
export type KeyLimitName = 'requests_per_minute' | 'requests_per_day' | 'translate_chars_per_day' | 'speech_seconds_per_day';
export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface ListItem<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
}

export interface ErrorFact {
  /** HTTP statuses this error type is sent with. */
  readonly status: readonly number[];
  /** What a client does: never retry, retry after the server's delay, back off, or retry once. */
  readonly retry: 'never' | 'after' | 'backoff' | 'once';
  readonly retryAfterSeconds?: number;
}

export interface ServiceFacts {
  readonly apiVersion: string;
  readonly translationLanguages: readonly ListItem<TranslationLanguage>[];
  readonly speechLanguages: readonly ListItem<SpeechLanguage>[];
  readonly voices: readonly ListItem[];
  readonly dictionaryDialects: readonly ('kbd' | 'ady')[];
  readonly dictionaryLanguages: readonly ('ru' | 'en' | 'tr')[];
  readonly defaults: {
    readonly speechLanguage: SpeechLanguage;
    readonly voice: string;
    readonly speed: number;
    readonly dictionaryDialect: 'kbd' | 'ady';
    readonly dictionaryLang: 'ru' | 'en' | 'tr';
  };
  readonly limits: {
    readonly textMinChars: number;
    readonly textMaxChars: number;
    readonly batchMaxTexts: number;
    readonly batchMaxChars: number;
    readonly wordMaxChars: number;
    readonly instructMaxChars: number;
    readonly speechSyncMaxChars: number;
    readonly speedExclusiveMin: number;
    readonly speedMax: number;
    readonly jobPollIntervalSeconds: number;
    readonly audioLinkLifetimeSeconds: number;
    readonly contentRetentionDays: number;
    readonly rateLimitRetryAfterSeconds: number;
  };
  readonly keyLimitNames: readonly KeyLimitName[];
  readonly jobStatuses: readonly JobStatus[];
  readonly errors: Readonly<Record<ErrorType, ErrorFact>>;
  /** The client's own error types, each with one sentence on when it happens. */
  readonly clientErrors: Readonly<Record<ClientErrorType, string>>;
  readonly retryableStatuses: readonly number[];
  readonly operations: Readonly<Record<OperationName, { readonly method: 'GET' | 'POST'; readonly path: string }>>;
}

export const serviceFacts = facts as ServiceFacts;

export const TRANSLATION_LANGUAGES: readonly TranslationLanguage[] = serviceFacts.translationLanguages.map((l) => l.id);
export const SPEECH_LANGUAGES: readonly SpeechLanguage[] = serviceFacts.speechLanguages.map((l) => l.id);
export const ERROR_TYPES = Object.keys(serviceFacts.errors) as readonly ErrorType[];
export const CLIENT_ERROR_TYPES = Object.keys(serviceFacts.clientErrors) as readonly ClientErrorType[];
/** Every error type a caller can see: the service's, then the client's own. */
export const ALL_ERROR_TYPES: readonly AnyErrorType[] = [...ERROR_TYPES, ...CLIENT_ERROR_TYPES];
export const OPERATION_NAMES = Object.keys(serviceFacts.operations) as readonly OperationName[];

export function isTranslationLanguage(value: unknown): value is TranslationLanguage {
  return typeof value === 'string' && (TRANSLATION_LANGUAGES as readonly string[]).includes(value);
}

export function isSpeechLanguage(value: unknown): value is SpeechLanguage {
  return typeof value === 'string' && (SPEECH_LANGUAGES as readonly string[]).includes(value);
}

export function isErrorType(value: unknown): value is ErrorType {
  return typeof value === 'string' && Object.hasOwn(serviceFacts.errors, value);
}

export function isAnyErrorType(value: unknown): value is AnyErrorType {
  return typeof value === 'string' && (isErrorType(value) || Object.hasOwn(serviceFacts.clientErrors, value));
}

// Reading the interface's quota_exceeded answer is part of knowing the interface: it lives beside
// the facts, so hosts that load no client (VS Code's activation, Strapi's admin) can use it.
export {
  readQuotaExceeded,
  nextUtcMidnight,
  type DailyLimitName,
  type QuotaAmounts,
  type QuotaReading,
} from './quota/read-quota-exceeded.js';
