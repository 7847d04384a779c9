import type { KeySummary } from '../auth/key-registry.js';
import type { CallRecord, KeyLimits } from '../store/types.js';
import type { Fault, FaultSpec } from './fault-board.js';

export interface CreateKeyRequest {
  readonly name: string;
  /** Omitted limits take the service defaults. */
  readonly limits?: Partial<KeyLimits>;
  /** Default true. */
  readonly content_logging?: boolean;
}

export interface CreatedKey extends KeySummary {
  /** `PREFIX.SECRET`: the only time the secret is shown. */
  readonly key: string;
}

export interface UpdateKeyRequest {
  readonly name?: string;
  readonly limits?: Partial<KeyLimits>;
  readonly content_logging?: boolean;
}

export interface KeyListing extends KeySummary {
  readonly usage: { readonly requests: number; readonly translate_chars: number; readonly speech_seconds: number };
}

/** `count` defaults to 1. */
export type InjectFaultRequest = Omit<FaultSpec, 'count'> & { readonly count?: number };

export interface ClockState {
  /** Service-clock time, ISO 8601. */
  readonly now: string;
  readonly offset_seconds: number;
}

export interface CallsQuery {
  readonly key?: string;
  readonly operation?: string;
  readonly limit?: number;
}

/** A failed admin request: the status and the parsed body. */
export class SandboxAdminError extends Error {
  override readonly name = 'SandboxAdminError';

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Sandbox admin request failed with ${status}: ${JSON.stringify(body)}`);
  }
}

/** Typed client of the sandbox's `/admin` controls, for tests and tools. */
export class SandboxAdmin {
  constructor(
    readonly url: string,
    readonly adminToken: string,
  ) {}

  createKey(request: CreateKeyRequest): Promise<CreatedKey> {
    return this.#call('POST', '/admin/keys', request);
  }

  async listKeys(): Promise<KeyListing[]> {
    return (await this.#call<{ keys: KeyListing[] }>('GET', '/admin/keys')).keys;
  }

  async revokeKey(prefix: string): Promise<void> {
    await this.#call('DELETE', `/admin/keys/${encodeURIComponent(prefix)}`);
  }

  updateKey(prefix: string, changes: UpdateKeyRequest): Promise<KeySummary> {
    return this.#call('PATCH', `/admin/keys/${encodeURIComponent(prefix)}`, changes);
  }

  injectFault(fault: InjectFaultRequest): Promise<Fault> {
    return this.#call('POST', '/admin/faults', fault);
  }

  async clearFaults(): Promise<void> {
    await this.#call('DELETE', '/admin/faults');
  }

  /** Moves the service clock forward (daily reset, link expiry, content retention). */
  advanceClock(seconds: number): Promise<ClockState> {
    return this.#call('POST', '/admin/clock', { advance_seconds: seconds });
  }

  /** Call records, newest first. */
  async calls(query: CallsQuery = {}): Promise<CallRecord[]> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
    const suffix = search.size > 0 ? `?${search.toString()}` : '';
    return (await this.#call<{ calls: CallRecord[] }>('GET', `/admin/calls${suffix}`)).calls;
  }

  async #call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(path, this.url), {
      method,
      headers: {
        authorization: `Bearer ${this.adminToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new SandboxAdminError(response.status, parsed);
    return parsed as T;
  }
}
