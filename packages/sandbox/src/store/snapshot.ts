import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { STATE_FILE, TEMPORARY_SUFFIX } from './data-dir-files.js';
import { syncDirectory } from './sync-dir.js';
import type { ArtifactRecord, CallRecord, DailyUsage, JobRecord, StoredKey } from './types.js';

/** `state.json`: the whole state as of the start of journal `generation`. */
export interface StateSnapshot {
  readonly version: 2;
  /** The first journal that continues this snapshot. */
  readonly generation: number;
  readonly clockOffsetMs: number;
  readonly keys: readonly StoredKey[];
  readonly usage: Readonly<Record<string, DailyUsage>>;
  readonly jobs: readonly JobRecord[];
  readonly artifacts: readonly ArtifactRecord[];
  readonly calls: readonly CallRecord[];
}

/** The state taken at one instant; call records come already as JSON (the call log keeps them so). */
export interface StateCapture extends Pick<StateSnapshot, 'clockOffsetMs' | 'keys' | 'usage' | 'jobs' | 'artifacts'> {
  readonly callsJson: readonly string[];
}

/** Items serialised per write: each write is a turn of the event loop, so serving goes on between. */
const ITEMS_PER_WRITE = 500;

/**
 * Writes `state.json` the crash-safe way: a temporary file written in pieces, synced, renamed over
 * the old one, and the directory synced. A crash at any point leaves the old or the new file whole.
 */
export async function writeSnapshot(dir: string, generation: number, capture: StateCapture): Promise<void> {
  const path = join(dir, STATE_FILE);
  const temporary = `${path}.${process.pid}${TEMPORARY_SUFFIX}`;
  const handle = await open(temporary, 'w');
  try {
    await handle.write(`{"version":2,"generation":${generation},"clockOffsetMs":${JSON.stringify(capture.clockOffsetMs)}`);
    await writeList(handle, '"keys":[', capture.keys, (key) => JSON.stringify(key), ']');
    await writeList(
      handle,
      '"usage":{',
      Object.entries(capture.usage),
      ([prefix, usage]) => `${JSON.stringify(prefix)}:${JSON.stringify(usage)}`,
      '}',
    );
    await writeList(handle, '"jobs":[', capture.jobs, (job) => JSON.stringify(job), ']');
    await writeList(handle, '"artifacts":[', capture.artifacts, (artifact) => JSON.stringify(artifact), ']');
    await writeList(handle, '"calls":[', capture.callsJson, (json) => json, ']');
    await handle.write('}');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, path);
  await syncDirectory(dir);
}

async function writeList<T>(
  handle: FileHandle,
  open: string,
  items: readonly T[],
  toJson: (item: T) => string,
  close: string,
): Promise<void> {
  await handle.write(`,${open}`);
  for (let start = 0; start < items.length; start += ITEMS_PER_WRITE) {
    const piece = items
      .slice(start, start + ITEMS_PER_WRITE)
      .map(toJson)
      .join(',');
    await handle.write(start === 0 ? piece : `,${piece}`);
  }
  await handle.write(close);
}
