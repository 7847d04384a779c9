// Translates claimed jobs: for each (entry, target locale) it decides field by field what to send
// (only sources changed since the last translation, never a field edited by hand), sends every
// text of every job for one target language in one `translateBatch` (fewest requests; repeats
// sent once), saves the answers on the job rows before writing (a restart does not pay twice),
// then writes the target locale's draft, regenerates uids, maps relations and follows publication.
import type { Attribute, DocumentData, Schema, Strapi } from '../strapi';
import { collectTexts, copyValue, translateValue, type ComponentLookup } from '../translation/fields';
import {
  isEmpty,
  outdatedFields,
  planTranslation,
  translatableFields,
  type FieldsPlan,
  type TranslationState,
} from '../translation/planner';
import { deepPopulate } from '../translation/populate';
import { hashValue } from '../translation/hash';
import { slugify } from '../translation/slug';
import { chunkTexts } from '../translation/chunks';
import { characterCount } from '@circassian/core/text';
import { sourceFields, spokenSeconds, spokenText } from '../utils/audio-plan';
import type { Job } from './queue';
import type { ResolvedContentType } from './settings';
import { getService } from './get-service';

/** One job's plan: what goes to the service and how the target is built afterwards. */
interface WorkItem extends FieldsPlan {
  job: Job;
  settings: ResolvedContentType;
  schema: Schema;
  source: DocumentData;
  target: DocumentData | null;
  state: TranslationState;
  language: string;
}

/** The field types "Translate into this locale" fills: text the edit form takes as it is. */
const PREVIEW_TYPES = new Set(['string', 'text', 'richtext', 'blocks']);

export default ({ strapi }: { strapi: Strapi }) => {
  const components: ComponentLookup = (uid) => strapi.components[uid];
  const settingsService = () => getService(strapi, 'settings');

  const stateStore = () => getService(strapi, 'stateStore');
  const loadState = (contentType: string, entryDocumentId: string, locale: string): Promise<TranslationState> =>
    stateStore().load({ contentType, entryDocumentId, locale });

  const loadDocument = (schema: Schema, documentId: string, locale: string, status: 'draft' | 'published' = 'draft') =>
    strapi.documents(schema.uid).findOne({ documentId, locale, status, populate: deepPopulate(schema, components) });

  /** Decides, field by field, what this job sends and writes. Returns null when the source is gone. */
  const plan = async (job: Job, sourceCache: Map<string, DocumentData | null>): Promise<WorkItem | null> => {
    const settings = settingsService().contentType(job.contentType);
    const schema = strapi.contentTypes[job.contentType];
    if (!settings || !schema) return null;
    const sourceKey = `${job.contentType}\0${job.entryDocumentId}`;
    if (!sourceCache.has(sourceKey)) sourceCache.set(sourceKey, await loadDocument(schema, job.entryDocumentId, settings.sourceLocale));
    const source = sourceCache.get(sourceKey);
    if (!source) return null;
    const target = await loadDocument(schema, job.entryDocumentId, job.locale);
    const state = await loadState(job.contentType, job.entryDocumentId, job.locale);
    const language = settingsService().languageOf(job.locale);
    if (!language)
      throw Object.assign(new Error(`locale "${job.locale}" has no service language; map it under languages in the plugin config`), {
        type: 'invalid_request',
      });
    const targetPublished =
      target !== null && !settings.regeneratePublishedUids && (await isPublished(schema, job.entryDocumentId, job.locale));
    const fields = planTranslation({
      schema,
      settings,
      source,
      target,
      state,
      force: job.result?.force === true,
      targetPublished,
      components,
    });
    const item: WorkItem = { job, settings, schema, source, target, state, language, ...fields };
    return item;
  };

  const isPublished = async (schema: Schema, documentId: string, locale: string): Promise<boolean> =>
    schema.options?.draftAndPublish !== false &&
    (await strapi.documents(schema.uid).findOne({ documentId, locale, status: 'published', fields: ['id'] })) !== null;

  const relatedInLocale = async (attribute: Attribute, value: unknown, locale: string): Promise<unknown> => {
    const targetUid = attribute.target;
    const related = (Array.isArray(value) ? value : value ? [value] : []) as Array<{ documentId?: string }>;
    const targetSchema = targetUid ? strapi.contentTypes[targetUid] : undefined;
    const localized = targetSchema?.pluginOptions?.i18n?.localized === true;
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
  const apply = async (item: WorkItem, translations: ReadonlyMap<string, string>): Promise<string[]> => {
    const { schema, source, job, settings } = item;
    const translate = (text: string) => translations.get(text) ?? text;
    const data: Record<string, unknown> = {};
    for (const field of item.toTranslate) {
      const { name, attribute } = field;
      if (attribute.type === 'relation') data[name] = await relatedInLocale(attribute, source[name], job.locale);
      else if (attribute.type !== 'uid')
        data[name] = translateValue(source[name], attribute, name, { components, directives: settings.fields, translate });
    }
    for (const field of item.toCopy) data[field.name] = copyValue(source[field.name], field.attribute, components);
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
    const after = await loadDocument(schema, job.entryDocumentId, job.locale);
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
    if (settings.publication === 'follow' && schema.options?.draftAndPublish !== false && after) {
      const published = await strapi
        .documents(schema.uid)
        .findOne({ documentId: job.entryDocumentId, locale: settings.sourceLocale, status: 'published', fields: ['id'] });
      if (published) await strapi.documents(schema.uid).publish({ documentId: job.entryDocumentId, locale: job.locale });
    }
    return written;
  };

  return {
    /**
     * Runs a claimed group of translate jobs. Per-job problems are returned, not thrown; a service
     * error (quota, rate limit, outage) is thrown for the worker to pause or retry the whole group.
     */
    async run(jobs: Job[]): Promise<{ done: Job[]; skipped: Job[]; failed: Array<{ job: Job; error: Error }> }> {
      const queue = getService(strapi, 'queue');
      const sourceCache = new Map<string, DocumentData | null>();
      const items: WorkItem[] = [];
      const skipped: Job[] = [];
      const failed: Array<{ job: Job; error: Error }> = [];
      for (const job of jobs) {
        try {
          const item = await plan(job, sourceCache);
          if (item) items.push(item);
          else skipped.push(job);
        } catch (error) {
          failed.push({ job, error: error as Error });
        }
      }
      // One batch call per target language over every job's texts; answers already on a job row
      // (a run cut short after the service answered) are reused, not bought again.
      const byLanguage = new Map<string, { source: string; items: WorkItem[] }>();
      for (const item of items) {
        const sourceLanguage = settingsService().languageOf(item.settings.sourceLocale) ?? item.settings.sourceLocale;
        const key = `${sourceLanguage}>${item.language}`;
        const group = byLanguage.get(key) ?? { source: sourceLanguage, items: [] };
        group.items.push(item);
        byLanguage.set(key, group);
      }
      const client = getService(strapi, 'client').get();
      const translations = new Map<WorkItem, Map<string, string>>();
      for (const [key, group] of byLanguage) {
        const target = key.split('>')[1] as string;
        const needed = new Set<string>();
        for (const item of group.items) {
          const saved = (item.job.result?.translations ?? {}) as Record<string, string>;
          const map = new Map(Object.entries(saved));
          translations.set(item, map);
          for (const text of item.texts) if (!map.has(text)) needed.add(text);
        }
        // One request per chunk, each answer saved on its jobs before the next is sent: a quota
        // running out (or a kill) in the middle of a language loses no answer already paid for.
        const counted = new Set<string>();
        for (const chunk of chunkTexts([...needed])) {
          const { translations: answers } = await client.translateBatch({
            texts: chunk,
            target_lang: target as never,
            ...(group.source !== target ? { source_lang: group.source as never } : {}),
          });
          const answered = new Map(chunk.map((text, index) => [text, answers[index] ?? text]));
          // The request and its characters (the service counts the text sent and the answer) are
          // counted once, on the first job that used this chunk: today's use is the jobs' sum.
          let requestCounted = false;
          for (const item of group.items) {
            const map = translations.get(item) as Map<string, string>;
            let sentChars = 0;
            let usedChars = 0;
            for (const text of new Set(item.texts)) {
              const answer = answered.get(text);
              if (answer === undefined || map.has(text)) continue;
              map.set(text, answer);
              sentChars += text.length;
              if (!counted.has(text)) usedChars += text.length + answer.length;
              counted.add(text);
            }
            if (sentChars === 0) continue;
            await queue.saveResult(
              item.job,
              { ...item.job.result, translations: Object.fromEntries(map) },
              { sentChars, usedChars, requests: requestCounted ? 0 : 1 },
            );
            requestCounted = true;
          }
        }
      }
      const done: Job[] = [];
      for (const item of items) {
        try {
          await apply(item, translations.get(item) ?? new Map());
          done.push(item.job);
        } catch (error) {
          failed.push({ job: item.job, error: error as Error });
        }
      }
      return { done, skipped, failed };
    },

    /** The fields of a target locale kept because an editor changed them, and whether its source moved on. */
    async status(
      uid: string,
      documentId: string,
      locale: string,
    ): Promise<{
      translatedAt: string | null;
      kept: string[];
      outdated: string[];
      audio: { outcome: string | null; at: string | null; note: string | null };
    }> {
      const settings = settingsService().contentType(uid);
      const schema = strapi.contentTypes[uid];
      const row = await stateStore().row({ contentType: uid, entryDocumentId: documentId, locale });
      const audio = {
        outcome: (row?.audioOutcome as string | null) ?? null,
        at: row?.audioAt ? new Date(row.audioAt as string).toISOString() : null,
        note: (row?.audioNote as string | null) ?? null,
      };
      if (!settings || !schema || !row || !row.translatedAt) return { translatedAt: null, kept: [], outdated: [], audio };
      const source = await loadDocument(schema, documentId, settings.sourceLocale);
      const hashes = (row.sourceHashes as Record<string, string>) ?? {};
      const outdated = source ? outdatedFields(schema, settings, source, hashes) : [];
      return {
        translatedAt: row.translatedAt ? new Date(row.translatedAt as string).toISOString() : null,
        kept: (row.keptFields as string[]) ?? [],
        outdated,
        audio,
      };
    },

    /**
     * Marks a target locale's changed source fields as reviewed: an editor read the source change
     * and found the translation still right, so the locale is no longer outdated. Nothing is sent.
     * Returns the fields marked.
     */
    async markReviewed(uid: string, documentId: string, locale: string): Promise<string[]> {
      const { outdated } = await this.status(uid, documentId, locale);
      const settings = settingsService().contentType(uid);
      const schema = strapi.contentTypes[uid];
      if (!settings || !schema || outdated.length === 0) return [];
      const source = await loadDocument(schema, documentId, settings.sourceLocale);
      const state = await loadState(uid, documentId, locale);
      for (const name of outdated) state.sourceHashes[name] = hashValue(source?.[name]);
      await stateStore().upsert({ contentType: uid, entryDocumentId: documentId, locale }, { sourceHashes: state.sourceHashes }, state.id);
      return outdated;
    },

    /**
     * "Translate into this locale": the source's text fields translated into `locale`, returned for
     * the edit form to show unsaved (the editor reviews, then saves). Slugs, relations, media and
     * structured fields are left to the form. The characters spent are counted in today's use.
     */
    async preview(uid: string, documentId: string, locale: string): Promise<{ data: Record<string, unknown>; fields: string[] }> {
      const settings = settingsService().contentType(uid);
      const schema = strapi.contentTypes[uid];
      const language = settingsService().languageOf(locale);
      if (!settings || !schema || !language) return { data: {}, fields: [] };
      const source = await loadDocument(schema, documentId, settings.sourceLocale);
      if (!source) return { data: {}, fields: [] };
      const fields = translatableFields(schema, settings).filter(
        (field) => field.directive === 'translate' && PREVIEW_TYPES.has(field.attribute.type) && !isEmpty(source[field.name]),
      );
      const texts = new Set<string>();
      for (const field of fields)
        for (const text of collectTexts(source[field.name], field.attribute, field.name, components, settings.fields)) texts.add(text);
      const sourceLanguage = settingsService().languageOf(settings.sourceLocale) ?? settings.sourceLocale;
      const answers = new Map<string, string>();
      let usedChars = 0;
      let requests = 0;
      const client = getService(strapi, 'client').get();
      for (const chunk of chunkTexts([...texts])) {
        const { translations } = await client.translateBatch({
          texts: chunk,
          target_lang: language as never,
          ...(sourceLanguage !== language ? { source_lang: sourceLanguage as never } : {}),
        });
        requests++;
        chunk.forEach((text, index) => {
          const answer = translations[index] ?? text;
          answers.set(text, answer);
          usedChars += text.length + answer.length;
        });
      }
      await getService(strapi, 'queue').recordSpend(
        { kind: 'translate', contentType: uid, entryDocumentId: documentId, locale },
        { usedChars, requests },
      );
      const translate = (text: string) => answers.get(text) ?? text;
      const data: Record<string, unknown> = {};
      for (const field of fields)
        data[field.name] = translateValue(source[field.name], field.attribute, field.name, {
          components,
          directives: settings.fields,
          translate,
        });
      return { data, fields: fields.map((field) => field.name) };
    },

    /** Characters a translation of these entry-locale pairs would send (the service also counts its answer). */
    async estimate(
      uid: string,
      pairs: ReadonlyArray<{ documentId: string; locale: string }>,
    ): Promise<{ entries: number; characters: number; texts: number; audioSeconds: number }> {
      let characters = 0;
      let texts = 0;
      let audioSeconds = 0;
      const cache = new Map<string, DocumentData | null>();
      for (const { documentId, locale } of pairs) {
        const item = await plan(
          {
            id: 0,
            kind: 'translate',
            contentType: uid,
            entryDocumentId: documentId,
            locale,
            status: 'pending',
            attempts: 0,
            bulkRun: null,
            claimedBy: null,
            result: null,
            error: null,
            errorType: null,
          },
          cache,
        );
        if (!item) continue;
        const unique = new Set(item.texts);
        texts += unique.size;
        for (const text of unique) characters += characterCount(text);
        // Audio follows a translation that changes the text, or makes what is missing: read from
        // the source's words (a translation runs about as long), at the voice's pace.
        const mapping = item.settings.audio.find((candidate) => candidate.locales.includes(locale));
        if (mapping && (item.toTranslate.length > 0 || !item.target?.[mapping.to]))
          audioSeconds += spokenSeconds(characterCount(spokenText(item.source, sourceFields(mapping))), mapping.speed);
      }
      return { entries: new Set(pairs.map((pair) => pair.documentId)).size, characters, texts, audioSeconds: Math.round(audioSeconds) };
    },
  };
};
