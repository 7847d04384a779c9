/**
 * Turns anything a command throws into what the user reads: an exit code from the one table, a
 * message, and a hint that says what to do.
 */
import {
  APIError,
  ClientValidationError,
  ConnectionError,
  JobFailedError,
  RequestAbortedError,
  TimeoutError,
  isErrorType,
} from '@circassian/core';
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

function apiHint(error: Pick<APIError, 'type' | 'retryAfterSeconds'>): string {
  switch (error.type) {
    case 'unauthorized':
      return 'check CIRCASSIAN_API_KEY or --key; keys are issued by the service owner (or try --sandbox)';
    case 'invalid_request':
      return 'fix the text, language or options; retrying will not help';
    case 'rate_limited':
      return `per-minute limit reached: retry after ${error.retryAfterSeconds ?? 'the Retry-After'} seconds (or let the command wait: --max-wait)`;
    case 'quota_exceeded':
      return 'a daily limit is spent (the message above says which, and when it resets); see your limits with `circassian me`';
    case 'not_found':
      return 'the job or audio link is unknown or has expired (links live one hour); submit the speech again';
    default:
      return 'the service is busy or unavailable; retry later';
  }
}

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

/**
 * @param jobId the speech job the command was following, when the error itself does not carry it
 */
export function describeFailure(error: unknown, jobId?: string): Failure {
  if (error instanceof CliError) {
    return { exitCode: error.exitCode, type: error.type, message: error.message, ...(error.hint ? { hint: error.hint } : {}) };
  }
  if (error instanceof JobFailedError) {
    return {
      exitCode: ExitCode.jobFailed,
      type: 'job_failed',
      message: error.message,
      hint: `job id ${error.jobId}: check it with \`${resumeCommand(error.jobId)}\`, or run the same command again to submit a new job`,
      jobId: error.jobId,
    };
  }
  if (error instanceof ClientValidationError) {
    // Refused before sending: the same failure as the service's invalid_request, without a status.
    return { exitCode: EXIT_CODE_BY_ERROR_TYPE[error.type], type: error.type, message: error.message, hint: apiHint(error) };
  }
  if (error instanceof APIError) {
    const type = String(error.type);
    const detail = validationDetail(error.detail);
    const failure: Failure = {
      exitCode: isErrorType(type) ? EXIT_CODE_BY_ERROR_TYPE[type] : error.status >= 500 ? ExitCode.unavailable : ExitCode.unexpected,
      type,
      message: detail ? `${error.message} (${detail})` : error.message,
      hint: apiHint(error),
      status: error.status,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
    // A job that is merely unreachable for now can be resumed; a missing one cannot.
    return type === 'not_found' ? failure : withJob(failure, error.jobId ?? jobId);
  }
  if (error instanceof ConnectionError || error instanceof TimeoutError) {
    const type = error instanceof TimeoutError ? 'timeout' : 'connection';
    return withJob(
      {
        exitCode: ExitCode.unavailable,
        type,
        message: error.message,
        hint: 'the service could not be reached in time: check CIRCASSIAN_BASE_URL or --base-url and your network, then retry later',
      },
      error.jobId ?? jobId,
    );
  }
  if (error instanceof RequestAbortedError) {
    return withJob({ exitCode: ExitCode.interrupted, type: 'interrupted', message: 'interrupted' }, error.jobId ?? jobId);
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    exitCode: ExitCode.unexpected,
    type: 'unexpected',
    message,
    hint: 'this is a bug or an answer the command does not understand: please report it with the command and this output',
  };
}
