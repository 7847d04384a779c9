// The plugin's configuration (`config/plugins.ts` under `circassian`), its defaults, and the
// validation (yup schemas in ./validate) that turns a mistake into one clear sentence at start.
import { credentialsFromEnvironment, DEFAULT_SPEECH_STORE_LIMITS } from '@circassian/core';
import { configSchema, contentTypeSchema, validateWith } from './validate';

/** What happens to one field of a source entry in each target locale. */
export type FieldDirective = 'translate' | 'copy' | 'skip';
export const FIELD_DIRECTIVES: readonly FieldDirective[] = ['translate', 'copy', 'skip'];

export interface AudioMapping {
  /** The text field read aloud (string, text, rich text or blocks), or several read in this order with a pause between them. */
  from: string | string[];
  /** The single media field the WAV goes into. */
  to: string;
  /** Locales that get audio; each must be a speech language (kbd, ady, ru, en). */
  locales: string[];
  /** `male` or `female` (default `male`). */
  voice?: string;
  /** 0.2 (exclusive) to 2.0; the service's default is 0.85. */
  speed?: number;
}

export interface ContentTypeSettings {
  /** The locale editors write in; saving it translates into the targets. */
  sourceLocale: string;
  targetLocales: string[];
  /** Per-field directive; a dotted path reaches into components (`seo.metaTitle`). Defaults by type. */
  fields?: Record<string, FieldDirective>;
  audio?: AudioMapping[];
  /** `follow`: a target is published when its source is (default); `draft`: targets stay drafts. */
  publication?: 'follow' | 'draft';
  /** Overwrite target fields edited by hand (default false: hand edits are kept). */
  overwriteHandEdits?: boolean;
  /** Translate on every save of the source (default true); false: only from the admin. */
  translateOnSave?: boolean;
  /** When the source's change is translated: on every `save` (default) or only when it is `publish`ed. */
  translateOn?: 'save' | 'publish';
  /** When audio is made: when a target locale is `publish`ed (default: audio is the scarcest allowance), or on every `save`. */
  audioOn?: 'save' | 'publish';
  /** Regenerate the uid fields (slugs) of a published target when its source changes (default false: live URLs stay). */
  regeneratePublishedUids?: boolean;
}

export interface QueueSettings {
  /** Jobs of one target locale a worker claims at once; their texts share batch requests. Default 200. */
  claimSize: number;
  /** How long a claim holds before another worker may take the job (a crashed worker). Default 120 s. */
  leaseMs: number;
  /** Idle polling interval of the worker. Default 1 s. */
  pollMs: number;
  /** Attempts before a job is marked failed. Default 5. */
  maxAttempts: number;
}

/** The speech memory's limits (core's cleanSpeechStore), applied at most every few hours after audio is made. */
export interface SpeechMemorySettings {
  /** A sentence's audio no entry's audio uses, unused for this many days, is removed. Default 90. */
  unusedForDays: number;
  /** Then the least recently used go until the store holds at most this many bytes. Default 512 MiB. */
  maxBytes: number;
}

export interface PluginConfig {
  /** The service key. Default: the CIRCASSIAN_API_KEY environment variable. Never sent to the admin. */
  apiKey?: string;
  /** The service address. Default: CIRCASSIAN_BASE_URL. */
  baseUrl?: string;
  /** Locale code to service language, for locales whose code is not one (`en-GB: 'en'`). */
  languages?: Record<string, string>;
  contentTypes: Record<string, ContentTypeSettings>;
  queue: QueueSettings;
  speechMemory: SpeechMemorySettings;
  /**
   * Translate saves made through the Content API by its Public role (no logged-in user, no API
   * token). Default false: an anonymous write never spends the key. Writes with an API token, by a
   * logged-in user, from the admin or from code are translated as configured.
   */
  publicWrites?: boolean;
}

export const DEFAULT_QUEUE: QueueSettings = { claimSize: 200, leaseMs: 120_000, pollMs: 1_000, maxAttempts: 5 };
export const DEFAULT_SPEECH_MEMORY: SpeechMemorySettings = { ...DEFAULT_SPEECH_STORE_LIMITS };

export const TRANSLATION_LANGUAGES = ['ru', 'en', 'tr', 'kbd', 'ady'] as const;
export const SPEECH_LANGUAGES = ['kbd', 'ady', 'ru', 'en'] as const;

const FACTS = {
  directives: FIELD_DIRECTIVES,
  languages: TRANSLATION_LANGUAGES,
  queueSettings: Object.keys(DEFAULT_QUEUE),
  speechMemorySettings: Object.keys(DEFAULT_SPEECH_MEMORY),
};

/** Throws Strapi's ValidationError naming the exact setting at fault; Strapi shows it and refuses to start. */
export function validateConfig(config: unknown): void {
  validateWith(configSchema(config, FACTS), config);
}

/** The same check for one content type's settings (a schema's `pluginOptions.circassian`). */
export function validateContentType(uid: string, settings: unknown): void {
  validateWith(contentTypeSchema(uid, settings, FACTS.directives), settings);
}

/** Fills the defaults in; the input has passed `validateConfig`. */
export function withDefaults(config: Partial<PluginConfig>, env: NodeJS.ProcessEnv = process.env): PluginConfig {
  const fromEnvironment = credentialsFromEnvironment(env);
  return {
    apiKey: config.apiKey?.trim() || fromEnvironment.apiKey,
    baseUrl: config.baseUrl || fromEnvironment.baseUrl,
    languages: config.languages ?? {},
    contentTypes: config.contentTypes ?? {},
    queue: { ...DEFAULT_QUEUE, ...config.queue },
    speechMemory: { ...DEFAULT_SPEECH_MEMORY, ...config.speechMemory },
    publicWrites: config.publicWrites === true,
  } as PluginConfig;
}
