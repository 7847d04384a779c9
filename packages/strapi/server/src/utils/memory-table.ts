// The translation memory's table in SQL, through Strapi's knex (`strapi.db.connection`), on SQLite,
// PostgreSQL and MySQL/MariaDB alike: what Strapi's query API cannot say. A unit's identity (pair,
// context, text) is found by `keyHash` (memory-hash.ts, indexed), which the authoritative unit and
// the suggestions of one text share; each row has its own place, `slotHash`, under a UNIQUE index
// (memory-table-setup.ts makes both). An insert that meets a row another instance just made in the
// same place merges into it by core's rules (a stronger origin, or the same origin and a newer
// date, replaces it, keeping its creation, creator and uses), uses are counted by the database
// itself (no read, so no count is lost between instances), and the statistics are one GROUP BY.
// Names come from Strapi's metadata; identifiers go in as `??` bindings.
import { memoryKey, type LanguagePair, type MemoryFilter, type MemoryOrigin } from '@circassian/core';
import { MEMORY_UID } from '../constants';
import type { KnexLike, Strapi } from '../strapi';
import { affectedRows, rowsOf } from './raw-results';
import { rowDocumentId } from './row-document-id';
import { COUNT_CAP, memoryWords, storedWord, type IndexedWords } from './memory-words';

/** A unit's row as the table holds it (attribute names). */
export interface MemoryRow {
  readonly id: number;
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly sourceText: string;
  readonly targetText: string;
  readonly origin: string;
  readonly creator: string | null;
  readonly changer: string | null;
  readonly whereMade: string | null;
  readonly context: string | null;
  readonly suggestion: boolean;
  readonly unitCreated: string;
  readonly unitChanged: string | null;
  readonly usageCount: number;
  readonly keyHash: string | null;
  readonly slotHash: string | null;
  /** Source plus translation characters, as core's `unitCharacters` counts them (null before setup). */
  readonly characters: number | null;
}

/** What a write sets: the row without its id. */
export type MemoryRowData = Omit<MemoryRow, 'id' | 'keyHash' | 'slotHash' | 'characters'> & {
  readonly keyHash: string;
  readonly slotHash: string;
  readonly characters: number;
  readonly sourceKey: string;
  /** The source and the translation as memory keys, case-folded (memory-fold.ts): what concordance and near-match searches read. */
  readonly sourceFolded: string;
  readonly targetFolded: string;
  /** The source's words as core's fuzzy percentage cuts them, each between spaces (` w1 w2 `). */
  readonly sourceWords: string;
  /** The source's words as core's fuzzy percentage counts them. */
  readonly wordCount: number;
};

/** Units per pair, origin and kind (suggestion or not), and the characters their uses saved. */
export interface MemoryGroup {
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly origin: string;
  readonly suggestion: boolean;
  readonly units: number;
  readonly savedCharacters: number;
}

/** A person who wrote translations in the memory (a unit's changer, else its creator), with how many. */
export interface MemoryAuthor {
  readonly by: string;
  readonly units: number;
  readonly suggestions: number;
}

const WRITE = [
  'sourceLang',
  'targetLang',
  'sourceKey',
  'sourceFolded',
  'targetFolded',
  'sourceWords',
  'wordCount',
  'keyHash',
  'slotHash',
  'sourceText',
  'targetText',
  'origin',
  'creator',
  'changer',
  'whereMade',
  'context',
  'suggestion',
  'unitCreated',
  'unitChanged',
  'usageCount',
  'characters',
] as const;
/** Columns kept for the database's searches only, never read back. */
const SEARCH_ONLY = new Set<string>(['sourceKey', 'sourceFolded', 'targetFolded', 'sourceWords', 'wordCount']);
/** What a read gives back: the unit's columns (the search columns aside), with the row's id. */
const READ = ['id', ...WRITE.filter((name) => !SEARCH_ONLY.has(name))];
/** What an update of a unit in its place writes, as core's index decided it (its uses are counted apart). */
const REPLACED = [
  'sourceText',
  'targetText',
  'origin',
  'creator',
  'changer',
  'whereMade',
  'characters',
  'sourceFolded',
  'targetFolded',
  'sourceWords',
  'wordCount',
  'unitCreated',
  'unitChanged',
] as const;

/** What the setup computes for rows made before it: their hashes, characters and search columns. */
export const COMPUTED = ['keyHash', 'slotHash', 'characters', 'sourceFolded', 'targetFolded', 'sourceWords', 'wordCount'] as const;

/** The origins weaker than `origin`: a unit of `origin` replaces a unit of these. */
const weakerThan = (origin: string): MemoryOrigin[] =>
  origin === 'reviewed' ? ['machine', 'human'] : origin === 'human' ? ['machine'] : [];

const placeholders = (count: number): string => Array<string>(count).fill('?').join(', ');

/** A piece of SQL with its bindings (`?` values, `??` identifiers), joined in order by `cat`. */
interface Sql {
  readonly sql: string;
  readonly bindings: readonly unknown[];
}
const sql = (text: string, ...bindings: unknown[]): Sql => ({ sql: text, bindings });
const cat = (...parts: readonly Sql[]): Sql => ({
  sql: parts.map((part) => part.sql).join(''),
  bindings: parts.flatMap((part) => part.bindings),
});
const flag = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 't';

function unitRow(row: Record<string, unknown>): MemoryRow {
  const text = (value: unknown): string | null => (value == null ? null : String(value));
  return {
    id: Number(row.id),
    sourceLang: String(row.sourceLang),
    targetLang: String(row.targetLang),
    sourceText: String(row.sourceText),
    targetText: String(row.targetText),
    origin: String(row.origin),
    creator: text(row.creator),
    changer: text(row.changer),
    whereMade: text(row.whereMade),
    context: text(row.context),
    suggestion: flag(row.suggestion),
    unitCreated: String(row.unitCreated),
    unitChanged: text(row.unitChanged),
    usageCount: Number(row.usageCount ?? 0),
    keyHash: text(row.keyHash),
    slotHash: text(row.slotHash),
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
  const words = memoryWords(connection, table, client);
  const orphansOf = { table, keyHash: column('keyHash') };
  const selectList = READ.map(() => '?? AS ??').join(', ');
  const selectBindings = READ.flatMap((name) => [column(name), name]);
  const read = async (where: string, bindings: readonly unknown[], tail = '', order = '?? ASC', orderBy: unknown[] = ['id']) =>
    rowsOf(
      await raw(`SELECT ${selectList} FROM ?? WHERE ${where} ORDER BY ${order} ${tail}`, [
        ...selectBindings,
        table,
        ...bindings,
        ...orderBy,
      ]),
    ).map(unitRow);
  // Strapi's own columns a row needs beside the unit's: a documentId and the timestamps it keeps.
  const bookkeeping = ['createdAt', 'updatedAt', 'publishedAt'].filter((name) => meta.attributes[name] !== undefined);
  // A boolean as each database takes it bound: PostgreSQL's is a boolean, the others' a number (SQLite's driver takes no JS boolean).
  const truth = (value: boolean): boolean | number => (postgres ? value : value ? 1 : 0);
  const bound = (name: string, value: unknown): unknown => (name === 'suggestion' ? truth(Boolean(value)) : value);
  const uniqueIndex = `${table}_slot_hash_unique`;
  const keyIndex = `${table}_key_hash_index`;
  /** Before slot hashes, the UNIQUE index was on the key hash: setup drops it. */
  const formerIndex = `${table}_key_hash_unique`;
  const written = (prefix: string) => `COALESCE(${prefix}??, ${prefix}??)`;

  /** The WHERE of a filter (core's MemoryFilter), with its bindings. */
  const filterWhere = (filter: MemoryFilter): { where: string; bindings: unknown[] } => {
    const parts: string[] = ['1 = 1'];
    const bindings: unknown[] = [];
    if (filter.pair) {
      parts.push('?? = ? AND ?? = ?');
      bindings.push(column('sourceLang'), filter.pair.source, column('targetLang'), filter.pair.target);
    }
    if (filter.by !== undefined) {
      parts.push('COALESCE(??, ??) = ?');
      bindings.push(column('changer'), column('creator'), filter.by);
    }
    if (filter.origin !== undefined) {
      parts.push('?? = ?');
      bindings.push(column('origin'), filter.origin);
    }
    if (filter.suggestion !== undefined) {
      parts.push(filter.suggestion ? '?? = ?' : '(?? IS NULL OR ?? = ?)');
      bindings.push(
        ...(filter.suggestion ? [column('suggestion'), truth(true)] : [column('suggestion'), column('suggestion'), truth(false)]),
      );
    }
    if (filter.context !== undefined) {
      parts.push(filter.context === '' ? "(?? IS NULL OR ?? = '')" : '?? = ?');
      bindings.push(...(filter.context === '' ? [column('context'), column('context')] : [column('context'), filter.context]));
    }
    if (filter.sources !== undefined) {
      const keys = [...new Set(filter.sources.map((source) => memoryKey(source)))];
      parts.push(keys.length === 0 ? '1 = 0' : `?? IN (${placeholders(keys.length)})`);
      if (keys.length > 0) bindings.push(column('sourceKey'), ...keys);
    }
    return { where: parts.join(' AND '), bindings };
  };

  /**
   * Whether a column holds a text: a plain substring test (SQLite's and MySQL's INSTR, PostgreSQL's
   * STRPOS), several times quicker than LIKE on non-ASCII text, and with no wildcard to escape.
   */
  const holds = postgres ? 'STRPOS(??, ?) > 0' : 'INSTR(??, ?) > 0';

  /** The rows `asker` may see: the authoritative units, and their own suggestions (other people's never). */
  const asker = (who: string | undefined): Sql =>
    who === undefined
      ? sql('(?? IS NULL OR ?? = ?)', column('suggestion'), column('suggestion'), truth(false))
      : sql('(?? IS NULL OR ?? = ? OR ?? = ?)', column('suggestion'), column('suggestion'), truth(false), column('creator'), who);

  /**
   * What an INSERT does with a row another instance put in the same place meanwhile: core's
   * replacement (memory-rules.ts), where the new unit wins (a stronger origin, or the same origin
   * written later): its translation, origin, characters and date of change; its author as the
   * changer (none where that is the creator); the place's creation, creator (unless it had none)
   * and uses kept, and its `where` where the new unit names none.
   */
  const mergeOnConflict = (): Sql => {
    const incoming = (name: string): Sql => (mysql ? sql('VALUES(??)', column(name)) : sql('excluded.??', column(name)));
    const current = (name: string): Sql => (mysql ? sql('??', column(name)) : sql('??.??', table, column(name)));
    const strong = (origin: Sql): Sql => cat(sql('(CASE '), origin, sql(" WHEN 'reviewed' THEN 2 WHEN 'human' THEN 1 ELSE 0 END)"));
    const wins = cat(
      sql('('),
      strong(incoming('origin')),
      sql(' > '),
      strong(current('origin')),
      sql(' OR ('),
      strong(incoming('origin')),
      sql(' = '),
      strong(current('origin')),
      sql(' AND COALESCE('),
      incoming('unitChanged'),
      sql(', '),
      incoming('unitCreated'),
      sql(') >= COALESCE('),
      current('unitChanged'),
      sql(', '),
      current('unitCreated'),
      sql(')))'),
    );
    const author = cat(sql('COALESCE('), incoming('changer'), sql(', '), incoming('creator'), sql(')'));
    // In this order: MySQL reads each condition after the assignments before it (see `wins`' columns: origin last).
    const values: Array<[string, Sql]> = [
      ['sourceText', incoming('sourceText')],
      ['targetText', incoming('targetText')],
      ['characters', incoming('characters')],
      ['sourceFolded', incoming('sourceFolded')],
      ['targetFolded', incoming('targetFolded')],
      ['sourceWords', incoming('sourceWords')],
      ['wordCount', incoming('wordCount')],
      ['whereMade', cat(sql('COALESCE('), incoming('whereMade'), sql(', '), current('whereMade'), sql(')'))],
      ['changer', cat(sql('CASE WHEN '), author, sql(' = '), current('creator'), sql(' THEN NULL ELSE '), author, sql(' END'))],
      ['creator', cat(sql('COALESCE('), current('creator'), sql(', '), incoming('creator'), sql(')'))],
      ['unitChanged', cat(sql('COALESCE('), incoming('unitChanged'), sql(', '), incoming('unitCreated'), sql(')'))],
      ['origin', incoming('origin')],
    ];
    if (mysql)
      return cat(
        sql('ON DUPLICATE KEY UPDATE '),
        ...values.flatMap(([name, value], index) => [
          sql(`${index > 0 ? ', ' : ''}?? = IF(`, column(name)),
          wins,
          sql(', '),
          value,
          sql(', ??)', column(name)),
        ]),
      );
    return cat(
      sql('ON CONFLICT (??) DO UPDATE SET ', column('slotHash')),
      ...values.flatMap(([name, value], index) => [sql(`${index > 0 ? ', ' : ''}?? = `, column(name)), value]),
      sql(' WHERE '),
      wins,
    );
  };

  return {
    uniqueIndex,

    /** The rows of these key hashes (each identity's authoritative unit and suggestions), oldest first. */
    byHashes(hashes: readonly string[]): Promise<MemoryRow[]> {
      if (hashes.length === 0) return Promise.resolve([]);
      return read(`?? IN (${placeholders(hashes.length)})`, [column('keyHash'), ...hashes]);
    },

    /** Up to `limit` rows after id `after`, in stored order. */
    page(after: number, limit: number): Promise<MemoryRow[]> {
      return read('?? > ?', ['id', after], `LIMIT ${Math.trunc(limit)}`);
    },

    /** The rows a filter takes (but those of `without`'s origins), the most recently written first (a reviewer's list), `limit` after `offset`. */
    recent(filter: MemoryFilter, limit: number, offset = 0, without: readonly MemoryOrigin[] = []): Promise<MemoryRow[]> {
      const { where, bindings } = filterWhere(filter);
      const kept =
        without.length > 0
          ? { where: `${where} AND ?? NOT IN (${placeholders(without.length)})`, bindings: [...bindings, column('origin'), ...without] }
          : { where, bindings };
      return read(kept.where, kept.bindings, `LIMIT ${Math.trunc(limit)} OFFSET ${Math.trunc(offset)}`, `${written('')} DESC, ?? DESC`, [
        column('unitChanged'),
        column('unitCreated'),
        'id',
      ]);
    },

    /**
     * The rows that may be a near match of a text of `words` (core's fuzzy words, case-folded) at
     * `min` percent or more, for `asker` (their own suggestions beside the authoritative units) in
     * one pair and context: the candidate prefilter, in SQL. A unit of n words scores `min` only if
     * |m - n| words are at most the distance allowed (so n lies between m * min / 100 and
     * m * 100 / min) and it shares at least ceil(m * min / 100) of the query's m words; each
     * distinct word the source holds (a whole word of `sourceWords`, found as ` w `) counts as many
     * times as the query has it (at least the words truly shared), so no unit that can reach `min`
     * is left out. Those sharing the most come first, at most `cap`.
     * (Measured at 100,000 units in bench/fuzzy.bench.ts.)
     */
    async nearCandidates(
      pair: LanguagePair,
      queryWords: readonly string[],
      min: number,
      options: { context?: string | undefined; asker?: string | undefined; cap: number },
    ): Promise<MemoryRow[]> {
      const m = queryWords.length;
      if (m === 0) return [];
      const k = Math.ceil((m * min) / 100);
      const counts = new Map<string, number>();
      for (const word of queryWords) counts.set(word, (counts.get(word) ?? 0) + 1);
      const shared = [...counts].map(() => `(CASE WHEN ${holds} THEN ? ELSE 0 END)`).join(' + ');
      const sharedBindings = [...counts].flatMap(([word, count]) => [column('sourceWords'), ` ${word} `, count]);
      // A unit sharing k of the m words holds one of any m - k + 1 of them: the rarest in the word
      // table (memory-words.ts, counted up to a cap; the longer first among equals) are taken, and
      // only the identities holding one of them are read.
      const frequency = await words.frequencies(pair, queryWords);
      const rarest = [...queryWords]
        .map(storedWord)
        .sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || b.length - a.length)
        .slice(0, m - k + 1);
      const anyOf = [...new Set(rarest)];
      // The identities holding one of those, and of them only those holding k of the words in all
      // (by the word table's primary key, one probe per identity and word): a few rows are read.
      // Where even the rarest are common (each counted up to the cap: a sentence of the commonest
      // words), most of the pair holds one, and testing its rows' words directly is the cheaper read.
      const common = anyOf.every((word) => (frequency.get(word) ?? 0) >= COUNT_CAP);
      const holding = common
        ? sql(`(${anyOf.map(() => holds).join(' OR ')})`, ...anyOf.flatMap((word) => [column('sourceWords'), ` ${word} `]))
        : cat(sql('?? IN (', column('keyHash')), words.holding(pair, anyOf, queryWords, k), sql(')'));
      const { where, bindings } = filterWhere({ pair, context: options.context ?? '' });
      const visible = asker(options.asker);
      return read(
        `${where} AND ${visible.sql} AND ?? BETWEEN ? AND ? AND ${holding.sql} AND (${shared}) >= ?`,
        [...bindings, ...visible.bindings, column('wordCount'), k, Math.floor((m * 100) / min), ...holding.bindings, ...sharedBindings, k],
        `LIMIT ${Math.trunc(options.cap)}`,
        `(${shared}) DESC, ?? DESC`,
        [...sharedBindings, 'id'],
      );
    },

    /**
     * A concordance page: the units whose source or translation holds `phrase` (folded as the
     * search columns are, memory-fold.ts), in one pair or all, the authoritative units and the
     * asker's own suggestions; strongest first (reviewed, human, machine), then the most recently
     * written; `limit` after `offset`, and how many there are in all.
     */
    async concordance(
      folded: string,
      options: { pair?: LanguagePair | undefined; asker?: string | undefined; limit: number; offset: number },
    ): Promise<{ rows: MemoryRow[]; total: number }> {
      const { where, bindings } = filterWhere(options.pair ? { pair: options.pair } : {});
      const visible = asker(options.asker);
      const found = `${where} AND ${visible.sql} AND (${holds} OR ${holds})`;
      const foundBindings = [...bindings, ...visible.bindings, column('sourceFolded'), folded, column('targetFolded'), folded];
      const strength = `(CASE ?? WHEN 'reviewed' THEN 2 WHEN 'human' THEN 1 ELSE 0 END)`;
      const rows = await read(
        found,
        foundBindings,
        `LIMIT ${Math.trunc(options.limit)} OFFSET ${Math.trunc(options.offset)}`,
        `${strength} DESC, ${written('')} DESC, ?? DESC`,
        [column('origin'), column('unitChanged'), column('unitCreated'), 'id'],
      );
      const [count] = rowsOf(await raw(`SELECT COUNT(*) AS ?? FROM ?? WHERE ${found}`, ['total', table, ...foundBindings]));
      return { rows, total: Number(count?.total ?? 0) };
    },

    /** One row by its id, or undefined. */
    async byId(id: number): Promise<MemoryRow | undefined> {
      return (await read('?? = ?', ['id', id]))[0];
    },

    /** Rewrites a row's translation and provenance as a person set them, whatever was there (an edit of one unit). */
    async rewrite(id: number, row: Pick<MemoryRowData, (typeof REPLACED)[number]>): Promise<void> {
      await raw(`UPDATE ?? SET ${REPLACED.map(() => '?? = ?').join(', ')} WHERE ?? = ?`, [
        table,
        ...REPLACED.flatMap((name) => [column(name), row[name]]),
        'id',
        id,
      ]);
    },

    /** Rows made before the key hash, slot hash, characters and search columns were kept (the setup fills them in). */
    unhashed(limit: number): Promise<MemoryRow[]> {
      return read(
        '(?? IS NULL OR ?? IS NULL OR ?? IS NULL OR ?? IS NULL OR ?? IS NULL)',
        [column('keyHash'), column('slotHash'), column('characters'), column('wordCount'), column('sourceWords')],
        `LIMIT ${Math.trunc(limit)}`,
      );
    },

    /**
     * Inserts new units in the order given. A row another instance made in the same place since
     * this one looked is merged, not doubled, by core's rules: a stronger origin, or the same origin
     * written later, replaces its translation (its creation, creator and uses stay).
     */
    async insert(rows: readonly MemoryRowData[]): Promise<void> {
      if (rows.length === 0) return;
      const names = [...WRITE, 'documentId', ...bookkeeping];
      const now = new Date();
      const values = rows.flatMap((row) => [
        ...WRITE.map((name) => bound(name, row[name])),
        rowDocumentId(),
        ...bookkeeping.map(() => now),
      ]);
      // The words first: a unit is never without them (memory-words.ts).
      await words.add(rows);
      const { sql: conflict, bindings: conflictBindings } = mergeOnConflict();
      await raw(
        `INSERT INTO ?? (${names.map(() => '??').join(', ')}) VALUES ${rows.map(() => `(${placeholders(names.length)})`).join(', ')} ${conflict}`,
        [table, ...names.map(column), ...values, ...conflictBindings],
      );
    },

    /**
     * Rewrites a unit in its place as core's index decided, unless another instance wrote a unit
     * there meanwhile that wins over it (a stronger origin, or the same origin written later).
     */
    async update(id: number, row: Pick<MemoryRowData, (typeof REPLACED)[number]>): Promise<void> {
      const names = REPLACED;
      const weaker = weakerThan(row.origin);
      const date = row.unitChanged ?? row.unitCreated;
      const guard = `(${weaker.length > 0 ? `?? IN (${placeholders(weaker.length)}) OR ` : ''}(?? = ? AND ${written('')} <= ?))`;
      await raw(`UPDATE ?? SET ${names.map(() => '?? = ?').join(', ')} WHERE ?? = ? AND ${guard}`, [
        table,
        ...names.flatMap((name) => [column(name), row[name]]),
        'id',
        id,
        ...(weaker.length > 0 ? [column('origin'), ...weaker] : []),
        column('origin'),
        row.origin,
        column('unitChanged'),
        column('unitCreated'),
        date,
      ]);
    },

    /** Sets what the setup computes for a row made before it. */
    async fill(id: number, computed: Pick<MemoryRowData, (typeof COMPUTED)[number]>): Promise<void> {
      await raw(`UPDATE ?? SET ${COMPUTED.map(() => '?? = ?').join(', ')} WHERE ?? = ?`, [
        table,
        ...COMPUTED.flatMap((name) => [column(name), computed[name]]),
        'id',
        id,
      ]);
    },

    /** Adds `count` uses to the rows in these places, in the database (two instances' uses both count). */
    async addUses(slots: readonly string[], count: number): Promise<void> {
      if (slots.length === 0 || count === 0) return;
      const uses = column('usageCount');
      await raw(`UPDATE ?? SET ?? = COALESCE(??, 0) + ? WHERE ?? IN (${placeholders(slots.length)})`, [
        table,
        uses,
        uses,
        count,
        column('slotHash'),
        ...slots,
      ]);
    },

    /** Removes the rows a filter takes (every row with an empty filter); how many. */
    async remove(filter: MemoryFilter = {}): Promise<number> {
      const { where, bindings } = filterWhere(filter);
      const removed = affectedRows(await raw(`DELETE FROM ?? WHERE ${where}`, [table, ...bindings]));
      if (Object.keys(filter).length === 0) await words.clear();
      else if (removed > 0) await words.removeOrphans(orphansOf, { pair: filter.pair });
      return removed;
    },

    async removeIds(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      const keyHashes = rowsOf(
        await raw(`SELECT DISTINCT ?? AS ?? FROM ?? WHERE ?? IN (${placeholders(ids.length)})`, [
          column('keyHash'),
          'keyHash',
          table,
          'id',
          ...ids,
        ]),
      ).flatMap((row) => (row.keyHash == null ? [] : [String(row.keyHash)]));
      await raw(`DELETE FROM ?? WHERE ?? IN (${placeholders(ids.length)})`, [table, 'id', ...ids]);
      await words.removeOrphans(orphansOf, { keyHashes });
    },

    /** Identities whose words are not in the word table yet (rows of earlier versions): the setup indexes them. */
    async unindexedWords(limit: number): Promise<IndexedWords[]> {
      return rowsOf(
        await raw(
          `SELECT DISTINCT ?? AS ??, ?? AS ??, ?? AS ??, ?? AS ?? FROM ?? WHERE ?? IS NOT NULL AND ?? > 0 AND NOT EXISTS (SELECT 1 FROM ?? WHERE ??.key_hash = ??.??) LIMIT ${Math.trunc(limit)}`,
          [
            column('keyHash'),
            'keyHash',
            column('sourceLang'),
            'sourceLang',
            column('targetLang'),
            'targetLang',
            column('sourceWords'),
            'sourceWords',
            table,
            column('keyHash'),
            column('wordCount'),
            words.table,
            words.table,
            table,
            column('keyHash'),
          ],
        ),
      ).map((row) => ({
        keyHash: String(row.keyHash),
        sourceLang: String(row.sourceLang),
        targetLang: String(row.targetLang),
        sourceWords: String(row.sourceWords ?? ''),
      }));
    },

    /** The word table's statements (memory-words.ts). */
    words,

    /**
     * Units per pair, origin and kind with the characters their uses saved: one GROUP BY, whatever
     * the memory's size (a kind never set, on rows of earlier versions, comes as its own group).
     */
    async groups(): Promise<MemoryGroup[]> {
      const [source, target, origin, suggestion] = [column('sourceLang'), column('targetLang'), column('origin'), column('suggestion')];
      const rows = rowsOf(
        await raw(
          'SELECT ?? AS ??, ?? AS ??, ?? AS ??, ?? AS ??, COUNT(*) AS ??, SUM(COALESCE(??, 0) * COALESCE(??, 0)) AS ?? FROM ?? GROUP BY ??, ??, ??, ??',
          [
            source,
            'sourceLang',
            target,
            'targetLang',
            origin,
            'origin',
            suggestion,
            'suggestion',
            'units',
            column('usageCount'),
            column('characters'),
            'saved',
            table,
            source,
            target,
            origin,
            suggestion,
          ],
        ),
      );
      // PostgreSQL answers COUNT and SUM as strings (bigint, numeric).
      return rows.map((row) => ({
        sourceLang: String(row.sourceLang),
        targetLang: String(row.targetLang),
        origin: String(row.origin),
        suggestion: flag(row.suggestion),
        units: Number(row.units),
        savedCharacters: Number(row.saved ?? 0),
      }));
    },

    /** Who wrote the memory's translations (each unit's changer, else creator), with how many units and suggestions. */
    async authors(): Promise<MemoryAuthor[]> {
      const by = 'COALESCE(??, ??)';
      const rows = rowsOf(
        await raw(
          `SELECT ${by} AS ??, COUNT(*) AS ??, SUM(CASE WHEN ?? = ? THEN 1 ELSE 0 END) AS ?? FROM ?? WHERE ${by} IS NOT NULL GROUP BY ${by} ORDER BY ?? DESC, ?? ASC`,
          [
            column('changer'),
            column('creator'),
            'by',
            'units',
            column('suggestion'),
            truth(true),
            'suggestions',
            table,
            column('changer'),
            column('creator'),
            column('changer'),
            column('creator'),
            'units',
            'by',
          ],
        ),
      );
      return rows.map((row) => ({ by: String(row.by), units: Number(row.units), suggestions: Number(row.suggestions ?? 0) }));
    },

    /** Slot hashes held by more than one row (made before the UNIQUE index). */
    async duplicateSlots(): Promise<string[]> {
      const slot = column('slotHash');
      return rowsOf(
        await raw('SELECT ?? AS ?? FROM ?? WHERE ?? IS NOT NULL GROUP BY ?? HAVING COUNT(*) > 1', [slot, 'slotHash', table, slot, slot]),
      ).map((row) => String(row.slotHash));
    },

    /** The rows in one place (more than one only before the UNIQUE index). */
    async bySlot(slot: string): Promise<MemoryRow[]> {
      return read('?? = ?', [column('slotHash'), slot]);
    },

    async setUses(id: number, usageCount: number): Promise<void> {
      await raw('UPDATE ?? SET ?? = ? WHERE ?? = ?', [table, column('usageCount'), usageCount, 'id', id]);
    },

    async hasIndex(name: string, on: string = table): Promise<boolean> {
      const [sql, bindings] = mysql
        ? [
            'SELECT INDEX_NAME FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name = ?',
            [on, name],
          ]
        : postgres
          ? ['SELECT indexname FROM pg_indexes WHERE tablename = ? AND indexname = ?', [on, name]]
          : ["SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?", [on, name]];
      return rowsOf(await raw(sql, bindings)).length > 0;
    },

    /** The indexes the setup makes: the UNIQUE one on the place, and one on the identity for lookups. */
    indexes: { unique: uniqueIndex, key: keyIndex, former: formerIndex },

    async createIndex(name: string, on: 'slotHash' | 'keyHash', unique: boolean): Promise<void> {
      await raw(`CREATE ${unique ? 'UNIQUE ' : ''}INDEX ?? ON ?? (??)`, [name, table, column(on)]);
    },

    async dropIndex(name: string): Promise<void> {
      await raw(mysql ? 'DROP INDEX ?? ON ??' : 'DROP INDEX ??', mysql ? [name, table] : [name]);
    },
  };
}

export type MemoryTable = ReturnType<typeof memoryTable>;
