// The edit view's panel: an entry's status per target locale, "Translate now" (and replacing hand
// edits, once confirmed), "Mark as reviewed" and "Translate into this locale". Work asked for here
// is checked against the asking admin's Content Manager permissions per locale and field (the
// worker later writes with the plugin's own rights); errors are Strapi's own.
import { errors } from '@strapi/utils';
import { serviceFacts } from '@circassian/core';
import { ACTIONS } from '../permissions';
import { HELD_ERROR_TYPE } from '../constants';
import type { Strapi } from '../strapi';
import type { AccessNeed, FieldAccess } from '../types/access';
import type { ResolvedContentType } from '../types/settings';
import type { EntryStatus, LocaleStatus, PauseState, Preview, TranslateAnswer, VoiceSetting } from '../../../shared/contracts/admin-api';
import { getService } from '../utils/get-service';
import { isLocalePaused } from '../utils/locale-pauses';
import { pauseOf, pauseSentence } from '../utils/pause-state';
import { stateStore } from '../utils/state-store';
import { audioStatus } from '../utils/audio-status';
import { translationStatus } from '../utils/translation-status';
import { validateEntryAction, validatePreview } from './bodies';
import { asker, chooseLocales, contentTypeOr404, displayName, localeNames, mayDo, requireServiceKey, type Context } from './context';
import { entryAccess } from './entry-access';
import { callingService } from './service-errors';
import { fieldReviews, translateChangedSentences } from '../utils/changed-sentences';

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

export default ({ strapi }: { strapi: Strapi }) => {
  const queue = () => getService(strapi, 'queue');
  const pauseStore = () => getService(strapi, 'pauses');
  const { requireAccess, may, version, publishes, fieldAccess, narrowToFields } = entryAccess(strapi);

  /** The entry's own voice and speed, as kept on its first audio locale's state (the voice route keeps them alike). */
  const voiceOf = async (contentType: ResolvedContentType, documentId: string): Promise<VoiceSetting> => {
    const first = contentType.audio[0]?.locales[0];
    const row = first ? await stateStore(strapi).row({ contentType: contentType.uid, entryDocumentId: documentId, locale: first }) : null;
    return { voice: (row?.voice as string | null) ?? null, speed: row?.speed == null ? null : Number(row.speed) };
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

  /** The viewed target locale of a review by sentence, its entry, and the fields the role may read in the source and edit there. */
  const sentenceReviewAccess = async (ctx: Context, asked: unknown) => {
    const contentType = contentTypeOr404(strapi, ctx);
    const { locale } = await validatePreview(asked);
    const [chosen] = chooseLocales([locale], contentType.targetLocales);
    const documentId = ctx.params.documentId ?? '';
    const source = await version(contentType.uid, documentId, contentType.sourceLocale);
    const target = await version(contentType.uid, documentId, chosen as string);
    if (!source || !target)
      throw new errors.NotFoundError(`This entry has no ${contentType.sourceLocale} or ${String(chosen)} version to review.`);
    const needs: AccessNeed[] = [
      { action: 'read', locale: contentType.sourceLocale, version: source },
      { action: 'update', locale: chosen as string, version: target },
    ];
    await requireAccess(ctx, contentType.uid, needs);
    return { contentType, documentId, chosen: chosen as string, allowed: fieldAccess(ctx, contentType, needs).allowed };
  };

  return {
    async entryStatus(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const documentId = ctx.params.documentId ?? '';
      // The entry's status says what its fields, errors and voice are: only for an admin who may read it.
      const source = await version(contentType.uid, documentId, contentType.sourceLocale);
      await requireAccess(ctx, contentType.uid, [{ action: 'read', locale: contentType.sourceLocale, version: source }]);
      const audioLocales = new Set(contentType.audio.flatMap((mapping) => mapping.locales));
      const pauses = await pauseStore().pauseStates();
      const localePauses = await pauseStore().localePauses();
      const localeNamesByCode = await localeNames(strapi);
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
          ? `${displayName(strapi, contentType.uid)} in ${localeNamesByCode[locale] ?? locale} is paused by an administrator.`
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
          termProblems: state.termProblems.filter((problem) => readable.allowed.includes(problem.field)),
          audioStatus: audioLocales.has(locale)
            ? audioStatus({ job: latestAudio, recorded: state.audio, pause: pauseSentence(pauseOf(pauses, 'audio')) })
            : null,
          translatedAt: state.translatedAt,
          learning: state.learning,
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
      const contentType = contentTypeOr404(strapi, ctx);
      const body = await validateEntryAction(ctx.request.body);
      requireServiceKey(strapi);
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
      const contentType = contentTypeOr404(strapi, ctx);
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

    /**
     * Review by sentence (issue 33): the viewed locale's hand-edited fields whose source changed,
     * each with its changed sentences (source before and now, the target sentence kept), or
     * `sentences: null` where the field can only be kept or replaced whole. Needs the source's read
     * and the target's update; the fields the role may not read or edit are left out.
     */
    async changedSentences(ctx: Context) {
      const { contentType, documentId, chosen, allowed } = await sentenceReviewAccess(ctx, ctx.query);
      ctx.body = { locale: chosen, fields: await fieldReviews(strapi, contentType.uid, documentId, chosen, allowed) };
    },

    /** "Translate only the changed sentences": those sentences of the viewed locale's draft translated now, in their places; the rest of each field stays. */
    async translateChanged(ctx: Context) {
      const { contentType, documentId, chosen, allowed } = await sentenceReviewAccess(ctx, ctx.request.body);
      requireServiceKey(strapi);
      const written = await callingService(() => translateChangedSentences(strapi, contentType.uid, documentId, chosen, allowed));
      ctx.body = { locale: chosen, written };
    },

    /** "Translate into this locale": the translated text fields, for the edit form to show unsaved. */
    async preview(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const { locale } = await validatePreview(ctx.request.body);
      requireServiceKey(strapi);
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
        getService(strapi, 'batching').preview(contentType.uid, documentId, chosen as string, allowed),
      );
      ctx.body = { ...preview, withheld } satisfies Preview;
    },
  };
};
