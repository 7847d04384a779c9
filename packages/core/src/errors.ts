/**
 * The client's error tree. Every class sets `name`; `isCircassianError` recognises them across
 * bundles (two copies of this package, or a worker) where `instanceof` fails. API errors are built
 * by one factory, `makeAPIError`, keyed by the body's `error.type`, the spec's stable field.
 */
import type { ErrorType } from './service-facts.js';
import { isErrorType, serviceFacts } from './service-facts.js';
import type { Job, ValidationErrorDetail } from './types.js';

const BRAND = Symbol.for('@circassian/core/error');

export class CircassianError extends Error {
  /** The operation that failed (`translate`, `speech`, ...), when known. */
  operation?: string;
  /** The speech job concerned, when the failure happened while one existed: resume it with `waitForJob`. */
  jobId?: string;

  constructor(message: string, options?: { cause?: unknown; operation?: string | undefined }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CircassianError';
    if (options?.operation !== undefined) this.operation = options.operation;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

export function isCircassianError(value: unknown): value is CircassianError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

export interface APIErrorInit {
  status: number;
  type: ErrorType | (string & {});
  message: string;
  headers: Readonly<Record<string, string>>;
  body: unknown;
  operation?: string | undefined;
  retryAfterSeconds?: number | undefined;
  detail?: readonly ValidationErrorDetail[] | undefined;
  jobId?: string | undefined;
}

/** The service answered with an error status. */
export class APIError extends CircassianError {
  readonly status: number;
  /** The body's `error.type` (`invalid_request` for the validation body); `unknown` when the body had none. */
  readonly type: ErrorType | (string & {});
  /** Seconds the service asked the client to wait (`Retry-After`), when it said. */
  readonly retryAfterSeconds?: number;
  /** The validation body's `detail` items, for a 422 that carried them. */
  readonly detail?: readonly ValidationErrorDetail[];
  /** The service's request id (`x-request-id`), when it sent one: quote it in reports. */
  readonly requestId?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;

  constructor(init: APIErrorInit) {
    super(init.message, { operation: init.operation });
    this.name = 'APIError';
    this.status = init.status;
    this.type = init.type;
    this.headers = init.headers;
    this.body = init.body;
    if (init.retryAfterSeconds !== undefined) this.retryAfterSeconds = init.retryAfterSeconds;
    if (init.detail !== undefined) this.detail = init.detail;
    if (init.jobId !== undefined) this.jobId = init.jobId;
    const requestId = init.headers['x-request-id'];
    if (requestId !== undefined) this.requestId = requestId;
  }
}

/** A subclass of APIError that names itself (names survive minifiers, unlike constructor.name). */
function namedAPIError(name: string) {
  return class extends APIError {
    constructor(init: APIErrorInit) {
      super(init);
      this.name = name;
    }
  };
}

/** 401: the key is missing, wrong or revoked. */
export class UnauthorizedError extends namedAPIError('UnauthorizedError') {}
/** 422: fix the language, length or fields; retrying does not help. */
export class InvalidRequestError extends namedAPIError('InvalidRequestError') {}
/** 429 `rate_limited`: the per-minute limit; wait `retryAfterSeconds`. */
export class RateLimitedError extends namedAPIError('RateLimitedError') {}
/** 429 `quota_exceeded`: a daily limit is spent; retrying before the reset is pointless. */
export class QuotaExceededError extends namedAPIError('QuotaExceededError') {}
/** 503 `queue_timeout`: the model was busy; retry in a few seconds. */
export class QueueTimeoutError extends namedAPIError('QueueTimeoutError') {}
/** 503/504 `upstream_unavailable`: the model is down; retry with backoff. */
export class UpstreamUnavailableError extends namedAPIError('UpstreamUnavailableError') {}
/** 502 `upstream_error`: the model failed; retried once, then reported. */
export class UpstreamFailureError extends namedAPIError('UpstreamFailureError') {}
/** 404 `not_found`: no such job or audio file, or its link expired. */
export class NotFoundError extends namedAPIError('NotFoundError') {}
/** 500 `internal_error`: the service failed; try again later. */
export class InternalServiceError extends namedAPIError('InternalServiceError') {}

/** The request never got an HTTP answer (DNS, refused or reset connection, proxy failure). */
export class ConnectionError extends CircassianError {
  /** Not one of the service's types: no answer came. Code that branches on `type` sees every error. */
  readonly type = 'connection_error';
  constructor(message: string, options: { cause: unknown; operation?: string | undefined }) {
    super(message, options);
    this.name = 'ConnectionError';
  }
}

/** An attempt took longer than `timeoutMs` (after any retries the client was allowed). */
export class TimeoutError extends CircassianError {
  readonly type = 'timeout';
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: { cause?: unknown; operation?: string | undefined }) {
    super(`Request timed out after ${timeoutMs} ms`, options);
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. `cause` is the signal's reason. */
export class RequestAbortedError extends CircassianError {
  readonly type = 'aborted';
  constructor(options?: { cause?: unknown; operation?: string | undefined }) {
    super('Request was aborted', options);
    this.name = 'RequestAbortedError';
  }
}

/**
 * The client refused a request before sending it, because the service would answer it with
 * `invalid_request` (422) anyway. `type` is the same as that answer's, so code that branches on
 * `error.type` handles both; it is not an APIError because no response exists.
 */
export class ClientValidationError extends CircassianError {
  readonly type = 'invalid_request' satisfies ErrorType;
  /** The request field at fault, e.g. `text`. */
  readonly field: string;
  constructor(field: string, message: string, options?: { operation?: string | undefined }) {
    super(message, options);
    this.name = 'ClientValidationError';
    this.field = field;
  }
}

/** A speech job ended `failed`. Keep `jobId` to look at it again (`getJob`) or report it. */
export class JobFailedError extends CircassianError {
  readonly type = 'job_failed';
  override readonly jobId: string;
  readonly job: Job;
  constructor(jobId: string, job: Job, options?: { operation?: string | undefined }) {
    super(`Speech job ${jobId} failed${typeof job.error === 'string' ? `: ${job.error}` : ''}`, options);
    this.name = 'JobFailedError';
    this.jobId = jobId;
    this.job = job;
  }
}

type APIErrorClass = new (init: APIErrorInit) => APIError;

const CLASS_BY_TYPE: Readonly<Record<ErrorType, APIErrorClass>> = {
  unauthorized: UnauthorizedError,
  invalid_request: InvalidRequestError,
  rate_limited: RateLimitedError,
  quota_exceeded: QuotaExceededError,
  queue_timeout: QueueTimeoutError,
  upstream_unavailable: UpstreamUnavailableError,
  upstream_error: UpstreamFailureError,
  not_found: NotFoundError,
  internal_error: InternalServiceError,
};

/** The error type a bare status stands for, when exactly one type is sent with it (e.g. a proxy's HTML 502). */
function typeForStatus(status: number): ErrorType | undefined {
  const matches = (Object.keys(serviceFacts.errors) as ErrorType[]).filter((t) => serviceFacts.errors[t].status.includes(status));
  return matches.length === 1 ? matches[0] : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isValidationDetail(value: unknown): value is ValidationErrorDetail[] {
  return Array.isArray(value) && value.every((item) => isRecord(item) && typeof item.msg === 'string');
}

function describeDetail(detail: readonly ValidationErrorDetail[]): string {
  return detail.map((d) => `${d.loc.join('.')}: ${d.msg}`).join('; ');
}

export interface ErrorResponse {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** Parsed JSON when the body was JSON, else its text. */
  body: unknown;
  operation?: string | undefined;
  retryAfterSeconds?: number | undefined;
  jobId?: string | undefined;
}

/** Builds the error for an error response: one class per `error.type`, a plain APIError otherwise. */
export function makeAPIError(response: ErrorResponse): APIError {
  const { status, body } = response;
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  const detailSource = isRecord(body) && body.detail !== undefined ? body.detail : error?.detail;
  const detail = isValidationDetail(detailSource) ? detailSource : undefined;
  const bodyType = typeof error?.type === 'string' ? error.type : undefined;
  // The spec's validation body has no `type`: it is `invalid_request` all the same.
  const type = bodyType ?? (detail !== undefined ? 'invalid_request' : (typeForStatus(status) ?? 'unknown'));
  const bodyMessage =
    typeof error?.message === 'string'
      ? error.message
      : detail !== undefined
        ? describeDetail(detail)
        : typeof body === 'string' && body.trim() !== ''
          ? `non-JSON body: ${body.trim().slice(0, 200)}`
          : 'no error body';
  const where = response.operation === undefined ? '' : ` (${response.operation})`;
  const init: APIErrorInit = {
    status,
    type,
    message: `${status} ${type}${where}: ${bodyMessage}`,
    headers: response.headers,
    body,
    operation: response.operation,
    retryAfterSeconds: response.retryAfterSeconds,
    detail,
    jobId: response.jobId,
  };
  const ErrorClass = isErrorType(type) ? CLASS_BY_TYPE[type] : APIError;
  return new ErrorClass(init);
}
