// Work that must see a write committed, and must not hold it up: the Content Manager publishes
// inside a transaction that holds the database's connection (SQLite has one), so anything that
// reads through another connection meanwhile (the translation memory's own SQL) would wait for it
// until knex gives up, a minute later, with the editor's publish waiting too.
import type { Strapi } from '../strapi';

/**
 * Runs `work` once the transaction under way commits (at once, after an empty one, outside any),
 * without waiting for it: its failures are its own to report.
 */
export async function afterCommit(strapi: Strapi, work: () => Promise<void>): Promise<void> {
  await strapi.db.transaction(async ({ onCommit }) => {
    onCommit(() => void work());
  });
}
