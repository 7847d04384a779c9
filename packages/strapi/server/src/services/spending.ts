// What the plugin spent of the key's allowances, counted by itself: every job row keeps what it
// spent (characters sent and received, audio seconds, requests), saved with the answers that cost
// it, so the sum over the jobs touched since the service's daily reset (UTC midnight) is today's
// use, shared by every instance on the database. Reading it asks the service nothing: the
// settings page may stay open all day.
import { nextUtcMidnight } from '@circassian/core/facts';
import type { Strapi } from '../strapi';
import { JOB_UID } from '../constants';
import type { SpendingService } from '../types/services';
import type { Allowance } from '../utils/allowance';
import { rowDocumentId } from '../utils/row-document-id';

type Usage = Record<Allowance, number>;

/** The start of the service's current day (the previous UTC midnight). */
export const dayStart = (now = Date.now()): number => nextUtcMidnight(new Date(now)).getTime() - 86_400_000;

export default ({ strapi }: { strapi: Strapi }): SpendingService => {
  const jobs = () => strapi.db.query(JOB_UID);
  return {
    /**
     * Saves partial results (translations received) so a restart does not send them again, with
     * what this step spent added to the job's counts (today's use of each allowance is their sum).
     */
    async saveResult(job, result, spent = {}) {
      job.result = result;
      const data: Record<string, unknown> = { result };
      if (spent.sentChars) data.sentChars = (job.sentChars ?? 0) + spent.sentChars;
      for (const key of ['usedChars', 'audioSeconds', 'requests'] as const) {
        if (spent[key]) data[key] = job[key] = (job[key] ?? 0) + spent[key];
      }
      if (spent.sentChars) job.sentChars = data.sentChars as number;
      await jobs().update({ where: { id: job.id }, data });
    },

    /** Records what work outside the queue spent (an editor's "Translate into this locale") as a finished job, so today's use counts it. */
    async recordSpend(job, spent) {
      await jobs().create({
        data: { documentId: rowDocumentId(), ...job, status: 'done', attempts: 1, result: { preview: true }, ...spent },
      });
    },

    async today(now = Date.now()) {
      const rows = await jobs().findMany({
        where: { updatedAt: { $gte: new Date(dayStart(now)) } },
        select: ['usedChars', 'audioSeconds', 'requests'],
      });
      const usage: Usage = { characters: 0, audioSeconds: 0, requests: 0 };
      for (const row of rows) {
        usage.characters += Number(row.usedChars ?? 0);
        usage.audioSeconds += Number(row.audioSeconds ?? 0);
        usage.requests += Number(row.requests ?? 0);
      }
      usage.audioSeconds = Math.round(usage.audioSeconds * 10) / 10;
      return { ...usage, resetsAt: nextUtcMidnight(new Date(now)).toISOString() };
    },
  };
};
