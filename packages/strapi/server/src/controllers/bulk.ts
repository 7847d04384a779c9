// The bulk page: a run's estimate, its start (every entry, or only those missing, outdated or
// failed), the stored runs and their progress, and cancelling one. A run is checked against the
// asking admin's Content Manager permissions for every chosen locale and narrowed to the fields
// the role may read and write.
import { errors } from '@strapi/utils';
import type { Strapi } from '../strapi';
import type { AccessNeed } from '../types/access';
import type { RunRow } from '../types/runs';
import type { Estimate, RunStatus } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { pauseOf } from '../utils/pause-state';
import { waitingReasons } from '../utils/waiting-reasons';
import { needsTranslation } from '../utils/translation-status';
import { validateBulk } from './bodies';
import { asker, chooseLocales, contentTypeOr404, displayName, mayDo, requireServiceKey, type Context } from './context';
import { entryAccess } from './entry-access';

export default ({ strapi }: { strapi: Strapi }) => {
  const settings = () => getService(strapi, 'settings');
  const queue = () => getService(strapi, 'queue');
  const pauseStore = () => getService(strapi, 'pauses');
  const runs = () => getService(strapi, 'runs');
  const { requireAccess, requireContent, may, publishes, narrowToFields } = entryAccess(strapi);

  /** A run as the bulk page shows it: totals fixed at the start, every status counted apart, the pauses that hold it. */
  const runBody = async (ctx: Context, row: RunRow) => {
    const progress = await runs().progress(row);
    const pauses = await pauseStore().pauseStates();
    const failed = await queue().list({ bulkRun: row.run, status: 'failed' }, 100);
    // Work that waits with a reason (refused for an allowance, retried after an error) says why,
    // once per reason: "0 done, 66 waiting" alone leaves the editor guessing.
    const waiting = await queue().list({ bulkRun: row.run, status: 'pending', error: { $notNull: true } }, 1000);
    const counts = Object.fromEntries(
      (Object.keys(progress.translate) as Array<keyof typeof progress.translate>)
        .filter((key) => key !== 'total' && key !== 'notQueued')
        .map((key) => [key, progress.translate[key] + progress.audio[key]]),
    );
    return {
      run: row.run,
      contentType: row.contentType,
      displayName: displayName(strapi, row.contentType),
      locales: row.locales,
      state: progress.run.state,
      startedAt: row.startedAt,
      // Another admin's e-mail only for those who may see the admin users anyway.
      startedBy: row.startedBy === asker(ctx) || seesAdminUsers(ctx) ? row.startedBy : null,
      endedAt: progress.run.endedAt,
      translate: progress.translate,
      audio: progress.audio,
      // Both kinds together, for older callers; the totals are those fixed at the start.
      counts,
      total: row.translateTotal + row.audioTotal,
      finished: progress.finished,
      ...(await runs().work(row.run)),
      errors: failed.map((job) => ({
        entry: job.entryDocumentId,
        locale: job.locale,
        kind: job.kind,
        type: job.errorType,
        message: job.error,
      })),
      waiting: waitingReasons(waiting),
      // A bulk run translates: the pause that stops it is the whole queue's or translation's own.
      pause: pauseOf(pauses, 'translate'),
      pauses,
    } satisfies RunStatus;
  };

  /** Whether the admin's role may read Strapi's admin users (where their e-mails are shown anyway). */
  const seesAdminUsers = (ctx: Context): boolean => mayDo(ctx, 'admin::users.read');

  /** A stored run, refused unless the admin may read its content type (and, `edits`, edit its locales). */
  const runOr404 = async (ctx: Context, edits = false): Promise<RunRow> => {
    const row = await runs().find(ctx.params.run ?? '');
    const contentType = row ? settings().contentType(row.contentType) : undefined;
    if (!row || !contentType) throw new errors.NotFoundError('No such bulk run');
    await requireContent(ctx, row.contentType, contentType.sourceLocale, edits ? row.locales : []);
    return row;
  };

  const sourceDocumentIds = async (uid: string, locale: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let start = 0; ; start += 500) {
      const page = await strapi.documents(uid).findMany({ locale, fields: ['documentId'], start, limit: 500 });
      ids.push(...page.map((entry) => entry.documentId as string));
      if (page.length < 500) return ids;
    }
  };

  /** The entry-locale pairs not translated as their source stands now (missing, outdated or failed), page by page. */
  const changedPairs = async (uid: string, ids: readonly string[], locales: readonly string[]) => {
    const pairs: Array<{ documentId: string; locale: string }> = [];
    for (let start = 0; start < ids.length; start += 200) {
      const page = ids.slice(start, start + 200);
      const statuses = await getService(strapi, 'overview').statuses(uid, page);
      const audioMissing = await getService(strapi, 'overview').audioMissing(uid, page);
      for (const [documentId, perLocale] of statuses)
        for (const locale of locales)
          if (needsTranslation(perLocale.get(locale) ?? 'not translated') || audioMissing.get(documentId)?.includes(locale))
            pairs.push({ documentId, locale });
    }
    return pairs;
  };

  /** Of a run's pairs, those whose audio is missing (its job was cancelled): the run queues their audio itself, as no translation will. */
  const audioMissingPairs = async (uid: string, pairs: ReadonlyArray<{ documentId: string; locale: string }>) => {
    const missing = await getService(strapi, 'overview').audioMissing(
      uid,
      pairs.map((pair) => pair.documentId),
    );
    return pairs.filter((pair) => missing.get(pair.documentId)?.includes(pair.locale));
  };

  /** The entry-locale pairs a bulk run sends: every source entry in every locale, or (`onlyChanged`) those missing, outdated or failed. */
  const runPairs = async (uid: string, locales: readonly string[], onlyChanged: boolean) => {
    const ids = await sourceDocumentIds(uid, settings().contentType(uid)?.sourceLocale ?? '');
    return onlyChanged ? changedPairs(uid, ids, locales) : ids.flatMap((documentId) => locales.map((locale) => ({ documentId, locale })));
  };

  return {
    async bulkEstimate(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const body = await validateBulk(ctx.request.body);
      const locales = chooseLocales(body.locales, contentType.targetLocales);
      await requireAccess(
        ctx,
        contentType.uid,
        [contentType.sourceLocale, ...locales].map((locale) => ({ action: 'read', locale })),
      );
      const estimate = await getService(strapi, 'translator').estimate(
        contentType.uid,
        await runPairs(contentType.uid, locales, body.onlyChanged === true),
      );
      // The service counts input plus output characters; answers run about as long as the source.
      ctx.body = {
        ...estimate,
        locales,
        estimatedQuotaCharacters: estimate.characters * 2,
        usage: await getService(strapi, 'spending').today(),
        limits: (await getService(strapi, 'keyCheck').last())?.limits ?? {},
      } satisfies Estimate;
    },

    async bulkStart(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const body = await validateBulk(ctx.request.body);
      requireServiceKey(strapi);
      const locales = chooseLocales(body.locales, contentType.targetLocales);
      if (locales.length === 0) throw new errors.ValidationError(`Choose target locales among ${contentType.targetLocales.join(', ')}.`);
      // A run reads every source entry and may create, edit and publish every target version.
      const writes = ['create', 'update', ...(publishes(contentType) ? (['publish'] as const) : [])] as const;
      const needsOf = (targets: readonly string[]): AccessNeed[] => [
        { action: 'read', locale: contentType.sourceLocale },
        ...targets.flatMap((locale) => writes.map((action) => ({ action, locale }))),
      ];
      await requireAccess(ctx, contentType.uid, needsOf(locales));
      // A run writes, per locale, only the fields the role may read in the source and write there.
      const { withheld, narrowedTo } = await narrowToFields(ctx, contentType, locales, (locale) => needsOf([locale]));
      // One run per content type and locale at a time: a second would only compete with the first for the same entries.
      const going = await runs().active(contentType.uid, locales);
      if (going) {
        throw new errors.ApplicationError(
          `A bulk run of ${displayName(strapi, contentType.uid)} is already going (started ${going.startedAt ?? ''}); cancel it or wait for its end.`,
          { run: going.run },
        );
      }
      const pairs = await runPairs(contentType.uid, locales, body.onlyChanged === true);
      const audioLocales = [...new Set(contentType.audio.flatMap((mapping) => mapping.locales))].filter((locale) =>
        locales.includes(locale),
      );
      const entries = new Set(pairs.map((pair) => pair.documentId)).size;
      const audioJobs = pairs.filter((pair) => audioLocales.includes(pair.locale)).length;
      const { run } = await runs().start({
        contentType: contentType.uid,
        locales,
        audioLocales,
        entries,
        startedBy: asker(ctx),
        translateTotal: pairs.length,
        audioTotal: audioJobs,
      });
      for (const { documentId, locale } of pairs) {
        const fields = narrowedTo.get(locale);
        await queue().enqueue({
          kind: 'translate',
          contentType: contentType.uid,
          entryDocumentId: documentId,
          locale,
          bulkRun: run,
          ...(fields ? { fields } : {}),
        });
      }
      for (const { documentId, locale } of await audioMissingPairs(contentType.uid, pairs))
        if (audioLocales.includes(locale))
          await queue().enqueue({ kind: 'audio', contentType: contentType.uid, entryDocumentId: documentId, locale, bulkRun: run });
      getService(strapi, 'worker').nudge();
      ctx.status = 202;
      ctx.body = { run, entries, locales, jobs: pairs.length, audioJobs, withheld };
    },

    /** The stored runs, newest first (of one content type with `?contentType=`): the bulk page reopens the latest. */
    async listRuns(ctx: Context) {
      const contentType = typeof ctx.query?.contentType === 'string' ? ctx.query.contentType : undefined;
      const list = [];
      for (const row of await runs().list(contentType)) {
        // Only runs of content types this admin may read in the Content Manager.
        const source = settings().contentType(row.contentType)?.sourceLocale;
        if (source && (await may(ctx, row.contentType, [{ action: 'read', locale: source }]))) list.push(await runBody(ctx, row));
      }
      ctx.body = { runs: list };
    },

    async bulkStatus(ctx: Context) {
      ctx.body = await runBody(ctx, await runOr404(ctx));
    },

    async bulkCancel(ctx: Context) {
      const row = await runOr404(ctx, true);
      ctx.body = { cancelled: await runs().cancel(row), ...(await runBody(ctx, (await runs().find(row.run)) ?? row)) };
    },
  };
};
