import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { OUTPUT, renderFromRepository } from '../scripts/generate-schemas.js';
import { checkSchema, validateAnswer } from '../src/internal/validate.js';

describe('generated answer schemas', () => {
  it('are what `generate:schemas` makes from shared/openapi/openapi.json today', async () => {
    expect(renderFromRepository()).toBe(await readFile(OUTPUT, 'utf8'));
  });
});

describe('answer validation', () => {
  it('accepts an answer of the schema, with fields the interface does not name yet', () => {
    expect(validateAnswer('translate', { text: 'дом', source_lang: 'kbd', target_lang: 'ru', model: 'x' })).toBeUndefined();
  });

  it('names the first field at fault', () => {
    expect(validateAnswer('translate', { text: 5, source_lang: 'kbd', target_lang: 'ru' })).toBe(
      'answer.text: expected string, got number',
    );
    expect(validateAnswer('batch', { translations: ['a', 2], source_lang: 'kbd', target_lang: 'ru' })).toMatch(
      /^answer\.translations\[1\]/,
    );
    expect(validateAnswer('me', null)).toBe('answer: expected object, got null');
  });

  it('accepts a new language in a listing but no job status outside the four', () => {
    expect(validateAnswer('languages', { languages: [{ id: 'xx', title: 'New' }] })).toBeUndefined();
    expect(validateAnswer('jobs', { status: 'paused' })).toMatch(/not one of queued, running, done, failed/);
    expect(validateAnswer('jobs', {})).toBe('answer.status: missing');
  });

  it('passes answers of calls outside the interface', () => {
    expect(validateAnswer('GET /v1/ping', 'anything')).toBeUndefined();
    expect(checkSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] }, null)).toBeUndefined();
  });
});
