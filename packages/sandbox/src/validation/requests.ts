import { serviceFacts, TRANSLATION_LANGUAGES } from '@circassian/core';
import type { FieldSpec, Schema } from './schema.js';

/** Request body schemas of the v1 operations, as the OpenAPI document declares them. */
const { limits } = serviceFacts;

const text: FieldSpec = {
  rule: { kind: 'string', minLength: limits.textMinChars, maxLength: limits.textMaxChars },
  required: true,
};
const targetLang: FieldSpec = { rule: { kind: 'string', oneOf: TRANSLATION_LANGUAGES }, required: true };
const sourceLang: FieldSpec = { rule: { kind: 'string', oneOf: TRANSLATION_LANGUAGES }, nullable: true };

export const TRANSLATE_REQUEST: Schema = { text, target_lang: targetLang, source_lang: sourceLang };

export const BATCH_REQUEST: Schema = {
  texts: { rule: { kind: 'stringArray', minItems: 1 }, required: true },
  target_lang: targetLang,
  source_lang: sourceLang,
};

export const DICTIONARY_REQUEST: Schema = {
  word: { rule: { kind: 'string', minLength: 1, maxLength: limits.wordMaxChars }, required: true },
  dialect: { rule: { kind: 'string', oneOf: serviceFacts.dictionaryDialects } },
  lang: { rule: { kind: 'string', oneOf: serviceFacts.dictionaryLanguages } },
};

export const DETECT_REQUEST: Schema = { text };

/** Speech languages and voices are checked as rules (invalid_request), as the interface says of `tr`. */
export const SPEECH_REQUEST: Schema = {
  text,
  language: { rule: { kind: 'string' } },
  voice: { rule: { kind: 'string' } },
  instruct: { rule: { kind: 'string', maxLength: limits.instructMaxChars }, nullable: true },
  ref_audio_url: { rule: { kind: 'string' }, nullable: true },
  speed: { rule: { kind: 'number' }, nullable: true },
};

export interface TranslateBody {
  readonly text: string;
  readonly target_lang: (typeof TRANSLATION_LANGUAGES)[number];
  readonly source_lang?: (typeof TRANSLATION_LANGUAGES)[number] | null;
}

export interface BatchBody {
  readonly texts: readonly string[];
  readonly target_lang: (typeof TRANSLATION_LANGUAGES)[number];
  readonly source_lang?: (typeof TRANSLATION_LANGUAGES)[number] | null;
}

export interface DictionaryBody {
  readonly word: string;
  readonly dialect?: 'kbd' | 'ady';
  readonly lang?: 'ru' | 'en' | 'tr';
}

export interface DetectBody {
  readonly text: string;
}

export interface SpeechBody {
  readonly text: string;
  readonly language?: string;
  readonly voice?: string;
  readonly instruct?: string | null;
  readonly ref_audio_url?: string | null;
  readonly speed?: number | null;
}
