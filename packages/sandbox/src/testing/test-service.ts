/**
 * A sandbox started for tests, with the calls tests make of it over real HTTP: raw requests,
 * fresh keys, a client, the recorded calls, the service clock. No test framework here: `useSandbox`
 * (use-sandbox.ts) ties one to a vitest file.
 */
import { CircassianClient, type ClientOptions } from '@circassian/core';
import type { CallRecord, KeyLimits } from '../store/types.js';
import type { SandboxOptions } from '../options.js';
import { startSandbox, type RunningSandbox } from '../start.js';

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

export class TestService {
  readonly #clients: CircassianClient[] = [];

  private constructor(readonly sandbox: RunningSandbox) {}

  /** A sandbox on a free port whose speech jobs take 20 ms, unless `options` say otherwise. */
  static async start(options: SandboxOptions = {}): Promise<TestService> {
    return new TestService(await startSandbox({ port: 0, speechJobMs: 20, ...options }));
  }

  get url(): string {
    return this.sandbox.url;
  }

  /** The key the sandbox started with. */
  get key(): string {
    return this.sandbox.key;
  }

  get admin(): RunningSandbox['admin'] {
    return this.sandbox.admin;
  }

  /** The environment a user of this service would have. */
  get env(): Readonly<Record<string, string>> {
    return { CIRCASSIAN_API_KEY: this.key, CIRCASSIAN_BASE_URL: this.url };
  }

  /** A client of this service with its startup key; closed with the service. */
  client(options: ClientOptions = {}): CircassianClient {
    const client = new CircassianClient({ apiKey: this.key, baseUrl: this.url, ...options });
    this.#clients.push(client);
    return client;
  }

  /** Calls a path; `key` defaults to the startup key, `null` sends none. */
  async call(path: string, options: CallOptions = {}): Promise<CallResult> {
    const key = options.key === undefined ? this.key : options.key;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${this.url}${path}`, {
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

  /** Calls of one operation the sandbox recorded, oldest first (`key` defaults to the startup key). */
  async calls(operation: string, key: string = this.key): Promise<CallRecord[]> {
    const records = await this.admin.calls({ operation, key: key.split('.')[0] ?? '', limit: 10_000 });
    return [...records].reverse();
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

  async close(): Promise<void> {
    await Promise.all(this.#clients.map((client) => client.close()));
    await this.sandbox.close();
  }
}
