import { serviceFacts } from '@circassian/core';
import { normalizePalochka } from '@circassian/core/palochka';
import { detectLanguage, lookUpWord } from '../engines/index.js';
import { characterCount } from '@circassian/core/text';
import { validateBody } from '../validation/schema.js';
import { DETECT_REQUEST, DICTIONARY_REQUEST, type DetectBody, type DictionaryBody } from '../validation/requests.js';
import { json, type ApiContext, type Reply } from './context.js';

/** `POST /v1/dictionary`: an ordinary request; no translation characters are charged. */
export function dictionary({ body, call }: ApiContext): Reply {
  const request = validateBody<DictionaryBody>(DICTIONARY_REQUEST, body);
  const word = normalizePalochka(request.word);
  call.volume = { characters: characterCount(word) };
  const { dictionaryDialect, dictionaryLang } = serviceFacts.defaults;
  return json(lookUpWord(word, request.dialect ?? dictionaryDialect, request.lang ?? dictionaryLang));
}

/** `POST /v1/detect`: the language only; translates nothing. */
export function detect({ body, call }: ApiContext): Reply {
  const request = validateBody<DetectBody>(DETECT_REQUEST, body);
  const text = normalizePalochka(request.text);
  call.volume = { characters: characterCount(text) };
  return json({ language: detectLanguage(text) });
}
