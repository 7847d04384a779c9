import { serviceFacts } from '@circassian/core';
import { json, type Reply } from './context.js';

/** `GET /v1/languages`: the translation languages. */
export function languages(): Reply {
  return json({ languages: serviceFacts.translationLanguages });
}

/** `GET /v1/voices`: voices and speech languages. */
export function voices(): Reply {
  return json({ voices: serviceFacts.voices, languages: serviceFacts.speechLanguages });
}
