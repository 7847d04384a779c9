// The plugin's admin routes, as the admin panel calls them (with the editor's session; never the key).
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

/** "Translate into this locale": the translated text fields, to put in the edit form unsaved. */
export interface Preview {
  data: Record<string, unknown>;
  fields: string[];
}

export interface LocaleStatus {
  locale: string;
  status: 'queued' | 'failed' | 'outdated' | 'translated' | 'not translated';
  /** Whether this admin's role lets the plugin translate (and voice) this locale of the entry. */
  mayTranslate: boolean;
  /** Whether this locale gets audio. */
  audio: boolean;
  /** This locale's audio (null where it gets none): none, queued, made, failed or skipped, with why. */
  audioStatus: { state: 'none' | 'queued' | 'made' | 'failed' | 'skipped'; madeAt: string | null; message: string | null } | null;
  translatedAt: string | null;
  keptByHand: string[];
  outdatedFields: string[];
  error: string | null;
}

export interface EntryStatus {
  sourceLocale: string;
  locales: LocaleStatus[];
  queue: { pause: PauseState; pauses: PauseStates };
}

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

export interface PauseState {
  pausedUntil: number | null;
  reason: string | null;
  byHand: boolean;
  /** The allowance that ran out, and the sentence naming it with its use (a quota pause). */
  allowance?: 'characters' | 'audioSeconds' | 'requests' | null;
  message?: string | null;
}

/** The whole queue's pause and each kind's own (its allowance spent). */
export type PauseStates = Record<'all' | 'translate' | 'audio', PauseState>;

export interface KeyCheck {
  ok: boolean;
  name?: string;
  prefix?: string;
  limits?: Record<string, number>;
  error?: string;
  checkedAt: string;
}

/** Today's use of each allowance, counted by the plugin, and when the service's day starts over. */
export interface Usage {
  characters: number;
  audioSeconds: number;
  requests: number;
  resetsAt: string;
}

export interface Settings {
  configured: boolean;
  /** The key as the last "Test connection" found it (from Strapi's database; the page never asks the service). */
  key: KeyCheck | null;
  usage: Usage;
  contentTypes: Array<{
    uid: string;
    sourceLocale: string;
    targetLocales: string[];
    audio: Array<{ from: string; to: string; locales: string[] }>;
  }>;
  queue: { counts: Record<string, number>; pause: PauseState; pauses: PauseStates };
}

export interface Estimate {
  entries: number;
  characters: number;
  texts: number;
  locales: string[];
  estimatedQuotaCharacters: number;
}

/** One kind of job in a run: each status counted apart, against the total fixed at the start. */
export type KindProgress = Record<'pending' | 'running' | 'done' | 'skipped' | 'failed' | 'cancelled', number> & {
  total: number;
  /** Audio only: locales whose audio was never queued (their target is not published, with audio on publish). */
  notQueued: number;
};

export interface RunStatus {
  run: string;
  contentType: string;
  displayName: string;
  locales: string[];
  state: 'active' | 'cancelled' | 'finished';
  startedAt: string | null;
  startedBy: string | null;
  endedAt: string | null;
  translate: KindProgress;
  audio: KindProgress;
  counts: Record<string, number>;
  total: number;
  finished: boolean;
  sentCharacters: number;
  errors: Array<{ entry: string; locale: string; kind: string; type: string | null; message: string | null }>;
  pause: PauseState;
  pauses: PauseStates;
}

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

/** The message of Strapi's standard error body (what the server said), or a general sentence. */
export function serverMessage(error: unknown): string {
  const message = (error as { response?: { data?: { error?: { message?: unknown } } } } | null)?.response?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : 'That did not work. Check that you may do this, then try again.';
}
