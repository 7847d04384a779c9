import { expect } from 'vitest';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../src/index.js';
import type { KeyLimits } from '../src/index.js';

export interface CallResult {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  readonly json: unknown;
  readonly bytes: Uint8Array;
}

export interface CallOptions {
  readonly key?: string | null;
  readonly method?: string;
  /** A value to send as JSON, or a raw string/bytes body sent as is. */
  readonly body?: unknown;
  readonly raw?: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A sandbox started for a test file, with helpers to call it over real HTTP. */
export class TestService {
  private constructor(readonly sandbox: RunningSandbox) {}

  static async start(options: SandboxOptions = {}): Promise<TestService> {
    return new TestService(await startSandbox({ speechJobMs: 20, ...options }));
  }

  get admin() {
    return this.sandbox.admin;
  }

  /** Calls a path; `key` defaults to the startup key, `null` sends none. */
  async call(path: string, options: CallOptions = {}): Promise<CallResult> {
    const key = options.key === undefined ? this.sandbox.key : options.key;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.sandbox.url}${path}`, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(key === null ? {} : { authorization: `Bearer ${key}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(body === undefined ? {} : { body }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    let json: unknown;
    if (response.headers.get('content-type')?.startsWith('application/json')) {
      json = JSON.parse(new TextDecoder().decode(bytes));
    }
    return { status: response.status, headers: response.headers, json, bytes };
  }

  /** A fresh key with generous limits unless told otherwise. */
  async newKey(limits: Partial<KeyLimits> = {}, contentLogging = true): Promise<string> {
    const created = await this.admin.createKey({
      name: 'test',
      limits: { requests_per_minute: 10_000, ...limits },
      content_logging: contentLogging,
    });
    return created.key;
  }

  /** Moves the service clock just past the next UTC midnight. */
  async crossMidnight(): Promise<void> {
    const { now } = await this.admin.advanceClock(0);
    const current = Date.parse(now);
    const midnight = Math.floor(current / 86_400_000) * 86_400_000 + 86_400_000;
    await this.admin.advanceClock(Math.ceil((midnight - current) / 1000) + 1);
  }

  /** Polls a job until it ends (each poll is a request; use a key with room). */
  async waitForJob(jobId: string, key: string): Promise<Record<string, unknown>> {
    for (;;) {
      const { json } = await this.call(`/v1/jobs/${jobId}`, { key });
      const job = json as Record<string, unknown>;
      if (job['status'] === 'done' || job['status'] === 'failed') return job;
      if (job['status'] !== 'queued' && job['status'] !== 'running') throw new Error(`job ${jobId}: ${JSON.stringify(json)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}

/** Asserts the spec's error body and returns its message. */
export function expectError(result: CallResult, status: number, type: string): string {
  expect({ status: result.status, type: errorType(result) }).toEqual({ status, type });
  return (result.json as { error: { message: string } }).error.message;
}

export function errorType(result: CallResult): string | undefined {
  return (result.json as { error?: { type?: string } } | undefined)?.error?.type;
}

/** The `detail` items of a schema-validation 422. */
export function expectDetail(result: CallResult): { type: string; loc: (string | number)[]; msg: string }[] {
  expect(result.status).toBe(422);
  const detail = (result.json as { detail?: unknown }).detail;
  expect(Array.isArray(detail)).toBe(true);
  return detail as { type: string; loc: (string | number)[]; msg: string }[];
}

/** A text of `length` characters. */
export function textOf(length: number, unit = 'а'): string {
  return unit.repeat(length);
}
