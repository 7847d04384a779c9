// The admin API behind the edit-view panel, the settings page and the bulk page. Nothing here
// returns the key: the settings show the key's name and limits from `me()` only.
import { randomUUID } from 'node:crypto';
import type { Strapi } from '../strapi';
import { getService } from '../services/get-service';
import type { ResolvedContentType } from '../services/settings';
import { JOB_UID } from '../uids';

export interface Context {
  params: Record<string, string>;
  request: { body?: Record<string, unknown> };
  body: unknown;
  status: number;
  badRequest(message: string): void;
  notFound(message: string): void;
}

const localesFrom = (body: Record<string, unknown> | undefined, fallback: readonly string[]): string[] => {
  const asked = body?.locales;
  return Array.isArray(asked) ? fallback.filter((locale) => asked.includes(locale)) : [...fallback];
};

export default ({ strapi }: { strapi: Strapi }) => {
  const settings = () => getService(strapi, 'settings');
  const queue = () => getService(strapi, 'queue');

  const contentTypeOr404 = (ctx: Context) => {
    const contentType = settings().contentType(ctx.params.uid ?? '');
    if (!contentType) ctx.notFound(`${ctx.params.uid} is not translated by the Circassian plugin`);
    return contentType;
  };

  const sourceDocumentIds = async (uid: string, locale: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let start = 0; ; start += 500) {
      const page = await strapi.documents(uid).findMany({ locale, fields: ['documentId'], start, limit: 500 });
      ids.push(...page.map((entry) => entry.documentId as string));
      if (page.length < 500) return ids;
    }
  };

  /** "Translate now" and "Generate audio": one job per asked locale, the worker woken at once. */
  const queueForEntry = async (ctx: Context, kind: 'translate' | 'audio', allowed: (contentType: ResolvedContentType) => string[]) => {
    const contentType = contentTypeOr404(ctx);
    if (!contentType) return;
    if (!settings().hasKey()) return ctx.badRequest('No Circassian key is configured; ask your administrator.');
    const locales = localesFrom(ctx.request.body, allowed(contentType));
    const force = kind === 'translate' && ctx.request.body?.replaceEdits === true;
    for (const locale of locales) {
      await queue().enqueue({ kind, contentType: contentType.uid, entryDocumentId: ctx.params.documentId ?? '', locale, force });
    }
    getService(strapi, 'worker').nudge();
    ctx.status = 202;
    ctx.body = { queued: locales };
  };

  return {
    async settings(ctx: Context) {
      const configured = settings().hasKey();
      let key: Record<string, unknown> | null = null;
      let keyError: string | null = null;
      if (configured) {
        try {
          const me = await getService(strapi, 'client').get().me();
          key = { name: me.name, prefix: me.prefix, limits: me.limits };
        } catch (error) {
          keyError = error instanceof Error ? error.message : String(error);
        }
      }
      ctx.body = {
        configured,
        key,
        keyError,
        contentTypes: settings().contentTypes().map(({ uid, sourceLocale, targetLocales, audio, publication }) => ({ uid, sourceLocale, targetLocales, audio, publication })),
        queue: { counts: await queue().counts(), pause: await queue().pauseState() },
      };
    },

    async entryStatus(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      if (!contentType) return;
      const documentId = ctx.params.documentId ?? '';
      const locales = [];
      for (const locale of contentType.targetLocales) {
        const where = { contentType: contentType.uid, entryDocumentId: documentId, locale };
        const [latest] = await queue().list(where, 1);
        const state = await getService(strapi, 'translator').status(contentType.uid, documentId, locale);
        const waiting = (await queue().counts({ ...where, kind: 'translate' })).pending + (await queue().counts({ ...where, kind: 'translate' })).running;
        const status = waiting > 0 ? 'queued' : latest?.status === 'failed' ? 'failed' : state.outdated.length > 0 ? 'outdated' : state.translatedAt ? 'translated' : 'not translated';
        locales.push({ locale, status, translatedAt: state.translatedAt, keptByHand: state.kept, outdatedFields: state.outdated, error: latest?.status === 'failed' || waiting > 0 ? latest?.error ?? null : null });
      }
      ctx.body = { sourceLocale: contentType.sourceLocale, locales, queue: { pause: await queue().pauseState() } };
    },

    async translateEntry(ctx: Context) {
      await queueForEntry(ctx, 'translate', (contentType) => contentType.targetLocales);
    },

    async generateAudio(ctx: Context) {
      await queueForEntry(ctx, 'audio', (contentType) => [...new Set(contentType.audio.flatMap((mapping) => mapping.locales))]);
    },

    async bulkEstimate(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      if (!contentType) return;
      const locales = localesFrom(ctx.request.body, contentType.targetLocales);
      const ids = await sourceDocumentIds(contentType.uid, contentType.sourceLocale);
      const estimate = await getService(strapi, 'translator').estimate(contentType.uid, ids, locales);
      // The service counts input plus output characters; answers run about as long as the source.
      ctx.body = { ...estimate, locales, estimatedQuotaCharacters: estimate.characters * 2 };
    },

    async bulkStart(ctx: Context) {
      const contentType = contentTypeOr404(ctx);
      if (!contentType) return;
      if (!settings().hasKey()) return ctx.badRequest('No Circassian key is configured; ask your administrator.');
      const locales = localesFrom(ctx.request.body, contentType.targetLocales);
      if (locales.length === 0) return ctx.badRequest(`Choose target locales among ${contentType.targetLocales.join(', ')}.`);
      const run = randomUUID();
      const ids = await sourceDocumentIds(contentType.uid, contentType.sourceLocale);
      for (const documentId of ids) {
        for (const locale of locales) await queue().enqueue({ kind: 'translate', contentType: contentType.uid, entryDocumentId: documentId, locale, bulkRun: run });
      }
      getService(strapi, 'worker').nudge();
      ctx.status = 202;
      ctx.body = { run, entries: ids.length, locales, jobs: ids.length * locales.length };
    },

    async bulkStatus(ctx: Context) {
      const run = ctx.params.run ?? '';
      const counts = await queue().counts({ bulkRun: run });
      const failed = await queue().list({ bulkRun: run, status: 'failed' }, 100);
      const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
      if (total === 0) return ctx.notFound('No such bulk run');
      const rows = await strapi.db.query(JOB_UID).findMany({ where: { bulkRun: run }, select: ['sentChars', 'claimedBy'] });
      const instances = new Set(rows.map((row) => String(row.claimedBy ?? '').split(':')[0]).filter(Boolean));
      ctx.body = {
        run,
        counts,
        total,
        finished: counts.pending === 0 && counts.running === 0,
        sentCharacters: rows.reduce((sum, row) => sum + Number(row.sentChars ?? 0), 0),
        // Strapi instances (sharing this database) that worked on the run.
        instances: instances.size,
        errors: failed.map((job) => ({ entry: job.entryDocumentId, locale: job.locale, kind: job.kind, type: job.errorType, message: job.error })),
        pause: await queue().pauseState(),
      };
    },

    async bulkCancel(ctx: Context) {
      ctx.body = { cancelled: await queue().cancel({ bulkRun: ctx.params.run ?? '' }) };
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
