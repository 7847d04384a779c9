// The writer: one job's target locale written from the translations its texts got: translated
// fields, copies, relations linked in the target locale, uids made from their translated field,
// the state (hashes, kept fields) saved, hand edits overwritten only when confirmed (and logged
// without content), and the target published where it follows its source, only once the source's
// published version says what was translated.
import type { Attribute, DocumentData, Schema, Strapi } from '../strapi';
import { copyFields, pickFields, translateFields, type FieldPlan } from '../translation/fields';
import { publishedAsDrafted, type FieldsPlan, type TranslationState } from '../translation/planner';
import { hashValue } from '../translation/hash';
import { slugify } from '../translation/slug';
import type { Job } from './queue';
import type { ResolvedContentType } from './settings';
import { getService } from './get-service';
import { loadDocument } from './documents';
import { hasDraftAndPublish, isLocalizedContentType } from './content-type-helpers';
import { asPluginWrite } from '../utils/plugin-writes';

const isRelation = (field: FieldPlan) => field.attribute.type === 'relation';
const namesOf = (fields: readonly FieldPlan[]) => fields.map((field) => field.name);

/** One job's plan: what goes to the service and how the target is built afterwards. */
export interface WorkItem extends FieldsPlan {
  job: Job;
  settings: ResolvedContentType;
  schema: Schema;
  source: DocumentData;
  target: DocumentData | null;
  state: TranslationState;
  language: string;
}

export default ({ strapi }: { strapi: Strapi }) => {
  const getModel = (uid: string) => strapi.getModel(uid);
  const stateStore = () => getService(strapi, 'stateStore');

  const relatedInLocale = async (attribute: Attribute, value: unknown, locale: string): Promise<unknown> => {
    const targetUid = attribute.target;
    const related = (Array.isArray(value) ? value : value ? [value] : []) as Array<{ documentId?: string }>;
    const targetSchema = targetUid ? strapi.contentTypes[targetUid] : undefined;
    const localized = isLocalizedContentType(strapi, targetSchema);
    const kept: string[] = [];
    for (const entry of related) {
      if (!entry?.documentId || !targetUid) continue;
      // A related entry is linked in its target-locale version; one without that version is left out.
      if (!localized || (await strapi.documents(targetUid).findOne({ documentId: entry.documentId, locale, fields: ['id'] })))
        kept.push(entry.documentId);
    }
    const many = /ToMany|manyWay|morphMany/i.test(attribute.relation ?? '');
    return many ? kept : (kept[0] ?? null);
  };

  /** A slug of the translated text, unique among the locale's other entries (Strapi's uid rule). */
  const uidFor = async (schema: Schema, field: string, text: string, locale: string, documentId: string): Promise<string> => {
    const base = slugify(text);
    for (let suffix = 0; suffix < 50; suffix++) {
      const candidate = suffix === 0 ? base : `${base}-${suffix}`;
      const clash = await strapi
        .documents(schema.uid)
        .findFirst({ locale, filters: { [field]: candidate, documentId: { $ne: documentId } }, fields: ['id'] });
      if (!clash) return candidate;
    }
    return `${base}-${documentId.slice(0, 6)}`;
  };

  /** Writes one job's target locale from the translations; returns the fields written. */
  const write = async (item: WorkItem, translations: ReadonlyMap<string, string>): Promise<string[]> => {
    const { schema, source, job, settings } = item;
    const translate = (text: string) => translations.get(text) ?? text;
    const walk = { schema, getModel, directives: settings.fields };
    // uids are made below from their translated field; relations are linked in the target locale.
    const texts = item.toTranslate.filter((field) => !isRelation(field) && field.attribute.type !== 'uid');
    const data: Record<string, unknown> = {
      ...(await translateFields(pickFields(source, namesOf(texts)), walk, translate)),
      ...(await copyFields(pickFields(source, namesOf(item.toCopy)), walk)),
      // A copied relation keeps the source's related documents (the walk leaves relations out).
      ...pickFields(source, namesOf(item.toCopy.filter(isRelation))),
    };
    for (const field of item.toTranslate.filter(isRelation))
      data[field.name] = await relatedInLocale(field.attribute, source[field.name], job.locale);
    // uid/slug fields: made from their translated target field, never translated themselves.
    for (const field of item.toTranslate) {
      if (field.attribute.type !== 'uid') continue;
      const from = field.attribute.targetField;
      const text = from ? ((data[from] as string | undefined) ?? (item.target?.[from] as string | undefined)) : undefined;
      if (typeof text === 'string' && text) data[field.name] = await uidFor(schema, field.name, text, job.locale, job.entryDocumentId);
    }
    const written = Object.keys(data);
    if (written.length > 0) {
      await strapi.documents(schema.uid).update({ documentId: job.entryDocumentId, locale: job.locale, data });
    }
    const after = await loadDocument(strapi, schema, job.entryDocumentId, job.locale);
    const state = item.state;
    for (const name of written) {
      state.sourceHashes[name] = item.sourceHashes[name] ?? '';
      state.writtenHashes[name] = hashValue(after?.[name]);
    }
    // A held uid is up to date with its source as far as the status goes: it was kept on purpose.
    for (const name of item.heldUids) state.sourceHashes[name] = item.sourceHashes[name] ?? '';
    state.keptFields = item.kept;
    await stateStore().saveTranslation({ contentType: schema.uid, entryDocumentId: job.entryDocumentId, locale: job.locale }, state);
    const overwritten = item.overwritten.filter((name) => written.includes(name));
    if (overwritten.length > 0) {
      const why = typeof job.result?.forcedBy === 'string' ? `as ${job.result.forcedBy} confirmed` : 'overwriteHandEdits is on';
      strapi.log.warn(
        `[circassian] overwrote hand edits of ${overwritten.join(', ')} in ${schema.uid} ${job.entryDocumentId} (${job.locale}): ${why}`,
      );
    }
    // A target is published when, and only when, its source is: a draft saved over a published
    // source leaves the translation in the target's draft (its live version keeps the old text)
    // until the source's own publish queues this job again, which then finds the two alike.
    if (settings.publication === 'follow' && hasDraftAndPublish(schema) && after) {
      const published = await loadDocument(strapi, schema, job.entryDocumentId, settings.sourceLocale, 'published');
      if (publishedAsDrafted(schema, item.sourceHashes, published))
        await asPluginWrite(job.bulkRun ? { bulkRun: job.bulkRun } : {}, () =>
          strapi.documents(schema.uid).publish({ documentId: job.entryDocumentId, locale: job.locale }),
        );
    }
    return written;
  };

  return { write };
};
