// Bulk runs as stored rows: what was asked (content type, locales) and the totals fixed at the
// start (translations, and audio in its own total), so the bulk page shows a run after navigation
// and restart, and its progress never jumps ("0 of 63" to "42 of 105"). Counts come from the
// run's jobs, each status apart: done, failed, skipped and cancelled are never added together.
import { randomUUID } from 'node:crypto';
import type { Strapi } from '../strapi';
import type { KindProgress, RunProgress, RunRow } from '../types/runs';
import type { RunsService } from '../types/services';
import { JOB_UID, RUN_UID } from '../constants';
import type { JobKind } from '../constants';
import { getService } from '../utils/get-service';

export default ({ strapi }: { strapi: Strapi }): RunsService => {
  const rows = () => strapi.db.query(RUN_UID);
  const queue = () => getService(strapi, 'queue');

  const kindProgress = async (run: string, kind: JobKind, total: number): Promise<KindProgress> => {
    const counts = await queue().counts({ bulkRun: run, kind });
    return { ...counts, total, notQueued: 0 };
  };

  return {
    async start(input) {
      const { translateTotal, audioTotal, ...fields } = input;
      const row = await rows().create({
        data: {
          documentId: randomUUID().replace(/-/g, '').slice(0, 24),
          run: randomUUID(),
          ...fields,
          translateTotal: translateTotal ?? input.entries * input.locales.length,
          audioTotal: audioTotal ?? input.entries * input.audioLocales.length,
          state: 'active',
          startedAt: new Date(),
        },
      });
      return row as unknown as RunRow;
    },

    async find(run: string): Promise<RunRow | null> {
      return (await rows().findOne({ where: { run } })) as unknown as RunRow | null;
    },

    /** The content type's run still going in any of `locales` (every locale when none are named), if any: one at a time per locale. */
    async active(contentType: string, locales?: readonly string[]): Promise<RunRow | null> {
      for (const row of (await rows().findMany({
        where: { contentType, state: 'active' },
        orderBy: { id: 'desc' },
      })) as unknown as RunRow[]) {
        if (locales && !row.locales.some((locale) => locales.includes(locale))) continue;
        const progress = await this.progress(row);
        if (!progress.finished) return progress.run;
      }
      return null;
    },

    async list(contentType?: string, limit = 10): Promise<RunRow[]> {
      return (await rows().findMany({
        where: contentType ? { contentType } : {},
        orderBy: { id: 'desc' },
        limit,
      })) as unknown as RunRow[];
    },

    /** The run's progress; a run whose jobs have all ended is marked finished (once). */
    async progress(run: RunRow): Promise<RunProgress> {
      const translate = await kindProgress(run.run, 'translate', run.translateTotal);
      const audio = await kindProgress(run.run, 'audio', run.audioTotal);
      const translating = translate.pending + translate.running > 0;
      const voicing = audio.pending + audio.running > 0;
      if (!translating) {
        const queued = audio.pending + audio.running + audio.done + audio.skipped + audio.failed + audio.cancelled;
        audio.notQueued = Math.max(0, run.audioTotal - queued);
      }
      const finished = !translating && !voicing;
      if (finished && run.state === 'active') {
        await rows().update({ where: { id: run.id }, data: { state: 'finished', endedAt: new Date() } });
        run = { ...run, state: 'finished', endedAt: new Date().toISOString() };
      }
      return { run, translate, audio, finished };
    },

    /** Cancels what of the run still waits (a job already running ends as it would); the counts say so. */
    async cancel(run: RunRow): Promise<number> {
      const cancelled = await queue().cancel({ bulkRun: run.run });
      if (run.state === 'active') await rows().update({ where: { id: run.id }, data: { state: 'cancelled', endedAt: new Date() } });
      return cancelled;
    },

    /**
     * Cancels what waits of one content type in one target locale (bulk and on-save jobs, both
     * kinds); a going run of that locale alone is marked cancelled, a run of several locales goes
     * on in the others and counts these as cancelled.
     */
    async cancelLocale(contentType: string, locale: string): Promise<number> {
      const cancelled = await queue().cancel({ contentType, locale });
      for (const row of (await rows().findMany({ where: { contentType, state: 'active' } })) as unknown as RunRow[]) {
        if (row.locales.length === 1 && row.locales[0] === locale)
          await rows().update({ where: { id: row.id }, data: { state: 'cancelled', endedAt: new Date() } });
      }
      return cancelled;
    },

    /** Characters sent and instances that worked, from the run's jobs. */
    async work(run: string): Promise<{ sentCharacters: number; instances: number }> {
      const jobs = await strapi.db.query(JOB_UID).findMany({ where: { bulkRun: run }, select: ['sentChars', 'claimedBy'] });
      const instances = new Set(jobs.map((row) => String(row.claimedBy ?? '').split(':')[0]).filter(Boolean));
      return { sentCharacters: jobs.reduce((sum, row) => sum + Number(row.sentChars ?? 0), 0), instances: instances.size };
    },
  };
};
