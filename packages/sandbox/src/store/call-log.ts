import type { OperationName } from '@circassian/core';
import type { CallRecord } from './types.js';

export interface CallQuery {
  readonly key?: string | undefined;
  readonly operation?: string | undefined;
  readonly limit?: number | undefined;
}

const DAY_MS = 86_400_000;

/**
 * Records of every call (timestamp, key, operation, model, volume, outcome, address), kept always.
 * Request and response content rides along only for keys with content logging on, and is deleted
 * once older than the retention period. The oldest records go past `maxRecords`, so a long
 * benchmark does not grow memory without bound.
 */
export class CallLog {
  #records: CallRecord[];

  constructor(
    private readonly retentionDays: number,
    private readonly maxRecords: number,
    stored: readonly CallRecord[] = [],
  ) {
    this.#records = [...stored];
  }

  add(record: CallRecord): void {
    this.#records.push(record);
    if (this.#records.length > this.maxRecords * 1.1) this.#records = this.#records.slice(-this.maxRecords);
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
    const cutoff = now - this.retentionDays * DAY_MS;
    for (const record of this.#records) {
      if (record.content !== undefined && Date.parse(record.timestamp) < cutoff) delete record.content;
    }
  }

  snapshot(): readonly CallRecord[] {
    return this.#records;
  }
}
