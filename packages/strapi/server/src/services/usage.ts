// Today's use of each of the key's allowances, counted by the plugin itself: every job row keeps
// what it spent (characters sent and received, audio seconds, requests), so the sum over the jobs
// touched since the service's daily reset (UTC midnight) is today's use, shared by every instance
// on the database. Reading it asks the service nothing: the settings page may stay open all day.
import type { Strapi } from '../strapi';
import { JOB_UID } from '../constants';
import type { Allowance } from '../utils/allowance';
import { nextUtcMidnight } from '../utils/daily-reset';

export type Usage = Record<Allowance, number>;

/** The start of the service's current day (the previous UTC midnight). */
export const dayStart = (now = Date.now()): number => nextUtcMidnight(now) - 86_400_000;

export default ({ strapi }: { strapi: Strapi }) => ({
  async today(now = Date.now()): Promise<Usage & { resetsAt: string }> {
    const rows = await strapi.db.query(JOB_UID).findMany({
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
    return { ...usage, resetsAt: new Date(nextUtcMidnight(now)).toISOString() };
  },
});
