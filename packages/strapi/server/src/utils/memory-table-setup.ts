// Run on bootstrap: the memory table's UNIQUE index on its key hash, which a Strapi 5 content-type
// schema cannot declare. Rows made before it (by an earlier version of the plugin) first get their
// key hash and characters; rows that turn out to share a key (two instances once stored the same
// text at once) are merged into one, the human unit kept where there is one, their uses added up.
// Safe to run on every start and by several instances at once.
import { unitCharacters } from '@circassian/core';
import type { Strapi } from '../strapi';
import { memoryHash } from './memory-hash';
import { memoryTable, type MemoryRow } from './memory-table';

const PAGE = 500;

export async function prepareMemoryTable(strapi: Strapi): Promise<void> {
  const table = memoryTable(strapi);
  for (;;) {
    const rows = await table.unhashed(PAGE);
    // A page's updates in one transaction: on a SQLite file each statement alone would be a write to disk.
    await strapi.db.connection.transaction(async (trx) => {
      const page = memoryTable(strapi, trx);
      for (const row of rows)
        await page.fill(
          row.id,
          memoryHash({ source: row.sourceLang, target: row.targetLang }, row.sourceText),
          unitCharacters({ source: row.sourceText, target: row.targetText }),
        );
    });
    if (rows.length < PAGE) break;
  }
  if (await table.hasUniqueIndex()) return;
  for (const hash of await table.duplicateHashes()) {
    const rows = await table.byHashes([hash]);
    const kept = rows.find((row) => row.origin === 'human') ?? (rows[0] as MemoryRow);
    await table.setUses(
      kept.id,
      rows.reduce((sum, row) => sum + row.usageCount, 0),
    );
    await table.removeIds(rows.filter((row) => row !== kept).map((row) => row.id));
  }
  try {
    await table.createUniqueIndex();
  } catch (error) {
    // Another instance starting at the same time made it first.
    if (!(await table.hasUniqueIndex())) throw error;
  }
}
