// Pauses of one content type in one target locale (the bulk page's per-locale Pause): that
// locale's jobs of that type wait, every other locale and type goes on. They sit beside the
// queue-wide pause and the allowance pauses, which stay as they are.
import type { LocalePause } from '../../../shared/contracts/admin-api';

export type { LocalePause };

export const isLocalePaused = (pauses: readonly LocalePause[], contentType: string, locale: string): boolean =>
  pauses.some((pause) => pause.contentType === contentType && pause.locale === locale);

/** The list with this content type and locale paused (once). */
export const withLocalePaused = (pauses: readonly LocalePause[], pause: LocalePause): LocalePause[] =>
  isLocalePaused(pauses, pause.contentType, pause.locale) ? [...pauses] : [...pauses, pause];

/** The list with this content type and locale going again. */
export const withoutLocalePause = (pauses: readonly LocalePause[], contentType: string, locale: string): LocalePause[] =>
  pauses.filter((pause) => pause.contentType !== contentType || pause.locale !== locale);

/** Query conditions (Strapi's query engine) that leave out the jobs of every paused content type and locale. */
export const outsidePausedLocales = (pauses: readonly LocalePause[]): Array<Record<string, unknown>> =>
  pauses.map((pause) => ({ $or: [{ contentType: { $ne: pause.contentType } }, { locale: { $ne: pause.locale } }] }));
