/**
 * `@circassian/sandbox/testing`: the one test fixture of the repository's tests and benchmarks (a
 * workspace entry, not published): `TestService` for a sandbox a test starts and stops itself,
 * `useSandbox` for one per vitest file.
 */
export { TestService, type CallOptions, type CallResult } from './testing/test-service.js';
export { useSandbox } from './testing/use-sandbox.js';
