// The memory's word table (issue 33, near-match cost): for each unit identity (`keyHash`, which
// every row of one text shares: the authoritative unit and the suggestions), one row per distinct
// word of its source as core's fuzzy percentage cuts them (memory-fold.ts' `sourceWords`), with its
// language pair. A near-match lookup asks it which identities hold one of a few of the query's
// words, instead of testing every unit of the pair (memory-table.ts: nearCandidates). A plain table
// the plugin makes itself (Strapi leaves a table it never tracked alone), on SQLite, PostgreSQL and
// MySQL alike. Kept in step by the memory table's writes: words go in before their unit (a unit is
// never without its words; words whose identity has no row left are harmless, and removed with the
// rows), and the bootstrap indexes the rows of earlier versions.
import type { KnexLike } from '../strapi';
import { rowsOf } from './raw-results';

/** A word as the table keeps it: cut to a length every database can index (a longer word matches by its first characters, a candidate more, never one less). */
export const WORD_LENGTH = 120;
export const storedWord = (word: string): string => word.slice(0, WORD_LENGTH);

/** The distinct words of a `sourceWords` column (` w1 w2 `), as stored. */
export const wordsOfColumn = (sourceWords: string): string[] => [
  ...new Set(
    sourceWords
      .split(' ')
      .filter((word) => word !== '')
      .map(storedWord),
  ),
];

/** An identity's words to index. */
export interface IndexedWords {
  readonly keyHash: string;
  readonly sourceLang: string;
  readonly targetLang: string;
  readonly sourceWords: string;
}

/** Words per INSERT: 4 bindings each, 20,000 at most, under every driver's limit (SQLite 32,766, PostgreSQL and MySQL 65,535); one statement for a page of units, so an import is not a commit per few words. */
const WORDS_PER_INSERT = 5_000;

/** How many identities a word is counted in at most when the lookup chooses its rarest words (a bounded read each). */
export const COUNT_CAP = 300;

export function memoryWords(connection: KnexLike, units: string, client: string) {
  const table = `${units}_words`;
  const mysql = /mysql|maria/.test(client);
  const raw = (sql: string, bindings: readonly unknown[] = []) => connection.raw(sql, [...bindings]);
  const pairIndex = `${table}_pair_word_index`;
  return {
    table,

    /** Makes the table and its index unless they are there (safe for several instances at once). */
    async create(hasIndex: (name: string) => Promise<boolean>): Promise<void> {
      await raw(
        `CREATE TABLE IF NOT EXISTS ?? (key_hash varchar(64) NOT NULL, source_lang varchar(32) NOT NULL, target_lang varchar(32) NOT NULL, word varchar(${WORD_LENGTH}) NOT NULL, PRIMARY KEY (key_hash, word))`,
        [table],
      );
      if (await hasIndex(pairIndex)) return;
      try {
        await raw('CREATE INDEX ?? ON ?? (source_lang, target_lang, word, key_hash)', [pairIndex, table]);
      } catch (error) {
        if (!(await hasIndex(pairIndex))) throw error;
      }
    },

    /** Indexes identities' words (those already there stay: an identity's words never change). */
    async add(identities: readonly IndexedWords[]): Promise<void> {
      const rows = [
        ...new Map(
          identities.flatMap((identity) =>
            wordsOfColumn(identity.sourceWords).map((word) => [
              `${identity.keyHash} ${word}`,
              [identity.keyHash, identity.sourceLang, identity.targetLang, word],
            ]),
          ),
        ).values(),
      ];
      for (let start = 0; start < rows.length; start += WORDS_PER_INSERT) {
        const part = rows.slice(start, start + WORDS_PER_INSERT);
        const values = part.map(() => '(?, ?, ?, ?)').join(', ');
        await raw(
          mysql
            ? `INSERT IGNORE INTO ?? (key_hash, source_lang, target_lang, word) VALUES ${values}`
            : `INSERT INTO ?? (key_hash, source_lang, target_lang, word) VALUES ${values} ON CONFLICT DO NOTHING`,
          [table, ...part.flat()],
        );
      }
    },

    /** How many identities of the pair hold each word, counted up to COUNT_CAP: one statement. */
    async frequencies(pair: { source: string; target: string }, words: readonly string[]): Promise<Map<string, number>> {
      const distinct = [...new Set(words.map(storedWord))];
      const one = '(SELECT COUNT(*) FROM (SELECT 1 AS one FROM ?? WHERE source_lang = ? AND target_lang = ? AND word = ? LIMIT ?) capped)';
      const rows = rowsOf(
        await raw(`SELECT ${distinct.map(() => `${one} AS ??`).join(', ')}`, [
          ...distinct.flatMap((word, i) => [table, pair.source, pair.target, word, COUNT_CAP, `w${i}`]),
        ]),
      );
      const counts = rows[0] ?? {};
      return new Map(distinct.map((word, i) => [word, Number(counts[`w${i}`] ?? 0)]));
    },

    /**
     * A subquery of the identities of the pair that hold one of `anyOf` and, counting each distinct
     * word of `words` as often as `words` has it, at least `least` of them (an upper bound of the
     * words truly shared, as the memory table's own test: nothing that can reach it is left out).
     * The identities holding one of `anyOf` come first, then their words by the primary key.
     */
    holding(
      pair: { source: string; target: string },
      anyOf: readonly string[],
      words: readonly string[],
      least: number,
    ): { sql: string; bindings: unknown[] } {
      const counts = new Map<string, number>();
      for (const word of words.map(storedWord)) counts.set(word, (counts.get(word) ?? 0) + 1);
      const marks = (count: number) => Array<string>(count).fill('?').join(', ');
      return {
        sql:
          `SELECT held.key_hash FROM (SELECT DISTINCT key_hash FROM ?? WHERE source_lang = ? AND target_lang = ? AND word IN (${marks(anyOf.length)})) candidate ` +
          `JOIN ?? held ON held.key_hash = candidate.key_hash AND held.word IN (${marks(counts.size)}) ` +
          `GROUP BY held.key_hash HAVING SUM(CASE held.word ${[...counts].map(() => 'WHEN ? THEN ?').join(' ')} ELSE 0 END) >= ?`,
        bindings: [table, pair.source, pair.target, ...anyOf.map(storedWord), table, ...counts.keys(), ...[...counts].flat(), least],
      };
    },

    /**
     * Removes the words of identities no row holds any more (after rows are deleted): of these
     * identities, or of one pair, or all.
     */
    async removeOrphans(
      units: { table: string; keyHash: string },
      of: { keyHashes: readonly string[] } | { pair?: { source: string; target: string } | undefined },
    ): Promise<void> {
      const orphan = 'NOT EXISTS (SELECT 1 FROM ?? WHERE ??.?? = ??.key_hash)';
      const orphanBindings = [units.table, units.table, units.keyHash, table];
      if ('keyHashes' in of) {
        for (let start = 0; start < of.keyHashes.length; start += WORDS_PER_INSERT) {
          const part = of.keyHashes.slice(start, start + WORDS_PER_INSERT);
          if (part.length > 0)
            await raw(`DELETE FROM ?? WHERE key_hash IN (${part.map(() => '?').join(', ')}) AND ${orphan}`, [
              table,
              ...part,
              ...orphanBindings,
            ]);
        }
        return;
      }
      if (of.pair)
        await raw(`DELETE FROM ?? WHERE source_lang = ? AND target_lang = ? AND ${orphan}`, [
          table,
          of.pair.source,
          of.pair.target,
          ...orphanBindings,
        ]);
      else await raw(`DELETE FROM ?? WHERE ${orphan}`, [table, ...orphanBindings]);
    },

    /** Removes every word (the memory was cleared). */
    async clear(): Promise<void> {
      await raw('DELETE FROM ??', [table]);
    },
  };
}

export type MemoryWords = ReturnType<typeof memoryWords>;
