// Why a run's work waits, once per reason: jobs released with an error (refused for an allowance
// with some of it left, retried after an outage) keep its type and sentence until they run again.
import type { Job } from '../types/jobs';
import type { RunStatus } from '../../../shared/contracts/admin-api';

export type WaitingReason = RunStatus['waiting'][number];

/** The jobs' reasons, each once with how many jobs and which locales it holds, most jobs first. */
export function waitingReasons(jobs: readonly Pick<Job, 'kind' | 'locale' | 'error' | 'errorType'>[]): WaitingReason[] {
  const reasons = new Map<string, WaitingReason>();
  for (const job of jobs) {
    if (!job.error) continue;
    const key = `${job.kind}\0${job.errorType ?? ''}\0${job.error}`;
    const reason = reasons.get(key) ?? { kind: job.kind, type: job.errorType, message: job.error, jobs: 0, locales: [] };
    reason.jobs++;
    if (!reason.locales.includes(job.locale)) reason.locales.push(job.locale);
    reasons.set(key, reason);
  }
  return [...reasons.values()].sort((a, b) => b.jobs - a.jobs);
}
