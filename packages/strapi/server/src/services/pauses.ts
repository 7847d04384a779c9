// Pauses: of the whole queue (by hand, a refused key, daily requests spent), of one kind of job
// (its allowance spent) and of one content type in one target locale (an administrator on the
// bulk page). Each is a row in the plugin store, so every instance sharing the database sees it.
import { PAUSE_SCOPES, type JobKind, type PauseScope } from '../constants';
import { PLUGIN_ID, type Strapi } from '../strapi';
import type { PauseState, PauseStates } from '../../../shared/contracts/admin-api';
import type { PausesService } from '../types/services';
import { withLocalePaused, withoutLocalePause, type LocalePause } from '../utils/locale-pauses';
import { NOT_PAUSED, isActive } from '../utils/pause-state';

/** The store key of the per content type and locale pauses (one list, read by every instance). */
const LOCALE_PAUSES_KEY = 'pause:locales';

/** The store key of a scope's pause; the whole queue keeps the key it always had. */
const pauseKey = (scope: PauseScope): string => (scope === 'all' ? 'pause' : `pause:${scope}`);

export default ({ strapi }: { strapi: Strapi }): PausesService => {
  const store = () => strapi.store({ type: 'plugin', name: PLUGIN_ID });

  return {
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
  };
};
