// The bulk page's table (content type x target locale: entries missing, outdated, translated, in
// progress, failed) with the queue's state, its per-locale pause, resume and cancel, and the
// Content Manager list view's "Translation" column. All read from Strapi's database: an open page
// sends the service nothing.
import { errors } from '@strapi/utils';
import type { Strapi } from '../strapi';
import { getService } from '../utils/get-service';
import { validateStatuses } from './bodies';
import { asker, chooseLocales, contentTypeOr404, displayName, localeNames, type Context } from './context';
import { isLocalePaused } from '../utils/locale-pauses';
import type { ListStatuses, Overview } from '../../../shared/contracts/admin-api';
import { entryAccess } from './entry-access';

export default ({ strapi }: { strapi: Strapi }) => {
  const pauseStore = () => getService(strapi, 'pauses');
  const overview = () => getService(strapi, 'overview');
  const { may, requireContent, mayControlQueue } = entryAccess(strapi);

  /** The route's content type and its one target locale (`:locale`), or Strapi's 404 / 400. */
  const localeOf = async (ctx: Context) => {
    const contentType = contentTypeOr404(strapi, ctx);
    const [locale] = chooseLocales([ctx.params.locale ?? ''], contentType.targetLocales);
    if (!locale) throw new errors.ValidationError(`Choose a target locale among ${contentType.targetLocales.join(', ')}.`);
    // Pausing, resuming or cancelling a locale's work changes it: the admin must be able to edit that locale.
    await requireContent(ctx, contentType.uid, contentType.sourceLocale, [locale]);
    return { contentType, locale };
  };

  return {
    /** Every configured content type by target locale, with the queue's state. */
    async overview(ctx: Context) {
      const pauses = await pauseStore().localePauses();
      const contentTypes: Overview['contentTypes'] = [];
      for (const contentType of getService(strapi, 'settings').contentTypes()) {
        // Only the content types and locales this admin may read in the Content Manager are shown.
        if (!(await may(ctx, contentType.uid, [{ action: 'read', locale: contentType.sourceLocale }]))) continue;
        const { entries, locales, audioMissing } = await overview().counts(contentType.uid);
        const rows = [];
        for (const locale of contentType.targetLocales) {
          if (!(await may(ctx, contentType.uid, [{ action: 'read', locale }]))) continue;
          const run = await getService(strapi, 'runs').active(contentType.uid, [locale]);
          rows.push({
            locale,
            counts: locales[locale] ?? { queued: 0, failed: 0, outdated: 0, translated: 0, 'not translated': 0 },
            audioMissing: audioMissing[locale] ?? 0,
            paused: pauses.find((pause) => pause.contentType === contentType.uid && pause.locale === locale) ?? null,
            activeRun: run?.run ?? null,
          });
        }
        contentTypes.push({
          uid: contentType.uid,
          displayName: displayName(strapi, contentType.uid),
          sourceLocale: contentType.sourceLocale,
          entries,
          locales: rows,
        });
      }
      ctx.body = {
        mayControlQueue: await mayControlQueue(ctx),
        contentTypes,
        localeNames: await localeNames(strapi),
        queue: await overview().queueState(),
      } satisfies Overview;
    },

    /** Pauses one content type in one locale: its waiting jobs wait (a job already running ends as it would). */
    async pauseLocale(ctx: Context) {
      const { contentType, locale } = await localeOf(ctx);
      if (!isLocalePaused(await pauseStore().localePauses(), contentType.uid, locale))
        await pauseStore().pauseLocale({ contentType: contentType.uid, locale, by: asker(ctx), at: new Date().toISOString() });
      ctx.body = { queue: await overview().queueState() };
    },

    async resumeLocale(ctx: Context) {
      const { contentType, locale } = await localeOf(ctx);
      await pauseStore().resumeLocale(contentType.uid, locale);
      getService(strapi, 'worker').nudge();
      ctx.body = { queue: await overview().queueState() };
    },

    /** Cancels what waits of one content type in one locale; the counts say how many. */
    async cancelLocale(ctx: Context) {
      const { contentType, locale } = await localeOf(ctx);
      const cancelled = await getService(strapi, 'runs').cancelLocale(contentType.uid, locale);
      ctx.body = { cancelled, queue: await overview().queueState() };
    },

    /** The "Translation" column: the listed entries' status in each target locale (entries the plugin does not translate: none). */
    async listStatuses(ctx: Context) {
      const contentType = contentTypeOr404(strapi, ctx);
      const { documentIds } = await validateStatuses(ctx.request.body);
      await requireContent(ctx, contentType.uid, contentType.sourceLocale);
      const statuses = await overview().statuses(contentType.uid, documentIds);
      const entries: ListStatuses['entries'] = {};
      for (const [documentId, perLocale] of statuses) entries[documentId] = [...perLocale].map(([locale, status]) => ({ locale, status }));
      ctx.body = { sourceLocale: contentType.sourceLocale, localeNames: await localeNames(strapi), entries } satisfies ListStatuses;
    },
  };
};
