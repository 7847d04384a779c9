// Run on bootstrap: the memory table's indexes, which a Strapi 5 content-type schema cannot declare:
// UNIQUE on a row's place (`slotHash`) and a plain one on its identity (`keyHash`, for lookups).
// Rows made before them (by an earlier version of the plugin) first get their hashes, characters
// and search columns (memory-fold.ts; an earlier row is an authoritative unit with no context: its
// place is its key hash, which earlier versions computed alike); the UNIQUE index of earlier versions, on the key hash
// alone, is dropped (a suggestion shares its identity's key hash); rows that turn out to share a
// place (two instances once stored the same text at once) are merged into one, the strongest unit
// kept, their uses added up. Safe to run on every start and by several instances at once.
import { originStrength, unitCharacters, type MemoryOrigin } from '@circassian/core';
import type { Strapi } from '../strapi';
import { memoryHash, slotHash } from './memory-hash';
import { searchColumns } from './memory-fold';
import { memoryTable, type MemoryRow } from './memory-table';

const PAGE = 500;

/** Of rows in one place, the one kept: the strongest origin, then the latest written. */
const strongest = (rows: readonly MemoryRow[]): MemoryRow =>
  [...rows].sort(
    (a, b) =>
      originStrength(b.origin as MemoryOrigin) - originStrength(a.origin as MemoryOrigin) ||
      (b.unitChanged ?? b.unitCreated).localeCompare(a.unitChanged ?? a.unitCreated),
  )[0] as MemoryRow;

/** Makes an index unless it is there (another instance starting at the same time may make it first). */
async function ensureIndex(make: () => Promise<void>, exists: () => Promise<boolean>): Promise<void> {
  if (await exists()) return;
  try {
    await make();
  } catch (error) {
    if (!(await exists())) throw error;
  }
}

export async function prepareMemoryTable(strapi: Strapi): Promise<void> {
  const table = memoryTable(strapi);
  for (;;) {
    const rows = await table.unhashed(PAGE);
    // A page's updates in one transaction: on a SQLite file each statement alone would be a write to disk.
    await strapi.db.connection.transaction(async (trx) => {
      const page = memoryTable(strapi, trx);
      for (const row of rows) {
        const keyHash = memoryHash({ source: row.sourceLang, target: row.targetLang }, row.sourceText, row.context ?? undefined);
        const slot = slotHash(keyHash, row.suggestion ? (row.creator ?? '') : undefined);
        await page.fill(row.id, {
          keyHash,
          slotHash: slot,
          characters: unitCharacters({ source: row.sourceText, target: row.targetText }),
          ...searchColumns(row.sourceText, row.targetText),
        });
      }
    });
    if (rows.length < PAGE) break;
  }
  // The word table of near matches (memory-words.ts), and the words of rows made before it.
  await table.words.create((name) => table.hasIndex(name, table.words.table));
  for (;;) {
    const identities = await table.unindexedWords(PAGE);
    await strapi.db.connection.transaction((trx) => memoryTable(strapi, trx).words.add(identities));
    if (identities.length < PAGE) break;
  }
  const { unique, key, former } = table.indexes;
  if (await table.hasIndex(former))
    await table.dropIndex(former).catch(async (error: unknown) => {
      if (await table.hasIndex(former)) throw error;
    });
  await ensureIndex(
    () => table.createIndex(key, 'keyHash', false),
    () => table.hasIndex(key),
  );
  if (await table.hasIndex(unique)) return;
  for (const slot of await table.duplicateSlots()) {
    const rows = await table.bySlot(slot);
    const kept = strongest(rows);
    await table.setUses(
      kept.id,
      rows.reduce((sum, row) => sum + row.usageCount, 0),
    );
    await table.removeIds(rows.filter((row) => row !== kept).map((row) => row.id));
  }
  await ensureIndex(
    () => table.createIndex(unique, 'slotHash', true),
    () => table.hasIndex(unique),
  );
}
