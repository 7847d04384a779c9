import type { ArtifactRecord, CallRecord, DailyUsage, JobRecord, StoredKey } from './types.js';

/**
 * One line of the journal: a change to the state, as the whole new record (an upsert), so that
 * replaying an entry twice, or over a snapshot that already holds it, gives the same state. Call
 * records are the one append; the journal and snapshots are arranged never to hold one twice.
 */
export type JournalEntry =
  | { readonly op: 'key'; readonly key: StoredKey }
  | { readonly op: 'clock'; readonly offsetMs: number }
  | { readonly op: 'job'; readonly job: JobRecord }
  | { readonly op: 'job_deleted'; readonly id: string }
  | { readonly op: 'artifact'; readonly artifact: ArtifactRecord }
  | { readonly op: 'artifact_deleted'; readonly id: string }
  | { readonly op: 'usage'; readonly usage: Readonly<Record<string, DailyUsage>> }
  | { readonly op: 'calls'; readonly calls: readonly CallRecord[] };

/** The state as loaded: a snapshot with its journals applied. */
export interface LoadedState {
  clockOffsetMs: number;
  readonly keys: Map<string, StoredKey>;
  readonly usage: Map<string, DailyUsage>;
  readonly jobs: Map<string, JobRecord>;
  readonly artifacts: Map<string, ArtifactRecord>;
  readonly calls: CallRecord[];
}

export function emptyState(): LoadedState {
  return { clockOffsetMs: 0, keys: new Map(), usage: new Map(), jobs: new Map(), artifacts: new Map(), calls: [] };
}

/** Applies one parsed journal line; throws when it is not an entry this version writes. */
export function applyEntry(state: LoadedState, entry: unknown): void {
  const value = entry as Partial<Record<string, unknown>> | null;
  switch (typeof value === 'object' && value !== null ? value['op'] : undefined) {
    case 'key': {
      const key = record<StoredKey>(value, 'key', 'prefix');
      state.keys.set(key.prefix, key);
      return;
    }
    case 'clock':
      if (typeof value?.['offsetMs'] !== 'number') break;
      state.clockOffsetMs = value['offsetMs'];
      return;
    case 'job': {
      const job = record<JobRecord>(value, 'job', 'job_id');
      state.jobs.set(job.job_id, job);
      return;
    }
    case 'job_deleted':
      state.jobs.delete(id(value));
      return;
    case 'artifact': {
      const artifact = record<ArtifactRecord>(value, 'artifact', 'artifact_id');
      state.artifacts.set(artifact.artifact_id, artifact);
      return;
    }
    case 'artifact_deleted':
      state.artifacts.delete(id(value));
      return;
    case 'usage': {
      const usage = value?.['usage'];
      if (typeof usage !== 'object' || usage === null) break;
      for (const [prefix, daily] of Object.entries(usage as Record<string, DailyUsage>)) state.usage.set(prefix, daily);
      return;
    }
    case 'calls': {
      const calls = value?.['calls'];
      if (!Array.isArray(calls)) break;
      for (const call of calls as CallRecord[]) state.calls.push(call);
      return;
    }
  }
  throw new Error(`not a journal entry: ${JSON.stringify(entry)?.slice(0, 80) ?? String(entry)}`);
}

function record<T>(value: Partial<Record<string, unknown>> | null, field: string, idField: string): T {
  const item = value?.[field] as Record<string, unknown> | undefined;
  if (typeof item !== 'object' || item === null || typeof item[idField] !== 'string') {
    throw new Error(`a ${field} entry without a ${idField}`);
  }
  return item as T;
}

function id(value: Partial<Record<string, unknown>> | null): string {
  const text = value?.['id'];
  if (typeof text !== 'string') throw new Error('a deletion without an id');
  return text;
}

/** A journal line: the entry as JSON and a newline (the newline marks it complete). */
export function journalLine(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`;
}
