import { describe, expect, it } from 'vitest';
import openapi from '../../../shared/openapi/openapi.json' with { type: 'json' };
import { ERROR_TYPES, TRANSLATION_LANGUAGES, serviceFacts } from '../src/service-facts.js';

describe('service facts', () => {
  it('lists the same translation languages as the OpenAPI document', () => {
    expect([...TRANSLATION_LANGUAGES].sort()).toEqual([...openapi.components.schemas.TranslationLanguage.enum].sort());
  });

  it('lists the same error types as the OpenAPI document', () => {
    expect([...ERROR_TYPES].sort()).toEqual([...openapi.components.schemas.ErrorType.enum].sort());
  });

  it('keeps the text limits the OpenAPI document declares', () => {
    expect(openapi.components.schemas.TranslateRequest.properties.text.maxLength).toBe(serviceFacts.limits.textMaxChars);
    expect(openapi.components.schemas.DictionaryRequest.properties.word.maxLength).toBe(serviceFacts.limits.wordMaxChars);
    expect(openapi.info.version).toBe(serviceFacts.apiVersion);
  });
});
