// The plugin's configuration (`config/plugins.ts` under `circassian`), its defaults, and the
// validation that turns a mistake into one clear sentence at start.

/** What happens to one field of a source entry in each target locale. */
export type FieldDirective = 'translate' | 'copy' | 'skip';
export const FIELD_DIRECTIVES: readonly FieldDirective[] = ['translate', 'copy', 'skip'];

export interface AudioMapping {
  /** The text field read aloud (string, text, rich text or blocks). */
  from: string;
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

export interface PluginConfig {
  /** The service key. Default: the CIRCASSIAN_API_KEY environment variable. Never sent to the admin. */
  apiKey?: string;
  /** The service address. Default: CIRCASSIAN_BASE_URL. */
  baseUrl?: string;
  /** Locale code to service language, for locales whose code is not one (`en-GB: 'en'`). */
  languages?: Record<string, string>;
  contentTypes: Record<string, ContentTypeSettings>;
  queue: QueueSettings;
}

export const DEFAULT_QUEUE: QueueSettings = { claimSize: 200, leaseMs: 120_000, pollMs: 1_000, maxAttempts: 5 };

export const TRANSLATION_LANGUAGES = ['ru', 'en', 'tr', 'kbd', 'ady'] as const;
export const SPEECH_LANGUAGES = ['kbd', 'ady', 'ru', 'en'] as const;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);

/** Throws ConfigError naming the exact setting at fault; Strapi shows it and refuses to start. */
export function validateConfig(config: unknown): void {
  if (!isRecord(config)) throw new ConfigError('circassian: the plugin config must be an object');
  for (const key of ['apiKey', 'baseUrl'] as const) {
    if (config[key] !== undefined && typeof config[key] !== 'string') {
      throw new ConfigError(`circassian: ${key} must be a string (or left out to use the environment)`);
    }
  }
  if (typeof config.baseUrl === 'string' && config.baseUrl !== '' && !URL.canParse(config.baseUrl)) {
    throw new ConfigError(`circassian: baseUrl is not a URL: "${config.baseUrl}"`);
  }
  if (config.languages !== undefined) {
    if (!isRecord(config.languages)) throw new ConfigError('circassian: languages must map locale codes to service languages');
    for (const [locale, language] of Object.entries(config.languages)) {
      if (!TRANSLATION_LANGUAGES.includes(language as never)) {
        throw new ConfigError(`circassian: languages.${locale} must be one of ${TRANSLATION_LANGUAGES.join(', ')}; got "${String(language)}"`);
      }
    }
  }
  if (config.contentTypes !== undefined && !isRecord(config.contentTypes)) {
    throw new ConfigError('circassian: contentTypes must map content-type uids (api::article.article) to settings');
  }
  for (const [uid, settings] of Object.entries(config.contentTypes ?? {})) validateContentType(uid, settings);
  if (config.queue !== undefined) {
    if (!isRecord(config.queue)) throw new ConfigError('circassian: queue must be an object');
    for (const [key, value] of Object.entries(config.queue)) {
      if (!(key in DEFAULT_QUEUE)) throw new ConfigError(`circassian: queue.${key} is not a setting (${Object.keys(DEFAULT_QUEUE).join(', ')})`);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
        throw new ConfigError(`circassian: queue.${key} must be a positive whole number; got ${JSON.stringify(value)}`);
      }
    }
  }
}

export function validateContentType(uid: string, settings: unknown): void {
  const at = `circassian: contentTypes["${uid}"]`;
  if (!/^(api|plugin)::[\w-]+\.[\w-]+$/.test(uid)) throw new ConfigError(`${at}: not a content-type uid (like api::article.article)`);
  if (!isRecord(settings)) throw new ConfigError(`${at} must be an object`);
  if (typeof settings.sourceLocale !== 'string' || !settings.sourceLocale) throw new ConfigError(`${at}.sourceLocale must be a locale code such as "ru"`);
  if (!isStringList(settings.targetLocales) || settings.targetLocales.length === 0) {
    throw new ConfigError(`${at}.targetLocales must be a non-empty list of locale codes such as ["kbd", "ady"]`);
  }
  if (settings.targetLocales.includes(settings.sourceLocale)) throw new ConfigError(`${at}.targetLocales must not contain the source locale "${settings.sourceLocale}"`);
  if (settings.fields !== undefined) {
    if (!isRecord(settings.fields)) throw new ConfigError(`${at}.fields must map field names to translate | copy | skip`);
    for (const [field, directive] of Object.entries(settings.fields)) {
      if (!FIELD_DIRECTIVES.includes(directive as FieldDirective)) {
        throw new ConfigError(`${at}.fields.${field} must be one of translate, copy, skip; got ${JSON.stringify(directive)}`);
      }
    }
  }
  if (settings.publication !== undefined && settings.publication !== 'follow' && settings.publication !== 'draft') {
    throw new ConfigError(`${at}.publication must be "follow" or "draft"`);
  }
  for (const flag of ['overwriteHandEdits', 'translateOnSave'] as const) {
    if (settings[flag] !== undefined && typeof settings[flag] !== 'boolean') throw new ConfigError(`${at}.${flag} must be true or false`);
  }
  if (settings.audio !== undefined) {
    if (!Array.isArray(settings.audio)) throw new ConfigError(`${at}.audio must be a list of { from, to, locales }`);
    settings.audio.forEach((mapping: unknown, index) => {
      const where = `${at}.audio[${index}]`;
      if (!isRecord(mapping)) throw new ConfigError(`${where} must be an object { from, to, locales }`);
      if (typeof mapping.from !== 'string' || typeof mapping.to !== 'string') throw new ConfigError(`${where}: from and to must name fields`);
      if (!isStringList(mapping.locales) || mapping.locales.length === 0) throw new ConfigError(`${where}.locales must be a non-empty list of locale codes`);
      if (mapping.voice !== undefined && typeof mapping.voice !== 'string') throw new ConfigError(`${where}.voice must be a string such as "female"`);
      if (mapping.speed !== undefined && (typeof mapping.speed !== 'number' || !(mapping.speed > 0.2 && mapping.speed <= 2))) {
        throw new ConfigError(`${where}.speed must be a number above 0.2 and at most 2.0`);
      }
    });
  }
}

/** Fills the defaults in; the input has passed `validateConfig`. */
export function withDefaults(config: Partial<PluginConfig>, env: NodeJS.ProcessEnv = process.env): PluginConfig {
  return {
    apiKey: (config.apiKey || env.CIRCASSIAN_API_KEY || '').trim() || undefined,
    baseUrl: config.baseUrl || env.CIRCASSIAN_BASE_URL || undefined,
    languages: config.languages ?? {},
    contentTypes: config.contentTypes ?? {},
    queue: { ...DEFAULT_QUEUE, ...config.queue },
  } as PluginConfig;
}
