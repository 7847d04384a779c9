// A bulk run as stored (`circassian_bulk_runs`) and its progress.
import type { JobStatus } from '../constants';

export interface RunRow {
  id: number;
  run: string;
  contentType: string;
  locales: string[];
  audioLocales: string[];
  entries: number;
  translateTotal: number;
  audioTotal: number;
  state: 'active' | 'cancelled' | 'finished';
  startedBy: string | null;
  startedAt: string | null;
  endedAt: string | null;
}

export type KindProgress = Record<JobStatus, number> & {
  total: number;
  /** Audio only: target locales whose audio was never queued (their target is not published, with audio on publish). */
  notQueued: number;
};

export interface RunProgress {
  run: RunRow;
  translate: KindProgress;
  audio: KindProgress;
  finished: boolean;
}
