// Review by sentence for one entry's target locale (issue 33, "Strapi first"): the fields someone
// edited by hand whose source changed since the plugin translated them, each with its changed
// sentences (the source sentence as translated and as it reads now, the target sentence kept:
// translation/sentence-review.ts), or none where the field can only be kept or replaced whole;
// and "Translate only the changed sentences": those sentences translated now and put in their
// places in the target's draft, every other sentence of the field (the person's edits among them)
// as it stands. Only the locale asked about is touched (replacing from the kbd view never writes
// ady). The field stays the person's (its written hash is kept, so a later run still keeps it);
// its record takes the source as it reads now, so the memory learns the person's edits paired with
// their own source sentences and never pairs a new source sentence with a stale target one
// (memory-learning.ts).
import type { Strapi } from '../strapi';
import { collectTexts, pickFields, translateFields } from '../translation/fields';
import { hashValue } from '../translation/hash';
import { isEmpty, isHandEdited, translatableFields } from '../translation/planner';
import { changedSentences, recordAfterRetranslation, type ChangedSentence } from '../translation/sentence-review';
import { loadDocument } from './documents';
import { getService } from './get-service';
import { asPluginWrite } from './plugin-writes';
import { stateStore } from './state-store';

/** A hand-edited field whose source changed: its changed sentences, or null where it can only be kept or replaced whole. */
export interface FieldReview {
  readonly field: string;
  readonly sentences: ChangedSentence[] | null;
}

async function reviewContext(strapi: Strapi, uid: string, documentId: string, locale: string) {
  const settings = getService(strapi, 'settings').contentType(uid);
  const schema = strapi.contentTypes[uid];
  if (!settings || !schema || !settings.targetLocales.includes(locale)) return null;
  const key = { contentType: uid, entryDocumentId: documentId, locale };
  const [state, source, target] = await Promise.all([
    stateStore(strapi).load(key),
    loadDocument(strapi, schema, documentId, settings.sourceLocale),
    loadDocument(strapi, schema, documentId, locale),
  ]);
  if (!source || !target) return null;
  const walk = { schema, getModel: (model: string) => strapi.getModel(model), directives: settings.fields };
  return { key, state, source, target, walk, schema };
}

/** The hand-edited fields of `locale` whose source changed since they were translated, with their changed sentences. */
export async function fieldReviews(
  strapi: Strapi,
  uid: string,
  documentId: string,
  locale: string,
  only?: readonly string[],
): Promise<FieldReview[]> {
  const context = await reviewContext(strapi, uid, documentId, locale);
  if (!context) return [];
  const { state, source, target, walk, schema } = context;
  const settings = getService(strapi, 'settings').contentType(uid);
  if (!settings) return [];
  const found: FieldReview[] = [];
  for (const field of translatableFields(schema, settings)) {
    const { name } = field;
    const record = state.sentences?.[name];
    if (field.directive !== 'translate' || (only !== undefined && !only.includes(name))) continue;
    // Edited by hand, and its source changed since the plugin wrote it.
    if (!isHandEdited(target[name], state.writtenHashes[name]) || isEmpty(source[name])) continue;
    if (state.sourceHashes[name] === undefined || state.sourceHashes[name] === hashValue(source[name])) continue;
    const sentences = record
      ? changedSentences(record, await collectTexts(pickFields(source, [name]), walk), await collectTexts(pickFields(target, [name]), walk))
      : null;
    if (sentences === null || sentences.length > 0) found.push({ field: name, sentences });
  }
  return found;
}

/**
 * Translates the changed sentences of `locale`'s hand-edited fields and writes them into its
 * draft in their places; the fields that can only be kept or replaced whole are left as they are.
 * What was written: per field, how many sentences.
 */
export async function translateChangedSentences(
  strapi: Strapi,
  uid: string,
  documentId: string,
  locale: string,
  only?: readonly string[],
): Promise<Array<{ field: string; sentences: number }>> {
  const reviews = (await fieldReviews(strapi, uid, documentId, locale, only)).filter(
    (review): review is { field: string; sentences: ChangedSentence[] } => review.sentences !== null,
  );
  const context = await reviewContext(strapi, uid, documentId, locale);
  if (!context || reviews.length === 0) return [];
  const { key, state, source, target, walk, schema } = context;
  const answers = await getService(strapi, 'batching').translateTexts(
    uid,
    documentId,
    locale,
    reviews.flatMap((review) => review.sentences.map((sentence) => sentence.now)),
  );
  const data: Record<string, unknown> = {};
  for (const { field, sentences } of reviews) {
    const byPlace = new Map(sentences.map((sentence) => [sentence.targetIndex, sentence]));
    let place = 0;
    const rebuilt = await translateFields(pickFields(target, [field]), walk, (text) => {
      const sentence = byPlace.get(place++);
      return sentence ? (answers.get(sentence.now) ?? text) : text;
    });
    data[field] = rebuilt[field];
  }
  // As the plugin's own write: the middleware must not take it for an editor's correction.
  await asPluginWrite({}, () => strapi.documents(uid).update({ documentId, locale, data }));
  const stored = await loadDocument(strapi, schema, documentId, locale);
  const sentencesState = { ...state.sentences };
  for (const { field, sentences } of reviews) {
    const record = state.sentences?.[field];
    if (!record || !stored) continue;
    const now = await collectTexts(pickFields(stored, [field]), walk);
    sentencesState[field] = recordAfterRetranslation(
      record,
      await collectTexts(pickFields(source, [field]), walk),
      new Map(sentences.map((sentence) => [sentence.sourceIndex, now[sentence.targetIndex] ?? ''])),
    );
    state.sourceHashes[field] = hashValue(source[field]);
  }
  // Only the source hashes and records change: the written hashes stay (the fields stay the person's), and the rest of the row as it is.
  await stateStore(strapi).upsert(key, { sourceHashes: state.sourceHashes, sentences: sentencesState }, state.id);
  return reviews.map((review) => ({ field: review.field, sentences: review.sentences.length }));
}
