export * from './service-facts.js';
export * from './palochka.js';
export * from './text.js';
export { CircassianClient, API_KEY_ENV, BASE_URL_ENV } from './client.js';
export * from './errors.js';
export type { ClientOptions, DispatchOptions, DispatchResponse, Logger, RequestDispatcher, RequestOptions } from './options.js';
export type { TranslateBatchOptions } from './resources/batch.js';
export type { SpeechOptions, WaitForJobOptions } from './resources/speech.js';
export type * from './types.js';
