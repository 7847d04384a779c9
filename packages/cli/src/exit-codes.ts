/**
 * The command's exit codes, in one table: scripts branch on them, and the README documents them
 * (a test keeps the README's table equal to this one).
 */
import type { AnyErrorType } from '@circassian/core';

export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  unauthorized: 3,
  limited: 4,
  unavailable: 5,
  notFound: 6,
  jobFailed: 7,
  checkFailed: 8,
  interrupted: 130,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export interface ExitCodeRow {
  readonly code: ExitCode;
  /** When the command ends with this code. */
  readonly meaning: string;
  /** What the user does about it (the message printed on stderr says the same). */
  readonly action: string;
}

export const EXIT_CODES: readonly ExitCodeRow[] = [
  { code: ExitCode.ok, meaning: 'success', action: '-' },
  {
    code: ExitCode.unexpected,
    meaning: 'unexpected error (a bug, or an answer the command does not understand)',
    action: 'report it with the command and its stderr',
  },
  {
    code: ExitCode.usage,
    meaning: 'usage error, or `invalid_request` from the service',
    action: 'fix the command line, the text, the language or the options; retrying will not help',
  },
  {
    code: ExitCode.unauthorized,
    meaning: 'no key, or `unauthorized` (key wrong or revoked)',
    action: 'check CIRCASSIAN_API_KEY or --key; keys are issued by the service owner',
  },
  {
    code: ExitCode.limited,
    meaning: '`rate_limited` or `quota_exceeded`',
    action: 'wait for the time the message states (Retry-After, or the daily reset at 00:00 UTC)',
  },
  {
    code: ExitCode.unavailable,
    meaning: '`queue_timeout`, `upstream_unavailable`, `upstream_error`, `internal_error`, timeout or connection failure',
    action: 'retry later; check CIRCASSIAN_BASE_URL or --base-url if the service cannot be reached',
  },
  {
    code: ExitCode.notFound,
    meaning: '`not_found` (unknown job, or an audio link that expired after one hour)',
    action: 'submit the speech again',
  },
  {
    code: ExitCode.jobFailed,
    meaning: 'a speech job ended `failed`',
    action: 'the job id is printed: check it with `circassian speak --job ID -o FILE`, or run the command again for a new job',
  },
  {
    code: ExitCode.checkFailed,
    meaning: '`palochka --check` found look-alikes, or `glossary check` found term problems',
    action: 'fix them with `circassian palochka --write FILES`; put the agreed terms in (each problem is a line on stdout)',
  },
  {
    code: ExitCode.interrupted,
    meaning: 'interrupted (Ctrl-C)',
    action: 'a running speech job keeps going: resume with `circassian speak --job ID -o FILE`',
  },
];

/**
 * The exit code of every error type a command can meet, the service's and the client's own; a
 * `Record` over core's `AnyErrorType`, so a new type fails to compile until it has a row here.
 */
export const EXIT_CODE_BY_ERROR_TYPE: Readonly<Record<AnyErrorType, ExitCode>> = {
  unauthorized: ExitCode.unauthorized,
  invalid_request: ExitCode.usage,
  rate_limited: ExitCode.limited,
  quota_exceeded: ExitCode.limited,
  queue_timeout: ExitCode.unavailable,
  upstream_unavailable: ExitCode.unavailable,
  upstream_error: ExitCode.unavailable,
  not_found: ExitCode.notFound,
  internal_error: ExitCode.unavailable,
  connection_error: ExitCode.unavailable,
  timeout: ExitCode.unavailable,
  aborted: ExitCode.interrupted,
  job_failed: ExitCode.jobFailed,
  // An answer the command cannot use (a proxy's page, a wrong address): the "does not understand" row.
  response_too_large: ExitCode.unexpected,
  invalid_response: ExitCode.unexpected,
  not_configured: ExitCode.unauthorized,
  unknown: ExitCode.unexpected,
};
