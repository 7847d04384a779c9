// Translates claimed jobs: for each (entry, target locale) the planner decides field by field what
// to send (only sources changed since the last translation, never a field edited by hand), the
// batching sends every job's texts per target language in the fewest requests, and the writer
// writes each target locale. Also the status of an entry's locale, "Mark as reviewed" and a bulk
// run's estimate ("Translate into this locale" is the batching's preview).
import type { DocumentData, Schema, Strapi } from '../strapi';
import type { TranslatorService } from '../types/services';
import { outdatedFields, planTranslation, translatableFields, type TranslationState } from '../translation/planner';
import { fieldTermProblems } from '../utils/term-problems';
import { hashValue } from '../translation/hash';
import { jobFields } from '../utils/job-fields';
import { characterCount } from '@circassian/core/text';
import { audioFollowsTranslation, sourceFields, spokenSeconds, spokenText } from '../utils/audio-plan';
import type { Job, TranslationOutcome, WorkItem } from '../types/jobs';
import { loadDocument as load } from '../utils/documents';
import { getService } from '../utils/get-service';
import { hasDraftAndPublish } from '../utils/content-types';
import type { AudioReason, FieldFlag, LearningState } from '../../../shared/contracts/admin-api';
import { stateStore } from '../utils/state-store';
import { memoryPair } from '../utils/memory-use';
import type { LanguagePair } from '@circassian/core';

export default ({ strapi }: { strapi: Strapi }): TranslatorService => {
  const getModel = (uid: string) => strapi.getModel(uid);
  const settingsService = () => getService(strapi, 'settings');

  const states = () => stateStore(strapi);
  const loadState = (contentType: string, entryDocumentId: string, locale: string): Promise<TranslationState> =>
    states().load({ contentType, entryDocumentId, locale });

  const loadDocument = (schema: Schema, documentId: string, locale: string, status: 'draft' | 'published' = 'draft') =>
    load(strapi, schema, documentId, locale, status);

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
    const fields = await planTranslation({
      schema,
      settings,
      source,
      target,
      state,
      force: job.result?.force === true,
      targetPublished,
      getModel,
      only: jobFields(job.result),
    });
    const item: WorkItem = { job, settings, schema, source, target, state, language, ...fields };
    return item;
  };

  const isPublished = async (schema: Schema, documentId: string, locale: string): Promise<boolean> =>
    hasDraftAndPublish(schema) &&
    (await strapi.documents(schema.uid).findOne({ documentId, locale, status: 'published', fields: ['id'] })) !== null;

  return {
    /**
     * Runs a claimed group of translate jobs. Per-job problems are returned, not thrown; a service
     * error (quota, rate limit, outage) is thrown for the worker to pause or retry the whole group.
     */
    async run(jobs: Job[]): Promise<TranslationOutcome> {
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
      const translations = await getService(strapi, 'batching').translate(items);
      const done: Job[] = [];
      for (const item of items) {
        try {
          await getService(strapi, 'writer').write(item, translations.get(item) ?? new Map());
          done.push(item.job);
        } catch (error) {
          failed.push({ job: item.job, error: error as Error });
        }
      }
      return { done, skipped, failed };
    },

    /** The fields of a target locale kept because an editor changed them, and whether its source moved on. */
    async status(uid, documentId, locale) {
      const settings = settingsService().contentType(uid);
      const schema = strapi.contentTypes[uid];
      const row = await states().row({ contentType: uid, entryDocumentId: documentId, locale });
      const audio = {
        outcome: (row?.audioOutcome as string | null) ?? null,
        at: row?.audioAt ? new Date(row.audioAt as string).toISOString() : null,
        note: (row?.audioNote as string | null) ?? null,
        reason: (row?.audioReason as AudioReason | null) ?? null,
      };
      const learning = (row?.learning as LearningState | null) ?? null;
      if (!settings || !schema || !row || !row.translatedAt)
        return { translatedAt: null, kept: [], outdated: [], flags: [], termProblems: [], audio, learning };
      const source = await loadDocument(schema, documentId, settings.sourceLocale);
      const hashes = (row.sourceHashes as Record<string, string>) ?? {};
      const outdated = source ? outdatedFields(schema, settings, source, hashes) : [];
      const pair = memoryPair(settingsService().languageOf(settings.sourceLocale) ?? '', settingsService().languageOf(locale) ?? '');
      const target = source && pair ? await loadDocument(schema, documentId, locale) : null;
      const translated = translatableFields(schema, settings)
        .filter((field) => field.directive === 'translate')
        .map((field) => field.name);
      const termProblems =
        source && target && pair ? fieldTermProblems(await getService(strapi, 'glossary').current(), pair, translated, source, target) : [];
      return {
        translatedAt: row.translatedAt ? new Date(row.translatedAt as string).toISOString() : null,
        kept: (row.keptFields as string[]) ?? [],
        outdated,
        flags: (row.fieldFlags as FieldFlag[] | null) ?? [],
        termProblems,
        audio,
        learning,
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
      await states().upsert({ contentType: uid, entryDocumentId: documentId, locale }, { sourceHashes: state.sourceHashes }, state.id);
      return outdated;
    },

    /** Characters a translation of these entry-locale pairs would send (the service also counts its answer). */
    async estimate(uid, pairs) {
      let audioSeconds = 0;
      const cache = new Map<string, DocumentData | null>();
      // Each entry-locale's texts (each once), by the language pair the memory answers for.
      const sent = new Map<string, { pair: LanguagePair | undefined; texts: Array<Set<string>> }>();
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
        const source = settingsService().languageOf(item.settings.sourceLocale) ?? item.settings.sourceLocale;
        const group = sent.get(`${source}>${item.language}`) ?? { pair: memoryPair(source, item.language), texts: [] };
        group.texts.push(new Set(item.texts));
        sent.set(`${source}>${item.language}`, group);
        // Audio follows a translation that changes the text, or makes what is missing: read from
        // the source's words (a translation runs about as long), at the voice's pace.
        const mapping = item.settings.audio.find((candidate) => candidate.locales.includes(locale));
        const read = mapping ? sourceFields(mapping) : [];
        if (
          mapping &&
          audioFollowsTranslation({
            audioOn: item.settings.audioOn,
            publishesTarget:
              !hasDraftAndPublish(item.schema) ||
              (item.settings.publication === 'follow' && (await isPublished(item.schema, documentId, item.settings.sourceLocale))),
            readFieldsChange: item.toTranslate.some((field) => read.includes(field.name)),
            hasAudio: Boolean(item.target?.[mapping.to]),
          })
        )
          audioSeconds += spokenSeconds(characterCount(spokenText(item.source, sourceFields(mapping))), mapping.speed);
      }
      // What the memory knows costs nothing: counted apart (one lookup per pair, no use recorded).
      const counts = { characters: 0, texts: 0, memoryCharacters: 0, memoryTexts: 0 };
      for (const { pair, texts } of sent.values()) {
        const all = [...new Set(texts.flatMap((unique) => [...unique]))];
        const units = pair ? await getService(strapi, 'memory').lookup(pair, all) : [];
        const known = new Set(all.filter((text, index) => units[index] !== undefined));
        for (const text of texts.flatMap((unique) => [...unique]))
          if (known.has(text)) {
            counts.memoryCharacters += characterCount(text);
            counts.memoryTexts++;
          } else {
            counts.characters += characterCount(text);
            counts.texts++;
          }
      }
      return { entries: new Set(pairs.map((pair) => pair.documentId)).size, ...counts, audioSeconds: Math.round(audioSeconds) };
    },
  };
};
