// Learning from editors: a save of a target locale whose translated field differs from what the
// plugin wrote there (the hand edit the planner keeps: the state's written hash) teaches the
// memory that field's segments as `human`, so the next translation of the same source text is the
// editor's, with no request. Segments are paired as the translation walks them (sentences of
// Markdown and blocks, inner fields of components); where the edited field no longer lines up
// with its source (a sentence added or removed), a plain text field is taught whole and a
// structured one not at all: a wrong pair would be worse than none. A field whose source moved
// on since the translation is not taught (the edit may answer the old text), nor one the plugin
// never wrote (a "Translate into this locale" preview saved is the machine's text).
import { memoryKey, splitSurroundingWhitespace, type LanguagePair, type MemoryUnitInput } from '@circassian/core';
import type { Strapi } from '../strapi';
import { collectTexts, pickFields } from '../translation/fields';
import { hashValue } from '../translation/hash';
import { isEmpty, translatableFields } from '../translation/planner';
import { loadDocument } from './documents';
import { getService } from './get-service';
import { MEMORY_CREATOR, memoryPair } from './memory-use';
import { stateStore } from './state-store';

/** Field types whose value is one text, taught whole where its sentences do not line up. */
const PLAIN_TEXT = new Set(['string', 'text', 'richtext']);

/** The source -> edited target pairs of one document's target locale, field by field. */
async function editedPairs(strapi: Strapi, uid: string, documentId: string, locale: string): Promise<Array<[string, string]>> {
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
  const pairs: Array<[string, string]> = [];
  for (const field of translatableFields(schema, settings)) {
    const { name } = field;
    const written = state.writtenHashes[name];
    const edited = written !== undefined && !isEmpty(target[name]) && hashValue(target[name]) !== written;
    if (field.directive !== 'translate' || !edited || state.sourceHashes[name] !== hashValue(source[name])) continue;
    if (field.attribute.type === 'uid' || field.attribute.type === 'relation') continue;
    const sourceTexts = await collectTexts(pickFields(source, [name]), walk);
    const targetTexts = await collectTexts(pickFields(target, [name]), walk);
    if (sourceTexts.length === targetTexts.length) sourceTexts.forEach((text, i) => pairs.push([text, targetTexts[i] ?? '']));
    else if (PLAIN_TEXT.has(field.attribute.type) && typeof source[name] === 'string' && typeof target[name] === 'string')
      pairs.push([source[name], target[name]]);
  }
  return pairs.filter(([from, to]) => from.trim() !== '' && to.trim() !== '');
}

/**
 * Teaches the memory the hand edits of `documentId` in `locale`: the pairs whose translation the
 * memory does not already hold as it is (an untouched sentence of an edited field stays as it
 * was stored). Returns how many units it stored.
 */
export async function learnFromEdits(strapi: Strapi, uid: string, documentId: string, locale: string): Promise<number> {
  const settings = getService(strapi, 'settings');
  const contentType = settings.contentType(uid);
  if (!contentType || !contentType.targetLocales.includes(locale)) return 0;
  const pair: LanguagePair | undefined = memoryPair(
    settings.languageOf(contentType.sourceLocale) ?? contentType.sourceLocale,
    settings.languageOf(locale) ?? locale,
  );
  if (!pair) return 0;
  const pairs = await editedPairs(strapi, uid, documentId, locale);
  if (pairs.length === 0) return 0;
  const memory = getService(strapi, 'memory');
  const known = await memory.lookup(
    pair,
    pairs.map(([from]) => from),
  );
  const units: MemoryUnitInput[] = [];
  const taught = new Set<string>();
  pairs.forEach(([from, to], i) => {
    const key = memoryKey(from);
    if (taught.has(key) || known[i]?.target === splitSurroundingWhitespace(to).core) return;
    taught.add(key);
    units.push({ sourceLang: pair.source, targetLang: pair.target, source: from, target: to, origin: 'human', creator: MEMORY_CREATOR });
  });
  if (units.length === 0) return 0;
  return (await memory.store(units)).stored;
}
