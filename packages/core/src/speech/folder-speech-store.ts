/**
 * A speech store in a folder: one WAV file per part, `<folder>/<first two hex digits>/<key>.wav`, so
 * no folder grows past a few thousand files. A file's modification time is its last use (a read
 * touches it). Each file is written whole under a temporary name and renamed (replaceFile), so a
 * crash leaves the old part or the new one, and two processes writing the same key write the same
 * audio. No index to keep in step: the folder is the store, and deleting it by hand loses nothing but
 * the audio. Keys must be speechKey()'s 64 hex digits, so no key can name a path outside the folder.
 */
import { mkdir, readFile, readdir, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { replaceFile } from '../internal/atomic-file.js';
import { readWavInfo } from '../wav.js';
import type { Clock, SpeechStore, SpeechStoreEntry, StoredSpeech } from './speech-store.js';

const KEY = /^[0-9a-f]{64}$/;
const PART_FILE = /^([0-9a-f]{64})\.wav$/;
const SHARD = /^[0-9a-f]{2}$/;
/** A temporary file this old was left by a crash; younger ones may be another process's write in progress. */
const LEFTOVER_AFTER_MS = 24 * 3_600_000;

export class FolderSpeechStore implements SpeechStore {
  readonly folder: string;
  readonly #now: Clock;

  constructor(folder: string, options: { readonly now?: Clock } = {}) {
    this.folder = folder;
    this.#now = options.now ?? Date.now;
  }

  async get(key: string): Promise<StoredSpeech | undefined> {
    const path = this.#path(key);
    const audio = await readIfThere(path);
    if (audio === undefined) return undefined;
    let durationSeconds: number;
    try {
      durationSeconds = readWavInfo(audio).durationSeconds;
    } catch {
      // Damaged on disk (not by this store: it writes whole files): as if it were not there.
      await rm(path, { force: true });
      return undefined;
    }
    await this.#touch(path);
    return { audio, durationSeconds };
  }

  async has(key: string): Promise<boolean> {
    return (await statIfThere(this.#path(key))) !== undefined;
  }

  async put(key: string, speech: StoredSpeech): Promise<void> {
    const path = this.#path(key);
    await mkdir(join(this.folder, key.slice(0, 2)), { recursive: true });
    await replaceFile(path, async (handle) => {
      await handle.writeFile(speech.audio);
    });
    await this.#touch(path);
  }

  async remove(key: string): Promise<boolean> {
    const path = this.#path(key);
    const existed = (await statIfThere(path)) !== undefined;
    await rm(path, { force: true });
    return existed;
  }

  async *entries(): AsyncIterable<SpeechStoreEntry> {
    for (const shard of (await readdirIfThere(this.folder)).filter((name) => SHARD.test(name))) {
      const dir = join(this.folder, shard);
      for (const name of await readdirIfThere(dir)) {
        const info = await statIfThere(join(dir, name));
        if (info === undefined) continue;
        const key = PART_FILE.exec(name)?.[1];
        if (key !== undefined) yield { key, bytes: info.size, lastUsedAt: info.mtimeMs };
        else if (name.endsWith('.tmp') && this.#now() - info.mtimeMs > LEFTOVER_AFTER_MS) await rm(join(dir, name), { force: true });
      }
    }
  }

  async size(): Promise<{ entries: number; bytes: number }> {
    let entries = 0;
    let bytes = 0;
    for await (const entry of this.entries()) {
      entries += 1;
      bytes += entry.bytes;
    }
    return { entries, bytes };
  }

  #path(key: string): string {
    if (!KEY.test(key))
      throw new RangeError(`A folder speech store's key is 64 lowercase hex digits (speechKey()), not ${JSON.stringify(key)}`);
    return join(this.folder, key.slice(0, 2), `${key}.wav`);
  }

  async #touch(path: string): Promise<void> {
    const now = new Date(this.#now());
    // A read-only folder still serves its parts; only cleanup's clock is left behind.
    await utimes(path, now, now).catch(() => undefined);
  }
}

async function readIfThere(path: string): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function statIfThere(path: string) {
  try {
    return await stat(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

async function readdirIfThere(path: string): Promise<string[]> {
  try {
    return await readdir(path);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
