// The plugin's admin routes, as the admin panel calls them (with the editor's session; never the key).
import type { PauseState, PauseStates } from '../../shared/contracts/admin-api';
import { dateTime, message, type Format } from './utils/messages';
import { errorWords } from './utils/error-words';

export type {
  Preview,
  TranslateAnswer,
  FieldFlag,
  LocaleStatus,
  LearningState,
  EntryStatus,
  PauseState,
  PauseStates,
  KeyCheck,
  Usage,
  Settings,
  Estimate,
  KindProgress,
  RunStatus,
  Overview,
  ContentTypeOverview,
  LocaleOverview,
  LocalePause,
  QueueState,
  ListStatuses,
  AudioAnswer,
  VoiceSetting,
  MemoryOverview,
  MemoryImport,
  MemoryReview,
  ReviewUnit,
  ConcordancePage,
  ConcordanceUnit,
  NearMatches,
  NearMatchSentence,
  ChangedSentences,
  ChangedSentencesWritten,
  GlossaryRow,
  GlossaryList,
  GlossaryImport,
  TermProblemLine,
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
  changedSentences: (uid: string, documentId: string, locale: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/changed-sentences?locale=${encodeURIComponent(locale)}`,
  translateChanged: (uid: string, documentId: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/translate-changed`,
  nearMatches: (uid: string, documentId: string) =>
    `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/near-matches`,
  statuses: (uid: string) => `/circassian/entries/${encodeURIComponent(uid)}/statuses`,
  voice: (uid: string, documentId: string) => `/circassian/entries/${encodeURIComponent(uid)}/${encodeURIComponent(documentId)}/voice`,
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
  overview: () => `/circassian/overview`,
  memory: () => `/circassian/memory`,
  memoryExport: () => `/circassian/memory/export`,
  memoryImport: () => `/circassian/memory/import`,
  memoryClear: () => `/circassian/memory/clear`,
  memoryReview: (query: string) => `/circassian/memory/review${query ? `?${query}` : ''}`,
  memoryAccept: () => `/circassian/memory/review/accept`,
  memoryRemoveBy: () => `/circassian/memory/review/remove`,
  memorySearch: (query: string) => `/circassian/memory/search?${query}`,
  memoryUnit: (id: number) => `/circassian/memory/units/${id}`,
  glossary: () => `/circassian/glossary`,
  glossaryEntry: (id: number) => `/circassian/glossary/${id}`,
  glossaryImport: () => `/circassian/glossary/import`,
  glossaryExport: (format: 'tbx' | 'csv', pair?: string) =>
    `/circassian/glossary/export?format=${format}${pair ? `&pair=${encodeURIComponent(pair)}` : ''}`,
  locale: (uid: string, locale: string, action: 'pause' | 'resume' | 'cancel') =>
    `/circassian/bulk/${encodeURIComponent(uid)}/locales/${encodeURIComponent(locale)}/${action}`,
};

const SCOPE_WORDS: Record<keyof PauseStates, ReturnType<typeof message>> = {
  all: message('pause.scope.all', 'All work'),
  translate: message('pause.scope.translate', 'Translation'),
  audio: message('pause.scope.audio', 'Audio'),
};

/** A spent allowance in words: which, its use today, and what waits (the server's English sentence, said in the admin's language). */
const ALLOWANCE_SHORT: Record<NonNullable<PauseState['allowance']>, ReturnType<typeof message>> = {
  characters: message(
    'pause.short.characters',
    "What is left of today's translation characters allowance of the key is not enough ({amount}). Translation waits; audio goes on until the daily reset.",
  ),
  audioSeconds: message(
    'pause.short.audioSeconds',
    "What is left of today's audio seconds allowance of the key is not enough ({amount}). Audio waits; translation goes on until the daily reset.",
  ),
  requests: message(
    'pause.short.requests',
    "What is left of today's requests allowance of the key is not enough ({amount}). All work waits until the daily reset.",
  ),
};

const ALLOWANCE_SPENT: Record<NonNullable<PauseState['allowance']>, ReturnType<typeof message>> = {
  characters: message(
    'pause.allowance.characters',
    "Today's translation characters allowance of the key is used up ({amount}). Translation waits; audio goes on until the daily reset.",
  ),
  audioSeconds: message(
    'pause.allowance.audioSeconds',
    "Today's audio seconds allowance of the key is used up ({amount}). Audio waits; translation goes on until the daily reset.",
  ),
  requests: message(
    'pause.allowance.requests',
    "Today's requests allowance of the key is used up ({amount}). All work waits until the daily reset.",
  ),
};

const ALLOWANCE_UNIT: Record<NonNullable<PauseState['allowance']>, ReturnType<typeof message>> = {
  characters: message('unit.characters', 'characters'),
  audioSeconds: message('unit.seconds', 's'),
  requests: message('unit.requests', 'requests'),
};

function allowanceSpent(t: Format, pause: PauseState): string | null {
  if (!pause.allowance || typeof pause.used !== 'number') return null;
  const values = { used: Math.round(pause.used * 10) / 10, limit: pause.limit ?? 0, unit: t(ALLOWANCE_UNIT[pause.allowance]) };
  // Not spent, but less left than the work asked for: said as "not enough", with what it needed.
  if (typeof pause.needed === 'number' && typeof pause.limit === 'number')
    return t(ALLOWANCE_SHORT[pause.allowance], {
      amount: t(message('pause.amount.needed', '{used} of {limit} {unit} used today, this needs {needed}'), {
        ...values,
        needed: Math.round(pause.needed * 10) / 10,
      }),
    });
  const amount =
    typeof pause.limit === 'number'
      ? t(message('pause.amount.limit', '{used} of {limit} {unit} used today'), values)
      : t(message('pause.amount.plugin', '{used} {unit} used today by this plugin'), values);
  return t(ALLOWANCE_SPENT[pause.allowance], { amount });
}

/** A pause in words: what waits, why, and until when in the admin's own time zone; null when it does not hold. */
export function describePause(t: Format, pause: PauseState, scope: keyof PauseStates = 'all'): string | null {
  if (pause.byHand) return t(message('pause.byHand', 'Paused by an administrator.'));
  if (pause.pausedUntil && pause.pausedUntil > Date.now()) {
    const why =
      allowanceSpent(t, pause) ??
      (pause.message ? errorWords(t, pause.reason, pause.message) : null) ??
      (pause.reason === 'quota_exceeded'
        ? t(message('pause.quota', "Today's allowance of the key is used up."))
        : t(message('pause.key', 'The service refused the key.')));
    return t(message('pause.until', '{what} paused until {until}: {why}'), {
      what: t(SCOPE_WORDS[scope]),
      until: dateTime(t, pause.pausedUntil),
      why,
    });
  }
  return null;
}

/** Every pause that holds now, in words. */
export function describePauses(t: Format, pauses: PauseStates): string[] {
  return (Object.keys(SCOPE_WORDS) as Array<keyof PauseStates>)
    .map((scope) => describePause(t, pauses[scope], scope))
    .filter((line): line is string => line !== null);
}

/** A locale by the name i18n gives it ("Kabardian (East Circassian) (kbd)"), else its code. */
export const localeName = (code: string, names: Record<string, string> | undefined): string => names?.[code] ?? code;

/** Whether a request was refused for the admin's role (403). */
export function isForbidden(error: unknown): boolean {
  const response = (error as { response?: { status?: unknown; data?: { error?: { status?: unknown } } } } | null)?.response;
  return response?.status === 403 || response?.data?.error?.status === 403;
}

/** The message of Strapi's standard error body (what the server said), or a general sentence. */
export function serverMessage(t: Format, error: unknown): string {
  const body = (error as { response?: { data?: { error?: { message?: unknown; details?: { type?: unknown } } } } } | null)?.response?.data
    ?.error;
  const said = body?.message;
  const type = body?.details?.type;
  return typeof said === 'string' && said !== ''
    ? errorWords(t, typeof type === 'string' ? type : null, said)
    : t(message('error.general', 'That did not work. Check that you may do this, then try again.'));
}
