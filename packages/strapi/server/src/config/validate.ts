// Validation of the plugin configuration with yup from `@strapi/utils`, run through
// `validateYupSchemaSync` when Strapi starts: a mistake stops Strapi with one sentence naming the
// setting. The schema is built for the value it checks, so every message can name the exact key
// (`contentTypes["api::article.article"].fields.title`) and what was found there.
import { validateYupSchemaSync, yup } from '@strapi/utils';

type Check = (value: unknown) => boolean;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString: Check = (value) => typeof value === 'string';
const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string' && item.length > 0);

/** A setting that may be left out; when given, `valid` must hold, or `message` is the error. */
const optional = (message: string, valid: Check) => yup.mixed().test('circassian', message, (value) => value === undefined || valid(value));
/** A setting that must be given and pass `valid`. */
const required = (message: string, valid: Check) => yup.mixed().test('circassian', message, (value) => valid(value));

/** One schema per key of a map, or `message` when the value is given but is not a map. */
const mapOf = (value: unknown, message: string, entry: (key: string, item: unknown) => yup.AnySchema) =>
  isRecord(value)
    ? yup.object(Object.fromEntries(Object.entries(value).map(([key, item]) => [key, entry(key, item)])))
    : optional(message, () => false);

/** The first error of `schema` on `value` as a message, or null. */
const firstError = (schema: yup.AnySchema, value: unknown): string | null => {
  try {
    schema.validateSync(value, { strict: true, abortEarly: true });
    return null;
  } catch (error) {
    if (error instanceof yup.ValidationError) return error.message;
    throw error;
  }
};

const audioMappingSchema = (where: string, mapping: unknown): yup.AnySchema => {
  if (!isRecord(mapping)) return required(`${where} must be an object { from, to, locales }`, () => false);
  return yup.object({
    from: required(
      `${where}: from and to must name fields`,
      (from) => (isString(from) || (isStringList(from) && from.length > 0)) && isString(mapping.to),
    ),
    locales: required(
      `${where}.locales must be a non-empty list of locale codes`,
      (locales) => isStringList(locales) && locales.length > 0,
    ),
    voice: optional(`${where}.voice must be a string such as "female"`, isString),
    speed: optional(
      `${where}.speed must be a number above 0.2 and at most 2.0`,
      (speed) => typeof speed === 'number' && speed > 0.2 && speed <= 2,
    ),
  });
};

/** One content type's settings (from `config/plugins.ts` or a schema's `pluginOptions.circassian`). */
export function contentTypeSchema(uid: string, settings: unknown, directives: readonly string[]): yup.AnySchema {
  const at = `circassian: contentTypes["${uid}"]`;
  if (!/^(api|plugin)::[\w-]+\.[\w-]+$/.test(uid))
    return required(`${at}: not a content-type uid (like api::article.article)`, () => false);
  if (!isRecord(settings)) return required(`${at} must be an object`, () => false);
  return yup.object({
    sourceLocale: required(`${at}.sourceLocale must be a locale code such as "ru"`, (locale) => isString(locale) && locale !== ''),
    targetLocales: required(
      `${at}.targetLocales must be a non-empty list of locale codes such as ["kbd", "ady"]`,
      (locales) => isStringList(locales) && locales.length > 0,
    ).test(
      'not-source',
      `${at}.targetLocales must not contain the source locale "${String(settings.sourceLocale)}"`,
      (locales) => !(locales as string[]).includes(settings.sourceLocale as string),
    ),
    fields: mapOf(settings.fields, `${at}.fields must map field names to translate | copy | skip`, (field, directive) =>
      optional(`${at}.fields.${field} must be one of ${directives.join(', ')}; got ${JSON.stringify(directive)}`, (value) =>
        directives.includes(value as string),
      ),
    ),
    publication: optional(`${at}.publication must be "follow" or "draft"`, (value) => value === 'follow' || value === 'draft'),
    overwriteHandEdits: optional(`${at}.overwriteHandEdits must be true or false`, (value) => typeof value === 'boolean'),
    translateOnSave: optional(`${at}.translateOnSave must be true or false`, (value) => typeof value === 'boolean'),
    translateOn: optional(`${at}.translateOn must be "save" or "publish"`, (value) => value === 'save' || value === 'publish'),
    audioOn: optional(`${at}.audioOn must be "save" or "publish"`, (value) => value === 'save' || value === 'publish'),
    regeneratePublishedUids: optional(`${at}.regeneratePublishedUids must be true or false`, (value) => typeof value === 'boolean'),
    audio: optional(`${at}.audio must be a list of { from, to, locales }`, Array.isArray).test('mappings', '', function check(list) {
      for (const [index, mapping] of (Array.isArray(list) ? list : []).entries()) {
        const message = firstError(audioMappingSchema(`${at}.audio[${index}]`, mapping), mapping);
        if (message) return this.createError({ message });
      }
      return true;
    }),
  });
}

export interface ConfigFacts {
  readonly directives: readonly string[];
  readonly languages: readonly string[];
  readonly queueSettings: readonly string[];
  readonly speechMemorySettings: readonly string[];
}

/** The whole configuration under `circassian` in `config/plugins.ts`. */
export function configSchema(config: unknown, facts: ConfigFacts): yup.AnySchema {
  if (!isRecord(config)) return required('circassian: the plugin config must be an object', () => false);
  return yup.object({
    apiKey: optional('circassian: apiKey must be a string (or left out to use the environment)', isString),
    baseUrl: optional('circassian: baseUrl must be a string (or left out to use the environment)', isString).test(
      'url',
      `circassian: baseUrl is not a URL: "${String(config.baseUrl)}"`,
      (value) => !isString(value) || value === '' || URL.canParse(value),
    ),
    languages: mapOf(config.languages, 'circassian: languages must map locale codes to service languages', (locale, language) =>
      optional(`circassian: languages.${locale} must be one of ${facts.languages.join(', ')}; got "${String(language)}"`, (value) =>
        facts.languages.includes(value as string),
      ),
    ),
    contentTypes: mapOf(
      config.contentTypes,
      'circassian: contentTypes must map content-type uids (api::article.article) to settings',
      (uid, settings) => contentTypeSchema(uid, settings, facts.directives),
    ),
    publicWrites: optional('circassian: publicWrites must be true or false', (value) => typeof value === 'boolean'),
    queue: mapOf(config.queue, 'circassian: queue must be an object', (key, value) =>
      facts.queueSettings.includes(key)
        ? required(
            `circassian: queue.${key} must be a positive whole number; got ${JSON.stringify(value)}`,
            (number) => Number.isInteger(number) && (number as number) >= 1,
          )
        : required(`circassian: queue.${key} is not a setting (${facts.queueSettings.join(', ')})`, () => false),
    ),
    speechMemory: mapOf(config.speechMemory, 'circassian: speechMemory must be an object', (key, value) =>
      facts.speechMemorySettings.includes(key)
        ? required(
            `circassian: speechMemory.${key} must be a whole number, 0 or more; got ${JSON.stringify(value)}`,
            (number) => Number.isSafeInteger(number) && (number as number) >= 0,
          )
        : required(`circassian: speechMemory.${key} is not a setting (${facts.speechMemorySettings.join(', ')})`, () => false),
    ),
  });
}

/** Validates `value` with `schema` the way Strapi's own plugins do; throws Strapi's ValidationError with the first message. */
export function validateWith(schema: yup.AnySchema, value: unknown): void {
  validateYupSchemaSync(schema, { abortEarly: true })(value);
}
