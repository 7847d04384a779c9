// What a raw statement through Strapi's knex answers differs by driver; these read it the same way.

/** The rows of a raw SELECT, whatever the driver: pg gives `{ rows }`, mysql2 `[rows, fields]`, SQLite the rows. */
export function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return (Array.isArray(result[0]) ? result[0] : result) as Array<Record<string, unknown>>;
  return ((result as { rows?: unknown } | null)?.rows ?? []) as Array<Record<string, unknown>>;
}

/** Rows a raw INSERT, UPDATE or DELETE touched: pg's `rowCount`, mysql2's `[{ affectedRows }]`, better-sqlite3's `changes`. */
export function affectedRows(result: unknown): number {
  const header = (Array.isArray(result) ? result[0] : result) as { rowCount?: unknown; affectedRows?: unknown; changes?: unknown } | null;
  return Number(header?.rowCount ?? header?.affectedRows ?? header?.changes ?? 0);
}
