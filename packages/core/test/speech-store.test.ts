// Both speech stores against one contract, then the folder store's own promises and the cleanup rule.
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanSpeechStore } from '../src/speech/clean-speech-store.js';
import { FolderSpeechStore } from '../src/speech/folder-speech-store.js';
import { InMemorySpeechStore } from '../src/speech/in-memory-speech-store.js';
import { speechKey } from '../src/speech/speech-key.js';
import type { SpeechStore } from '../src/speech/speech-store.js';
import { encodeWav } from '../src/wav.js';

const DAY = 86_400_000;
const key = (text: string) => speechKey(text, {});
const part = (seconds: number) => {
  const audio = encodeWav(new Int16Array(Math.round(seconds * 16_000)).fill(1000), 16_000);
  return { audio, durationSeconds: seconds };
};

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});
async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'circassian-speech-store-'));
  folders.push(dir);
  return dir;
}

const stores: Array<[string, (now: () => number) => Promise<SpeechStore>]> = [
  ['InMemorySpeechStore', (now) => Promise.resolve(new InMemorySpeechStore({ now }))],
  ['FolderSpeechStore', async (now) => new FolderSpeechStore(await folder(), { now })],
];

describe.each(stores)('%s', (_name, open) => {
  it('keeps a part under its key: get, has, put, remove, size', async () => {
    const store = await open(Date.now);
    const a = part(0.5);
    expect(await store.get(key('A.'))).toBeUndefined();
    expect(await store.has(key('A.'))).toBe(false);
    await store.put(key('A.'), a);
    expect(await store.has(key('A.'))).toBe(true);
    const got = await store.get(key('A.'));
    expect(got?.audio).toEqual(a.audio);
    expect(got?.durationSeconds).toBe(0.5);
    await store.put(key('B.'), part(0.25));
    expect(await store.size()).toEqual({ entries: 2, bytes: a.audio.byteLength + part(0.25).audio.byteLength });
    expect(await store.remove(key('A.'))).toBe(true);
    expect(await store.remove(key('A.'))).toBe(false);
    expect(await store.has(key('A.'))).toBe(false);
    expect((await store.size()).entries).toBe(1);
  });

  it('marks a part used when it is put or read, not when it is only asked about', async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = await open(() => now);
    await store.put(key('A.'), part(0.1));
    const lastUse = async () => {
      for await (const entry of store.entries()) if (entry.key === key('A.')) return entry.lastUsedAt;
      return undefined;
    };
    expect(await lastUse()).toBe(now);
    now += 5 * DAY;
    await store.has(key('A.'));
    expect(await lastUse()).toBe(Date.UTC(2026, 0, 1));
    await store.get(key('A.'));
    expect(await lastUse()).toBe(now);
  });

  it('cleanup removes what was unused for the grace period, then the least recently used over the cap, never what is kept', async () => {
    let now = Date.UTC(2026, 0, 1);
    const store = await open(() => now);
    const size = part(1).audio.byteLength;
    await store.put(key('old.'), part(1));
    await store.put(key('old but kept.'), part(1));
    now += 40 * DAY;
    await store.put(key('middle.'), part(1));
    now += 1 * DAY;
    await store.put(key('recent.'), part(1));
    await store.put(key('newest.'), part(1));
    const result = await cleanSpeechStore(store, { unusedForDays: 30, maxBytes: 2 * size, now, keep: (k) => k === key('old but kept.') });
    // 'old.' is past the grace period; then over the cap (kept 1 + 3 = 4 parts, cap 2): 'middle.', then 'recent.'.
    expect(result).toEqual({ removed: 3, removedBytes: 3 * size, entries: 2, bytes: 2 * size, overCap: false });
    expect(await store.has(key('old.'))).toBe(false);
    expect(await store.has(key('middle.'))).toBe(false);
    expect(await store.has(key('recent.'))).toBe(false);
    expect(await store.has(key('newest.'))).toBe(true);
    expect(await store.has(key('old but kept.'))).toBe(true);
    // What must stay is over the cap on its own: said, and kept.
    expect(await cleanSpeechStore(store, { maxBytes: size / 2, now, keep: () => true })).toMatchObject({ removed: 0, overCap: true });
  });
});

describe('FolderSpeechStore', () => {
  it('lays parts out as <folder>/<two hex digits>/<key>.wav and refuses any other key', async () => {
    const dir = await folder();
    const store = new FolderSpeechStore(dir);
    await store.put(key('A.'), part(0.1));
    expect(await readdir(join(dir, key('A.').slice(0, 2)))).toEqual([`${key('A.')}.wav`]);
    await expect(store.put('../../etc/passwd', part(0.1))).rejects.toThrow(/64 lowercase hex digits/);
    await expect(store.get('A'.repeat(64))).rejects.toThrow(/64 lowercase hex digits/);
  });

  it('answers a damaged file as absent and removes it; a missing folder is an empty store', async () => {
    const dir = await folder();
    const store = new FolderSpeechStore(dir);
    await store.put(key('A.'), part(0.1));
    await writeFile(join(dir, key('A.').slice(0, 2), `${key('A.')}.wav`), 'not a wav');
    expect(await store.get(key('A.'))).toBeUndefined();
    expect(await store.has(key('A.'))).toBe(false);
    const missing = new FolderSpeechStore(join(dir, 'not', 'there'));
    expect(await missing.size()).toEqual({ entries: 0, bytes: 0 });
    expect(await missing.get(key('A.'))).toBeUndefined();
  });

  it('is shared by two stores on one folder (two processes), and clears a crashed write left a day ago', async () => {
    const dir = await folder();
    await new FolderSpeechStore(dir).put(key('A.'), part(0.1));
    expect(await new FolderSpeechStore(dir).has(key('A.'))).toBe(true);
    const shard = join(dir, key('B.').slice(0, 2));
    await new FolderSpeechStore(dir).put(key('B.'), part(0.1));
    const leftover = join(shard, `${key('C.')}.wav.4242.tmp`);
    await writeFile(leftover, 'half');
    const fresh = join(shard, `${key('D.')}.wav.4243.tmp`);
    await writeFile(fresh, 'being written');
    await utimes(leftover, new Date(Date.now() - 2 * DAY), new Date(Date.now() - 2 * DAY));
    expect((await new FolderSpeechStore(dir).size()).entries).toBe(2);
    const names = await readdir(shard);
    expect(names).not.toContain(`${key('C.')}.wav.4242.tmp`);
    expect(names).toContain(`${key('D.')}.wav.4243.tmp`);
  });
});
