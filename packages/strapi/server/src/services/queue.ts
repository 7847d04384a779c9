// The queue's store: jobs are rows in Strapi's own database. A worker claims a batch by writing its
// token and a lease onto pending rows it picked in the same transaction (on PostgreSQL, MySQL and
// MariaDB the rows are picked with FOR UPDATE SKIP LOCKED, so instances sharing a database never
// take the same row); a row whose lease ran out (a killed worker) is claimed again. What stops
// jobs from being claimed lives in services/pauses.ts; what they spent, in services/spending.ts.
import { randomUUID } from 'node:crypto';
import { HELD_ERROR_TYPE, JOB_STATUSES, JOB_UID, type JobKind, type JobStatus } from '../constants';
import type { Strapi } from '../strapi';
import type { Job, ReleaseOptions } from '../types/jobs';
import type { QueueService } from '../types/services';
import { getService } from '../utils/get-service';
import { INSTANCE_ID } from '../utils/instance-id';
import { rowDocumentId } from '../utils/row-document-id';
import { rowsOf } from '../utils/raw-results';
import { jobFields, mergedFields } from '../utils/job-fields';
import { outsidePausedLocales, type LocalePause } from '../utils/locale-pauses';

export default ({ strapi }: { strapi: Strapi }): QueueService => {
  const jobs = () => strapi.db.query(JOB_UID);
  const columns = () => {
    const meta = strapi.db.metadata.get(JOB_UID);
    const column = (name: string) => meta.attributes[name]?.columnName ?? name;
    return {
      table: meta.tableName,
      status: column('status'),
      lease: column('leaseUntil'),
      notBefore: column('notBefore'),
      claimedBy: column('claimedBy'),
      kind: column('kind'),
      contentType: column('contentType'),
      locale: column('locale'),
      entry: column('entryDocumentId'),
    };
  };

  /** The kind this instance claimed last (the next claim prefers the other). */
  let lastKind: JobKind | undefined;

  return {
    /** Adds a job unless the same one is already waiting (a second save before the first ran). */
    async enqueue(job) {
      const { force, forcedBy, fields: only, heldBecause, ...fields } = job;
      const forced = force ? { force: true, ...(forcedBy ? { forcedBy } : {}) } : null;
      const waiting = await jobs().findOne({
        where: {
          kind: job.kind,
          contentType: job.contentType,
          entryDocumentId: job.entryDocumentId,
          locale: job.locale,
          status: { $in: ['pending', 'held'] },
          leaseUntil: null,
        },
      });
      // Held work stays held on another refused save; anyone who may write the locale releases it.
      if (waiting && heldBecause !== undefined) {
        if (waiting.status === 'held') await jobs().update({ where: { id: waiting.id }, data: { error: heldBecause } });
        return false;
      }
      const asked = forced || only ? { ...forced, ...(only ? { fields: [...only] } : {}) } : null;
      // Released as this request asks it (its fields, its confirmation): the refused save asked for nothing.
      if (waiting?.status === 'held') {
        await jobs().update({
          where: { id: waiting.id },
          data: { status: 'pending', error: null, errorType: null, result: asked, bulkRun: job.bulkRun ?? null },
        });
        return true;
      }
      if (waiting) {
        const before = (waiting.result as Record<string, unknown> | null) ?? null;
        // A second request never widens the fields the first was narrowed to beyond what either asker may write.
        const narrowed = mergedFields(jobFields(before), only);
        const { fields: _previous, ...kept } = before ?? {};
        const result = { ...kept, ...forced, ...(narrowed ? { fields: narrowed } : {}) };
        const changed = JSON.stringify(result) !== JSON.stringify(before ?? {});
        const data = { ...(job.bulkRun && !waiting.bulkRun ? { bulkRun: job.bulkRun } : {}), ...(changed ? { result } : {}) };
        if (Object.keys(data).length > 0) await jobs().update({ where: { id: waiting.id }, data });
        return false;
      }
      const held = heldBecause !== undefined ? { status: 'held', errorType: HELD_ERROR_TYPE, error: heldBecause } : { status: 'pending' };
      await jobs().create({
        data: { documentId: rowDocumentId(), ...fields, ...held, attempts: 0, bulkRun: job.bulkRun ?? null, result: asked },
      });
      return true;
    },

    /**
     * Claims up to `limit` runnable jobs of one kind, content type and target locale (those of the
     * oldest runnable job, of the other kind than the last claim's where there is one) for this
     * worker: one locale per claim fills whole batch requests with its texts. The rows carry a lease until `leaseMs` from now. Jobs of the `paused` kinds (their
     * allowance is spent) and of the `pausedLocales` are left waiting; the others go on.
     */
    async claim(limit: number, paused: readonly JobKind[] = [], pausedLocales: readonly LocalePause[] = []): Promise<Job[]> {
      const { leaseMs } = getService(strapi, 'settings').config().queue;
      const now = Date.now();
      const token = `${INSTANCE_ID}:${randomUUID()}`;
      const c = columns();
      // Row locks that skip rows another instance holds: PostgreSQL, MySQL 8 and MariaDB 10.6+.
      // SQLite has one writer at a time, so its transaction alone keeps two claims apart.
      const skipLocked = /postgres|pg|mysql|maria/.test(strapi.db.dialect.client) ? ' FOR UPDATE SKIP LOCKED' : '';
      const runnable = `${c.status} IN ('pending', 'running') AND (${c.lease} IS NULL OR ${c.lease} < ?) AND (${c.notBefore} IS NULL OR ${c.notBefore} <= ?)`;
      // One job per entry, locale and kind at a time: a save while that entry's audio is being
      // made waits for it, rather than voicing the same sentences beside it on another instance
      // (both would find the speech memory without them and pay twice; the chaos run saw it), and
      // two translations of one entry never race to write it. A running job whose lease lapsed
      // (its instance died) holds nothing.
      const free = `NOT EXISTS (SELECT 1 FROM ${c.table} busy WHERE busy.${c.kind} = ${c.table}.${c.kind} AND busy.${c.entry} = ${c.table}.${c.entry} AND busy.${c.locale} = ${c.table}.${c.locale} AND busy.${c.status} = 'running' AND busy.${c.lease} >= ? AND busy.id <> ${c.table}.id)`;
      const busy = new Set(
        (
          await jobs().findMany({ where: { status: 'running', leaseUntil: { $gte: now } }, select: ['kind', 'entryDocumentId', 'locale'] })
        ).map((row) => busyKey(row as unknown as Job)),
      );
      const oldestOf = async (skipped: readonly JobKind[]) =>
        (
          await jobs().findMany({
            where: {
              status: { $in: ['pending', 'running'] },
              ...(skipped.length > 0 ? { kind: { $notIn: [...skipped] } } : {}),
              $and: [
                { $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
                { $or: [{ notBefore: null }, { notBefore: { $lte: now } }] },
                ...outsidePausedLocales(pausedLocales),
              ],
            },
            orderBy: { id: 'asc' },
            // Enough to pass the jobs that wait for their entry's running job.
            limit: busy.size + 1,
            select: ['kind', 'contentType', 'locale', 'entryDocumentId'],
          })
        ).find((row) => !busy.has(busyKey(row as unknown as Job)));
      // Translation and audio take turns: after a claim of one kind, the other kind's oldest job
      // goes first, so a backlog of audio (long speech jobs) never holds translation back, nor the reverse.
      const first = (lastKind ? await oldestOf([...paused, lastKind]) : undefined) ?? (await oldestOf(paused));
      if (!first) return [];
      lastKind = first.kind as JobKind;
      // Speech jobs run one at a time on the service: claim only a few, so none waits past its lease.
      const size = first.kind === 'audio' ? Math.min(limit, 3) : limit;
      // The ids first, then the update: MySQL and MariaDB refuse an UPDATE whose WHERE selects from
      // the same table with a LIMIT. The update keeps the runnable guard, so a row taken meanwhile
      // (where there are no row locks) is not taken twice.
      await strapi.db.connection.transaction(async (trx) => {
        const picked = rowsOf(
          await trx.raw(
            `SELECT id FROM ${c.table} WHERE ${runnable} AND ${free} AND ${c.kind} = ? AND ${c.contentType} = ? AND ${c.locale} = ? ORDER BY id LIMIT ?${skipLocked}`,
            [now, now, now, first.kind, first.contentType, first.locale, size],
          ),
        ).map((row) => Number(row.id));
        if (picked.length === 0) return;
        // A claim is not an attempt: a job taken over from a killed instance has failed nothing
        // (attempts count the service's failures, in release()).
        await trx.raw(
          `UPDATE ${c.table} SET ${c.status} = 'running', ${c.claimedBy} = ?, ${c.lease} = ?
           WHERE id IN (${picked.map(() => '?').join(', ')}) AND ${runnable}`,
          [token, now + leaseMs, ...picked, now, now],
        );
      });
      const claimed = await jobs().findMany({ where: { claimedBy: token, status: 'running' }, orderBy: { id: 'asc' } });
      return claimed as unknown as Job[];
    },

    /** Keeps the claim while long work (speech) is still going. */
    async extend(job: Job): Promise<void> {
      await this.extendAll([job]);
    },

    /** Renews the lease of jobs this worker still holds (rows another worker took over are left alone). */
    async extendAll(held: readonly Job[]): Promise<void> {
      if (held.length === 0) return;
      const { leaseMs } = getService(strapi, 'settings').config().queue;
      const ids = held.map((job) => job.id);
      const claimedBy = held[0]?.claimedBy;
      await jobs().updateMany({
        where: { id: { $in: ids }, status: 'running', ...(claimedBy ? { claimedBy } : {}) },
        data: { leaseUntil: Date.now() + leaseMs },
      });
    },

    async complete(job: Job): Promise<void> {
      await jobs().update({ where: { id: job.id }, data: { status: 'done', leaseUntil: null, error: null, errorType: null } });
    },

    /** Ends a job that had nothing to do (its entry is gone, its audio text unchanged or empty): counted apart from done. */
    async skip(job: Job, reason?: string): Promise<void> {
      await jobs().update({
        where: { id: job.id },
        data: { status: 'skipped', leaseUntil: null, errorType: null, error: reason ?? null },
      });
    },

    async fail(job: Job, errorType: string, message: string): Promise<void> {
      await jobs().update({
        where: { id: job.id },
        data: { status: 'failed', leaseUntil: null, attempts: job.attempts, errorType, error: message },
      });
    },

    /** Puts a job back to wait; `retryInMs` delays it, `failed: true` counts one more failed attempt. */
    async release(job: Job, { retryInMs = 0, failed = false, errorType, message }: ReleaseOptions = {}): Promise<void> {
      await jobs().update({
        where: { id: job.id },
        data: {
          status: 'pending',
          leaseUntil: null,
          notBefore: retryInMs ? Date.now() + retryInMs : null,
          ...(failed ? { attempts: (job.attempts ?? 0) + 1 } : {}),
          ...(errorType ? { errorType, error: message ?? null } : {}),
        },
      });
    },

    async counts(where: Record<string, unknown> = {}): Promise<Record<JobStatus, number>> {
      const result = Object.fromEntries(JOB_STATUSES.map((status) => [status, 0])) as Record<JobStatus, number>;
      for (const status of JOB_STATUSES) result[status] = await jobs().count({ where: { ...where, status } });
      return result;
    },

    async cancel(where: Record<string, unknown>): Promise<number> {
      const { count } = await jobs().updateMany({ where: { ...where, status: 'pending' }, data: { status: 'cancelled' } });
      return count;
    },

    async list(where: Record<string, unknown>, limit = 50): Promise<Job[]> {
      return (await jobs().findMany({ where, orderBy: { id: 'desc' }, limit })) as unknown as Job[];
    },
  };
};

/** What may run once at a time: a kind of work on one entry's locale. */
function busyKey(job: Pick<Job, 'kind' | 'entryDocumentId' | 'locale'>): string {
  return `${job.kind} ${job.entryDocumentId} ${job.locale}`;
}
