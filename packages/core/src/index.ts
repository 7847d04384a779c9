export * from './service-facts.js';
export * from './palochka.js';
export * from './text.js';
export { CircassianClient } from './client.js';
export { API_KEY_ENV, BASE_URL_ENV, credentialsFromEnvironment, type EnvironmentCredentials } from './environment.js';
export * from './errors.js';
export type { ClientOptions, DispatchOptions, DispatchResponse, Logger, RequestDispatcher, RequestOptions } from './options.js';
export type { TranslateBatchOptions } from './resources/batch.js';
export { planBatch, type BatchAnswers, type BatchLimits, type BatchPlan, type PlannedRequest } from './batch-plan.js';
export type { SpeechOptions, WaitForJobOptions } from './resources/speech.js';
export type * from './types.js';
export type { TranslateOptions, TranslateResult, BatchTranslateResult } from './client.js';
export * from './memory.js';
export * from './glossary.js';
export * from './speech.js';
// For tools that write a person's files (the CLI's outputs and in-place fixes): old file or new, never cut.
export { replaceFile, type ReplaceFileOptions } from './internal/atomic-file.js';
