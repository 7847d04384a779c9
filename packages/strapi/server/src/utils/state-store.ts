// The state store: one row per entry and target locale (`circassian_translation_states`) with the
// hashes of what was translated and written, the fields kept by hand, and what became of its audio.
// The translator, the writer, the audio maker and the status route read and write it only through
// here. A helper over the database, not a service: it keeps no state of its own.
import type { Strapi } from '../strapi';
import { STATE_UID } from '../constants';
import type { TranslationState } from '../translation/planner';

export interface StateKey {
  contentType: string;
  entryDocumentId: string;
  locale: string;
}

export const stateStore = (strapi: Strapi) => {
  const rows = () => strapi.db.query(STATE_UID);

  return {
    /** The raw row (status fields included), or null. */
    row(key: StateKey): Promise<Record<string, unknown> | null> {
      return rows().findOne({ where: { ...key } });
    },

    async load(key: StateKey): Promise<TranslationState> {
      const row = await this.row(key);
      return {
        ...(row ? { id: row.id as number } : {}),
        sourceHashes: (row?.sourceHashes as Record<string, string>) ?? {},
        writtenHashes: (row?.writtenHashes as Record<string, string>) ?? {},
        keptFields: (row?.keptFields as string[]) ?? [],
        audioHash: (row?.audioHash as string | null) ?? null,
        sentences: (row?.sentences as TranslationState['sentences'] | null) ?? {},
      };
    },

    /** Saves what a translation wrote (its hashes and kept fields), stamped now. */
    async saveTranslation(key: StateKey, state: TranslationState): Promise<void> {
      const data = {
        ...key,
        sourceHashes: state.sourceHashes,
        writtenHashes: state.writtenHashes,
        keptFields: state.keptFields,
        fieldFlags: state.fieldFlags ?? [],
        sentences: state.sentences ?? {},
        translatedAt: new Date(),
      };
      await this.upsert(key, data, state.id);
    },

    /** Updates (or creates) the row of `key` with `data`. */
    async upsert(key: StateKey, data: Record<string, unknown>, id?: number): Promise<void> {
      const existing = id ?? ((await this.row(key))?.id as number | undefined);
      if (existing) await rows().update({ where: { id: existing }, data });
      else await rows().create({ data: { documentId: `${key.entryDocumentId}-${key.locale}`.slice(0, 255), ...key, ...data } });
    },
  };
};
