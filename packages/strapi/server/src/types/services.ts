// The plugin's services, typed by hand as Strapi's i18n plugin types its own (types/services.ts):
// getService reads this map and imports no service, so no service's import reaches back to itself.
// Each service's factory is declared to return its interface here, so the two cannot drift apart.
import type {
  CircassianClient,
  ConcordanceHit,
  FuzzyMatch,
  FuzzyOptions,
  LanguagePair,
  MemoryFilter,
  MemoryOrigin,
  MemoryUnit,
  TranslationMemory,
} from '@circassian/core';
import type { Glossary, GlossaryEntry } from '@circassian/core/glossary';
import type { MemoryAuthor } from '../utils/memory-table';
import type { JobKind, JobStatus, PauseScope } from '../constants';
import type { PluginConfig } from '../config/schema';
import type { AudioMapping } from '../config/schema';
import type { AudioPlan } from '../utils/audio-plan';
import type { LocalePause } from '../utils/locale-pauses';
import type { StatusCounts, TranslationStatus } from '../utils/translation-status';
import type {
  AudioReason,
  FieldFlag,
  KeyCheck,
  GlossaryImport,
  TermProblemLine,
  LearningState,
  PauseState,
  PauseStates,
  QueueState,
} from '../../../shared/contracts/admin-api';
import type { AccessNeed, FieldAccess, FieldPaths, Refusal } from './access';
import type { AudioOutcome, Job, JobRequest, ReleaseOptions, Spent, TranslationOutcome, WorkItem } from './jobs';
import type { RunProgress, RunRow } from './runs';
import type { ResolvedContentType } from './settings';

export interface AccessService {
  /** The first need the admin's ability refuses, in the order given, or null when every one is allowed. */
  firstRefusal(userAbility: unknown, uid: string, needs: readonly AccessNeed[]): Promise<Refusal | null>;
  /** Of `fields`, those the admin's field lists allow for every need, and the rest. */
  fieldAccess(userAbility: unknown, uid: string, needs: readonly AccessNeed[], fields: readonly FieldPaths[]): FieldAccess;
}

/** What audio of an entry in a locale would be made now, and the settings it was read with. */
export interface PlannedAudio {
  plan: AudioPlan;
  mapping: AudioMapping;
  settings: ResolvedContentType;
  language: string;
}

export interface AudioService {
  record(job: Job, outcome: AudioOutcome, textHash?: string): Promise<void>;
  plan(contentType: string, documentId: string, locale: string): Promise<PlannedAudio | null>;
  run(job: Job): Promise<AudioOutcome>;
}

export interface BatchingService {
  /** The translation of each item's texts, by item; throws a service error for the worker to pause or retry. */
  translate(items: readonly WorkItem[]): Promise<Map<WorkItem, Map<string, string>>>;
  /** Texts of one entry translated now for one of its locales (the memory first; the spend recorded): text -> translation. */
  translateTexts(uid: string, documentId: string, locale: string, texts: readonly string[]): Promise<Map<string, string>>;
  /** "Translate into this locale": the source's text fields translated, for the edit form (nothing saved). */
  preview(
    uid: string,
    documentId: string,
    locale: string,
    only?: readonly string[],
  ): Promise<{ data: Record<string, unknown>; fields: string[]; handEdited: string[] }>;
}

export interface ClientService {
  get(): CircassianClient;
  share(instances: number): Promise<void>;
  close(): Promise<void>;
}

export interface InstancesService {
  beat(): Promise<number>;
  live(): number;
  leave(): Promise<void>;
}

export interface KeyCheckService {
  last(): Promise<KeyCheck | null>;
  remember(me: { name: string; prefix: string; limits: Record<string, number> }): Promise<KeyCheck>;
  check(): Promise<KeyCheck>;
}

/** documentId -> target locale -> status. */
export type EntryStatuses = Map<string, Map<string, TranslationStatus>>;

/** The translation memory in Strapi's database (services/memory.ts), with what a reviewer reads of it. */
export interface MemoryService extends TranslationMemory {
  /** The units a filter takes (but those of `without`'s origins), the most recently written first. */
  recent(filter: MemoryFilter, limit: number, offset?: number, without?: readonly MemoryOrigin[]): Promise<MemoryUnit[]>;
  /** Who wrote its translations (each unit's changer, else creator), with how many units and suggestions. */
  authors(): Promise<MemoryAuthor[]>;
  /**
   * The best near matches of `text` (core's percentage and order: fuzzy-similarity.ts,
   * SearchableTranslationMemory.fuzzy), read from candidates the database prefilters.
   */
  fuzzy(pair: LanguagePair, text: string, options?: FuzzyOptions): Promise<FuzzyMatch[]>;
  /** A concordance page: units holding `phrase` in either language, strongest then newest first, with their row ids and the total. */
  search(phrase: string, options: ConcordancePage): Promise<{ hits: Array<ConcordanceHit & { id: number }>; total: number }>;
  /** One unit by its row id (undefined when it is gone). */
  unitById(id: number): Promise<(MemoryUnit & { id: number }) | undefined>;
  /**
   * A person's new translation of one unit: it becomes a human unit written by `by` now (its
   * creator, creation, where, context and uses kept); undefined when the unit is gone.
   */
  editUnit(id: number, target: string, by: string): Promise<MemoryUnit | undefined>;
  /** Removes one unit by its row id; whether it was there. */
  removeUnit(id: number): Promise<boolean>;
}

/** Where a concordance page looks, for whom, and which page. */
export interface ConcordancePage {
  pair?: LanguagePair | undefined;
  /** Their own suggestions are found too; other people's never. */
  asker?: string | undefined;
  limit: number;
  offset: number;
}

export interface OverviewService {
  statuses(uid: string, documentIds: readonly string[]): Promise<EntryStatuses>;
  audioMissing(uid: string, documentIds: readonly string[]): Promise<Map<string, string[]>>;
  counts(uid: string): Promise<{ entries: number; locales: Record<string, StatusCounts>; audioMissing: Record<string, number> }>;
  queueState(): Promise<QueueState>;
}

export interface PausesService {
  pauseState(scope?: PauseScope): Promise<PauseState>;
  pauseStates(): Promise<PauseStates>;
  pause(state: PauseState, scope?: PauseScope): Promise<void>;
  resume(scopes?: readonly PauseScope[]): Promise<void>;
  localePauses(): Promise<LocalePause[]>;
  pauseLocale(pause: LocalePause): Promise<void>;
  resumeLocale(contentType: string, locale: string): Promise<void>;
  pausedKinds(): Promise<JobKind[]>;
}

export interface QueueService {
  enqueue(job: JobRequest): Promise<boolean>;
  claim(limit: number, paused?: readonly JobKind[], pausedLocales?: readonly LocalePause[]): Promise<Job[]>;
  extend(job: Job): Promise<void>;
  extendAll(held: readonly Job[]): Promise<void>;
  complete(job: Job): Promise<void>;
  skip(job: Job, reason?: string): Promise<void>;
  fail(job: Job, errorType: string, message: string): Promise<void>;
  release(job: Job, options?: ReleaseOptions): Promise<void>;
  counts(where?: Record<string, unknown>): Promise<Record<JobStatus, number>>;
  cancel(where: Record<string, unknown>): Promise<number>;
  list(where: Record<string, unknown>, limit?: number): Promise<Job[]>;
}

export interface RunsService {
  start(input: {
    contentType: string;
    locales: string[];
    audioLocales: string[];
    entries: number;
    startedBy: string;
    translateTotal?: number;
    audioTotal?: number;
  }): Promise<RunRow>;
  find(run: string): Promise<RunRow | null>;
  active(contentType: string, locales?: readonly string[]): Promise<RunRow | null>;
  list(contentType?: string, limit?: number): Promise<RunRow[]>;
  progress(run: RunRow): Promise<RunProgress>;
  cancel(run: RunRow): Promise<number>;
  cancelLocale(contentType: string, locale: string): Promise<number>;
  work(run: string): Promise<{ sentCharacters: number; instances: number }>;
}

export interface SettingsService {
  config(): PluginConfig;
  contentType(uid: string): ResolvedContentType | undefined;
  contentTypes(): ResolvedContentType[];
  hasKey(): boolean;
  languageOf(locale: string): string | undefined;
}

/** Today's use of each of the key's allowances, and when they start over. */
export interface TodaysUse {
  characters: number;
  audioSeconds: number;
  requests: number;
  resetsAt: string;
}

export interface SpendingService {
  /** Saves a job's partial result with what this step spent added to its counts. */
  saveResult(job: Job, result: Record<string, unknown>, spent?: Spent): Promise<void>;
  /** Records what work outside the queue spent, as a finished job. */
  recordSpend(job: { kind: JobKind; contentType: string; entryDocumentId: string; locale: string }, spent: Spent): Promise<void>;
  today(now?: number): Promise<TodaysUse>;
}

/** Where a target locale stands against its source, for the panel. */
export interface LocaleTranslationState {
  translatedAt: string | null;
  kept: string[];
  outdated: string[];
  flags: FieldFlag[];
  /** The glossary's term check of each translated field (the target's words as they stand now). */
  termProblems: TermProblemLine[];
  audio: { outcome: string | null; at: string | null; note: string | null; reason: AudioReason | null };
  /** What the translation memory learnt from the locale's last publish by someone other than the plugin. */
  learning: LearningState | null;
}

export interface TranslatorService {
  run(jobs: Job[]): Promise<TranslationOutcome>;
  status(uid: string, documentId: string, locale: string): Promise<LocaleTranslationState>;
  markReviewed(uid: string, documentId: string, locale: string): Promise<string[]>;
  estimate(
    uid: string,
    pairs: ReadonlyArray<{ documentId: string; locale: string }>,
  ): Promise<{ entries: number; characters: number; texts: number; memoryCharacters: number; memoryTexts: number; audioSeconds: number }>;
}

export interface WorkerService {
  start(): void;
  nudge(): void;
  stop(): Promise<void>;
}

export interface WriterService {
  /** Writes one job's target locale from the translations; returns the fields written. */
  write(item: WorkItem, translations: ReadonlyMap<string, string>): Promise<string[]>;
}

/** A glossary entry as the database keeps it: core's entry and its row id. */
export type StoredGlossaryEntry = GlossaryEntry & { readonly id: number };

/** The glossary in Strapi's database (services/glossary.ts). Bad entries and files throw core's GlossaryError, changing nothing. */
export interface GlossaryService {
  list(): Promise<StoredGlossaryEntry[]>;
  /** Core's Glossary of every entry now (read from the database: another instance may have changed it). */
  current(): Promise<Glossary>;
  add(entry: GlossaryEntry): Promise<StoredGlossaryEntry>;
  /** Undefined when the entry is gone. */
  edit(id: number, entry: GlossaryEntry): Promise<StoredGlossaryEntry | undefined>;
  remove(id: number): Promise<boolean>;
  /** Reads a whole TBX or CSV file, then merges it (an entry of the same term is replaced). */
  importFile(text: string, format: 'tbx' | 'csv'): Promise<GlossaryImport>;
  /** TBX (every entry, or a pair's) or the CSV of one pair. */
  exportFile(format: 'tbx' | 'csv', pair?: LanguagePair): Promise<string>;
}

/** The services by the name Strapi registers them under (services/index.ts). */
export interface Services {
  access: AccessService;
  audio: AudioService;
  batching: BatchingService;
  client: ClientService;
  glossary: GlossaryService;
  instances: InstancesService;
  keyCheck: KeyCheckService;
  memory: MemoryService;
  overview: OverviewService;
  pauses: PausesService;
  queue: QueueService;
  runs: RunsService;
  settings: SettingsService;
  spending: SpendingService;
  translator: TranslatorService;
  worker: WorkerService;
  writer: WriterService;
}
