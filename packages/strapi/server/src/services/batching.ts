// The batching: texts for one target language go out in as few `translateBatch` requests as the
// service's limits allow (repeats sent once), and each request's answers are handed on before the
// next is sent. The queue's jobs save them on their rows (a quota running out or a kill loses
// nothing paid for; answers already on a job row are reused, not bought again); "Translate into
// this locale" (the preview) fills the edit form with them. Characters are counted as the service
// counts them (code points, core's characterCount), the text sent and its answer: what a request
// spent is counted once, on the first job that used it, so today's use is the jobs' sum.
//
// The translation memory is consulted at `send` (core's memory-aware translateBatch): texts it
// already knows need no request. The glossary (services/glossary.ts) goes with it: its keep terms
// never travel as text, its translate terms come back as agreed, and a machine unit of the memory
// that contradicts it is not reused.
import { characterCount } from '@circassian/core/text';
import type { Strapi } from '../strapi';
import type { WorkItem } from '../types/jobs';
import type { BatchingService } from '../types/services';
import type { ResolvedContentType } from '../types/settings';
import { collectTexts, pickFields, translateFields } from '../translation/fields';
import { isEmpty, isHandEdited, translatableFields } from '../translation/planner';
import { stateStore } from '../utils/state-store';
import { loadDocument } from '../utils/documents';
import { getService } from '../utils/get-service';
import { memoryPair, translationMemory } from '../utils/memory-use';
import { withCreatorsSuggestions } from '../utils/own-suggestions';
import { faultPoint } from '../utils/fault-points';

/** The field types "Translate into this locale" fills: text the edit form takes as it is. */
const PREVIEW_TYPES = new Set(['string', 'text', 'richtext', 'blocks']);

/** What the service counts of one text translated: the text sent and its answer. */
const charactersOf = (text: string, answer: string): number => characterCount(text) + characterCount(answer);

export default ({ strapi }: { strapi: Strapi }): BatchingService => {
  const settings = () => getService(strapi, 'settings');
  const sourceLanguageOf = (contentType: ResolvedContentType): string =>
    settings().languageOf(contentType.sourceLocale) ?? contentType.sourceLocale;

  /**
   * Sends `texts` (each once) from `source` into `target` through core's memory-aware
   * translateBatch: the translation memory answers what it knows (no request, nothing spent:
   * `onAnswers(…, 'memory')`), the rest go in the fewest requests (core's planner), one at a time,
   * each request's answers (text -> translation) handed to `onAnswers(…, 'service')` before the
   * next is sent and kept in the memory as `machine` units (a human unit is kept: the store's
   * rule). `mayRecall` says which texts the memory may answer (all by default).
   */
  const send = async (
    texts: Iterable<string>,
    source: string,
    target: string,
    onAnswers: (answered: ReadonlyMap<string, string>, from: 'memory' | 'service') => Promise<void>,
    mayRecall: (text: string) => boolean = () => true,
  ): Promise<void> => {
    const distinct = [...new Set(texts)].filter((text) => text !== '');
    if (distinct.length === 0) return;
    const client = getService(strapi, 'client').get();
    const pair = memoryPair(source, target);
    // The glossary is read at each send (another instance may have changed it); core applies it:
    // keep and translate terms go as markers and come back agreed, a machine unit it contradicts is sent again.
    const glossary = pair ? await getService(strapi, 'glossary').current() : undefined;
    await client.translateBatch(
      { texts: distinct, target_lang: target as never, ...(source !== target ? { source_lang: source as never } : {}) },
      {
        ...(pair ? { memory: translationMemory(strapi) } : {}),
        ...(glossary && glossary.entries.length > 0 ? { glossary } : {}),
        onAnswers,
        mayRecall,
      },
    );
  };

  /**
   * Texts of one entry translated for one of its locales, now (the memory first, through `send`):
   * text -> translation, the entry creator's own suggestions before the memory's units, what the
   * service was paid recorded against the entry. Nothing is written.
   */
  const translateForEntry = async (
    contentType: ResolvedContentType,
    documentId: string,
    locale: string,
    language: string,
    texts: readonly string[],
  ): Promise<Map<string, string>> => {
    const answers = new Map<string, string>();
    let usedChars = 0;
    let requests = 0;
    await send(texts, sourceLanguageOf(contentType), language, async (answered, from) => {
      if (from === 'service') requests++;
      for (const [text, answer] of answered) {
        answers.set(text, answer);
        if (from === 'service') usedChars += charactersOf(text, answer);
      }
    });
    const pair = memoryPair(sourceLanguageOf(contentType), language);
    const uid = contentType.uid;
    if (pair) await withCreatorsSuggestions(strapi, pair, { uid, documentId, sourceLocale: contentType.sourceLocale }, texts, answers);
    if (requests > 0)
      await getService(strapi, 'spending').recordSpend(
        { kind: 'translate', contentType: uid, entryDocumentId: documentId, locale },
        { usedChars, requests },
      );
    return answers;
  };

  return {
    async translateTexts(uid, documentId, locale, texts) {
      const contentType = settings().contentType(uid);
      const language = settings().languageOf(locale);
      if (!contentType || !language) return new Map();
      return translateForEntry(contentType, documentId, locale, language, texts);
    },

    async translate(items) {
      const spending = getService(strapi, 'spending');
      const byLanguage = new Map<string, { source: string; target: string; items: WorkItem[] }>();
      for (const item of items) {
        const source = sourceLanguageOf(item.settings);
        const key = `${source}>${item.language}`;
        const group = byLanguage.get(key) ?? { source, target: item.language, items: [] };
        group.items.push(item);
        byLanguage.set(key, group);
      }
      const translations = new Map<WorkItem, Map<string, string>>();
      for (const group of byLanguage.values()) {
        const needed = new Set<string>();
        for (const item of group.items) {
          const saved = (item.job.result?.translations ?? {}) as Record<string, string>;
          const map = new Map(Object.entries(saved));
          translations.set(item, map);
          for (const text of item.texts) if (!map.has(text)) needed.add(text);
        }
        // "Translate again, replacing edits" (confirmed) asks for the service's translation: the
        // memory, which learnt those very edits, does not answer for that job's texts.
        const forced = new Set(group.items.filter((item) => item.job.result?.force === true).flatMap((item) => item.texts));
        const counted = new Set<string>();
        await send(
          needed,
          group.source,
          group.target,
          async (answered, from) => {
            if (from === 'memory') {
              // Free: nothing to save on the job (the memory keeps it) and nothing spent.
              for (const item of group.items) {
                const map = translations.get(item) as Map<string, string>;
                for (const text of item.texts) {
                  const answer = answered.get(text);
                  if (answer !== undefined) map.set(text, answer);
                }
              }
              return;
            }
            let requestCounted = false;
            for (const item of group.items) {
              const map = translations.get(item) as Map<string, string>;
              let sentChars = 0;
              let usedChars = 0;
              for (const text of new Set(item.texts)) {
                const answer = answered.get(text);
                if (answer === undefined || map.has(text)) continue;
                map.set(text, answer);
                sentChars += characterCount(text);
                if (!counted.has(text)) usedChars += charactersOf(text, answer);
                counted.add(text);
              }
              if (sentChars === 0) continue;
              await spending.saveResult(
                item.job,
                { ...item.job.result, translations: Object.fromEntries(map) },
                { sentChars, usedChars, requests: requestCounted ? 0 : 1 },
              );
              requestCounted = true;
            }
            // Kept on the jobs (and in the memory) before anything is written: a kill from here on buys nothing again.
            faultPoint('answers-received');
          },
          (text) => !forced.has(text),
        );
        // Entries whose creator has suggestions of their own get them back (not a forced job's: it asked for the service).
        const pair = memoryPair(group.source, group.target);
        if (pair)
          for (const item of group.items.filter((candidate) => candidate.job.result?.force !== true)) {
            await withCreatorsSuggestions(
              strapi,
              pair,
              { uid: item.settings.uid, documentId: item.job.entryDocumentId, sourceLocale: item.settings.sourceLocale },
              item.texts,
              translations.get(item) as Map<string, string>,
            );
          }
      }
      return translations;
    },

    /**
     * "Translate into this locale": the source's text fields translated into `locale`, returned for
     * the edit form to show unsaved (the editor reviews, then saves). Slugs, relations, media and
     * structured fields are left to the form, and so are fields outside `only` (the asking admin's
     * field lists): those are never sent. What it spent is counted in today's use.
     */
    async preview(uid, documentId, locale, only) {
      const contentType = settings().contentType(uid);
      const schema = strapi.contentTypes[uid];
      const language = settings().languageOf(locale);
      if (!contentType || !schema || !language) return { data: {}, fields: [], handEdited: [] };
      const source = await loadDocument(strapi, schema, documentId, contentType.sourceLocale);
      if (!source) return { data: {}, fields: [], handEdited: [] };
      const fields = translatableFields(schema, contentType).filter(
        (field) =>
          field.directive === 'translate' &&
          PREVIEW_TYPES.has(field.attribute.type) &&
          !isEmpty(source[field.name]) &&
          (only === undefined || only.includes(field.name)),
      );
      const walk = { schema, getModel: (model: string) => strapi.getModel(model), directives: contentType.fields };
      const names = fields.map((field) => field.name);
      const values = pickFields(source, names);
      const texts = await collectTexts(values, walk);
      const answers = await translateForEntry(contentType, documentId, locale, language, texts);
      // The form's fields that hold someone's own words: the editor is asked before they are replaced.
      const target = await loadDocument(strapi, schema, documentId, locale);
      const { writtenHashes } = await stateStore(strapi).load({ contentType: uid, entryDocumentId: documentId, locale });
      const handEdited = target ? names.filter((name) => isHandEdited(target[name], writtenHashes[name])) : [];
      return { data: await translateFields(values, walk, (text) => answers.get(text) ?? text), fields: names, handEdited };
    },
  };
};
