// Where a content type's translations stand, read from Strapi's database only (never the
// service): each entry's status per target locale for the Content Manager's "Translation" column,
// and the counts per locale (missing, outdated, translated, in progress, failed, and audio missing)
// for the bulk page's table, with the queue's state beside them. Entries are read a page at a time.
import type { Strapi } from '../strapi';
import type { OverviewService } from '../types/services';
import { JOB_UID, STATE_UID } from '../constants';
import { deepPopulate } from '../translation/populate';
import { outdatedFields } from '../translation/planner';
import { emptyCounts, translationStatus, type StatusCounts, type TranslationStatus } from '../utils/translation-status';
import type { QueueState } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';

const PAGE = 200;

/** documentId -> target locale -> status. */
export type EntryStatuses = Map<string, Map<string, TranslationStatus>>;

export default ({ strapi }: { strapi: Strapi }): OverviewService => {
  const settings = () => getService(strapi, 'settings');

  return {
    /** The status of each of `documentIds` in each target locale of the content type (empty when it is not translated). */
    async statuses(uid: string, documentIds: readonly string[]): Promise<EntryStatuses> {
      const contentType = settings().contentType(uid);
      const schema = strapi.contentTypes[uid];
      const result: EntryStatuses = new Map();
      if (!contentType || !schema || documentIds.length === 0) return result;
      const ids = [...new Set(documentIds)];
      const sources = await strapi.documents(uid).findMany({
        locale: contentType.sourceLocale,
        filters: { documentId: { $in: ids } },
        populate: deepPopulate(schema, (uid) => strapi.getModel(uid)),
        limit: ids.length,
      });
      const sourceOf = new Map(sources.map((source) => [source.documentId as string, source]));
      const states = await strapi.db.query(STATE_UID).findMany({
        where: { contentType: uid, entryDocumentId: { $in: ids } },
        select: ['entryDocumentId', 'locale', 'sourceHashes', 'translatedAt'],
      });
      const stateOf = new Map(states.map((row) => [`${String(row.entryDocumentId)}\0${String(row.locale)}`, row]));
      // The state row outlives a locale version deleted in the Content Manager ("Delete locale"):
      // only a version that exists counts as translated, one query per target locale.
      const present = new Set<string>();
      for (const locale of contentType.targetLocales) {
        const versions = await strapi.documents(uid).findMany({
          locale,
          filters: { documentId: { $in: ids } },
          fields: ['documentId'],
          limit: ids.length,
        });
        for (const version of versions) present.add(`${String(version.documentId)}\0${locale}`);
      }
      // Newest first: the first job seen of an entry and locale is its latest.
      const jobs = await strapi.db.query(JOB_UID).findMany({
        where: { contentType: uid, kind: 'translate', entryDocumentId: { $in: ids } },
        select: ['entryDocumentId', 'locale', 'status'],
        orderBy: { id: 'desc' },
      });
      const waiting = new Set<string>();
      const latest = new Map<string, string>();
      for (const job of jobs) {
        const key = `${String(job.entryDocumentId)}\0${String(job.locale)}`;
        if (job.status === 'pending' || job.status === 'running') waiting.add(key);
        if (!latest.has(key)) latest.set(key, String(job.status));
      }
      for (const documentId of ids) {
        const source = sourceOf.get(documentId);
        const perLocale = new Map<string, TranslationStatus>();
        for (const locale of contentType.targetLocales) {
          const key = `${documentId}\0${locale}`;
          const state = stateOf.get(key);
          const translatedAt = state?.translatedAt && present.has(key) ? String(state.translatedAt) : null;
          const recorded = (state?.sourceHashes as Record<string, string> | null) ?? {};
          perLocale.set(
            locale,
            translationStatus({
              waiting: waiting.has(key),
              latestFailed: latest.get(key) === 'failed',
              translatedAt,
              outdated: source && translatedAt ? outdatedFields(schema, contentType, source, recorded) : [],
            }),
          );
        }
        result.set(documentId, perLocale);
      }
      return result;
    },

    /**
     * The entries of `documentIds` whose audio in a locale was never made because its job was
     * cancelled (a cancelled run, or Cancel for that locale): documentId -> those locales. Such an
     * entry is translated, so only this says that its audio is missing.
     */
    async audioMissing(uid: string, documentIds: readonly string[]): Promise<Map<string, string[]>> {
      const missing = new Map<string, string[]>();
      const ids = [...new Set(documentIds)];
      if (ids.length === 0) return missing;
      // Newest first: the first audio job seen of an entry and locale is its latest.
      const jobs = await strapi.db.query(JOB_UID).findMany({
        where: { contentType: uid, kind: 'audio', entryDocumentId: { $in: ids } },
        select: ['entryDocumentId', 'locale', 'status'],
        orderBy: { id: 'desc' },
      });
      const latest = new Map<string, string>();
      for (const job of jobs) {
        const key = `${String(job.entryDocumentId)}\0${String(job.locale)}`;
        if (!latest.has(key)) latest.set(key, String(job.status));
      }
      const made = await strapi.db.query(STATE_UID).findMany({
        where: { contentType: uid, entryDocumentId: { $in: ids }, audioAt: { $notNull: true } },
        select: ['entryDocumentId', 'locale'],
      });
      const voiced = new Set(made.map((row) => `${String(row.entryDocumentId)}\0${String(row.locale)}`));
      for (const [key, status] of latest) {
        if (status !== 'cancelled' || voiced.has(key)) continue;
        const [documentId = '', locale = ''] = key.split('\0');
        missing.set(documentId, [...(missing.get(documentId) ?? []), locale]);
      }
      return missing;
    },

    /** The content type's entries (in its source locale), how many of them stand where in each target locale, and how many miss their audio. */
    async counts(uid: string): Promise<{ entries: number; locales: Record<string, StatusCounts>; audioMissing: Record<string, number> }> {
      const contentType = settings().contentType(uid);
      const locales: Record<string, StatusCounts> = {};
      const audioMissing: Record<string, number> = {};
      if (!contentType) return { entries: 0, locales, audioMissing };
      for (const locale of contentType.targetLocales) locales[locale] = emptyCounts();
      let entries = 0;
      for (let start = 0; ; start += PAGE) {
        const page = await strapi.documents(uid).findMany({ locale: contentType.sourceLocale, fields: ['documentId'], start, limit: PAGE });
        entries += page.length;
        const ids = page.map((entry) => entry.documentId as string);
        const statuses = await this.statuses(uid, ids);
        for (const perLocale of statuses.values()) for (const [locale, status] of perLocale) (locales[locale] as StatusCounts)[status] += 1;
        for (const missing of (await this.audioMissing(uid, ids)).values())
          for (const locale of missing) audioMissing[locale] = (audioMissing[locale] ?? 0) + 1;
        if (page.length < PAGE) return { entries, locales, audioMissing };
      }
    },

    /** What waits and works in the whole queue, and every pause that holds (for the bulk page's always-visible line). */
    async queueState(): Promise<QueueState> {
      const pauses = getService(strapi, 'pauses');
      const jobs = strapi.db.query(JOB_UID);
      return {
        waiting: await jobs.count({ where: { status: 'pending' } }),
        working: await jobs.count({ where: { status: 'running' } }),
        pauses: await pauses.pauseStates(),
        localePauses: await pauses.localePauses(),
      };
    },
  };
};
