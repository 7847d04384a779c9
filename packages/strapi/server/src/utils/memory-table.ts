// The translation memory's table in SQL, through Strapi's knex (`strapi.db.connection`), on SQLite,
// PostgreSQL and MySQL/MariaDB alike: what Strapi's query API cannot say. A unit is found by
// `keyHash` (memory-hash.ts) under a UNIQUE index (memory-table-setup.ts makes it), so a lookup is
// an index probe per key, an insert that meets a row another instance just made merges into it (a
// human unit replaces, a machine one is dropped) instead of making a second, uses are counted by
// the database itself (no read, so no count is lost between instances), and the statistics are
// one GROUP BY. Names come from Strapi's metadata; identifiers go in as `??` bindings.
import type { LanguagePair } from '@circassian/core';
import { MEMORY_UID } from '../constants';
import type { KnexLike, Strapi } from '../strapi';
import { affectedRows, rowsOf } from './raw-results';
import { rowDocumentId } from './row-document-id';

/** A unit's row as the table holds it (attribute names). */
export interface MemoryRow {
  readonly id: number;
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly sourceText: string;
  readonly targetText: string;
  readonly origin: string;
  readonly creator: string | null;
  readonly unitCreated: string;
  readonly unitChanged: string | null;
  readonly usageCount: number;
  readonly keyHash: string | null;
  /** Source plus translation characters, as core's `unitCharacters` counts them (null before setup). */
  readonly characters: number | null;
}

/** What a write sets: the row without its id. */
export type MemoryRowData = Omit<MemoryRow, 'id' | 'keyHash' | 'characters'> & {
  readonly keyHash: string;
  readonly characters: number;
  readonly sourceKey: string;
};

/** Units per pair and origin, and the characters their uses saved. */
export interface MemoryGroup {
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly origin: string;
  readonly units: number;
  readonly savedCharacters: number;
}

const WRITE = [
  'sourceLang',
  'targetLang',
  'sourceKey',
  'keyHash',
  'sourceText',
  'targetText',
  'origin',
  'creator',
  'unitCreated',
  'unitChanged',
  'usageCount',
  'characters',
] as const;
/** What a read gives back: the unit's columns (its key text aside), with the row's id. */
const READ = ['id', ...WRITE.filter((name) => name !== 'sourceKey')];
/** What a human unit meeting an existing row replaces (its creation date and uses stay). */
const MERGED = ['sourceText', 'targetText', 'origin', 'creator', 'characters'] as const;

const placeholders = (count: number): string => Array<string>(count).fill('?').join(', ');

function unitRow(row: Record<string, unknown>): MemoryRow {
  return {
    id: Number(row.id),
    sourceLang: String(row.sourceLang),
    targetLang: String(row.targetLang),
    sourceText: String(row.sourceText),
    targetText: String(row.targetText),
    origin: String(row.origin),
    creator: row.creator == null ? null : String(row.creator),
    unitCreated: String(row.unitCreated),
    unitChanged: row.unitChanged == null ? null : String(row.unitChanged),
    usageCount: Number(row.usageCount ?? 0),
    keyHash: row.keyHash == null ? null : String(row.keyHash),
    characters: row.characters == null ? null : Number(row.characters),
  };
}

/** The table's statements, on Strapi's connection or on a transaction of it (`connection`). */
export function memoryTable(strapi: Strapi, connection: KnexLike = strapi.db.connection) {
  const meta = strapi.db.metadata.get(MEMORY_UID);
  const column = (name: string): string => meta.attributes[name]?.columnName ?? name;
  const table = meta.tableName;
  const client = strapi.db.dialect.client;
  const mysql = /mysql|maria/.test(client);
  const postgres = !mysql && /postgres|pg/.test(client);
  const raw = (sql: string, bindings: readonly unknown[] = []) => connection.raw(sql, [...bindings]);
  const selectList = READ.map(() => '?? AS ??').join(', ');
  const selectBindings = READ.flatMap((name) => [column(name), name]);
  const read = async (where: string, bindings: readonly unknown[], tail = ''): Promise<MemoryRow[]> =>
    rowsOf(await raw(`SELECT ${selectList} FROM ?? WHERE ${where} ORDER BY ?? ${tail}`, [...selectBindings, table, ...bindings, 'id'])).map(
      unitRow,
    );
  // Strapi's own columns a row needs beside the unit's: a documentId and the timestamps it keeps.
  const bookkeeping = ['createdAt', 'updatedAt', 'publishedAt'].filter((name) => meta.attributes[name] !== undefined);
  const human = `'human'`;
  const indexName = `${table}_key_hash_unique`;

  return {
    indexName,

    /** The rows of these key hashes, oldest first (one query: the caller keeps the list within the database's bound parameters). */
    byHashes(hashes: readonly string[]): Promise<MemoryRow[]> {
      if (hashes.length === 0) return Promise.resolve([]);
      return read(`?? IN (${placeholders(hashes.length)})`, [column('keyHash'), ...hashes]);
    },

    /** Up to `limit` rows after id `after`, in stored order. */
    page(after: number, limit: number): Promise<MemoryRow[]> {
      return read('?? > ?', ['id', after], `LIMIT ${Math.trunc(limit)}`);
    },

    /** Rows made before the key hash and characters were kept (the setup fills them in). */
    unhashed(limit: number): Promise<MemoryRow[]> {
      return read('(?? IS NULL OR ?? IS NULL)', [column('keyHash'), column('characters')], `LIMIT ${Math.trunc(limit)}`);
    },

    /**
     * Inserts new units in the order given. A row of the same key that another instance made since
     * this one looked is merged, not doubled: a human unit replaces it (keeping its creation date
     * and uses, dating the change), a machine one leaves it as it is.
     */
    async insert(rows: readonly MemoryRowData[]): Promise<void> {
      if (rows.length === 0) return;
      const names = [...WRITE, 'documentId', ...bookkeeping];
      const now = new Date();
      const values = rows.flatMap((row) => [...WRITE.map((name) => row[name]), rowDocumentId(), ...bookkeeping.map(() => now)]);
      const merge = [...MERGED.map((name) => [column(name), column(name)]), [column('unitChanged'), column('unitCreated')]];
      const conflict = mysql
        ? `ON DUPLICATE KEY UPDATE ${merge.map(() => `?? = IF(VALUES(??) = ${human}, VALUES(??), ??)`).join(', ')}`
        : `ON CONFLICT (??) DO UPDATE SET ${merge.map(() => '?? = excluded.??').join(', ')} WHERE excluded.?? = ${human}`;
      const conflictBindings = mysql
        ? merge.flatMap(([to, from]) => [to, column('origin'), from, to])
        : [column('keyHash'), ...merge.flat(), column('origin')];
      await raw(
        `INSERT INTO ?? (${names.map(() => '??').join(', ')}) VALUES ${rows.map(() => `(${placeholders(names.length)})`).join(', ')} ${conflict}`,
        [table, ...names.map(column), ...values, ...conflictBindings],
      );
    },

    /** Rewrites a unit's translation; a machine one only over a machine row (a human one another instance stored meanwhile stays). */
    async update(id: number, row: Pick<MemoryRowData, (typeof MERGED)[number] | 'unitChanged'>): Promise<void> {
      const names = [...MERGED, 'unitChanged'] as const;
      const guard = row.origin === 'human' ? '' : ` AND ?? <> ${human}`;
      await raw(`UPDATE ?? SET ${names.map(() => '?? = ?').join(', ')} WHERE ?? = ?${guard}`, [
        table,
        ...names.flatMap((name) => [column(name), row[name]]),
        'id',
        id,
        ...(guard ? [column('origin')] : []),
      ]);
    },

    /** Sets what the setup computes for a row made before it. */
    async fill(id: number, keyHash: string, characters: number): Promise<void> {
      await raw('UPDATE ?? SET ?? = ?, ?? = ? WHERE ?? = ?', [
        table,
        column('keyHash'),
        keyHash,
        column('characters'),
        characters,
        'id',
        id,
      ]);
    },

    /** Adds `count` uses to the rows of these key hashes, in the database (two instances' uses both count). */
    async addUses(hashes: readonly string[], count: number): Promise<void> {
      if (hashes.length === 0 || count === 0) return;
      const uses = column('usageCount');
      await raw(`UPDATE ?? SET ?? = COALESCE(??, 0) + ? WHERE ?? IN (${placeholders(hashes.length)})`, [
        table,
        uses,
        uses,
        count,
        column('keyHash'),
        ...hashes,
      ]);
    },

    /** Removes the rows of one pair, or all; how many. */
    async remove(pair?: LanguagePair): Promise<number> {
      const result = pair
        ? await raw('DELETE FROM ?? WHERE ?? = ? AND ?? = ?', [table, column('sourceLang'), pair.source, column('targetLang'), pair.target])
        : await raw('DELETE FROM ??', [table]);
      return affectedRows(result);
    },

    async removeIds(ids: readonly number[]): Promise<void> {
      if (ids.length > 0) await raw(`DELETE FROM ?? WHERE ?? IN (${placeholders(ids.length)})`, [table, 'id', ...ids]);
    },

    /** Units per pair and origin with the characters their uses saved: one GROUP BY, whatever the memory's size. */
    async groups(): Promise<MemoryGroup[]> {
      const [source, target, origin] = [column('sourceLang'), column('targetLang'), column('origin')];
      const rows = rowsOf(
        await raw(
          'SELECT ?? AS ??, ?? AS ??, ?? AS ??, COUNT(*) AS ??, SUM(COALESCE(??, 0) * COALESCE(??, 0)) AS ?? FROM ?? GROUP BY ??, ??, ??',
          [
            source,
            'sourceLang',
            target,
            'targetLang',
            origin,
            'origin',
            'units',
            column('usageCount'),
            column('characters'),
            'saved',
            table,
            source,
            target,
            origin,
          ],
        ),
      );
      // PostgreSQL answers COUNT and SUM as strings (bigint, numeric).
      return rows.map((row) => ({
        sourceLang: String(row.sourceLang),
        targetLang: String(row.targetLang),
        origin: String(row.origin),
        units: Number(row.units),
        savedCharacters: Number(row.saved ?? 0),
      }));
    },

    /** Key hashes held by more than one row (made before the UNIQUE index). */
    async duplicateHashes(): Promise<string[]> {
      const hash = column('keyHash');
      return rowsOf(
        await raw('SELECT ?? AS ?? FROM ?? WHERE ?? IS NOT NULL GROUP BY ?? HAVING COUNT(*) > 1', [hash, 'keyHash', table, hash, hash]),
      ).map((row) => String(row.keyHash));
    },

    async setUses(id: number, usageCount: number): Promise<void> {
      await raw('UPDATE ?? SET ?? = ? WHERE ?? = ?', [table, column('usageCount'), usageCount, 'id', id]);
    },

    async hasUniqueIndex(): Promise<boolean> {
      const [sql, bindings] = mysql
        ? [
            'SELECT INDEX_NAME FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ?',
            [table, indexName],
          ]
        : postgres
          ? ['SELECT indexname FROM pg_indexes WHERE tablename = ? AND indexname = ?', [table, indexName]]
          : ["SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?", [table, indexName]];
      return rowsOf(await raw(sql, bindings)).length > 0;
    },

    async createUniqueIndex(): Promise<void> {
      await raw('CREATE UNIQUE INDEX ?? ON ?? (??)', [indexName, table, column('keyHash')]);
    },
  };
}

export type MemoryTable = ReturnType<typeof memoryTable>;
