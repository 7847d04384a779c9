// The glossary in Strapi's own database (`circassian_glossary_entries`, one core GlossaryEntry a
// row), so every instance on it applies the same terms: listed, added, edited and deleted one at a
// time on the settings page, imported from TBX or the CSV contract and exported as either. Every
// entry is checked by core (checkedEntry) before it is written, and an import is read whole before
// anything is written: a file that is not valid says why and changes nothing. The translations
// (batching.ts), the status's term check (translator.ts) and speech (audio.ts) read it through
// `current()`, core's Glossary with its matchers built once per read.
import {
  Glossary,
  GlossaryError,
  entryIdentity,
  mergeGlossaries,
  readGlossaryCsv,
  readTbx,
  writeGlossaryCsv,
  writeTbx,
  type GlossaryEntry,
  type GlossaryEntryType,
} from '@circassian/core/glossary';
import { isTranslationLanguage, type LanguagePair } from '@circassian/core';
import type { Strapi } from '../strapi';
import { GLOSSARY_UID } from '../constants';
import type { GlossaryService, StoredGlossaryEntry } from '../types/services';
import type { GlossaryImport } from '../../../shared/contracts/admin-api';

type Row = Record<string, unknown>;

/** A row as core's entry (optional fields only where set). */
const entryOf = (row: Row): StoredGlossaryEntry => ({
  id: Number(row.id),
  sourceLang: row.sourceLang as GlossaryEntry['sourceLang'],
  targetLang: row.targetLang as GlossaryEntry['targetLang'],
  type: row.type as GlossaryEntryType,
  source: (row.source as string | null) ?? '',
  target: (row.target as string | null) ?? '',
  ...(row.note ? { note: row.note as string } : {}),
  ...(row.partOfSpeech ? { partOfSpeech: row.partOfSpeech as string } : {}),
  ...(row.caseSensitive === true || row.caseSensitive === 1 ? { caseSensitive: true } : {}),
  ...(row.stem === true || row.stem === 1 ? { stem: true } : {}),
});

/** The columns of an entry (core has checked it). */
const rowOf = (entry: GlossaryEntry): Row => ({
  sourceLang: entry.sourceLang,
  targetLang: entry.targetLang,
  type: entry.type,
  source: entry.source,
  target: entry.target,
  note: entry.note ?? null,
  partOfSpeech: entry.partOfSpeech ?? null,
  caseSensitive: entry.caseSensitive === true,
  stem: entry.stem === true,
});

/** Without the row id: what core and the files see. */
const plain = ({ id: _id, ...entry }: StoredGlossaryEntry): GlossaryEntry => entry;

/** A glossary file's format, from what the request names (`tbx` or `csv`). */
export type GlossaryFormat = 'tbx' | 'csv';

export default ({ strapi }: { strapi: Strapi }): GlossaryService => {
  const rows = () => strapi.db.query(GLOSSARY_UID);

  const list = async (): Promise<StoredGlossaryEntry[]> => (await rows().findMany({ orderBy: { id: 'asc' } })).map(entryOf);

  /** Checked by core (one entry: Glossary's constructor throws GlossaryError with the reason), and not one already there. */
  const checked = async (entry: GlossaryEntry, except?: number): Promise<GlossaryEntry> => {
    const [made] = new Glossary([entry]).entries as [GlossaryEntry];
    const identity = entryIdentity(made);
    const same = (await list()).find((other) => other.id !== except && entryIdentity(other) === identity);
    if (same)
      throw new GlossaryError(
        `"${made.type === 'forbidden' ? made.target : made.source}" is in the glossary already (entry #${same.id}): edit that one.`,
      );
    return made;
  };

  return {
    list,

    async current() {
      return new Glossary((await list()).map(plain));
    },

    async add(entry) {
      const made = await checked(entry);
      return entryOf(await rows().create({ data: rowOf(made) }));
    },

    async edit(id, entry) {
      if ((await rows().findOne({ where: { id } })) === null) return undefined;
      const made = await checked(entry, id);
      const updated = await rows().update({ where: { id }, data: rowOf(made) });
      return updated ? entryOf(updated) : undefined;
    },

    async remove(id) {
      return (await rows().deleteMany({ where: { id } })).count > 0;
    },

    async importFile(text, format) {
      let incoming: GlossaryEntry[];
      let skipped = 0;
      if (format === 'csv') incoming = readGlossaryCsv(text).entries;
      else {
        const read = await readTbx(text);
        incoming = read.entries;
        skipped = read.skipped.length;
      }
      // Checked whole (a later entry of the same identity replaces an earlier one, as merging does) before a row is written.
      const entries = new Glossary(incoming).entries;
      const existing = await list();
      const { added, replaced } = mergeGlossaries(existing.map(plain), entries);
      const byIdentity = new Map(existing.map((entry) => [entryIdentity(entry), entry.id]));
      await strapi.db.transaction(async () => {
        for (const entry of entries) {
          const id = byIdentity.get(entryIdentity(entry));
          if (id === undefined) byIdentity.set(entryIdentity(entry), Number((await rows().create({ data: rowOf(entry) })).id));
          else await rows().update({ where: { id }, data: rowOf(entry) });
        }
      });
      return { read: entries.length, added, replaced, skipped } satisfies GlossaryImport;
    },

    async exportFile(format, pair) {
      const entries = (await list()).map(plain);
      if (format === 'tbx') return writeTbx(pair ? new Glossary(entries).entriesFor(pair) : entries);
      if (!pair) throw new GlossaryError('A CSV holds one language pair: name it (as ru:kbd).');
      return writeGlossaryCsv(pair, new Glossary(entries).entriesFor(pair));
    },
  };
};

/** `ru:kbd` as a pair (undefined when not given); anything else is refused in plain words. */
export function glossaryPair(value: unknown): LanguagePair | undefined {
  if (value === undefined || value === '') return undefined;
  const [source, target] = String(value).split(':');
  if (!isTranslationLanguage(source) || !isTranslationLanguage(target) || source === target)
    throw new GlossaryError(`${String(value)} is not a language pair (as ru:kbd).`);
  return { source, target };
}
