/**
 * shared/service.json (read through @circassian/core) and shared/openapi/openapi.json state the
 * same interface facts twice; the sandbox and the client read the first, generated types come from
 * the second. This keeps the two from drifting apart.
 */
import { ERROR_TYPES, serviceFacts, TRANSLATION_LANGUAGES } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { componentSchema, document, type JsonObject } from './openapi-document.js';

const { limits } = serviceFacts;

function property(schemaName: string, name: string): JsonObject {
  const found = (componentSchema(schemaName)['properties'] as Record<string, JsonObject>)[name];
  if (!found) throw new Error(`${schemaName} has no property ${name}`);
  return found;
}

/** The non-null branch of an `anyOf: [X, null]` property, or the property itself. */
function valueSchema(schema: JsonObject): JsonObject {
  const branches = schema['anyOf'] as JsonObject[] | undefined;
  return branches?.find((branch) => branch['type'] !== 'null') ?? schema;
}

describe('the service facts and the OpenAPI document agree', () => {
  it('on the interface version', () => {
    expect(document.info.version).toBe(serviceFacts.apiVersion);
  });

  it('on the translation languages, error types and job statuses', () => {
    expect(componentSchema('TranslationLanguage')['enum']).toEqual([...TRANSLATION_LANGUAGES]);
    expect(componentSchema('ErrorType')['enum']).toEqual([...ERROR_TYPES]);
    expect(componentSchema('JobStatus')['enum']).toEqual([...serviceFacts.jobStatuses]);
  });

  it('on the dictionary dialects, languages and their defaults', () => {
    expect(property('DictionaryRequest', 'dialect')).toMatchObject({
      enum: serviceFacts.dictionaryDialects,
      default: serviceFacts.defaults.dictionaryDialect,
    });
    expect(property('DictionaryRequest', 'lang')).toMatchObject({
      enum: serviceFacts.dictionaryLanguages,
      default: serviceFacts.defaults.dictionaryLang,
    });
  });

  it('on the speech defaults', () => {
    expect(property('SpeechRequest', 'language')['default']).toBe(serviceFacts.defaults.speechLanguage);
    expect(property('SpeechRequest', 'voice')['default']).toBe(serviceFacts.defaults.voice);
  });

  it('on every length bound', () => {
    const text = { minLength: limits.textMinChars, maxLength: limits.textMaxChars };
    expect(property('TranslateRequest', 'text')).toMatchObject(text);
    expect(property('DetectRequest', 'text')).toMatchObject(text);
    expect(property('SpeechRequest', 'text')).toMatchObject(text);
    expect(property('DictionaryRequest', 'word')).toMatchObject({ minLength: 1, maxLength: limits.wordMaxChars });
    expect(valueSchema(property('SpeechRequest', 'instruct'))).toMatchObject({ maxLength: limits.instructMaxChars });
    expect(property('BatchTranslateRequest', 'texts')).toMatchObject({ minItems: 1 });
  });

  it('on the four key limit names', () => {
    expect(componentSchema('KeyLimits')['required']).toEqual([...serviceFacts.keyLimitNames]);
  });
});
