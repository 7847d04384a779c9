/**
 * The client's error tree. Every class sets `name`; `isCircassianError` recognises them across
 * bundles (two copies of this package, or a worker) where `instanceof` fails. API errors are built
 * by one factory, `makeAPIError`, keyed by the body's `error.type`, the spec's stable field.
 */
import type { AnyErrorType, ErrorType } from './service-facts.js';
import { isErrorType, serviceFacts } from './service-facts.js';
import type { Job, ValidationErrorDetail } from './types.js';

const BRAND = Symbol.for('@circassian/core/error');

/** What every error of this package may be built with. */
export interface CircassianErrorOptions {
  cause?: unknown;
  operation?: string | undefined;
  jobId?: string | undefined;
  mayHaveBeenCharged?: boolean | undefined;
}

export class CircassianError extends Error {
  /**
   * One of `ALL_ERROR_TYPES`: the service's `error.type`, or the client's own kind. Code that
   * branches on it sees every error; `unknown` for a failure no type describes.
   */
  readonly type: AnyErrorType = 'unknown';
  /** The operation that failed (`translate`, `speech`, ...), when known. */
  operation?: string;
  /** The speech job concerned, when the failure happened while one existed: resume it with `waitForJob`. */
  jobId?: string;
  /**
   * True when a paid request (a POST: translate, batch, dictionary, detect, speech) may have been
   * carried out and counted against the key's daily limits although no usable answer came: it was
   * sent and then timed out, its connection dropped, or its 2xx answer was too large or of the
   * wrong shape. The client never sends such a request again by itself; sending it again yourself
   * may be charged twice. False when the service refused it (an error answer), when it provably
   * never left (connection refused, DNS failure), and for GETs, which cost nothing.
   */
  mayHaveBeenCharged = false;

  constructor(message: string, options?: CircassianErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CircassianError';
    if (options?.operation !== undefined) this.operation = options.operation;
    if (options?.jobId !== undefined) this.jobId = options.jobId;
    if (options?.mayHaveBeenCharged === true) this.mayHaveBeenCharged = true;
    Object.defineProperty(this, BRAND, { value: true });
  }
}

export function isCircassianError(value: unknown): value is CircassianError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
}

export interface APIErrorInit {
  status: number;
  type: ErrorType | 'unknown';
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
  /**
   * The body's `error.type` (`invalid_request` for the validation body); `unknown` when the body
   * named none the interface knows (the name it gave, if any, is in `serviceType`).
   */
  override readonly type: ErrorType | 'unknown';
  /** The body's `error.type` as sent, when it was not one of the interface's types. */
  readonly serviceType?: string;
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
  override readonly type: 'connection_error' | 'timeout' = 'connection_error';
  constructor(message: string, options: CircassianErrorOptions) {
    super(message, options);
    this.name = 'ConnectionError';
  }
}

/**
 * A time limit ran out: one attempt's `timeoutMs` (after any retries the client was allowed), or
 * the whole call's `deadlineMs` (then `deadlineMs` is set). A kind of ConnectionError: no usable
 * answer came in time. On a speech job it carries `jobId`: resume it instead of submitting again.
 */
export class TimeoutError extends ConnectionError {
  override readonly type = 'timeout';
  /** The limit that ran out, in ms. */
  readonly timeoutMs: number;
  /** Set when the limit was the whole call's deadline rather than one attempt's. */
  readonly deadlineMs?: number;
  constructor(timeoutMs: number, options: CircassianErrorOptions & { deadline?: boolean; message?: string } = {}) {
    super(
      options.message ??
        (options.deadline === true ? `The call ran past its deadline of ${timeoutMs} ms` : `Request timed out after ${timeoutMs} ms`),
      options,
    );
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
    if (options.deadline === true) this.deadlineMs = timeoutMs;
  }
}

/** An answer was larger than `maxResponseBytes`; it was not read further (memory stays bounded). */
export class ResponseTooLargeError extends CircassianError {
  override readonly type = 'response_too_large';
  readonly maxResponseBytes: number;
  constructor(maxResponseBytes: number, options: CircassianErrorOptions) {
    super(`The answer was larger than maxResponseBytes (${maxResponseBytes} bytes)`, options);
    this.name = 'ResponseTooLargeError';
    this.maxResponseBytes = maxResponseBytes;
  }
}

/**
 * A 2xx answer was not what the interface states: not JSON, of the wrong shape (`{}`, `null`,
 * `{"text": 5}`, a captive portal's HTML page), a job status outside queued|running|done|failed,
 * or an audio link to another origin. `status` is the HTTP status of the answer, when one came.
 */
export class InvalidResponseError extends CircassianError {
  override readonly type = 'invalid_response';
  readonly status?: number;
  constructor(message: string, options: CircassianErrorOptions & { status?: number | undefined }) {
    super(message, options);
    this.name = 'InvalidResponseError';
    if (options.status !== undefined) this.status = options.status;
  }
}

/** No API key or base URL is set (or the base URL is not an http(s) URL). Nothing was sent. */
export class NotConfiguredError extends CircassianError {
  override readonly type = 'not_configured';
  constructor(message: string) {
    super(message);
    this.name = 'NotConfiguredError';
  }
}

/** The caller's AbortSignal fired. `cause` is the signal's reason. */
export class RequestAbortedError extends CircassianError {
  override readonly type = 'aborted';
  constructor(options?: CircassianErrorOptions) {
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
  override readonly type = 'invalid_request' satisfies ErrorType;
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
  override readonly type = 'job_failed';
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
  // The spec's validation body has no `type`: it is `invalid_request` all the same. A type the
  // interface does not name (a newer service, a gateway) is `unknown`, kept in `serviceType`.
  const type: ErrorType | 'unknown' = isErrorType(bodyType)
    ? bodyType
    : bodyType === undefined
      ? detail !== undefined
        ? 'invalid_request'
        : (typeForStatus(status) ?? 'unknown')
      : 'unknown';
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
    message: `${status} ${bodyType ?? type}${where}: ${bodyMessage}`,
    headers: response.headers,
    body,
    operation: response.operation,
    retryAfterSeconds: response.retryAfterSeconds,
    detail,
    jobId: response.jobId,
  };
  const ErrorClass = isErrorType(type) ? CLASS_BY_TYPE[type] : APIError;
  const built = new ErrorClass(init);
  if (bodyType !== undefined && bodyType !== type) (built as { serviceType?: string }).serviceType = bodyType;
  return built;
}
