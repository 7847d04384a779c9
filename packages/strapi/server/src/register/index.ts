// Translation on save: a Document Service middleware sees every write (admin, REST, GraphQL,
// code). After a write of a configured content type in its source locale succeeds, one job per
// target locale is queued. Queueing never fails or delays the save beyond one insert.
import type { Strapi } from '../strapi';
import { getService } from '../services/get-service';

const WRITES = new Set(['create', 'update', 'publish']);

export default ({ strapi }: { strapi: Strapi }) => {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!WRITES.has(context.action)) return result;
    try {
      const settings = getService(strapi, 'settings');
      const contentType = settings.contentType(context.uid);
      if (!contentType || !contentType.translateOnSave || !settings.hasKey()) return result;
      const defaultLocale = await defaultLocaleOf(strapi);
      const locale = context.params.locale ?? defaultLocale;
      if (locale !== contentType.sourceLocale) return result;
      const documentId = (result as { documentId?: string } | null)?.documentId ?? context.params.documentId;
      if (!documentId) return result;
      const queue = getService(strapi, 'queue');
      for (const target of contentType.targetLocales) {
        await queue.enqueue({ kind: 'translate', contentType: context.uid, entryDocumentId: documentId, locale: target });
      }
      getService(strapi, 'worker').nudge();
    } catch (error) {
      strapi.log.error(
        `[circassian] could not queue the translation of a ${context.uid} entry: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return result;
  });
};

async function defaultLocaleOf(strapi: Strapi): Promise<string> {
  const locales = strapi.plugin('i18n').service('locales') as { getDefaultLocale(): Promise<string> };
  return (await locales.getDefaultLocale()) ?? 'en';
}
