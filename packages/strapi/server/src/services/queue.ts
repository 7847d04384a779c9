// The queue: jobs are rows in Strapi's own database. A worker claims a batch by writing its
// token and a lease onto pending rows it picked in the same transaction (on PostgreSQL, MySQL and
// MariaDB the rows are picked with FOR UPDATE SKIP LOCKED, so instances sharing a database never
// take the same row); a row whose
// lease ran out (a killed worker) is claimed again. Pausing is a row in the plugin store, so every
// instance sees it.
import { randomBytes, randomUUID } from 'node:crypto';
import { JOB_UID } from '../constants';
import { PLUGIN_ID, type Strapi } from '../strapi';
import { getService } from './get-service';
import { JOB_STATUSES, PAUSE_SCOPES, type JobKind, type JobStatus, type PauseScope } from '../constants';
import type { PauseState, PauseStates } from '../../../shared/contracts/admin-api';
import { jobFields, mergedFields } from '../utils/job-fields';
import { outsidePausedLocales, withLocalePaused, withoutLocalePause, type LocalePause } from '../utils/locale-pauses';

export type { JobKind, JobStatus } from '../constants';

export interface Job {
  id: number;
  kind: JobKind;
  contentType: string;
  entryDocumentId: string;
  locale: string;
  status: JobStatus;
  attempts: number;
  bulkRun: string | null;
  claimedBy: string | null;
  result: Record<string, unknown> | null;
  error: string | null;
  errorType: string | null;
  sentChars?: number;
  /** What this job spent of the key's allowances (input plus output characters, audio seconds, requests). */
  usedChars?: number;
  audioSeconds?: number;
  requests?: number;
}

export type { PauseState, PauseStates };

/** The error type a held job carries, for the admin's words. */
export const HELD_ERROR_TYPE = 'held_by_role';

const NOT_PAUSED: PauseState = { pausedUntil: null, reason: null, byHand: false };

/** Whether a pause holds now (a pause with a time ends by itself at that time). */
export const isActive = (state: PauseState, now = Date.now()): boolean =>
  state.byHand || (state.pausedUntil !== null && state.pausedUntil > now);

/** The store key of the per content type and locale pauses (one list, read by every instance). */
const LOCALE_PAUSES_KEY = 'pause:locales';

/** The store key of a scope's pause; the whole queue keeps the key it always had. */
const pauseKey = (scope: PauseScope): string => (scope === 'all' ? 'pause' : `pause:${scope}`);

const documentId = (): string => randomBytes(12).toString('hex');

/** The rows of a raw SELECT, whatever the driver: pg gives `{ rows }`, mysql2 `[rows, fields]`, SQLite the rows. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(result)) return (Array.isArray(result[0]) ? result[0] : result) as Array<Record<string, unknown>>;
  return ((result as { rows?: unknown } | null)?.rows ?? []) as Array<Record<string, unknown>>;
}

/** This Strapi process among the instances sharing the database; claims carry it (`instance:claim`). */
export const INSTANCE_ID = randomBytes(4).toString('hex');

export default ({ strapi }: { strapi: Strapi }) => {
  const jobs = () => strapi.db.query(JOB_UID);
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });
  const columns = () => {
    const meta = strapi.db.metadata.get(JOB_UID);
    const column = (name: string) => meta.attributes[name]?.columnName ?? name;
    return {
      table: meta.tableName,
      status: column('status'),
      lease: column('leaseUntil'),
      notBefore: column('notBefore'),
      claimedBy: column('claimedBy'),
      attempts: column('attempts'),
      kind: column('kind'),
      contentType: column('contentType'),
      locale: column('locale'),
    };
  };

  return {
    /** Adds a job unless the same one is already waiting (a second save before the first ran). */
    async enqueue(job: {
      kind: JobKind;
      contentType: string;
      entryDocumentId: string;
      locale: string;
      bulkRun?: string;
      force?: boolean;
      forcedBy?: string;
      /** Only these fields are written (the asking admin's field lists withhold the others). */
      fields?: readonly string[];
      /** Why the job waits for someone else (the saving admin's role may not write its locale): it is held, not run. */
      heldBecause?: string;
    }): Promise<boolean> {
      const { force, forcedBy, fields: only, heldBecause, ...fields } = job;
      // `force`: this run replaces target fields edited by hand (an editor's confirmed re-translation); `forcedBy` is who confirmed, for the log.
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
        data: { documentId: documentId(), ...fields, ...held, attempts: 0, bulkRun: job.bulkRun ?? null, result: asked },
      });
      return true;
    },

    /**
     * Claims up to `limit` runnable jobs of one kind, content type and target locale (those of the
     * oldest runnable job) for this worker: one locale per claim fills whole batch requests with its
     * texts. The rows carry a lease until `leaseMs` from now. Jobs of the `paused` kinds (their
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
      const oldest = await jobs().findMany({
        where: {
          status: { $in: ['pending', 'running'] },
          ...(paused.length > 0 ? { kind: { $notIn: [...paused] } } : {}),
          $and: [
            { $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
            { $or: [{ notBefore: null }, { notBefore: { $lte: now } }] },
            ...outsidePausedLocales(pausedLocales),
          ],
        },
        orderBy: { id: 'asc' },
        limit: 1,
        select: ['kind', 'contentType', 'locale'],
      });
      const first = oldest[0];
      if (!first) return [];
      // Speech jobs run one at a time on the service: claim only a few, so none waits past its lease.
      const size = first.kind === 'audio' ? Math.min(limit, 3) : limit;
      // The ids first, then the update: MySQL and MariaDB refuse an UPDATE whose WHERE selects from
      // the same table with a LIMIT. The update keeps the runnable guard, so a row taken meanwhile
      // (where there are no row locks) is not taken twice.
      await strapi.db.connection.transaction(async (trx) => {
        const picked = rowsOf(
          await trx.raw(
            `SELECT id FROM ${c.table} WHERE ${runnable} AND ${c.kind} = ? AND ${c.contentType} = ? AND ${c.locale} = ? ORDER BY id LIMIT ?${skipLocked}`,
            [now, now, first.kind, first.contentType, first.locale, size],
          ),
        ).map((row) => Number(row.id));
        if (picked.length === 0) return;
        await trx.raw(
          `UPDATE ${c.table} SET ${c.status} = 'running', ${c.claimedBy} = ?, ${c.lease} = ?, ${c.attempts} = COALESCE(${c.attempts}, 0) + 1
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

    /**
     * Saves partial results (translations received) so a restart does not send them again, with
     * what this step spent added to the job's counts (today's use of each allowance is their sum).
     */
    async saveResult(
      job: Job,
      result: Record<string, unknown>,
      spent: { sentChars?: number; usedChars?: number; audioSeconds?: number; requests?: number } = {},
    ): Promise<void> {
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
    async recordSpend(
      job: { kind: JobKind; contentType: string; entryDocumentId: string; locale: string },
      spent: { usedChars?: number; audioSeconds?: number; requests?: number },
    ): Promise<void> {
      await jobs().create({
        data: { documentId: documentId(), ...job, status: 'done', attempts: 1, result: { preview: true }, ...spent },
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
      await jobs().update({ where: { id: job.id }, data: { status: 'failed', leaseUntil: null, errorType, error: message } });
    },

    /** Puts a job back to wait; `retryInMs` delays it, `countAttempt: false` undoes the claim's count. */
    async release(
      job: Job,
      {
        retryInMs = 0,
        countAttempt = true,
        errorType,
        message,
      }: { retryInMs?: number; countAttempt?: boolean; errorType?: string; message?: string } = {},
    ): Promise<void> {
      await jobs().update({
        where: { id: job.id },
        data: {
          status: 'pending',
          leaseUntil: null,
          notBefore: retryInMs ? Date.now() + retryInMs : null,
          attempts: countAttempt ? job.attempts : Math.max(0, job.attempts - 1),
          ...(errorType ? { errorType, error: message ?? null } : {}),
        },
      });
    },

    async pauseState(scope: PauseScope = 'all'): Promise<PauseState> {
      const value = (await store().get({ key: pauseKey(scope) })) as PauseState | null;
      return value ?? NOT_PAUSED;
    },

    /** Every scope's pause, for the admin: the whole queue, translation and audio apart. */
    async pauseStates(): Promise<PauseStates> {
      const states = {} as PauseStates;
      for (const scope of PAUSE_SCOPES) states[scope] = await this.pauseState(scope);
      return states;
    },

    async pause(state: PauseState, scope: PauseScope = 'all'): Promise<void> {
      await store().set({ key: pauseKey(scope), value: state });
    },

    /** Ends the pauses of `scopes` (every scope when none is named: an administrator's Resume). */
    async resume(scopes: readonly PauseScope[] = PAUSE_SCOPES): Promise<void> {
      for (const scope of scopes) await store().set({ key: pauseKey(scope), value: NOT_PAUSED });
    },

    /** The content types and locales an administrator paused on the bulk page. */
    async localePauses(): Promise<LocalePause[]> {
      return ((await store().get({ key: LOCALE_PAUSES_KEY })) as LocalePause[] | null) ?? [];
    },

    /** Pauses one content type in one target locale: its waiting jobs stay waiting, the rest goes on. */
    async pauseLocale(pause: LocalePause): Promise<void> {
      await store().set({ key: LOCALE_PAUSES_KEY, value: withLocalePaused(await this.localePauses(), pause) });
    },

    async resumeLocale(contentType: string, locale: string): Promise<void> {
      await store().set({ key: LOCALE_PAUSES_KEY, value: withoutLocalePause(await this.localePauses(), contentType, locale) });
    },

    /** The kinds of job that may not run now: all of them while the whole queue is paused, else those whose allowance is spent. */
    async pausedKinds(): Promise<JobKind[]> {
      const states = await this.pauseStates();
      if (isActive(states.all)) return ['translate', 'audio'];
      return (['translate', 'audio'] as const).filter((kind) => isActive(states[kind]));
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
