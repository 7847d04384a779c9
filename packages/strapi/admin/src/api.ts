// The plugin's admin routes, as the admin panel calls them (with the editor's session; never the key).
export const routes = {
  settings: () => `/circassian/settings`,
  status: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/status`,
  translate: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/translate`,
  audio: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/audio`,
};

export interface LocaleStatus {
  locale: string;
  status: 'queued' | 'failed' | 'outdated' | 'translated' | 'not translated';
  translatedAt: string | null;
  keptByHand: string[];
  outdatedFields: string[];
  error: string | null;
}

export interface EntryStatus {
  sourceLocale: string;
  locales: LocaleStatus[];
  queue: { pause: { pausedUntil: number | null; reason: string | null; byHand: boolean } };
}
