// The writer: one job's target locale written from the translations its texts got: translated
// fields, copies, relations linked in the target locale at any depth, uids made from their
// translated field (or the source's uid) and unique in the locale, texts fitted to their constraints,
// the state (hashes, kept fields) saved, hand edits overwritten only when confirmed (and logged
// without content), and the target published where it follows its source, only once the source's
// published version says what was translated.
import type { Attribute, Schema, Strapi } from '../strapi';
import type { WriterService } from '../types/services';
import {
  collectTexts,
  copyFields,
  pickFields,
  relatedDocumentIds,
  relationValue,
  translateFields,
  type FieldFlag,
  type FieldPlan,
} from '../translation/fields';
import { publishedAsDrafted } from '../translation/planner';
import { hashValue } from '../translation/hash';
import { sentenceRecord } from '../translation/corrections';
import { slugify, uidText } from '../translation/slug';
import type { WorkItem } from '../types/jobs';
import { loadDocument } from '../utils/documents';
import { hasDraftAndPublish, isLocalizedContentType } from '../utils/content-types';
import { asPluginWrite } from '../utils/plugin-writes';
import { stateStore } from '../utils/state-store';
import { faultPoint } from '../utils/fault-points';

const isRelation = (field: FieldPlan) => field.attribute.type === 'relation';
const namesOf = (fields: readonly FieldPlan[]) => fields.map((field) => field.name);

export default ({ strapi }: { strapi: Strapi }): WriterService => {
  const getModel = (uid: string) => strapi.getModel(uid);
  const states = () => stateStore(strapi);

  /** The related documents that have a version in `locale` (all of them when the related type is not localized). */
  const linkedInLocale = async (attribute: Attribute, documentIds: string[], locale: string): Promise<string[]> => {
    const targetUid = attribute.target;
    if (!targetUid) return [];
    const localized = isLocalizedContentType(strapi, strapi.contentTypes[targetUid]);
    const kept: string[] = [];
    // A related entry is linked in its target-locale version; one without that version is left out.
    for (const documentId of documentIds)
      if (!localized || (await strapi.documents(targetUid).findOne({ documentId, locale, fields: ['id'] }))) kept.push(documentId);
    return kept;
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
    const flags: FieldFlag[] = [];
    const walk = {
      schema,
      getModel,
      directives: settings.fields,
      linkRelation: (attribute: Attribute, ids: string[]) => linkedInLocale(attribute, ids, job.locale),
      onFlag: (flag: FieldFlag) => void flags.push(flag),
    };
    // uids are made below from their translated field; relations are linked in the target locale.
    const texts = item.toTranslate.filter((field) => !isRelation(field) && field.attribute.type !== 'uid');
    const data: Record<string, unknown> = {
      ...(await translateFields(pickFields(source, namesOf(texts)), walk, translate)),
      ...(await copyFields(pickFields(source, namesOf(item.toCopy)), walk)),
      // A copied relation keeps the source's related documents (the walk leaves relations out).
      ...pickFields(source, namesOf(item.toCopy.filter(isRelation))),
    };
    for (const field of item.toTranslate.filter(isRelation)) {
      const linked = await linkedInLocale(field.attribute, relatedDocumentIds(source[field.name]), job.locale);
      data[field.name] = relationValue(field.attribute, linked);
    }
    // uid/slug fields: made from their translated target field (or the source's uid), never translated themselves.
    for (const field of item.toTranslate) {
      if (field.attribute.type !== 'uid') continue;
      const text = uidText(field.attribute, field.name, data, item.target, source);
      if (text) data[field.name] = await uidFor(schema, field.name, text, job.locale, job.entryDocumentId);
    }
    // A text fitted to its field's constraints (or kept as written) is written, the entry's other
    // fields with it, and said: in the log, and field by field in the panel (the state row keeps them).
    if (flags.length > 0)
      strapi.log.warn(
        `[circassian] wrote otherwise than translated ${flags.map((flag) => `${flag.field} (${flag.reason})`).join(', ')} in ${schema.uid} ${job.entryDocumentId} (${job.locale})`,
      );
    const written = Object.keys(data);
    // The target and its state are one transaction: a kill (or any failure) between the two writes
    // leaves the old translation with the old state, never a new translation whose hashes were not
    // saved (every field of it would look edited by hand, kept forever, and the review panel would
    // ask about edits nobody made). The job, not done, runs again and writes both.
    const after = await strapi.db.transaction(async () => {
      if (written.length > 0) {
        // As the plugin's own write: the middleware must not take it for an editor's correction.
        await asPluginWrite({}, () => strapi.documents(schema.uid).update({ documentId: job.entryDocumentId, locale: job.locale, data }));
      }
      faultPoint('target-written');
      const stored = await loadDocument(strapi, schema, job.entryDocumentId, job.locale);
      const state = item.state;
      for (const name of written) {
        state.sourceHashes[name] = item.sourceHashes[name] ?? '';
        state.writtenHashes[name] = hashValue(stored?.[name]);
      }
      // Per sentence, what was sent and what was written (read back as the translation walks it), so
      // that later only the sentences a person changes are taken for corrections (memory-learning.ts).
      const sentences = { ...state.sentences };
      const reading = { schema, getModel, directives: settings.fields };
      for (const name of namesOf(texts)) {
        const record = sentenceRecord(
          await collectTexts(pickFields(source, [name]), reading),
          stored ? await collectTexts(pickFields(stored, [name]), reading) : [],
        );
        if (record) sentences[name] = record;
        else delete sentences[name];
      }
      state.sentences = sentences;
      // A held uid is up to date with its source as far as the status goes: it was kept on purpose.
      for (const name of item.heldUids) state.sourceHashes[name] = item.sourceHashes[name] ?? '';
      state.keptFields = item.kept;
      state.fieldFlags = flags;
      await states().saveTranslation({ contentType: schema.uid, entryDocumentId: job.entryDocumentId, locale: job.locale }, state);
      return stored;
    });
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
      if (await publishedAsDrafted({ schema, getModel, fields: Object.keys(item.sourceHashes), draft: source, published }))
        await asPluginWrite(job.bulkRun ? { bulkRun: job.bulkRun } : {}, () =>
          strapi.documents(schema.uid).publish({ documentId: job.entryDocumentId, locale: job.locale }),
        );
    }
    return written;
  };

  return { write };
};
