// Learning from editors: when a target locale is published by anyone but the plugin, the sentences
// a person changed from what the plugin wrote (translation/corrections.ts: by the per-sentence
// hashes the writer records) are taught to the memory, each paired with the source sentence it
// was translated from, and only while the source still says it. An untouched sentence is never a
// correction (whatever it reads like), and "Mark as reviewed" accepts a translation without making
// the old one answer the new source. Teaching is a right: a writer whose role holds
// `plugin::circassian.memory` makes units everyone gets back (`human`; `reviewed` where they
// correct a reviewed unit: they re-review it); anyone else's corrections are kept as their
// suggestions (an API token's and the Public role's too), which answer only the entries they
// created until a reviewer accepts them. A field the plugin never wrote teaches nothing, nor a
// sentence the memory already answers the writer with as written (a saved "Translate into this
// locale" preview is the machine's text, kept as such).
import { memoryKey, splitSurroundingWhitespace, type LanguagePair, type MemoryUnitInput } from '@circassian/core';
import type { Strapi } from '../strapi';
import { corrections, type Correction } from '../translation/corrections';
import { collectTexts, pickFields } from '../translation/fields';
import { hashValue } from '../translation/hash';
import { isEmpty, translatableFields } from '../translation/planner';
import type { LearningState } from '../../../shared/contracts/admin-api';
import { loadDocument } from './documents';
import { getService } from './get-service';
import { memoryPair } from './memory-use';
import type { Teacher } from './memory-teacher';
import { stateStore } from './state-store';

/** What one learning did: units everyone gets back, and corrections kept as the writer's suggestions (they may not teach). */
export interface LearningOutcome {
  readonly taught: number;
  readonly suggested: number;
}

const NOTHING: LearningOutcome = { taught: 0, suggested: 0 };

/** The corrections in one document's target locale, field by field. */
async function correctionsIn(strapi: Strapi, uid: string, documentId: string, locale: string): Promise<Correction[]> {
  const settings = getService(strapi, 'settings').contentType(uid);
  const schema = strapi.contentTypes[uid];
  if (!settings || !schema) return [];
  const state = await stateStore(strapi).load({ contentType: uid, entryDocumentId: documentId, locale });
  const [source, target] = await Promise.all([
    loadDocument(strapi, schema, documentId, settings.sourceLocale),
    loadDocument(strapi, schema, documentId, locale),
  ]);
  if (!source || !target) return [];
  const walk = { schema, getModel: (model: string) => strapi.getModel(model), directives: settings.fields };
  const found: Correction[] = [];
  for (const field of translatableFields(schema, settings)) {
    const { name } = field;
    const record = state.sentences?.[name];
    const written = state.writtenHashes[name];
    // Only a field the plugin wrote, and changed since: the rest has nothing a person corrected.
    if (field.directive !== 'translate' || !record || written === undefined || isEmpty(target[name]) || hashValue(target[name]) === written)
      continue;
    found.push(
      ...corrections(record, await collectTexts(pickFields(source, [name]), walk), await collectTexts(pickFields(target, [name]), walk)),
    );
  }
  return found;
}

/**
 * Teaches the memory the corrections of `documentId` in `locale` made by `teacher`: those whose
 * translation the memory does not already hold as it is. A writer who may not teach teaches nothing.
 */
export async function learnFromEdits(
  strapi: Strapi,
  uid: string,
  documentId: string,
  locale: string,
  teacher: Teacher,
): Promise<LearningOutcome> {
  const settings = getService(strapi, 'settings');
  const contentType = settings.contentType(uid);
  if (!contentType || !contentType.targetLocales.includes(locale)) return NOTHING;
  const pair: LanguagePair | undefined = memoryPair(
    settings.languageOf(contentType.sourceLocale) ?? contentType.sourceLocale,
    settings.languageOf(locale) ?? locale,
  );
  if (!pair) return NOTHING;
  const found = await correctionsIn(strapi, uid, documentId, locale);
  if (found.length === 0) return NOTHING;
  const memory = getService(strapi, 'memory');
  // What answers this writer now: their own suggestion where they have one, else everyone's unit.
  const known = await memory.lookup(
    pair,
    found.map(({ source }) => source),
    { asker: teacher.name },
  );
  const where = `${uid}:${documentId}`;
  const units: MemoryUnitInput[] = [];
  const taught = new Set<string>();
  found.forEach(({ source, target }, i) => {
    const key = memoryKey(source);
    const answer = known[i];
    if (taught.has(key) || answer?.target === splitSurroundingWhitespace(target).core) return;
    taught.add(key);
    const unit = { sourceLang: pair.source, targetLang: pair.target, source, target, creator: teacher.name, where };
    units.push(
      teacher.mayTeach
        ? { ...unit, origin: answer?.origin === 'reviewed' && !answer.suggestion ? 'reviewed' : 'human' }
        : { ...unit, origin: 'human', suggestion: true },
    );
  });
  if (units.length === 0) return NOTHING;
  const { stored } = await memory.store(units);
  return teacher.mayTeach ? { taught: stored, suggested: 0 } : { taught: 0, suggested: stored };
}

/**
 * Learns from a publish once it is committed, and keeps what happened on the locale's state row,
 * where the edit view's panel says it to the editor (a failure too, not only in the log).
 */
export async function learnAndRecord(strapi: Strapi, uid: string, documentId: string, locale: string, teacher: Teacher): Promise<void> {
  const key = { contentType: uid, entryDocumentId: documentId, locale };
  let learning: LearningState;
  try {
    const outcome = await learnFromEdits(strapi, uid, documentId, locale, teacher);
    learning = { at: new Date().toISOString(), by: teacher.name, ...outcome, error: null };
  } catch (error) {
    const said = error instanceof Error ? error.message : String(error);
    strapi.log.warn(`[circassian] the translation memory could not learn from a ${uid} ${documentId} (${locale}) publish: ${said}`);
    learning = { at: new Date().toISOString(), by: teacher.name, taught: 0, suggested: 0, error: said };
  }
  // A locale the plugin never translated gets no row for a publish that found nothing to learn.
  const quiet = learning.taught === 0 && learning.suggested === 0 && learning.error === null;
  if (quiet && !(await stateStore(strapi).row(key))) return;
  await stateStore(strapi).upsert(key, { learning });
}
