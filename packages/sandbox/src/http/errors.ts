import { serviceFacts, type ErrorType } from '@circassian/core';

/**
 * A failure answered with the spec's error body `{"error":{"type","message"}}`, its spec status
 * (the first listed one unless a fault asks for another) and headers such as `Retry-After`.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly type: ErrorType,
    message: string,
    options: { readonly status?: number; readonly headers?: Readonly<Record<string, string>> } = {},
  ) {
    super(message);
    this.status = options.status ?? serviceFacts.errors[type].status[0] ?? 500;
    this.headers = options.headers ?? {};
  }
}

/** One item of the schema-validation body, in FastAPI/pydantic's shape. */
export interface ValidationIssue {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly input?: unknown;
  readonly ctx?: Readonly<Record<string, unknown>>;
}

/** A schema-validation failure, answered 422 with `{"detail":[...]}`. */
export class ValidationFailure extends Error {
  override readonly name = 'ValidationFailure';

  constructor(readonly detail: readonly ValidationIssue[]) {
    super(detail.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
  }
}

export const invalidRequest = (message: string): ServiceError => new ServiceError('invalid_request', message);
export const notFound = (message: string): ServiceError => new ServiceError('not_found', message);
export const unauthorized = (message: string): ServiceError => new ServiceError('unauthorized', message);
