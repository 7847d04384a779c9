import { serviceFacts, type ErrorType, type OperationName } from '@circassian/core';
import { ServiceError } from '../http/errors.js';

/** The pseudo error type that makes speech jobs end `failed` instead of failing a call. */
export const JOB_FAILED = 'job_failed';

export type FaultOperation = OperationName | '*';

/** What a marker fault does to the inline markers of the next translations (engines/markers.ts). */
export const MARKER_FAULTS = ['drop', 'reorder'] as const;
export type MarkerFault = (typeof MARKER_FAULTS)[number];
/** The operations whose answers carry markers. */
export const MARKER_OPERATIONS: readonly FaultOperation[] = ['translate', 'batch', '*'];

export interface FaultSpec {
  readonly operation: FaultOperation;
  readonly error_type?: ErrorType | typeof JOB_FAILED;
  readonly count: number;
  readonly delay_ms?: number;
  readonly retry_after_seconds?: number;
  readonly status?: number;
  /** Instead of an error: the next `count` translations come back with their markers dropped or reordered. */
  readonly markers?: MarkerFault;
}

export interface Fault extends FaultSpec {
  readonly id: string;
  /** Calls (or jobs) this fault still applies to. */
  remaining: number;
}

/**
 * Faults injected through `POST /admin/faults`, consumed in the order they were added: each applies
 * to the next `count` calls of its operation (or of any operation for `*`).
 */
export class FaultBoard {
  #faults: Fault[] = [];
  #nextId = 1;

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: `fault_${this.#nextId++}`, remaining: spec.count };
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    this.#faults = [];
  }

  list(): readonly Fault[] {
    return this.#faults;
  }

  /** Consumes the fault that applies to this call, if any. */
  takeForCall(operation: OperationName): Fault | undefined {
    if (this.#faults.length === 0) return undefined;
    return this.#take((f) => f.error_type !== JOB_FAILED && f.markers === undefined && (f.operation === operation || f.operation === '*'));
  }

  /** Consumes the marker fault that applies to this translation call, if any: what to do to its markers. */
  takeMarkerFault(operation: OperationName): MarkerFault | undefined {
    if (this.#faults.length === 0) return undefined;
    return this.#take((f) => f.markers !== undefined && (f.operation === operation || f.operation === '*'))?.markers;
  }

  /** Consumes one `job_failed` fault; true when the job that is ending must fail. */
  takeJobFailure(): boolean {
    if (this.#faults.length === 0) return false;
    return this.#take((f) => f.error_type === JOB_FAILED) !== undefined;
  }

  #take(applies: (fault: Fault) => boolean): Fault | undefined {
    const fault = this.#faults.find(applies);
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return fault;
  }
}

/** The error an injected fault answers with, with the spec's status and headers for its type. */
export function faultError(fault: Fault): ServiceError | undefined {
  const type = fault.error_type;
  if (type === undefined || type === JOB_FAILED) return undefined;
  const headers: Record<string, string> = {};
  const retryAfter = fault.retry_after_seconds ?? (type === 'rate_limited' ? serviceFacts.limits.rateLimitRetryAfterSeconds : undefined);
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  const status = fault.status ?? serviceFacts.errors[type].status[0];
  return new ServiceError(type, `${FAULT_MESSAGES[type]} (fault injected through /admin/faults)`, {
    ...(status === undefined ? {} : { status }),
    headers,
  });
}

const FAULT_MESSAGES: Readonly<Record<ErrorType, string>> = {
  unauthorized: 'The key is wrong or revoked.',
  invalid_request: 'The request is invalid.',
  rate_limited: 'Rate limit exceeded; retry after the delay in Retry-After.',
  quota_exceeded: 'A daily quota is spent; it resets at 00:00 UTC.',
  queue_timeout: 'The model is busy and no slot freed in time; retry in a few seconds.',
  upstream_unavailable: 'The model is unavailable; retry with backoff.',
  upstream_error: 'The model failed; retry once, then report.',
  not_found: 'No such job or file, or the link expired.',
  internal_error: 'The service failed; retry later.',
};
