// The background worker of one Strapi instance: claims jobs from the shared queue, runs them,
// and turns service errors into the queue's answers (retry later, pause until the reset, fail
// with words an editor understands). Saving an entry never waits for it. While it runs it records
// a heartbeat, and before each turn with work it paces the client at this instance's share of
// the key's per-minute limit (instances on one database share the key).
import { setTimeout as sleep } from 'node:timers/promises';
import { nextUtcMidnight } from '@circassian/core/facts';
import type { Strapi } from '../strapi';
import type { WorkerService } from '../types/services';
import type { Job } from '../types/jobs';
import type { TranslationOutcome } from '../types/jobs';
import { PluginJobError, classifyError } from '../utils/errors';
import { getService } from '../utils/get-service';
import { HEARTBEAT_MS } from './instances';
import {
  LIMIT_OF,
  USAGE_OF,
  allowanceOf,
  exhaustedMessage,
  neededBy,
  quotaVerdict,
  refusedMessage,
  type Allowance,
} from '../utils/allowance';
import type { PauseScope } from '../constants';

/** The pause an exhausted allowance calls for: daily requests stop everything, the others only their own kind. */
const SCOPE_OF: Readonly<Record<Allowance, PauseScope>> = { requests: 'all', characters: 'translate', audioSeconds: 'audio' };

/** The error type of a job a quota_exceeded refused while the key's allowance was not spent (it waits, nothing is paused). */
const QUOTA_REFUSED = 'quota_refused';

/** An error's own message and its causes' (undici hides the socket's reason in `cause`). */
function describeError(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 4; depth += 1) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(`${current.name}${typeof code === 'string' ? ` ${code}` : ''}: ${current.message}`);
      current = current.cause;
    } else {
      parts.push(String(current));
      current = undefined;
    }
  }
  return parts.join(' <- ');
}

export default ({ strapi }: { strapi: Strapi }): WorkerService => {
  let running = false;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const settings = () => getService(strapi, 'settings');
  const queue = () => getService(strapi, 'queue');
  const pauses = () => getService(strapi, 'pauses');
  const instances = () => getService(strapi, 'instances');

  const beat = async (): Promise<void> => {
    try {
      await instances().beat();
    } catch (error) {
      strapi.log.warn(`[circassian] could not record this instance's heartbeat: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  const handleGroupError = async (jobs: Job[], error: unknown): Promise<void> => {
    const classified = classifyError(error);
    const { maxAttempts } = settings().config().queue;
    if (classified.handling === 'pause') {
      // Nothing is lost: the jobs go back to wait, their attempt uncounted, and the queue (or, for
      // a spent allowance, only the kind of job that spends it) sleeps.
      let scope: PauseScope = 'all';
      let message = classified.message;
      let allowance: Allowance | null = null;
      let use: { used: number; limit: number | null; needed?: number } | null = null;
      let until = Date.now() + 10 * 60_000;
      if (classified.type === 'quota_exceeded') {
        const said = error instanceof Error ? error.message : String(error);
        allowance = allowanceOf(said, jobs[0]?.kind ?? 'translate');
        scope = SCOPE_OF[allowance];
        const reset = await quotaReset();
        until = reset.at;
        const serviceUsed = reset.usage?.[USAGE_OF[allowance]];
        // Spent, or not (only these jobs wait): the service's count and what the request needed decide.
        const verdict = quotaVerdict({
          limit: reset.limits?.[LIMIT_OF[allowance]],
          serviceUsed,
          pluginUsed: serviceUsed === undefined ? (await getService(strapi, 'spending').today())[allowance] : 0,
          needed: neededBy(said),
        });
        if (!verdict.spent) {
          await refusedWithAllowanceLeft(jobs, allowance, verdict.use, until);
          return;
        }
        use = verdict.use;
        message = exhaustedMessage(allowance, { used: use.used, limit: use.limit ?? undefined, needed: use.needed });
      }
      await pauses().pause({ pausedUntil: until, reason: classified.type, byHand: false, allowance, message, ...use }, scope);
      strapi.log.warn(
        `[circassian] ${scope === 'all' ? 'queue' : `${scope} jobs`} paused until ${new Date(until).toISOString()}: ${message}`,
      );
      for (const job of jobs) await queue().release(job, { errorType: classified.type, message });
      return;
    }
    // The editor sees the friendly words; the log keeps what really happened, so a run of retries
    // or failures can be traced to its cause.
    const kinds = [...new Set(jobs.map((job) => job.kind))].join('/');
    strapi.log.warn(`[circassian] ${jobs.length} ${kinds} job(s) met ${classified.type}: ${describeError(error)}`);
    for (const job of jobs) {
      // Attempts count the service's failures only: this one is job.attempts + 1 (a restart or a
      // takeover after a kill counted nothing).
      const failures = (job.attempts ?? 0) + 1;
      if (classified.handling === 'fail' || failures >= maxAttempts) {
        await queue().fail({ ...job, attempts: failures }, classified.type, classified.message);
        if (job.kind === 'audio') await getService(strapi, 'audio').record(job, { outcome: 'failed', note: classified.message });
      } else {
        const backoff = Math.max((classified.retryAfterSeconds ?? 0) * 1000, 2_000 * 2 ** Math.min(failures, 6));
        await queue().release(job, { retryInMs: backoff, failed: true, errorType: classified.type, message: classified.message });
      }
    }
  };

  /**
   * A quota_exceeded met with the allowance not spent: only these jobs wait, nothing is paused.
   * Tried again shortly the first time; refused again, they wait for the reset (they ask for more than is left).
   */
  const refusedWithAllowanceLeft = async (
    jobs: Job[],
    allowance: Allowance,
    use: { used: number; limit: number },
    reset: number,
  ): Promise<void> => {
    for (const job of jobs) {
      const again = job.errorType === QUOTA_REFUSED;
      const message = refusedMessage(allowance, use, again);
      strapi.log.warn(`[circassian] ${job.kind} job ${job.id} met quota_exceeded with allowance left: ${message}`);
      await queue().release(job, { retryInMs: again ? reset - Date.now() : 5_000, errorType: QUOTA_REFUSED, message });
    }
  };

  /** When the daily allowances start over (from me(), else UTC midnight), with the key's limits and the service's count of today's use when me() gives them. */
  const quotaReset = async (): Promise<{ at: number; limits?: Record<string, number>; usage?: Record<string, number> }> => {
    try {
      const me = (await getService(strapi, 'client').get().me()) as {
        name: string;
        prefix: string;
        resets_at?: string;
        limits?: Record<string, number>;
        usage?: Record<string, unknown>;
      };
      if (me.limits) await getService(strapi, 'keyCheck').remember({ name: me.name, prefix: me.prefix, limits: me.limits });
      const resetsAt = me.resets_at ? Date.parse(me.resets_at) : NaN;
      const at = Number.isFinite(resetsAt) && resetsAt > Date.now() ? resetsAt : nextUtcMidnight(new Date()).getTime();
      const usage = Object.fromEntries(
        Object.entries(me.usage ?? {}).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
      return { at, ...(me.limits ? { limits: me.limits } : {}), ...(me.usage ? { usage } : {}) };
    } catch {
      // The me() call failing changes nothing: the daily limits reset at UTC midnight.
      return { at: nextUtcMidnight(new Date()).getTime() };
    }
  };

  const runTranslations = async (jobs: Job[]): Promise<void> => {
    if (jobs.length === 0) return;
    let outcome: TranslationOutcome;
    try {
      outcome = await getService(strapi, 'translator').run(jobs);
    } catch (error) {
      await handleGroupError(jobs, error);
      return;
    }
    // Recording the outcome is not part of the group: a failure here leaves the rest as they are
    // (a job not marked done is run again after its lease, and finds nothing left to send).
    const { done, skipped, failed } = outcome;
    for (const job of done) await queue().complete(job);
    for (const job of skipped) await queue().skip(job, 'The entry or its settings are gone, so there was nothing to translate.');
    for (const job of done) await enqueueAudio(job);
    for (const { job, error } of failed) {
      strapi.log.warn(`[circassian] ${job.contentType} ${job.entryDocumentId} (${job.locale}): ${error.message}`);
      await handleGroupError([job], error);
    }
  };

  /**
   * Audio after each translation, for content types that voice on save; on publish, the writer's
   * publish of the target queued it already (register), a bulk run's as the run's.
   */
  const enqueueAudio = async (job: Job): Promise<void> => {
    const contentType = settings().contentType(job.contentType);
    const mapping = contentType?.audio.find((candidate) => candidate.locales.includes(job.locale));
    if (mapping && contentType?.audioOn === 'save')
      await queue().enqueue({
        kind: 'audio',
        contentType: job.contentType,
        entryDocumentId: job.entryDocumentId,
        locale: job.locale,
        ...(job.bulkRun ? { bulkRun: job.bulkRun } : {}),
      });
  };

  const runAudio = async (job: Job): Promise<void> => {
    try {
      // Every outcome is recorded for the panel: made, or skipped with the reason; none is silent.
      const { outcome, note } = await getService(strapi, 'audio').run(job);
      if (outcome === 'made') await queue().complete(job);
      else await queue().skip(job, note === 'unchanged' ? 'The audio of this text was already made.' : note);
    } catch (error) {
      if (error instanceof PluginJobError)
        strapi.log.warn(`[circassian] audio of ${job.contentType} ${job.entryDocumentId} (${job.locale}): ${error.message}`);
      await handleGroupError([job], error);
    }
  };

  const turn = async (): Promise<boolean> => {
    const paused = await pauses().pausedKinds();
    if (paused.length === 2) return false;
    const { claimSize, leaseMs } = settings().config().queue;
    const jobs = await queue().claim(claimSize, paused, await pauses().localePauses());
    if (jobs.length === 0) return false;
    try {
      await getService(strapi, 'client').share(instances().live());
    } catch (error) {
      // The key's limit could not be read (the service is unreachable): the calls below meet the same error and are retried.
      strapi.log.warn(`[circassian] could not read the key's limits: ${error instanceof Error ? error.message : String(error)}`);
    }
    // The claim is renewed while this instance works on it; a killed instance stops renewing, so
    // another (or this one after a restart) takes the jobs over once the lease runs out.
    const unfinished = new Set(jobs);
    const renewal = setInterval(
      () =>
        void queue()
          .extendAll([...unfinished])
          .catch(() => {}),
      Math.max(500, Math.floor(leaseMs / 3)),
    );
    try {
      const translations = jobs.filter((job) => job.kind === 'translate');
      await runTranslations(translations);
      translations.forEach((job) => unfinished.delete(job));
      for (const job of jobs.filter((candidate) => candidate.kind === 'audio')) {
        await runAudio(job);
        unfinished.delete(job);
      }
    } finally {
      clearInterval(renewal);
    }
    return true;
  };

  return {
    start(): void {
      if (running) return;
      running = true;
      heartbeat = setInterval(() => void beat(), HEARTBEAT_MS);
      loop = (async () => {
        await beat();
        while (running) {
          let worked = false;
          try {
            worked = await turn();
          } catch (error) {
            strapi.log.error(`[circassian] queue: ${error instanceof Error ? error.message : String(error)}`);
          }
          if (!worked && running) {
            await Promise.race([sleep(settings().config().queue.pollMs), new Promise<void>((resolve) => (wake = resolve))]);
          }
        }
      })();
    },
    /** Runs the next turn now instead of after the polling interval (a save just queued work). */
    nudge(): void {
      wake?.();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      clearInterval(heartbeat);
      await loop;
      await instances()
        .leave()
        .catch(() => {});
    },
  };
};
