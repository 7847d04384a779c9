import { describe, expect, it } from 'vitest';
import { needsTranslation, translationStatus } from '../server/src/utils/translation-status';
import { isLocalePaused, outsidePausedLocales, withLocalePaused, withoutLocalePause } from '../server/src/utils/locale-pauses';

const facts = { waiting: false, latestFailed: false, translatedAt: '2026-01-01T00:00:00.000Z', outdated: [] as string[] };

describe("an entry's translation status in one locale", () => {
  it('is in progress while a job waits, whatever the state says', () => {
    expect(translationStatus({ ...facts, waiting: true, latestFailed: true, outdated: ['title'] })).toBe('queued');
  });
  it('is failed when the newest job failed', () => {
    expect(translationStatus({ ...facts, latestFailed: true })).toBe('failed');
  });
  it('is outdated when source fields changed since the translation', () => {
    expect(translationStatus({ ...facts, outdated: ['title'] })).toBe('outdated');
  });
  it('is translated or, never translated, missing', () => {
    expect(translationStatus(facts)).toBe('translated');
    expect(translationStatus({ ...facts, translatedAt: null })).toBe('not translated');
  });
  it('is sent by a run of what changed unless translated or already on its way', () => {
    expect(['not translated', 'outdated', 'failed', 'translated', 'queued'].filter((status) => needsTranslation(status as never))).toEqual([
      'not translated',
      'outdated',
      'failed',
    ]);
  });
});

describe('pauses of one content type in one locale', () => {
  const kbd = { contentType: 'api::article.article', locale: 'kbd', by: 'admin #1', at: '2026-01-01T00:00:00.000Z' };
  it('are added once and removed by content type and locale', () => {
    const paused = withLocalePaused(withLocalePaused([], kbd), kbd);
    expect(paused).toEqual([kbd]);
    expect(isLocalePaused(paused, 'api::article.article', 'kbd')).toBe(true);
    expect(isLocalePaused(paused, 'api::article.article', 'ady')).toBe(false);
    expect(isLocalePaused(paused, 'api::note.note', 'kbd')).toBe(false);
    expect(withoutLocalePause(paused, 'api::article.article', 'kbd')).toEqual([]);
  });
  it('leave out only that content type in that locale from a claim', () => {
    expect(outsidePausedLocales([kbd])).toEqual([{ $or: [{ contentType: { $ne: 'api::article.article' } }, { locale: { $ne: 'kbd' } }] }]);
  });
});
