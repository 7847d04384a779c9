/**
 * `@circassian/sandbox/testing`: the one test fixture of the repository's tests and benchmarks (a
 * workspace entry, not published): `TestService` for a sandbox a test starts and stops itself,
 * `useSandbox` for one per vitest file; and what tests outside the package check against.
 */
export { TestService, type CallOptions, type CallResult } from './testing/test-service.js';
export { useSandbox } from './testing/use-sandbox.js';
// What the repository's tests hold against the sandbox from outside it: the pseudo-translation's
// stable rules (a test predicts what a plugin receives) and the request schemas (held against the
// OpenAPI document by test/conformance).
export { pseudoTranslate } from './engines/translate.js';
export { BATCH_REQUEST, DETECT_REQUEST, DICTIONARY_REQUEST, SPEECH_REQUEST, TRANSLATE_REQUEST } from './validation/requests.js';
export type { FieldRule, Schema } from './validation/schema.js';
// Seeded choices for the benchmarks' corpora and the chaos run's workload and kills.
export { seededRandom } from './testing/seeded-random.js';
