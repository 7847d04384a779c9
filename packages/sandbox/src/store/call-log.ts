import type { OperationName } from '@circassian/core';
import type { CallRecord } from './types.js';

export interface CallQuery {
  readonly key?: string | undefined;
  readonly operation?: string | undefined;
  readonly limit?: number | undefined;
}

export interface CallLogLimits {
  readonly retentionDays: number;
  /** Records kept at most. */
  readonly maxRecords: number;
  /** Bytes of JSON kept at most, all records together. */
  readonly maxBytes: number;
}

const DAY_MS = 86_400_000;

/**
 * Records of every call (timestamp, key, operation, model, volume, outcome, address), kept always.
 * Request and response content rides along only for keys with content logging on (cut to a few KB
 * by `logContent`), and is deleted once older than the retention period. The oldest records go
 * past `maxRecords` or `maxBytes`, so neither a long benchmark nor big bodies grow memory (or the
 * saved state) without bound. Each record is turned into JSON once, when added: that JSON gives its
 * size, and is what the journal and snapshots write.
 */
export class CallLog {
  #records: CallRecord[] = [];
  #json: string[] = [];
  #bytes = 0;
  /** JSON of the records the journal has not written yet; undefined without a journal. */
  #unjournaled: string[] | undefined;

  constructor(
    private readonly limits: CallLogLimits,
    stored: readonly CallRecord[] = [],
    journaled = false,
  ) {
    for (const record of stored) this.add(record);
    if (journaled) this.#unjournaled = [];
  }

  add(record: CallRecord): void {
    const json = JSON.stringify(record);
    this.#records.push(record);
    this.#json.push(json);
    this.#bytes += json.length;
    this.#unjournaled?.push(json);
    if (this.#bytes > this.limits.maxBytes || this.#records.length > this.limits.maxRecords * 1.1) this.#trim();
  }

  /** Newest first, filtered by key prefix and operation. */
  list(query: CallQuery, now: number): CallRecord[] {
    this.purgeContent(now);
    const matches: CallRecord[] = [];
    for (let i = this.#records.length - 1; i >= 0 && matches.length < (query.limit ?? Infinity); i--) {
      const record = this.#records[i];
      if (!record) continue;
      if (query.key !== undefined && record.key !== query.key) continue;
      if (query.operation !== undefined && record.operation !== (query.operation as OperationName)) continue;
      matches.push(record);
    }
    return matches;
  }

  /** Deletes content older than the retention period; the records themselves stay. */
  purgeContent(now: number): void {
    const cutoff = now - this.limits.retentionDays * DAY_MS;
    this.#records.forEach((record, index) => {
      if (record.content === undefined || Date.parse(record.timestamp) >= cutoff) return;
      delete record.content;
      const json = JSON.stringify(record);
      this.#bytes += json.length - (this.#json[index]?.length ?? 0);
      this.#json[index] = json;
    });
  }

  /** JSON of every record kept, oldest first (for a snapshot). */
  json(): readonly string[] {
    return this.#json.slice();
  }

  /** JSON of the records added since the last call, for the journal. */
  takeUnjournaled(): readonly string[] {
    const taken = this.#unjournaled ?? [];
    if (this.#unjournaled) this.#unjournaled = [];
    return taken;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Drops the oldest records down to 90% of both bounds, so trimming is not paid on every call. */
  #trim(): void {
    let drop = Math.max(0, this.#records.length - Math.floor(this.limits.maxRecords * 0.9));
    let bytes = this.#bytes;
    for (let i = 0; i < drop; i++) bytes -= this.#json[i]?.length ?? 0;
    while (drop < this.#records.length && bytes > this.limits.maxBytes * 0.9) bytes -= this.#json[drop++]?.length ?? 0;
    this.#records = this.#records.slice(drop);
    this.#json = this.#json.slice(drop);
    this.#bytes = bytes;
  }
}
