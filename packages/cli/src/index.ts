/** The CLI as a library: run it in-process (tests, other tools) with injected stdio and environment. */
export { main, type MainOptions } from './main.js';
export type { CliIo, InputStream, OutputStream } from './io.js';
export { EXIT_CODES, EXIT_CODE_BY_ERROR_TYPE, ExitCode, type ExitCodeRow } from './exit-codes.js';
export { COMMANDS } from './commands/index.js';
