// The plugin's resolved settings: `config/plugins.ts` merged over content types' `pluginOptions`,
// with the defaults filled in. The key stays on the server: `publicView()` is what the admin sees.
import { TRANSLATION_LANGUAGES, validateContentType, withDefaults, type ContentTypeSettings, type PluginConfig } from '../config/schema';
import { PLUGIN_ID, type Strapi } from '../strapi';
import type { SettingsService } from '../types/services';
import { isLocalizedContentType } from '../utils/content-types';
import type { ResolvedContentType } from '../types/settings';

export default ({ strapi }: { strapi: Strapi }): SettingsService => {
  let cached: { config: PluginConfig; contentTypes: Map<string, ResolvedContentType> } | undefined;

  const load = () => {
    if (cached) return cached;
    const config = withDefaults(strapi.config.get(`plugin::${PLUGIN_ID}`, {}) as Partial<PluginConfig>);
    const contentTypes = new Map<string, ResolvedContentType>();
    const declared: Record<string, ContentTypeSettings> = {};
    // Content types may opt in through their schema: pluginOptions.circassian = { sourceLocale, ... }.
    for (const [uid, schema] of Object.entries(strapi.contentTypes)) {
      const options = schema.pluginOptions?.circassian;
      if (options && typeof options === 'object') {
        validateContentType(uid, options);
        declared[uid] = options as ContentTypeSettings;
      }
    }
    for (const [uid, settings] of Object.entries({ ...declared, ...config.contentTypes })) {
      if (!strapi.contentTypes[uid]) {
        strapi.log.warn(`[circassian] contentTypes["${uid}"] names no content type of this app; ignored`);
        continue;
      }
      if (!isLocalizedContentType(strapi, strapi.contentTypes[uid])) {
        strapi.log.warn(`[circassian] ${uid} is not localized (i18n); it cannot have target locales; ignored`);
        continue;
      }
      contentTypes.set(uid, {
        uid,
        sourceLocale: settings.sourceLocale,
        targetLocales: settings.targetLocales,
        fields: { ...settings.fields },
        audio: settings.audio ?? [],
        publication: settings.publication ?? 'follow',
        overwriteHandEdits: settings.overwriteHandEdits ?? false,
        translateOnSave: settings.translateOnSave ?? true,
        translateOn: settings.translateOn ?? 'save',
        audioOn: settings.audioOn ?? 'publish',
        regeneratePublishedUids: settings.regeneratePublishedUids ?? false,
      });
    }
    cached = { config, contentTypes };
    return cached;
  };

  return {
    config: (): PluginConfig => load().config,
    contentType: (uid: string): ResolvedContentType | undefined => load().contentTypes.get(uid),
    contentTypes: (): ResolvedContentType[] => [...load().contentTypes.values()],
    /** Whether a key is configured; without one the plugin stays idle. */
    hasKey: (): boolean => Boolean(load().config.apiKey),
    /** The service language of a locale code (`en-GB` -> `en`), or undefined when it has none. */
    languageOf(locale: string): string | undefined {
      const mapped = load().config.languages?.[locale];
      if (mapped) return mapped;
      const base = locale.toLowerCase().split(/[-_]/)[0] ?? '';
      return (TRANSLATION_LANGUAGES as readonly string[]).includes(base) ? base : undefined;
    },
  };
};
