import { ExitCode } from './exit-codes.js';

/** An error the command itself raises (bad usage, missing key, ...), already carrying its exit code. */
export class CliError extends Error {
  override readonly name: string = 'CliError';

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** Machine-readable kind, printed as `error.type` with --json. */
    readonly type: string,
    /** What to do about it. */
    readonly hint?: string,
  ) {
    super(message);
  }
}

export class UsageError extends CliError {
  override readonly name = 'UsageError';

  constructor(message: string, hint = 'see `circassian --help`') {
    super(message, ExitCode.usage, 'usage', hint);
  }
}
