// Translation and audio on save or on publish: a Document Service middleware sees every write
// (admin, REST, GraphQL, code, the plugin's own). After a write of a configured content type
// succeeds, its source locale queues one translate job per target locale (on every save, or only
// when it is published: `translateOn`), and a target locale that gets audio queues its audio job
// when it is published (`audioOn: 'publish'`, the default; with 'save' audio follows each
// translation instead), unless that publish is the plugin's own, right after storing the audio;
// a bulk run's publish of its translated target queues audio that belongs to the run. A save by an
// admin queues only the locales that admin may write; the others are held (saver-access.ts).
// Queueing never fails or delays the save beyond one insert per job. A target locale published by
// anyone but the plugin teaches the translation memory the sentences a person corrected
// (memory-learning.ts), once the publish is committed and without holding it up; who published is
// read here, from the request, and only a role that may teach makes units others get back.
import type { DocumentMiddlewareContext, Strapi } from '../strapi';
import { hasDraftAndPublish } from '../utils/content-types';
import { getService } from '../utils/get-service';
import { afterCommit } from '../utils/after-commit';
import { learnAndRecord } from '../utils/memory-learning';
import { teacherOfWrite } from '../utils/memory-teacher';
import { pluginWrite } from '../utils/plugin-writes';
import { isPublicWrite, saverAccess, savingAdminAbility } from './saver-access';

const WRITES = new Set(['create', 'update', 'publish']);

/** Whether a write publishes: the publish action, or a create/update asked to save as published. */
const publishes = (context: DocumentMiddlewareContext): boolean => context.action === 'publish' || context.params.status === 'published';

export default ({ strapi }: { strapi: Strapi }) => {
  strapi.documents.use(async (context, next) => {
    const result = await next();
    if (!WRITES.has(context.action)) return result;
    try {
      const settings = getService(strapi, 'settings');
      const contentType = settings.contentType(context.uid);
      if (!contentType || !settings.hasKey()) return result;
      const locale = context.params.locale ?? (await defaultLocaleOf(strapi));
      const documentId = (result as { documentId?: string } | null)?.documentId ?? context.params.documentId;
      if (!documentId) return result;
      // An editor's translation, once published (saved, where the type has no drafts), teaches the
      // memory what they corrected: a draft may be a sketch, as WordPress learns on publish too.
      // After the commit: the memory's SQL must not wait for the connection this write holds.
      if (locale !== contentType.sourceLocale && !pluginWrite() && (publishes(context) || !hasDraftAndPublish(context.contentType))) {
        const teacher = teacherOfWrite(strapi);
        await afterCommit(strapi, () => learnAndRecord(strapi, context.uid, documentId, locale, teacher));
      }
      const queue = getService(strapi, 'queue');
      let queued = false;
      if (locale === contentType.sourceLocale) {
        // The Content API's Public role spends the key only where the config allows it.
        const wanted =
          contentType.translateOnSave &&
          (contentType.translateOn === 'save' || publishes(context)) &&
          (settings.config().publicWrites === true || !isPublicWrite(strapi));
        // An admin's save writes only the locales that admin may write; the others wait, held.
        const ability = wanted ? savingAdminAbility(strapi) : undefined;
        const { held, narrowedTo } = ability
          ? await saverAccess(strapi, contentType, documentId, ability, publishes(context))
          : { held: new Map<string, string>(), narrowedTo: new Map<string, string[]>() };
        for (const target of wanted ? contentType.targetLocales : []) {
          const heldBecause = held.get(target);
          const fields = narrowedTo.get(target);
          // A role that may write none of the fields here has nothing to queue.
          if (fields?.length === 0) continue;
          await queue.enqueue({
            kind: 'translate',
            contentType: context.uid,
            entryDocumentId: documentId,
            locale: target,
            ...(heldBecause ? { heldBecause } : {}),
            ...(fields ? { fields } : {}),
          });
          queued = true;
        }
      } else if (contentType.audioOn === 'publish' && publishes(context) && !pluginWrite()?.ownAudio) {
        if (contentType.audio.some((mapping) => mapping.locales.includes(locale))) {
          const bulkRun = pluginWrite()?.bulkRun;
          await queue.enqueue({
            kind: 'audio',
            contentType: context.uid,
            entryDocumentId: documentId,
            locale,
            ...(bulkRun ? { bulkRun } : {}),
          });
          queued = true;
        }
      }
      if (queued) getService(strapi, 'worker').nudge();
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
