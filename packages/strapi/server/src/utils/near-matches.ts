// The review panel's near matches (issue 33): for each text field of an entry's source, the
// sentences as the translation sends them (Markdown lines, whole short texts) that the memory has
// no exact unit for, each with its best near matches (the memory service's `fuzzy`: core's
// percentage, 75% or more, best three, the asker's own suggestions only for them, no context, as
// the plugin's units have none). Nothing is sent to the service and nothing is written: a person
// chooses a match in the panel, and it goes into the edit form only then.
import type { LanguagePair } from '@circassian/core';
import type { DocumentData, Schema, Strapi } from '../strapi';
import type { ResolvedContentType } from '../types/settings';
import type { NearMatchSentence } from '../../../shared/contracts/admin-api';
import { collectTexts, pickFields } from '../translation/fields';
import { isEmpty, translatableFields } from '../translation/planner';
import { reviewUnit } from '../controllers/memory-review';
import { getService } from './get-service';

/** Field types whose form value is the text itself, so the panel can put a chosen match into it (blocks are JSON). */
const NEAR_MATCH_TYPES = new Set(['string', 'text', 'richtext']);

/** Sentences of one field looked up at most: a long article's panel stays quick. */
const SENTENCES_PER_FIELD = 40;

export async function entryNearMatches(
  strapi: Strapi,
  schema: Schema,
  contentType: ResolvedContentType,
  source: DocumentData,
  pair: LanguagePair,
  asker: string | undefined,
  only: readonly string[],
): Promise<Array<{ field: string; sentences: NearMatchSentence[] }>> {
  const memory = getService(strapi, 'memory');
  const walk = { schema, getModel: (model: string) => strapi.getModel(model), directives: contentType.fields };
  const fields = translatableFields(schema, contentType).filter(
    (field) =>
      field.directive === 'translate' &&
      NEAR_MATCH_TYPES.has(field.attribute.type) &&
      !isEmpty(source[field.name]) &&
      only.includes(field.name),
  );
  const found: Array<{ field: string; sentences: NearMatchSentence[] }> = [];
  for (const field of fields) {
    const texts = [...new Set(await collectTexts(pickFields(source, [field.name]), walk))]
      .filter((text) => text.trim() !== '')
      .slice(0, SENTENCES_PER_FIELD);
    const exact = await memory.lookup(pair, texts, asker !== undefined ? { asker } : {});
    const sentences: NearMatchSentence[] = [];
    for (const [index, text] of texts.entries()) {
      // An exact unit is used by the translation itself: only the others need a person's choice.
      if (exact[index] !== undefined) continue;
      const matches = await memory.fuzzy(pair, text, asker !== undefined ? { asker } : {});
      if (matches.length > 0)
        sentences.push({
          source: text,
          whole: text.trim() === String(source[field.name]).trim(),
          matches: matches.map((match) => ({ percent: match.percent, unit: reviewUnit(match.unit) })),
        });
    }
    if (sentences.length > 0) found.push({ field: field.name, sentences });
  }
  return found;
}
