// The admin API's request and response shapes, shared by the server (which answers them) and the
// admin panel (which reads them), as Strapi's own plugins share theirs through shared/contracts.

/** "Translate into this locale": the translated text fields, to put in the edit form unsaved. */
export interface Preview {
  data: Record<string, unknown>;
  fields: string[];
  /** Of `fields`, those whose saved value in the target is someone's own words (not what the plugin wrote). */
  handEdited: string[];
  /** Fields the admin's role may not read in the source or edit in the target: not sent, not filled. */
  withheld: string[];
}

/** "Translate now": the locales queued, and per locale the fields left out because the role may not read or edit them. */
export interface TranslateAnswer {
  queued: string[];
  withheld: Record<string, string[]>;
  /** Of the queued locales, those translated and up to date: their jobs find nothing to send (the panel says so). */
  upToDate: string[];
}

/**
 * A text field written otherwise than translated, by its dotted path: cut to its maxLength, the
 * source kept where the translation broke its minLength or regex, or sentences kept as written
 * because their links or formatting did not come back. `reason` is the English; the admin says it
 * from `code` and `limit`.
 */
export interface FieldFlag {
  readonly field: string;
  readonly code: 'maxLength' | 'minLength' | 'regex' | 'markers';
  readonly limit?: number | string;
  readonly reason: string;
}

export interface LocaleStatus {
  locale: string;
  status: 'queued' | 'failed' | 'outdated' | 'translated' | 'not translated';
  /** Whether this admin's role lets the plugin translate (and voice) this locale of the entry. */
  mayTranslate: boolean;
  /** Whether this locale gets audio. */
  audio: boolean;
  /** This locale's audio (null where it gets none): none, queued, made, failed or skipped, with why. */
  audioStatus: {
    state: 'none' | 'queued' | 'made' | 'failed' | 'skipped';
    madeAt: string | null;
    message: string | null;
    /** The error type behind a failure or a wait (`message` is its English), for the admin's own words. */
    errorType?: string | null;
    /** Why no audio was made, for the admin to say in the editor's language (`message` is its English). */
    reason?: AudioReason | null;
  } | null;
  translatedAt: string | null;
  keptByHand: string[];
  outdatedFields: string[];
  /** Fields of the last translation written otherwise than translated (fitted to a constraint, or kept), field by field. */
  fieldFlags: FieldFlag[];
  /** The glossary's term problems of the fields this admin may read (none when they may not read the locale). */
  termProblems?: TermProblemLine[];
  error: string | null;
  /** The error type behind `error` (a service error's, the queue's pause's), for the admin's own words. */
  errorType?: string | null;
  /** What the translation memory learnt from this locale's last publish by someone other than the plugin (null: nothing yet). */
  learning?: LearningState | null;
}

/** What the translation memory did with the corrections of a target locale's last publish. */
export interface LearningState {
  /** When the publish was learnt from (ISO 8601). */
  at: string;
  /** Who published: an admin's e-mail, `api-token:<name>`, `user:<username>`, `public` or `code`. */
  by: string;
  /** Corrected sentences taught (everyone gets them back). */
  taught: number;
  /** Corrected sentences kept as the publisher's suggestions: their role may not teach the memory (a reviewer accepts them). */
  suggested: number;
  /** Why nothing could be learnt (the memory could not be read or written), or null. */
  error: string | null;
}

export interface EntryStatus {
  sourceLocale: string;
  /** Whether the admin's role holds the plugin's translate permission (the panel's buttons need it). */
  mayAct: boolean;
  /** Each locale's name as i18n shows it, by code. */
  localeNames: Record<string, string>;
  locales: LocaleStatus[];
  queue: { pause: PauseState; pauses: PauseStates };
  /** The entry's own voice and speed (shared by its audio locales), and the voices to choose from. */
  voice: VoiceSetting;
  voices: Array<{ id: string; title: string }>;
}

/** Why audio of a locale is not made: no version in that locale, no text in the fields it reads, or the text unchanged. */
export type AudioSkipReason = 'no-version' | 'no-text' | 'unchanged';

export interface AudioReason {
  reason: AudioSkipReason;
  /** The fields read, where they have no text. */
  fields?: string[];
}

export interface PauseState {
  pausedUntil: number | null;
  reason: string | null;
  byHand: boolean;
  /** The allowance that ran out, and the sentence naming it with its use (a quota pause). */
  allowance?: 'characters' | 'audioSeconds' | 'requests' | null;
  message?: string | null;
  /** That allowance's use today and the key's daily limit of it (when the service said), for the admin's own words. */
  used?: number | null;
  limit?: number | null;
  /** What the refused request needed (the service's message says it), where less than that was left. */
  needed?: number | null;
}

/** The whole queue's pause and each kind's own (its allowance spent). */
export type PauseStates = Record<'all' | 'translate' | 'audio', PauseState>;

/** One content type paused in one target locale by an administrator (the bulk page's per-locale Pause). */
export interface LocalePause {
  contentType: string;
  locale: string;
  /** Who paused it, for the page ("admin #1 (editor@example.com)"). */
  by: string | null;
  at: string;
}

/** The queue as the bulk page always shows it: what waits and works, and every pause that holds. */
export interface QueueState {
  waiting: number;
  working: number;
  pauses: PauseStates;
  localePauses: LocalePause[];
}

/** One target locale of a content type in the bulk page's table. */
export interface LocaleOverview {
  locale: string;
  /** Entries per status: missing ("not translated"), outdated, translated, in progress ("queued"), failed. */
  counts: Record<LocaleStatus['status'], number>;
  /** Entries translated there whose audio was never made because its job was cancelled ("missing audio"). */
  audioMissing: number;
  paused: LocalePause | null;
  /** A bulk run covering this locale is going (its Translate waits for its end). */
  activeRun: string | null;
}

export interface ContentTypeOverview {
  uid: string;
  displayName: string;
  sourceLocale: string;
  entries: number;
  locales: LocaleOverview[];
}

/** The bulk page's table of content type x locale, with the queue's state. */
export interface Overview {
  /** Whether the admin's role may pause and resume the whole queue (every content type's work in every locale). */
  mayControlQueue: boolean;
  contentTypes: ContentTypeOverview[];
  localeNames: Record<string, string>;
  queue: QueueState;
}

/** The Content Manager list view's "Translation" column: each listed entry's status per target locale. */
export interface ListStatuses {
  sourceLocale: string;
  localeNames: Record<string, string>;
  entries: Record<string, Array<{ locale: string; status: LocaleStatus['status'] }>>;
}

export interface KeyCheck {
  ok: boolean;
  name?: string;
  prefix?: string;
  limits?: Record<string, number>;
  error?: string;
  /** The service's error type behind `error`, for the admin's own words. */
  errorType?: string;
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
  /** Whether the admin's role may pause and resume the whole queue (the bulk permission, and every locale's work). */
  mayControlQueue: boolean;
  configured: boolean;
  /** The key as the last "Test connection" found it (from Strapi's database; the page never asks the service). */
  key: KeyCheck | null;
  usage: Usage;
  localeNames: Record<string, string>;
  contentTypes: Array<{
    uid: string;
    displayName: string;
    translateOn: 'save' | 'publish';
    audioOn: 'save' | 'publish';
    sourceLocale: string;
    targetLocales: string[];
    audio: Array<{ from: string | string[]; to: string; locales: string[] }>;
  }>;
  queue: { counts: Record<string, number>; pause: PauseState; pauses: PauseStates };
  /** The audio files this server makes: MP3 where it has an encoder (`lame` or `ffmpeg`), else WAV. */
  audioFormat: { format: 'mp3' | 'wav'; encoder: 'lame' | 'ffmpeg' | null };
}

/** The settings page's translation memory: units per language pair, by origin. */
export interface MemoryOverview {
  stats: {
    units: number;
    savedCharacters: number;
    pairs: ReadonlyArray<{
      source: string;
      target: string;
      units: number;
      /** Units everyone gets back, by who wrote them: the service, a person, a person approved by a reviewer. */
      byOrigin: { machine: number; human: number; reviewed: number };
      /** Corrections by people who may not teach, waiting for a reviewer. */
      suggestions: number;
      savedCharacters: number;
    }>;
  };
  /** Whether the admin's role may export, import and clear the memory (`plugin::circassian.memory`). */
  mayManage: boolean;
}

/** What a TMX import did. */
export interface MemoryImport {
  read: number;
  stored: number;
  /** Machine units not stored over a person's translation. */
  keptHuman: number;
  /** Human units not stored over a reviewed translation: an import never replaces a reviewed unit with a human one. */
  keptReviewed: number;
  /** Units not stored because the memory's unit of the same origin is newer. */
  keptNewer: number;
  /** Reviewed units replaced by newer reviewed units from the file. */
  replacedReviewed: number;
  skipped: Record<string, number>;
}

export interface Estimate {
  entries: number;
  /** Characters to send: what the translation memory does not already know. */
  characters: number;
  texts: number;
  /** Characters (and texts) the translation memory answers: no request, nothing spent. */
  memoryCharacters: number;
  memoryTexts: number;
  locales: string[];
  estimatedQuotaCharacters: number;
  /** About how many seconds of audio the run would make (audio follows a changed translation). */
  audioSeconds: number;
  /** Today's use of each allowance as the plugin counted it, and the key's limits as last seen (none before a Test connection). */
  usage: Usage;
  limits: Record<string, number>;
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
  /** Why work of the run waits (jobs released with an error, tried again later), once per reason. */
  waiting: Array<{ kind: string; type: string | null; message: string; jobs: number; locales: string[] }>;
  pause: PauseState;
  pauses: PauseStates;
}

/** "Generate audio": the locales queued, and those where nothing would be made, with why. */
export interface AudioAnswer {
  queued: string[];
  notQueued: Array<AudioReason & { locale: string; message: string }>;
}

/** The entry's own voice and speed for its audio (null: the configured ones), and the voices the service has. */
export interface VoiceSetting {
  voice: string | null;
  speed: number | null;
}

/** A unit of the translation memory as a reviewer sees it: what it says, who wrote it, when and where. */
export interface ReviewUnit {
  sourceLang: string;
  targetLang: string;
  source: string;
  target: string;
  origin: 'machine' | 'human' | 'reviewed';
  /** A correction by someone who may not teach: it answers only them until accepted. */
  suggestion: boolean;
  creator: string | null;
  changer: string | null;
  created: string;
  changed: string | null;
  /** Where it was made (`api::article.article:<documentId>`), when it was learnt from an entry. */
  where: string | null;
  /** That entry as a reviewer reads it (`Article “Title”`), on the memory's own pages only. */
  whereLabel?: string;
  context: string | null;
  usageCount: number;
}

/** The reviewer's list: the units a filter takes, most recently written first, and who wrote the memory's translations. */
export interface MemoryReview {
  units: ReviewUnit[];
  /** Whether more units follow (ask again from `offset + units.length`). */
  more: boolean;
  people: Array<{ by: string; units: number; suggestions: number }>;
}

/** A unit in the memory section: the reviewer's fields, its row id (to edit or delete it) and where the phrase was found. */
export interface ConcordanceUnit extends ReviewUnit {
  id: number;
  foundIn: 'source' | 'target' | 'both';
}

/** A concordance page: units holding the phrase, strongest then newest first. */
export interface ConcordancePage {
  units: ConcordanceUnit[];
  /** Units found in all (ask again from `offset + units.length` while fewer are shown). */
  total: number;
  /** Whether the admin's role may edit and delete units (`plugin::circassian.memory`); the server refuses them otherwise. */
  mayManage: boolean;
}

/** Near matches of one sentence of a field that the memory has no exact unit for. */
export interface NearMatchSentence {
  /** The source sentence, as the translation sends it. */
  source: string;
  /** Whether the sentence is its field's whole text (a chosen match may then fill an empty field). */
  whole: boolean;
  matches: Array<{ percent: number; unit: ReviewUnit }>;
}

/** The entry's near matches for one target locale, per field that has any. */
/** Review by sentence (GET .../changed-sentences): the viewed locale's hand-edited fields whose source changed. */
export interface ChangedSentences {
  locale: string;
  fields: Array<{
    field: string;
    /** null: the field gained or lost sentences, and can only be kept or replaced whole. */
    sentences: Array<{
      sourceIndex: number;
      targetIndex: number;
      before: string | null;
      now: string;
      kept: string;
      editedByHand: boolean;
    }> | null;
  }>;
}

/** "Translate only the changed sentences" (POST .../translate-changed): per field, how many sentences were written into the draft. */
export interface ChangedSentencesWritten {
  locale: string;
  written: Array<{ field: string; sentences: number }>;
}

export interface NearMatches {
  locale: string;
  fields: Array<{ field: string; sentences: NearMatchSentence[] }>;
  /** Fields left out because the role may not read them in the source or edit them in the target. */
  withheld: string[];
}

/** One glossary entry as the settings page lists it (core's GlossaryEntry and its row id). */
export interface GlossaryRow {
  id: number;
  sourceLang: string;
  targetLang: string;
  type: 'keep' | 'translate' | 'forbidden' | 'say';
  source: string;
  target: string;
  note?: string;
  partOfSpeech?: string;
  caseSensitive?: boolean;
  stem?: boolean;
}

/** The glossary (Settings > Circassian > Glossary). */
export interface GlossaryList {
  entries: GlossaryRow[];
}

/** What a glossary import did: entries read from the file, new ones, ones that replaced an entry of the same term, concepts skipped (TBX). */
export interface GlossaryImport {
  read: number;
  added: number;
  replaced: number;
  skipped: number;
}

/** A term problem of one translated field (core's term check of the source field and the target field). */
export interface TermProblemLine {
  field: string;
  kind: 'missing' | 'forbidden';
  /** The glossary's term (a forbidden word: as the target wrote it). */
  term: string;
  /** The agreed form, for a missing term. */
  agreed?: string;
  note?: string;
}
