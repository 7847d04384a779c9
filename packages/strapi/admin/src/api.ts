// The plugin's admin routes, as the admin panel calls them (with the editor's session; never the key).
import type { PauseState, PauseStates } from '../../shared/contracts/admin-api';

export type {
  Preview,
  LocaleStatus,
  EntryStatus,
  PauseState,
  PauseStates,
  KeyCheck,
  Usage,
  Settings,
  Estimate,
  KindProgress,
  RunStatus,
} from '../../shared/contracts/admin-api';
export const routes = {
  settings: () => `/circassian/settings`,
  status: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/status`,
  translate: (uid: string, documentId: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/translate`,
  audio: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/audio`,
  reviewed: (uid: string, documentId: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/reviewed`,
  preview: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/preview`,
};

export const adminRoutes = {
  testConnection: () => `/circassian/settings/test-connection`,
  pause: () => `/circassian/queue/pause`,
  resume: () => `/circassian/queue/resume`,
  estimate: (uid: string) => `/circassian/bulk/${encodeURIComponent(uid)}/estimate`,
  bulk: (uid: string) => `/circassian/bulk/${encodeURIComponent(uid)}`,
  run: (run: string) => `/circassian/runs/${encodeURIComponent(run)}`,
  runs: (uid: string) => `/circassian/runs?contentType=${encodeURIComponent(uid)}`,
  cancel: (run: string) => `/circassian/runs/${encodeURIComponent(run)}/cancel`,
};

const SCOPE_WORDS: Record<keyof PauseStates, string> = { all: 'All work', translate: 'Translation', audio: 'Audio' };

/** A pause in words: what waits, why, and until when in the admin's own time zone; null when it does not hold. */
export function describePause(pause: PauseState, scope: keyof PauseStates = 'all'): string | null {
  if (pause.byHand) return 'Paused by an administrator.';
  if (pause.pausedUntil && pause.pausedUntil > Date.now()) {
    const why =
      pause.message ?? (pause.reason === 'quota_exceeded' ? "Today's allowance of the key is used up." : 'The service refused the key.');
    return `${SCOPE_WORDS[scope]} paused until ${new Date(pause.pausedUntil).toLocaleString()}: ${why}`;
  }
  return null;
}

/** Every pause that holds now, in words. */
export function describePauses(pauses: PauseStates): string[] {
  return (Object.keys(SCOPE_WORDS) as Array<keyof PauseStates>)
    .map((scope) => describePause(pauses[scope], scope))
    .filter((line): line is string => line !== null);
}

/** A locale by the name i18n gives it ("Kabardian (East Circassian) (kbd)"), else its code. */
export const localeName = (code: string, names: Record<string, string> | undefined): string => names?.[code] ?? code;

/** The message of Strapi's standard error body (what the server said), or a general sentence. */
export function serverMessage(error: unknown): string {
  const message = (error as { response?: { data?: { error?: { message?: unknown } } } } | null)?.response?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : 'That did not work. Check that you may do this, then try again.';
}
