// The plugin's admin routes, as the admin panel calls them (with the editor's session; never the key).
export const routes = {
  settings: () => `/circassian/settings`,
  status: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/status`,
  translate: (uid: string, documentId: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/translate`,
  audio: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/audio`,
};

export interface LocaleStatus {
  locale: string;
  status: 'queued' | 'failed' | 'outdated' | 'translated' | 'not translated';
  /** Whether this admin's role lets the plugin translate (and voice) this locale of the entry. */
  mayTranslate: boolean;
  /** Whether this locale gets audio. */
  audio: boolean;
  translatedAt: string | null;
  keptByHand: string[];
  outdatedFields: string[];
  error: string | null;
}

export interface EntryStatus {
  sourceLocale: string;
  locales: LocaleStatus[];
  queue: { pause: PauseState };
}

export const adminRoutes = {
  pause: () => `/circassian/queue/pause`,
  resume: () => `/circassian/queue/resume`,
  estimate: (uid: string) => `/circassian/bulk/${encodeURIComponent(uid)}/estimate`,
  bulk: (uid: string) => `/circassian/bulk/${encodeURIComponent(uid)}`,
  run: (run: string) => `/circassian/runs/${encodeURIComponent(run)}`,
  cancel: (run: string) => `/circassian/runs/${encodeURIComponent(run)}/cancel`,
};

export interface PauseState {
  pausedUntil: number | null;
  reason: string | null;
  byHand: boolean;
}

export interface Settings {
  configured: boolean;
  key: { name: string; prefix: string; limits: Record<string, number> } | null;
  keyError: string | null;
  contentTypes: Array<{
    uid: string;
    sourceLocale: string;
    targetLocales: string[];
    audio: Array<{ from: string; to: string; locales: string[] }>;
  }>;
  queue: { counts: Record<string, number>; pause: PauseState };
}

export interface Estimate {
  entries: number;
  characters: number;
  texts: number;
  locales: string[];
  estimatedQuotaCharacters: number;
}

export interface RunStatus {
  run: string;
  counts: Record<string, number>;
  total: number;
  finished: boolean;
  sentCharacters: number;
  errors: Array<{ entry: string; locale: string; kind: string; type: string | null; message: string | null }>;
  pause: PauseState;
}

/** A pause in words: why and until when. */
export function describePause(pause: PauseState): string | null {
  if (pause.byHand) return 'Paused by an administrator.';
  if (pause.pausedUntil && pause.pausedUntil > Date.now()) {
    const why = pause.reason === 'quota_exceeded' ? "Today's allowance of the key is used up" : 'The service refused the key';
    return `${why}; paused until ${new Date(pause.pausedUntil).toLocaleString()}.`;
  }
  return null;
}

/** The message of Strapi's standard error body (what the server said), or a general sentence. */
export function serverMessage(error: unknown): string {
  const message = (error as { response?: { data?: { error?: { message?: unknown } } } } | null)?.response?.data?.error?.message;
  return typeof message === 'string' && message !== '' ? message : 'That did not work. Check that you may do this, then try again.';
}
