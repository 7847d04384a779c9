import { serviceFacts, type ErrorType } from '@circassian/core';
import type { IncomingMessage } from 'node:http';
import { summarizeKey } from '../auth/key-registry.js';
import { invalidRequest, notFound } from '../http/errors.js';
import type { Route } from '../http/router.js';
import { withDefaultLimits } from '../limits/defaults.js';
import type { SandboxService } from '../service.js';
import type { KeyLimits, StoredKey } from '../store/types.js';
import { validateBody } from '../validation/schema.js';
import { JOB_FAILED, MARKER_OPERATIONS, type FaultOperation, type FaultSpec, type MarkerFault } from './fault-board.js';
import { ADD_FAULT, ADVANCE_CLOCK, CREATE_KEY, UPDATE_KEY } from './schemas.js';

export interface AdminRequest {
  readonly service: SandboxService;
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams | undefined;
  readonly body: unknown;
  readonly req: IncomingMessage;
}

/** Status and JSON body of an admin answer; no body means 204. */
export interface AdminReply {
  readonly status: number;
  readonly body?: unknown;
}

export type AdminHandler = (request: AdminRequest) => AdminReply;

interface KeyBody {
  readonly name?: string;
  readonly limits?: Partial<KeyLimits>;
  readonly content_logging?: boolean;
}

interface FaultBody {
  readonly operation: FaultOperation;
  readonly error_type?: ErrorType | typeof JOB_FAILED;
  readonly count?: number;
  readonly delay_ms?: number;
  readonly retry_after_seconds?: number;
  readonly status?: number;
  readonly markers?: MarkerFault;
}

/** The service clock stays within four-digit-year ISO 8601 dates, which its records and day keys use. */
const LAST_CLOCK_MS = Date.UTC(10_000, 0, 1);

/** The owner and test controls under `/admin`. */
export const ADMIN_ROUTES: readonly Route<AdminHandler>[] = [
  { method: 'POST', path: '/admin/keys', handler: createKey },
  { method: 'GET', path: '/admin/keys', handler: listKeys },
  { method: 'DELETE', path: '/admin/keys/{prefix}', handler: revokeKey },
  { method: 'PATCH', path: '/admin/keys/{prefix}', handler: updateKey },
  { method: 'POST', path: '/admin/faults', handler: addFault },
  { method: 'GET', path: '/admin/faults', handler: ({ service }) => ({ status: 200, body: { faults: service.faults.list() } }) },
  { method: 'DELETE', path: '/admin/faults', handler: clearFaults },
  { method: 'POST', path: '/admin/clock', handler: advanceClock },
  { method: 'GET', path: '/admin/clock', handler: ({ service }) => ({ status: 200, body: clockView(service) }) },
  { method: 'GET', path: '/admin/calls', handler: listCalls },
];

function createKey({ service, body }: AdminRequest): AdminReply {
  const request = validateBody<KeyBody & { readonly name: string }>(CREATE_KEY, body);
  const { key, record } = service.issueKey({
    name: request.name,
    limits: withDefaultLimits(request.limits),
    content_logging: request.content_logging ?? true,
  });
  return { status: 201, body: { key, ...summarizeKey(record) } };
}

function listKeys({ service }: AdminRequest): AdminReply {
  const keys = service.keys.all().map((record) => ({ ...summarizeKey(record), usage: usageOf(service, record) }));
  return { status: 200, body: { keys } };
}

function revokeKey({ service, params }: AdminRequest): AdminReply {
  const record = knownKey(service, params['prefix']);
  record.revoked_at ??= new Date(service.clock.now()).toISOString();
  service.keyChanged(record);
  return { status: 204 };
}

function updateKey({ service, params, body }: AdminRequest): AdminReply {
  const record = knownKey(service, params['prefix']);
  const request = validateBody<KeyBody>(UPDATE_KEY, body);
  if (request.name !== undefined) record.name = request.name;
  if (request.limits !== undefined) record.limits = { ...record.limits, ...request.limits };
  if (request.content_logging !== undefined) record.content_logging = request.content_logging;
  service.keyChanged(record);
  return { status: 200, body: summarizeKey(record) };
}

function addFault({ service, body }: AdminRequest): AdminReply {
  const request = validateBody<FaultBody>(ADD_FAULT, body);
  if (request.markers !== undefined) return addMarkerFault(service, request, request.markers);
  if (request.error_type === undefined && request.delay_ms === undefined) {
    throw invalidRequest('A fault needs error_type, delay_ms, or both (or markers).');
  }
  if (request.status !== undefined) {
    const allowed = request.error_type && request.error_type !== JOB_FAILED ? serviceFacts.errors[request.error_type].status : [];
    if (!allowed.includes(request.status)) {
      throw invalidRequest(
        `status ${request.status} is not a status of ${request.error_type ?? 'a delay'}; allowed: ${allowed.join(', ') || 'none'}.`,
      );
    }
  }
  const spec: FaultSpec = {
    operation: request.operation,
    count: request.count ?? 1,
    ...(request.error_type === undefined ? {} : { error_type: request.error_type }),
    ...(request.delay_ms === undefined ? {} : { delay_ms: request.delay_ms }),
    ...(request.retry_after_seconds === undefined ? {} : { retry_after_seconds: request.retry_after_seconds }),
    ...(request.status === undefined ? {} : { status: request.status }),
  };
  return { status: 201, body: service.faults.add(spec) };
}

/** A marker fault changes answers, it fails nothing: it takes no error, status or delay, and only translations carry markers. */
function addMarkerFault(service: AdminRequest['service'], request: FaultBody, markers: MarkerFault): AdminReply {
  if (
    request.error_type !== undefined ||
    request.delay_ms !== undefined ||
    request.status !== undefined ||
    request.retry_after_seconds !== undefined
  ) {
    throw invalidRequest('A markers fault takes no error_type, delay_ms, status or retry_after_seconds.');
  }
  if (!MARKER_OPERATIONS.includes(request.operation)) {
    throw invalidRequest(`A markers fault applies to translate, batch or *; got ${request.operation}.`);
  }
  const spec: FaultSpec = { operation: request.operation, count: request.count ?? 1, markers };
  return { status: 201, body: service.faults.add(spec) };
}

function clearFaults({ service }: AdminRequest): AdminReply {
  service.faults.clear();
  return { status: 204 };
}

function advanceClock({ service, body }: AdminRequest): AdminReply {
  const { advance_seconds: seconds } = validateBody<{ advance_seconds: number }>(ADVANCE_CLOCK, body);
  if (!(seconds >= 0) || !Number.isFinite(seconds))
    throw invalidRequest('advance_seconds must be a finite number of seconds, 0 or more: the clock only moves forward.');
  if (service.clock.now() + seconds * 1000 >= LAST_CLOCK_MS) {
    throw invalidRequest('advance_seconds would move the clock past the year 9999, beyond ISO 8601 dates.');
  }
  service.advanceClock(seconds);
  return { status: 200, body: clockView(service) };
}

function listCalls({ service, query }: AdminRequest): AdminReply {
  const limit = query?.get('limit');
  // An empty limit is no limit; anything but a count is refused rather than read as 0.
  if (limit && !/^\d+$/.test(limit)) throw invalidRequest(`limit must be a count of calls (0 or more); got '${limit}'.`);
  const calls = service.calls.list(
    {
      key: query?.get('key') ?? undefined,
      operation: query?.get('operation') ?? undefined,
      limit: limit ? Number(limit) : undefined,
    },
    service.clock.now(),
  );
  return { status: 200, body: { calls } };
}

function clockView(service: SandboxService) {
  return { now: new Date(service.clock.now()).toISOString(), offset_seconds: service.clock.offsetMs / 1000 };
}

function usageOf(service: SandboxService, record: StoredKey) {
  const { requests, translate_chars, speech_seconds } = service.ledger.today(record.prefix);
  return { requests, translate_chars, speech_seconds };
}

function knownKey(service: SandboxService, prefix: string | undefined): StoredKey {
  const record = prefix === undefined ? undefined : service.keys.get(prefix);
  if (!record) throw notFound(`No key with prefix ${prefix ?? ''}.`);
  return record;
}
