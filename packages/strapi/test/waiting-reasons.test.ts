// Why a bulk run's work waits, said once per reason (utils/waiting-reasons.ts).
import { describe, expect, it } from 'vitest';
import type { Job } from '../server/src/types/jobs';
import { waitingReasons } from '../server/src/utils/waiting-reasons';

const refused = "The service refused this for the key's translation characters, though the key has 12 of 3600 characters left today.";

describe('a run: why its work waits', () => {
  it('says each reason once with how many jobs and which locales it holds, most jobs first, and leaves out jobs that wait for nothing', () => {
    type Waiting = Pick<Job, 'kind' | 'locale' | 'error' | 'errorType'>;
    const quota = (locale: string): Waiting => ({ kind: 'translate', locale, errorType: 'quota_refused', error: refused });
    const jobs: Waiting[] = [
      ...Array.from({ length: 40 }, () => quota('kbd')),
      ...Array.from({ length: 26 }, () => quota('ady')),
      { kind: 'audio', locale: 'kbd', errorType: 'upstream_unavailable', error: 'The translation service is temporarily unavailable.' },
      { kind: 'translate', locale: 'kbd', errorType: null, error: null },
    ];
    expect(waitingReasons(jobs)).toEqual([
      { kind: 'translate', type: 'quota_refused', message: refused, jobs: 66, locales: ['kbd', 'ady'] },
      {
        kind: 'audio',
        type: 'upstream_unavailable',
        message: 'The translation service is temporarily unavailable.',
        jobs: 1,
        locales: ['kbd'],
      },
    ]);
  });
});
