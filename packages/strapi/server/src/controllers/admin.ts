// The admin API behind the edit-view panel, the settings page and the bulk page. Nothing here
// returns the key: the settings show the key's name and limits from `me()` only. Work asked for
// here is checked against the asking admin's Content Manager permissions per locale (the worker
// later writes with the plugin's own rights). Errors are Strapi's own (`@strapi/utils` errors,
// formatted by Strapi's error middleware into its standard shape).
import { errors } from '@strapi/utils';
import { ACTIONS } from '../permissions';
import type { Strapi } from '../strapi';
import { getService } from '../services/get-service';
import type { AccessNeed, FieldAccess } from '../services/access';
import type { ResolvedContentType } from '../services/settings';
import { validateBulk, validateEntryAction, validatePreview } from './bodies';
import { entryAccess } from './entry-access';
import { callingService } from './service-errors';
import {
  asker,
  chooseLocales,
  requireServiceKey,
  contentTypeOr404 as lookUp,
  displayName as nameOf,
  localeNames as namesOf,
  type Context,
  mayDo,
} from './context';
import { HELD_ERROR_TYPE, isActive, type PauseState, type PauseStates } from '../services/queue';
import { audioStatus } from '../utils/audio-status';
import { needsTranslation, translationStatus } from '../utils/translation-status';
import { isLocalePaused } from '../utils/locale-pauses';
import type { RunRow } from '../services/runs';
import type {
  EntryStatus,
  Estimate,
  LocaleStatus,
  Preview,
  RunStatus,
  Settings,
  TranslateAnswer,
  VoiceSetting,
} from '../../../shared/contracts/admin-api';
import { serviceFacts } from '@circassian/core';

/** The sentence of a pause that holds now, for an editor. */
const pauseSentence = (state: PauseState): string | null =>
  isActive(state) ? (state.message ?? (state.byHand ? 'Paused by an administrator.' : state.reason)) : null;

/**
 * Why a locale's translation waits or failed, with the error type behind it for the admin's own
 * words: a pause that holds, an administrator's pause of the locale, else the job's last error.
 */
const translationError = (
  pause: PauseState,
  localePause: string | null,
  job: { status: string; error: string | null; errorType: string | null } | undefined,
): Pick<LocaleStatus, 'error' | 'errorType'> => {
  if (!job) return { error: null, errorType: null };
  // Held for someone whose role may write the locale: that, not a pause, is why it waits.
  if (job.status === 'held') return { error: job.error, errorType: HELD_ERROR_TYPE };
  const paused = pauseSentence(pause);
  if (paused !== null) return { error: paused, errorType: pause.byHand ? null : pause.reason };
  if (localePause !== null) return { error: localePause, errorType: null };
  return { error: job.error ?? null, errorType: job.error ? job.errorType : null };
};

/** Each list of field names with only the fields `access` allows. */
const readableOnly = <K extends string>(access: FieldAccess, lists: Record<K, readonly string[]>): Record<K, string[]> =>
  Object.fromEntries(
    Object.entries<readonly string[]>(lists).map(([key, names]) => [key, names.filter((name) => access.allowed.includes(name))]),
  ) as Record<K, string[]>;

/** The pause that stops one kind of job now: the whole queue's first, else the kind's own. */
const pauseOf = (pauses: PauseStates, kind: 'translate' | 'audio'): PauseState => (isActive(pauses.all) ? pauses.all : pauses[kind]);

export default ({ strapi }: { strapi: Strapi }) => {
  const settings = () => getService(strapi, 'settings');
  const queue = () => getService(strapi, 'queue');
  const runs = () => getService(strapi, 'runs');
  const { requireAccess, requireContent, may, version, publishes, fieldAccess } = entryAccess(strapi);

  const displayName = (uid: string): string => nameOf(strapi, uid);
  const localeNames = () => namesOf(strapi);

  /** A run as the bulk page shows it: totals fixed at the start, every status counted apart, the pauses that hold it. */
  const runBody = async (ctx: Context, row: RunRow) => {
    const progress = await runs().progress(row);
    const pauses = await queue().pauseStates();
    const failed = await queue().list({ bulkRun: row.run, status: 'failed' }, 100);
    const counts = Object.fromEntries(
      (Object.keys(progress.translate) as Array<keyof typeof progress.translate>)
        .filter((key) => key !== 'total' && key !== 'notQueued')
        .map((key) => [key, progress.translate[key] + progress.audio[key]]),
    );
    return {
      run: row.run,
      contentType: row.contentType,
      displayName: displayName(row.contentType),
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
      // A bulk run translates: the pause that stops it is the whole queue's or translation's own.
      pause: pauseOf(pauses, 'translate'),
      pauses,
    } satisfies RunStatus;
  };

  const contentTypeOr404 = (ctx: Context): ResolvedContentType => lookUp(strapi, ctx);

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

  const requireKey = (): void => requireServiceKey(strapi);

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

  /** The entry's own voice and speed, as kept on its first audio locale's state (the voice route keeps them alike). */
  const voiceOf = async (contentType: ResolvedContentType, documentId: string): Promise<VoiceSetting> => {
    const first = contentType.audio[0]?.locales[0];
    const row = first
      ? await getService(strapi, 'stateStore').row({ contentType: contentType.uid, entryDocumentId: documentId, locale: first })
      : null;
    return { voice: (row?.voice as string | null) ?? null, speed: row?.speed == null ? null : Number(row.speed) };
  };

  /** The entry-locale pairs a bulk run sends: every source entry in every locale, or (`onlyChanged`) those missing, outdated or failed. */
  const runPairs = async (uid: string, locales: readonly string[], onlyChanged: boolean) => {
    const ids = await sourceDocumentIds(uid, settings().contentType(uid)?.sourceLocale ?? '');
    return onlyChanged ? changedPairs(uid, ids, locales) : ids.flatMap((documentId) => locales.map((locale) => ({ documentId, locale })));
  };

  /** "Translate now": read the source; edit (or create) and, where it follows publication, publish each target. */
  const translateNeeds = async (
    contentType: ResolvedContentType,
    documentId: string,
    locales: readonly string[],
  ): Promise<AccessNeed[]> => {
    const source = await version(contentType.uid, documentId, contentType.sourceLocale);
    if (!source) throw new errors.NotFoundError(`This entry has no ${contentType.sourceLocale} version to translate from.`);
    const sourcePublished =
      publishes(contentType) && (await version(contentType.uid, documentId, contentType.sourceLocale, 'published')) !== null;
    const needs: AccessNeed[] = [{ action: 'read', locale: contentType.sourceLocale, version: source }];
    for (const locale of locales) {
      const target = await version(contentType.uid, documentId, locale);
      needs.push(target ? { action: 'update', locale, version: target } : { action: 'create', locale });
      if (sourcePublished) needs.push({ action: 'publish', locale, version: target });
    }
    return needs;
  };

  /**
   * Per locale, the fields the admin's field lists withhold from the work `needsOf` describes, and
   * the fields that locale's jobs are narrowed to (only locales with something withheld are narrowed).
   */
  const narrowToFields = async (
    ctx: Context,
    contentType: ResolvedContentType,
    locales: readonly string[],
    needsOf: (locale: string) => AccessNeed[] | Promise<AccessNeed[]>,
  ) => {
    const withheld: Record<string, string[]> = {};
    const narrowedTo = new Map<string, string[]>();
    for (const locale of locales) {
      const access = fieldAccess(ctx, contentType, await needsOf(locale));
      if (access.withheld.length === 0) continue;
      withheld[locale] = access.withheld;
      narrowedTo.set(locale, access.allowed);
    }
    return { withheld, narrowedTo };
  };

  /** Logs, without any content, that an admin confirmed replacing hand edits (and which fields they were). */
  const logReplace = async (
    ctx: Context,
    contentType: ResolvedContentType,
    documentId: string,
    locales: readonly string[],
  ): Promise<void> => {
    const parts: string[] = [];
    for (const locale of locales) {
      const { kept } = await getService(strapi, 'translator').status(contentType.uid, documentId, locale);
      parts.push(`${locale}: ${kept.length > 0 ? kept.join(', ') : 'no field edited by hand'}`);
    }
    strapi.log.warn(
      `[circassian] ${asker(ctx)} confirmed overwriting hand edits of ${contentType.uid} ${documentId} (${parts.join('; ')})`,
    );
  };

  const queued = async (
    ctx: Context,
    kind: 'translate' | 'audio',
    contentType: ResolvedContentType,
    locales: readonly string[],
    force?: string,
    narrowedTo: ReadonlyMap<string, readonly string[]> = new Map(),
  ) => {
    const documentId = ctx.params.documentId ?? '';
    for (const locale of locales) {
      const fields = narrowedTo.get(locale);
      await queue().enqueue({
        kind,
        contentType: contentType.uid,
        entryDocumentId: documentId,
        locale,
        ...(force ? { force: true, forcedBy: force } : {}),
        ...(fields ? { fields } : {}),
      });
    }
    getService(strapi, 'worker').nudge();
    ctx.status = 202;
    ctx.body = { queued: locales };
  };

  return {
    /**
     * The settings page's data, all from Strapi's own database: the key's details as the last
     * "Test connection" found them, today's use of each allowance as the plugin counted it, the
     * queue and its pauses. It never calls the service, so an open page costs no request.
     */
    async settings(ctx: Context) {
      ctx.body = {
        // Pause and Resume take the bulk permission: a role without it is not shown them.
        mayControlQueue: mayDo(ctx, ACTIONS.bulk),
        configured: settings().hasKey(),
        key: await getService(strapi, 'keyCheck').last(),
        usage: await getService(strapi, 'usage').today(),
        contentTypes: settings()
          .contentTypes()
          .map(({ uid, sourceLocale, targetLocales, audio, publication, translateOn, audioOn }) => ({
            uid,
            displayName: displayName(uid),
            sourceLocale,
            targetLocales,
            audio,
            publication,
            translateOn,
            audioOn,
          })),
        localeNames: await localeNames(),
        queue: { counts: await queue().counts(), pause: await queue().pauseState(), pauses: await queue().pauseStates() },
      } satisfies Settings;
    },

    /** "Test connection": one me() call, asked for by an administrator; its answer is kept for the settings page. */
    async testConnection(ctx: Context) {
      requireKey();
      // The answer, refused or not, is kept for the settings page; a refusal is answered as Strapi's error.
      ctx.body = { key: await callingService(() => getService(strapi, 'keyCheck').check()) };
    },

    async entryStatus(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      const documentId = ctx.params.documentId ?? '';
      // The entry's status says what its fields, errors and voice are: only for an admin who may read it.
      const source = await version(contentType.uid, documentId, contentType.sourceLocale);
      await requireAccess(ctx, contentType.uid, [{ action: 'read', locale: contentType.sourceLocale, version: source }]);
      const audioLocales = new Set(contentType.audio.flatMap((mapping) => mapping.locales));
      const pauses = await queue().pauseStates();
      const localePauses = await queue().localePauses();
      const localeNamesByCode = await localeNames();
      const locales: LocaleStatus[] = [];
      for (const locale of contentType.targetLocales) {
        // Whether this admin may have the plugin translate into the locale: the panel asks only for those.
        const mayTranslate = await translateNeeds(contentType, documentId, [locale]).then(
          async (needs) => (await getService(strapi, 'access').firstRefusal(ctx.state.userAbility, contentType.uid, needs)) === null,
          () => false,
        );
        const where = { contentType: contentType.uid, entryDocumentId: documentId, locale };
        // Translation and audio are told apart: an audio job's error is never the translation's.
        const [latest] = await queue().list({ ...where, kind: 'translate' }, 1);
        const [latestAudio] = await queue().list({ ...where, kind: 'audio' }, 1);
        const state = await getService(strapi, 'translator').status(contentType.uid, documentId, locale);
        const counts = await queue().counts({ ...where, kind: 'translate' });
        const waiting = counts.pending + counts.running;
        const status = translationStatus({
          waiting: waiting > 0,
          latestFailed: latest?.status === 'failed',
          translatedAt: state.translatedAt,
          outdated: state.outdated,
        });
        const localePause = isLocalePaused(localePauses, contentType.uid, locale)
          ? `${displayName(contentType.uid)} in ${localeNamesByCode[locale] ?? locale} is paused by an administrator.`
          : null;
        // A locale the admin may not read keeps its status word; its fields and errors are not shown.
        const reads: AccessNeed[] = [{ action: 'read', locale, version: await version(contentType.uid, documentId, locale) }];
        if (!(await may(ctx, contentType.uid, reads))) {
          locales.push({
            locale,
            status,
            mayTranslate,
            audio: audioLocales.has(locale),
            audioStatus: null,
            translatedAt: null,
            keptByHand: [],
            outdatedFields: [],
            fieldFlags: [],
            error: null,
            errorType: null,
          });
          continue;
        }
        const readable = fieldAccess(ctx, contentType, [...reads, { action: 'read', locale: contentType.sourceLocale, version: source }]);
        locales.push({
          locale,
          status,
          mayTranslate,
          audio: audioLocales.has(locale),
          // A flag names a field by its path ("seo.metaTitle"): shown where the role may read its top-level field.
          fieldFlags: state.flags.filter((flag) => readable.allowed.includes(flag.field.split('.')[0] ?? '')),
          audioStatus: audioLocales.has(locale)
            ? audioStatus({ job: latestAudio, recorded: state.audio, pause: pauseSentence(pauseOf(pauses, 'audio')) })
            : null,
          translatedAt: state.translatedAt,
          // Field names only of fields the role may read in the source and in this locale.
          ...readableOnly(readable, {
            keptByHand: state.kept,
            outdatedFields: state.outdated,
          }),
          ...translationError(
            pauseOf(pauses, 'translate'),
            localePause,
            waiting > 0 ? latest : latest?.status === 'failed' || latest?.status === 'held' ? latest : undefined,
          ),
        });
      }
      ctx.body = {
        sourceLocale: contentType.sourceLocale,
        localeNames: localeNamesByCode,
        // The panel's buttons take the translate permission: a role without it sees the status only.
        mayAct: mayDo(ctx, ACTIONS.translate),
        locales,
        queue: { pause: pauses.all, pauses },
        voice: await voiceOf(contentType, documentId),
        voices: serviceFacts.voices.map(({ id, title }) => ({ id, title })),
      } satisfies EntryStatus;
    },

    async translateEntry(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      const body = await validateEntryAction(ctx.request.body);
      requireKey();
      if (body.replaceEdits && body.confirm !== true) {
        throw new errors.ValidationError(
          'Replacing edits made by hand needs confirm: true, sent once the editor has seen which fields will be overwritten.',
          { confirm: 'required with replaceEdits' },
        );
      }
      const documentId = ctx.params.documentId ?? '';
      const chosen = chooseLocales(body.locales, contentType.targetLocales);
      await requireAccess(ctx, contentType.uid, await translateNeeds(contentType, documentId, chosen));
      // Per locale, only the fields the role may read in the source and edit there are written.
      const { withheld, narrowedTo } = await narrowToFields(ctx, contentType, chosen, (locale) =>
        translateNeeds(contentType, documentId, [locale]),
      );
      // A locale where the role may write none of the fields has nothing to queue.
      const locales = chosen.filter((locale) => narrowedTo.get(locale)?.length !== 0);
      if (body.replaceEdits) await logReplace(ctx, contentType, documentId, locales);
      const statuses = (await getService(strapi, 'overview').statuses(contentType.uid, [documentId])).get(documentId);
      const upToDate = body.replaceEdits ? [] : locales.filter((locale) => statuses?.get(locale) === 'translated');
      await queued(ctx, 'translate', contentType, locales, body.replaceEdits ? asker(ctx) : undefined, narrowedTo);
      ctx.body = { queued: locales, withheld, upToDate } satisfies TranslateAnswer;
    },

    /** "Mark as reviewed": the locales' changed source fields are accepted as they are; nothing is translated. */
    async markReviewed(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      const body = await validateEntryAction(ctx.request.body);
      const documentId = ctx.params.documentId ?? '';
      const locales = chooseLocales(body.locales, contentType.targetLocales);
      const needs: AccessNeed[] = [];
      for (const locale of locales) needs.push({ action: 'update', locale, version: await version(contentType.uid, documentId, locale) });
      await requireAccess(ctx, contentType.uid, needs);
      const reviewed: Record<string, string[]> = {};
      for (const locale of locales)
        reviewed[locale] = await getService(strapi, 'translator').markReviewed(contentType.uid, documentId, locale);
      ctx.body = { reviewed };
    },

    /** "Translate into this locale": the translated text fields, for the edit form to show unsaved. */
    async preview(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      const { locale } = await validatePreview(ctx.request.body);
      requireKey();
      const [chosen] = chooseLocales([locale], contentType.targetLocales);
      const documentId = ctx.params.documentId ?? '';
      const source = await version(contentType.uid, documentId, contentType.sourceLocale);
      if (!source) throw new errors.NotFoundError(`This entry has no ${contentType.sourceLocale} version to translate from.`);
      const target = await version(contentType.uid, documentId, chosen as string);
      const needs: AccessNeed[] = [
        { action: 'read', locale: contentType.sourceLocale, version: source },
        target ? { action: 'update', locale: chosen as string, version: target } : { action: 'create', locale: chosen as string },
      ];
      await requireAccess(ctx, contentType.uid, needs);
      // A field the role may not read in the source or edit in the target is neither sent nor filled.
      const { allowed, withheld } = fieldAccess(ctx, contentType, needs);
      const preview = await callingService(() =>
        getService(strapi, 'translator').preview(contentType.uid, documentId, chosen as string, allowed),
      );
      ctx.body = { ...preview, withheld } satisfies Preview;
    },

    async bulkEstimate(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
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
        usage: await getService(strapi, 'usage').today(),
        limits: (await getService(strapi, 'keyCheck').last())?.limits ?? {},
      } satisfies Estimate;
    },

    async bulkStart(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      const body = await validateBulk(ctx.request.body);
      requireKey();
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
          `A bulk run of ${displayName(contentType.uid)} is already going (started ${going.startedAt ?? ''}); cancel it or wait for its end.`,
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

    async pause(ctx: Context) {
      await queue().pause({ pausedUntil: null, reason: 'paused by an administrator', byHand: true });
      ctx.body = { pause: await queue().pauseState() };
    },

    async resume(ctx: Context) {
      await queue().resume();
      getService(strapi, 'worker').nudge();
      ctx.body = { pause: await queue().pauseState() };
    },
  };
};
