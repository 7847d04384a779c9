import type { TranslationLanguage } from '@circassian/core';
import { normalizePalochka } from '@circassian/core/palochka';
import { serviceFacts } from '@circassian/core';
import { detectLanguage, pseudoTranslate } from '../engines/index.js';
import { invalidRequest } from '../http/errors.js';
import { characterCount } from '@circassian/core/text';
import { validateBody } from '../validation/schema.js';
import { BATCH_REQUEST, TRANSLATE_REQUEST, type BatchBody, type TranslateBody } from '../validation/requests.js';
import { json, type ApiContext, type Reply } from './context.js';

/** `POST /v1/translate`. Input plus output characters are charged; the source is detected when absent. */
export function translate({ key, body, call, services }: ApiContext): Reply {
  const request = validateBody<TranslateBody>(TRANSLATE_REQUEST, body);
  const text = normalizePalochka(request.text);
  const source = request.source_lang ?? detectLanguage(text);
  const output = pseudoTranslate(text, source, request.target_lang);
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
  const source: TranslationLanguage = request.source_lang ?? detectLanguage(texts.join('\n'));
  const translations = texts.map((text) => pseudoTranslate(text, source, request.target_lang));
  const characters = translations.reduce((sum, text) => sum + characterCount(text), inputCharacters);
  call.volume = { characters };
  services.ledger.chargeTranslation(key, characters);
  return json({ translations, source_lang: source, target_lang: request.target_lang });
}
