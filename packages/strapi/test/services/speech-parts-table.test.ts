// The speech memory's store in the database, on a real SQLite through knex as the test app installs
// it: bytes kept exactly, uses marked on the store's clock, a part put twice kept once, and core's
// cleanup (grace period, size cap, parts in use kept) working through it.
import { cleanSpeechStore, SpeechMemory } from '@circassian/core';
import { encodeWav } from '@circassian/core/wav';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSpeechStore, prepareSpeechPartsTable, SPEECH_PARTS_TABLE } from '../../server/src/utils/speech-parts-table';
import { sqliteDatabase, type SqlDatabase } from './sqlite';

const DAY = 86_400_000;
let database: SqlDatabase;
let now: number;
let store: DatabaseSpeechStore;

beforeEach(async () => {
  database = await sqliteDatabase();
  await prepareSpeechPartsTable(database, 'better-sqlite3');
  now = Date.UTC(2026, 0, 1);
  store = new DatabaseSpeechStore(database, 'better-sqlite3', { now: () => now });
});
afterEach(async () => {
  await database.destroy();
});

/** Every byte value, so a text column or an encoding on the way would show. */
const allBytes = Uint8Array.from({ length: 512 }, (_, index) => index % 256);

describe('the speech parts table', () => {
  it("keeps a part's bytes exactly and its length, and answers has/size/remove", async () => {
    expect(await store.get('a')).toBeUndefined();
    await store.put('a', { audio: allBytes, durationSeconds: 1.25 });
    expect(await store.has('a')).toBe(true);
    expect(await store.has('b')).toBe(false);
    const got = await store.get('a');
    expect(Buffer.from(got?.audio ?? []).equals(Buffer.from(allBytes))).toBe(true);
    expect(got?.durationSeconds).toBe(1.25);
    expect(await store.size()).toEqual({ entries: 1, bytes: 512 });
    expect(await store.remove('a')).toBe(true);
    expect(await store.remove('a')).toBe(false);
    expect(await store.size()).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps a part put twice once (two instances voicing it at once), the later write', async () => {
    await store.put('a', { audio: allBytes, durationSeconds: 1 });
    await store.put('a', { audio: allBytes.subarray(0, 10), durationSeconds: 2 });
    expect(await store.size()).toEqual({ entries: 1, bytes: 10 });
    expect((await store.get('a'))?.durationSeconds).toBe(2);
  });

  it('is made again harmlessly (every start, several instances)', async () => {
    await store.put('a', { audio: allBytes, durationSeconds: 1 });
    await prepareSpeechPartsTable(database, 'better-sqlite3');
    expect(await store.has('a')).toBe(true);
  });

  it('marks a part used when it is read, not when it is only looked for', async () => {
    await store.put('a', { audio: allBytes, durationSeconds: 1 });
    now += DAY;
    await store.has('a');
    const listed = async () => {
      const entries = [];
      for await (const entry of store.entries()) entries.push(entry);
      return entries;
    };
    expect(await listed()).toEqual([{ key: 'a', bytes: 512, lastUsedAt: now - DAY }]);
    await store.get('a');
    expect(await listed()).toEqual([{ key: 'a', bytes: 512, lastUsedAt: now }]);
  });

  it('lists more parts than one page, each once', async () => {
    for (let index = 0; index < 1_203; index++)
      await store.put(`k${String(index).padStart(5, '0')}`, { audio: allBytes.subarray(0, 1), durationSeconds: 0 });
    const keys = new Set<string>();
    for await (const entry of store.entries()) keys.add(entry.key);
    expect(keys.size).toBe(1_203);
  });

  it("under core's cleanup: parts unused for the grace period go, parts in use stay, then the cap", async () => {
    await store.put('old', { audio: allBytes, durationSeconds: 1 });
    await store.put('old-in-use', { audio: allBytes, durationSeconds: 1 });
    now += 100 * DAY;
    await store.put('recent-1', { audio: allBytes, durationSeconds: 1 });
    now += 1;
    await store.put('recent-2', { audio: allBytes, durationSeconds: 1 });
    const cleanup = await cleanSpeechStore(store, { now, unusedForDays: 90, maxBytes: 1_100, keep: (key) => key === 'old-in-use' });
    expect(cleanup).toMatchObject({ removed: 2, entries: 2, bytes: 1_024, overCap: false });
    expect(await store.has('old')).toBe(false);
    expect(await store.has('recent-1')).toBe(false);
    expect(await store.has('old-in-use')).toBe(true);
    expect(await store.has('recent-2')).toBe(true);
  });

  it("is the speech memory's store: a text voiced again asks for nothing", async () => {
    const asked: string[] = [];
    const client = {
      speech: async ({ text }: { text: string }) => {
        asked.push(text);
        return { audio: encodeWav(new Int16Array(1600), 16_000), contentType: 'audio/wav', durationSeconds: 0.1 };
      },
    };
    const memory = new SpeechMemory(store);
    await memory.speak(client, { text: 'Первое. Второе.', language: 'kbd' });
    await new SpeechMemory(new DatabaseSpeechStore(database, 'better-sqlite3')).speak(client, { text: 'Первое. Третье.', language: 'kbd' });
    expect(asked).toEqual(['Первое.', 'Второе.', 'Третье.']);
    const [row] = (await database.raw(`SELECT typeof(audio) AS kind FROM ${SPEECH_PARTS_TABLE} LIMIT 1`)) as Array<{ kind: string }>;
    expect(row?.kind).toBe('blob');
  });
});
