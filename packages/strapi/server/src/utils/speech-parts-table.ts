// The speech memory's store in Strapi's database (core's SpeechStore): one row per voiced part, its
// WAV bytes in a binary column, so every instance on the database finds a part another instance
// paid for, and a part survives a kill the moment it is stored. A plain table the plugin makes
// itself on bootstrap, as it makes the memory's word table (memory-words.ts): a Strapi 5 content
// type has no binary attribute (its `blob`-less types would hold bytes only as base64 text), and
// Strapi leaves a table it never tracked alone. The bytes column is BLOB on SQLite, bytea on
// PostgreSQL and LONGBLOB on MySQL/MariaDB (a plain BLOB there stops at 64 KiB, a second of WAV).
import type { SpeechStore, SpeechStoreEntry, StoredSpeech } from '@circassian/core';
import type { KnexLike } from '../strapi';
import { rowsOf } from './raw-results';

export const SPEECH_PARTS_TABLE = 'circassian_speech_parts';

/** Rows read per page when cleanup walks the table. */
const PAGE = 500;

type Dialect = 'mysql' | 'postgres' | 'sqlite';

export function dialectOf(client: string): Dialect {
  if (/mysql|maria/.test(client)) return 'mysql';
  if (/postgres|pg/.test(client)) return 'postgres';
  return 'sqlite';
}

const BYTES_TYPE: Readonly<Record<Dialect, string>> = { sqlite: 'BLOB', postgres: 'bytea', mysql: 'LONGBLOB' };
const SECONDS_TYPE: Readonly<Record<Dialect, string>> = { sqlite: 'REAL', postgres: 'double precision', mysql: 'DOUBLE' };

/** Makes the table unless it is there (several instances starting at once: IF NOT EXISTS on all three). */
export async function prepareSpeechPartsTable(connection: KnexLike, client: string): Promise<void> {
  const dialect = dialectOf(client);
  await connection.raw(
    `CREATE TABLE IF NOT EXISTS ?? (speech_key varchar(64) NOT NULL PRIMARY KEY, audio ${BYTES_TYPE[dialect]} NOT NULL, ` +
      `duration_seconds ${SECONDS_TYPE[dialect]} NOT NULL, bytes bigint NOT NULL, last_used_at bigint NOT NULL)`,
    [SPEECH_PARTS_TABLE],
  );
}

/** The drivers hand bytes back as a Buffer (better-sqlite3, pg, mysql2); a copy-free view either way. */
const asBytes = (value: unknown): Uint8Array => {
  if (value instanceof Uint8Array) return value;
  throw new Error(`the speech store's audio column held ${typeof value}, not bytes`);
};

export class DatabaseSpeechStore implements SpeechStore {
  readonly #connection: KnexLike;
  readonly #dialect: Dialect;
  readonly #now: () => number;

  constructor(connection: KnexLike, client: string, options: { now?: () => number } = {}) {
    this.#connection = connection;
    this.#dialect = dialectOf(client);
    this.#now = options.now ?? Date.now;
  }

  async get(key: string): Promise<StoredSpeech | undefined> {
    const [row] = rowsOf(await this.#raw('SELECT audio, duration_seconds FROM ?? WHERE speech_key = ?', [SPEECH_PARTS_TABLE, key]));
    if (!row) return undefined;
    await this.#raw('UPDATE ?? SET last_used_at = ? WHERE speech_key = ?', [SPEECH_PARTS_TABLE, this.#now(), key]);
    return { audio: asBytes(row.audio), durationSeconds: Number(row.duration_seconds) };
  }

  async has(key: string): Promise<boolean> {
    return rowsOf(await this.#raw('SELECT 1 AS found FROM ?? WHERE speech_key = ?', [SPEECH_PARTS_TABLE, key])).length > 0;
  }

  async put(key: string, speech: StoredSpeech): Promise<void> {
    // better-sqlite3 binds a Buffer as a BLOB (a bare Uint8Array it refuses); a view of the same bytes.
    const audio = Buffer.from(speech.audio.buffer, speech.audio.byteOffset, speech.audio.byteLength);
    const values = [SPEECH_PARTS_TABLE, key, audio, speech.durationSeconds, audio.byteLength, this.#now()];
    const insert = 'INSERT INTO ?? (speech_key, audio, duration_seconds, bytes, last_used_at) VALUES (?, ?, ?, ?, ?)';
    // Two instances voicing the same part at once both store it: the later write wins, the same audio.
    await this.#raw(
      this.#dialect === 'mysql'
        ? `${insert} ON DUPLICATE KEY UPDATE audio = VALUES(audio), duration_seconds = VALUES(duration_seconds), bytes = VALUES(bytes), last_used_at = VALUES(last_used_at)`
        : `${insert} ON CONFLICT (speech_key) DO UPDATE SET audio = excluded.audio, duration_seconds = excluded.duration_seconds, bytes = excluded.bytes, last_used_at = excluded.last_used_at`,
      values,
    );
  }

  async remove(key: string): Promise<boolean> {
    if (!(await this.has(key))) return false;
    await this.#raw('DELETE FROM ?? WHERE speech_key = ?', [SPEECH_PARTS_TABLE, key]);
    return true;
  }

  async *entries(): AsyncIterable<SpeechStoreEntry> {
    // Page by key, never the audio column: cleanup walks a large store without loading its bytes.
    let after = '';
    for (;;) {
      const rows = rowsOf(
        await this.#raw('SELECT speech_key, bytes, last_used_at FROM ?? WHERE speech_key > ? ORDER BY speech_key LIMIT ?', [
          SPEECH_PARTS_TABLE,
          after,
          PAGE,
        ]),
      );
      for (const row of rows) yield { key: String(row.speech_key), bytes: Number(row.bytes), lastUsedAt: Number(row.last_used_at) };
      if (rows.length < PAGE) return;
      after = String(rows[rows.length - 1]?.speech_key);
    }
  }

  async size(): Promise<{ entries: number; bytes: number }> {
    const [row] = rowsOf(await this.#raw('SELECT COUNT(*) AS entries, SUM(bytes) AS bytes FROM ??', [SPEECH_PARTS_TABLE]));
    return { entries: Number(row?.entries ?? 0), bytes: Number(row?.bytes ?? 0) };
  }

  #raw(sql: string, bindings: readonly unknown[]): Promise<unknown> {
    return this.#connection.raw(sql, [...bindings]);
  }
}
