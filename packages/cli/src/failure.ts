/**
 * Turns anything a command throws into what the user reads: an exit code from the one table, a
 * message, and a hint that says what to do. Both tables are keyed by core's `AnyErrorType`, so an
 * error type added to core fails to compile here until it has its exit code and its advice.
 */
import { APIError, InvalidResponseError, isCircassianError, type AnyErrorType, type CircassianError } from '@circassian/core';
import { CliError } from './cli-error.js';
import { EXIT_CODE_BY_ERROR_TYPE, ExitCode } from './exit-codes.js';

export interface Failure {
  readonly exitCode: ExitCode;
  /** The service's `error.type`, or the command's own kind (`usage`, `connection`, `job_failed`, ...). */
  readonly type: string;
  readonly message: string;
  readonly hint?: string;
  readonly status?: number;
  readonly retryAfterSeconds?: number;
  readonly jobId?: string;
}

/** What the user runs to pick up a speech job again. */
export function resumeCommand(jobId: string): string {
  return `circassian speak --job ${jobId} -o FILE`;
}

const BUSY = 'the service is busy or unavailable; retry later';
const UNREACHABLE = 'the service could not be reached in time: check CIRCASSIAN_BASE_URL or --base-url and your network, then retry later';
const NOT_UNDERSTOOD = 'this is a bug or an answer the command does not understand: please report it with the command and this output';

/** What to do about each error type; undefined when there is nothing to add. */
const HINT_BY_ERROR_TYPE: Readonly<Record<AnyErrorType, (error: CircassianError) => string | undefined>> = {
  unauthorized: () => 'check CIRCASSIAN_API_KEY or --key; keys are issued by the service owner (or try --sandbox)',
  invalid_request: () => 'fix the text, language or options; retrying will not help',
  rate_limited: (error) =>
    `per-minute limit reached: retry after ${(error as Partial<APIError>).retryAfterSeconds ?? 'the Retry-After'} seconds (or let the command wait: --max-wait)`,
  quota_exceeded: () => 'a daily limit is spent (the message above says which, and when it resets); see your limits with `circassian me`',
  not_found: () => 'the job or audio link is unknown or has expired (links live one hour); submit the speech again',
  queue_timeout: () => BUSY,
  upstream_unavailable: () => BUSY,
  upstream_error: () => BUSY,
  internal_error: () => BUSY,
  connection_error: () => UNREACHABLE,
  timeout: () => UNREACHABLE,
  aborted: () => undefined,
  job_failed: (error) =>
    `job id ${error.jobId ?? ''}: check it with \`${resumeCommand(error.jobId ?? 'ID')}\`, or run the same command again to submit a new job`,
  response_too_large: () =>
    'the answer was larger than the command accepts: check that CIRCASSIAN_BASE_URL or --base-url is the service itself, not a proxy or another site',
  invalid_response: () =>
    'the answer was not what the service sends: check that CIRCASSIAN_BASE_URL or --base-url is the service (not a network sign-in page), then report it if it stays',
  not_configured: () => 'set CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL, or pass --key and --base-url (or try --sandbox)',
  unknown: () => NOT_UNDERSTOOD,
};

/** The names the command's `--json` output has always used for these types (scripts read them). */
const OUTPUT_TYPE: Partial<Record<AnyErrorType, string>> = { connection_error: 'connection', aborted: 'interrupted' };

/** The 422 `detail` array of a schema validation failure, in one line. */
function validationDetail(detail: unknown): string | undefined {
  if (!Array.isArray(detail)) return undefined;
  const parts = detail.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { loc, msg } = item as { loc?: unknown; msg?: unknown };
    const where = Array.isArray(loc) ? loc.join('.') : '';
    return typeof msg === 'string' ? [where ? `${where}: ${msg}` : msg] : [];
  });
  return parts.length > 0 ? parts.join('; ') : undefined;
}

function withJob(failure: Failure, jobId: string | undefined): Failure {
  if (jobId === undefined) return failure;
  return {
    ...failure,
    jobId,
    hint: `${failure.hint ?? ''}${failure.hint ? '; ' : ''}speech job ${jobId} may still finish: resume with \`${resumeCommand(jobId)}\``,
  };
}

/** Adds the command's own advice (what a run again will not redo) to a failure's hint. */
export function withHint(failure: Failure, hint: string | undefined): Failure {
  if (hint === undefined) return failure;
  return { ...failure, hint: failure.hint ? `${failure.hint}; ${hint}` : hint };
}

function exitCodeOf(error: CircassianError): ExitCode {
  // An error answer of a type the interface does not name: a 5xx is still the service being unwell.
  if (error instanceof APIError && error.type === 'unknown' && error.status >= 500) return ExitCode.unavailable;
  return EXIT_CODE_BY_ERROR_TYPE[error.type];
}

/**
 * @param jobId the speech job the command was following, when the error itself does not carry it
 */
export function describeFailure(error: unknown, jobId?: string): Failure {
  if (error instanceof CliError) {
    return { exitCode: error.exitCode, type: error.type, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
  if (isCircassianError(error)) {
    const { type } = error;
    const detail = error instanceof APIError ? validationDetail(error.detail) : undefined;
    const hint = HINT_BY_ERROR_TYPE[type](error);
    const status = error instanceof APIError || error instanceof InvalidResponseError ? error.status : undefined;
    const retryAfterSeconds = error instanceof APIError ? error.retryAfterSeconds : undefined;
    const failure: Failure = {
      exitCode: exitCodeOf(error),
      type: OUTPUT_TYPE[type] ?? (error instanceof APIError && error.serviceType !== undefined ? error.serviceType : type),
      message: type === 'aborted' ? 'interrupted' : detail ? `${error.message} (${detail})` : error.message,
      ...(hint !== undefined ? { hint } : {}),
      ...(status !== undefined ? { status } : {}),
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
    };
    // A failed job already names itself; a missing one cannot be resumed; the rest may still finish.
    if (type === 'job_failed') return { ...failure, ...(error.jobId !== undefined ? { jobId: error.jobId } : {}) };
    if (type === 'not_found' || type === 'invalid_request') return failure;
    return withJob(failure, error.jobId ?? jobId);
  }
  const message = error instanceof Error ? error.message : String(error);
  return { exitCode: ExitCode.unexpected, type: 'unexpected', message, hint: NOT_UNDERSTOOD };
}
