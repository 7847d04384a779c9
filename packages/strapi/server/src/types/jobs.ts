// A queued job as the services pass it around, and what running one gives back.
import type { DocumentData, Schema } from '../strapi';
import type { JobKind, JobStatus } from '../constants';
import type { FieldsPlan, TranslationState } from '../translation/planner';
import type { AudioReason } from '../../../shared/contracts/admin-api';
import type { ResolvedContentType } from './settings';

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

/** Work to queue: one kind of job for one entry in one target locale. */
export interface JobRequest {
  kind: JobKind;
  contentType: string;
  entryDocumentId: string;
  locale: string;
  bulkRun?: string;
  /** This run replaces target fields edited by hand (an editor's confirmed re-translation). */
  force?: boolean;
  /** Who confirmed `force`, for the log. */
  forcedBy?: string;
  /** Only these fields are written (the asking admin's field lists withhold the others). */
  fields?: readonly string[];
  /** Why the job waits for someone else (the saving admin's role may not write its locale): it is held, not run. */
  heldBecause?: string;
}

/** How a job goes back to wait: `retryInMs` delays it, `countAttempt: false` undoes the claim's count. */
export interface ReleaseOptions {
  retryInMs?: number;
  /** The service failed this job (an error worth retrying): one more attempt counted. Claims, kills and pauses count none. */
  failed?: boolean;
  errorType?: string;
  message?: string;
}

/** What one step of a job spent of the key's allowances. */
export interface Spent {
  sentChars?: number;
  usedChars?: number;
  audioSeconds?: number;
  requests?: number;
}

/** One job's plan: what goes to the service and how the target is built afterwards. */
export interface WorkItem extends FieldsPlan {
  job: Job;
  settings: ResolvedContentType;
  schema: Schema;
  source: DocumentData;
  target: DocumentData | null;
  state: TranslationState;
  language: string;
}

/** A claimed group of translate jobs, run: written, with nothing to do, or failed each with its error. */
export interface TranslationOutcome {
  done: Job[];
  skipped: Job[];
  failed: Array<{ job: Job; error: Error }>;
}

/** What became of one audio job, kept per entry and locale for the edit-view panel. */
export interface AudioOutcome {
  outcome: 'made' | 'skipped' | 'failed';
  /** Why it was skipped or failed, in an editor's words. */
  note?: string;
  /** Why it was skipped, for the admin to say in the editor's language. */
  reason?: AudioReason;
}
