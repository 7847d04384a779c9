// An entry's translation in one target locale, in the words the edit-view panel, the Content
// Manager's "Translation" column and the bulk page's table share: in progress, failed, missing,
// outdated or translated. Pure: built from the jobs and the state row already read.
import type { LocaleStatus } from '../../../shared/contracts/admin-api';

export type TranslationStatus = LocaleStatus['status'];

export interface TranslationFacts {
  /** A translate job of this entry and locale waits or runs. */
  waiting: boolean;
  /** The newest translate job of this entry and locale failed. */
  latestFailed: boolean;
  /** When the plugin last translated this locale (null: never). */
  translatedAt: string | null;
  /** Source fields changed since that translation. */
  outdated: readonly string[];
}

/** Work in progress first, then a failure, then what the stored state says. */
export function translationStatus({ waiting, latestFailed, translatedAt, outdated }: TranslationFacts): TranslationStatus {
  if (waiting) return 'queued';
  if (latestFailed) return 'failed';
  if (outdated.length > 0) return 'outdated';
  return translatedAt ? 'translated' : 'not translated';
}

export type StatusCounts = Record<TranslationStatus, number>;

export const emptyCounts = (): StatusCounts => ({ queued: 0, failed: 0, outdated: 0, translated: 0, 'not translated': 0 });

/** Whether a bulk "translate what changed" sends this entry: anything not translated and not already on its way. */
export const needsTranslation = (status: TranslationStatus): boolean => status !== 'translated' && status !== 'queued';
