import type { TranslationLanguage } from '@circassian/core';
import { normalizePalochka } from '@circassian/core/palochka';
import { serviceFacts } from '@circassian/core';
import { detectLanguage, dropMarkers, pseudoTranslate, reorderMarkers } from '../engines/index.js';
import type { MarkerFault } from '../admin/fault-board.js';
import { invalidRequest } from '../http/errors.js';
import { characterCount } from '@circassian/core/text';
import { validateBody } from '../validation/schema.js';
import { BATCH_REQUEST, TRANSLATE_REQUEST, type BatchBody, type TranslateBody } from '../validation/requests.js';
import { json, type ApiContext, type Reply } from './context.js';

/** `POST /v1/translate`. Input plus output characters are charged; the source is detected when absent. */
export function translate({ key, body, call, services }: ApiContext): Reply {
  const request = validateBody<TranslateBody>(TRANSLATE_REQUEST, body);
  const text = normalizePalochka(request.text);
  // Markers are formatting, not words: an `x` in `<x1>` must not count as a Latin letter.
  const source = request.source_lang ?? detectLanguage(dropMarkers(text));
  const output = withMarkerFault(pseudoTranslate(text, source, request.target_lang), services.faults.takeMarkerFault('translate'));
  const characters = characterCount(text) + characterCount(output);
  call.volume = { characters };
  services.ledger.chargeTranslation(key, characters);
  return json({ text: output, source_lang: source, target_lang: request.target_lang });
}

/** `POST /v1/translate/batch`: results in the order of the texts, one source language for all. */
export function translateBatch({ key, body, call, services }: ApiContext): Reply {
  const request = validateBody<BatchBody>(BATCH_REQUEST, body);
  const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
  if (request.texts.length > batchMaxTexts) {
    throw invalidRequest(`A batch holds at most ${batchMaxTexts} texts; got ${request.texts.length}.`);
  }
  const texts = request.texts.map(normalizePalochka);
  const inputCharacters = texts.reduce((sum, text) => sum + characterCount(text), 0);
  if (inputCharacters > batchMaxChars) {
    throw invalidRequest(`A batch holds at most ${batchMaxChars} characters in total; got ${inputCharacters}.`);
  }
  const source: TranslationLanguage = request.source_lang ?? detectLanguage(dropMarkers(texts.join('\n')));
  const markers = services.faults.takeMarkerFault('batch');
  const translations = texts.map((text) => withMarkerFault(pseudoTranslate(text, source, request.target_lang), markers));
  const characters = translations.reduce((sum, text) => sum + characterCount(text), inputCharacters);
  call.volume = { characters };
  services.ledger.chargeTranslation(key, characters);
  return json({ translations, source_lang: source, target_lang: request.target_lang });
}

/** A marker fault (a test control) turns the engine into one that drops or scrambles inline markers. */
function withMarkerFault(output: string, fault: MarkerFault | undefined): string {
  if (fault === 'drop') return dropMarkers(output);
  if (fault === 'reorder') return reorderMarkers(output);
  return output;
}
