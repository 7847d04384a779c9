// The audio of one entry in one locale, in the edit-view panel's terms: none, queued (and why it
// waits), made (when), failed (why) or skipped (why, e.g. the text did not change). Pure: built
// from the newest audio job, the state row's recorded outcome and the audio pause.
import type { AudioReason } from '../../../shared/contracts/admin-api';
export type AudioState = 'none' | 'queued' | 'made' | 'failed' | 'skipped';

export interface AudioStatus {
  state: AudioState;
  /** When audio was last made for this locale (ISO), also shown beside a later skip or failure. */
  madeAt: string | null;
  /** Why it waits, failed or was skipped, in an editor's words. */
  message: string | null;
  /** The error type behind a failure or a wait (null for a pause, said from the pause itself). */
  errorType: string | null;
  /** Why it was skipped, for the admin to say in the editor's language. */
  reason: AudioReason | null;
}

export interface AudioFacts {
  job: { status: string; error: string | null; errorType?: string | null } | undefined;
  recorded: { outcome: string | null; at: string | null; note: string | null; reason?: AudioReason | null };
  /** The sentence of an active audio (or whole-queue) pause, when one holds. */
  pause: string | null;
}

export function audioStatus({ job, recorded, pause }: AudioFacts): AudioStatus {
  const madeAt = recorded.at;
  const jobErrorType = job?.error ? (job.errorType ?? null) : null;
  if (job && (job.status === 'pending' || job.status === 'running'))
    return { state: 'queued', madeAt, message: pause ?? job.error ?? null, errorType: pause ? null : jobErrorType, reason: null };
  if (recorded.outcome === 'made' || recorded.outcome === 'skipped')
    return { state: recorded.outcome, madeAt, message: recorded.note, errorType: null, reason: recorded.reason ?? null };
  // A recorded failure is the newest audio job's, so its type is that job's.
  if (recorded.outcome === 'failed')
    return { state: 'failed', madeAt, message: recorded.note, errorType: job?.status === 'failed' ? jobErrorType : null, reason: null };
  if (job?.status === 'failed') return { state: 'failed', madeAt, message: job.error, errorType: jobErrorType, reason: null };
  return { state: 'none', madeAt, message: null, errorType: null, reason: null };
}
