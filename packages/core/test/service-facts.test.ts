import { describe, expect, it } from 'vitest';
import openapi from '../src/generated/openapi.json' with { type: 'json' };
import {
  ALL_ERROR_TYPES,
  CLIENT_ERROR_TYPES,
  ERROR_TYPES,
  TRANSLATION_LANGUAGES,
  isAnyErrorType,
  serviceFacts,
} from '../src/service-facts.js';

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

  it("keeps the client's own error types apart from the service's, and lists both", () => {
    expect(CLIENT_ERROR_TYPES.filter((type) => (ERROR_TYPES as readonly string[]).includes(type))).toEqual([]);
    expect(ALL_ERROR_TYPES).toEqual([...ERROR_TYPES, ...CLIENT_ERROR_TYPES]);
    expect(CLIENT_ERROR_TYPES).toEqual(
      expect.arrayContaining(['connection_error', 'timeout', 'aborted', 'job_failed', 'invalid_response']),
    );
    expect(isAnyErrorType('timeout')).toBe(true);
    expect(isAnyErrorType('quota_exceeded')).toBe(true);
    expect(isAnyErrorType('teapot')).toBe(false);
  });
});
