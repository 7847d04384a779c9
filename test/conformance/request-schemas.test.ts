/**
 * The sandbox's request schemas (packages/sandbox/src/validation/requests.ts) against the
 * document's: the same fields, required ones, length bounds, enums and nullability; and, over real
 * HTTP, bodies generated from the document's schemas are accepted exactly when the document (plus
 * the interface's rules) accepts them, refused with the 422 shape the issue asks for otherwise.
 */
import { serviceFacts, SPEECH_LANGUAGES } from '@circassian/core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_REQUEST,
  DETECT_REQUEST,
  DICTIONARY_REQUEST,
  SPEECH_REQUEST,
  TRANSLATE_REQUEST,
  type FieldRule,
  type Schema,
} from '@circassian/sandbox/testing';
import { request } from './http.js';
import { componentSchema, validatorFor, type JsonObject } from './openapi-document.js';

const REQUESTS = [
  { name: 'TranslateRequest', path: '/v1/translate', sandbox: TRANSLATE_REQUEST },
  { name: 'BatchTranslateRequest', path: '/v1/translate/batch', sandbox: BATCH_REQUEST },
  { name: 'DictionaryRequest', path: '/v1/dictionary', sandbox: DICTIONARY_REQUEST },
  { name: 'DetectRequest', path: '/v1/detect', sandbox: DETECT_REQUEST },
  { name: 'SpeechRequest', path: '/v1/speech', sandbox: SPEECH_REQUEST },
] as const;

/** What a field allows, in one comparable form for both sides. */
interface FieldShape {
  kind: string;
  required: boolean;
  nullable: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  enum?: readonly string[];
}

function resolveSchema(schema: JsonObject): JsonObject {
  const ref = schema['$ref'];
  return typeof ref === 'string' ? componentSchema(ref.split('/').at(-1) ?? '') : schema;
}

function documentField(schema: JsonObject, required: boolean): FieldShape {
  const branches = (schema['anyOf'] as JsonObject[] | undefined)?.map(resolveSchema) ?? [resolveSchema(schema)];
  const nullable = branches.some((branch) => branch['type'] === 'null');
  const main = branches.find((branch) => branch['type'] !== 'null') ?? {};
  const type = main['type'] as string;
  const items = main['items'] as JsonObject | undefined;
  return {
    kind: type === 'array' ? `${String(items?.['type'])}Array` : type,
    required,
    nullable,
    ...(main['minLength'] === undefined ? {} : { minLength: main['minLength'] as number }),
    ...(main['maxLength'] === undefined ? {} : { maxLength: main['maxLength'] as number }),
    ...(main['minItems'] === undefined ? {} : { minItems: main['minItems'] as number }),
    ...(main['enum'] === undefined ? {} : { enum: main['enum'] as string[] }),
  };
}

function sandboxField(rule: FieldRule, required: boolean, nullable: boolean): FieldShape {
  return {
    kind: rule.kind,
    required,
    nullable,
    ...('minLength' in rule && rule.minLength !== undefined ? { minLength: rule.minLength } : {}),
    ...('maxLength' in rule && rule.maxLength !== undefined ? { maxLength: rule.maxLength } : {}),
    ...('minItems' in rule && rule.minItems !== undefined ? { minItems: rule.minItems } : {}),
    ...('oneOf' in rule && rule.oneOf !== undefined ? { enum: [...rule.oneOf] } : {}),
  };
}

function documentFields(name: string): Record<string, FieldShape> {
  const schema = componentSchema(name);
  const required = new Set((schema['required'] as string[] | undefined) ?? []);
  const properties = schema['properties'] as Record<string, JsonObject>;
  return Object.fromEntries(Object.entries(properties).map(([field, s]) => [field, documentField(s, required.has(field))]));
}

function sandboxFields(schema: Schema): Record<string, FieldShape> {
  return Object.fromEntries(
    Object.entries(schema).map(([field, spec]) => [field, sandboxField(spec.rule, spec.required ?? false, spec.nullable ?? false)]),
  );
}

describe('the sandbox validates request bodies with the document schemas', () => {
  it.each(REQUESTS)('$name: same fields, required ones, bounds, enums and nullability', ({ name, sandbox }) => {
    expect(sandboxFields(sandbox)).toEqual(documentFields(name));
  });

  it('SpeechRequest: the speed bounds the document states are the ones the sandbox applies as a rule', () => {
    const speed = (componentSchema('SpeechRequest')['properties'] as Record<string, { anyOf: JsonObject[] }>)['speed'];
    const number = speed?.anyOf.find((branch) => branch['type'] === 'number');
    expect(number).toEqual({
      type: 'number',
      exclusiveMinimum: serviceFacts.limits.speedExclusiveMin,
      maximum: serviceFacts.limits.speedMax,
    });
  });
});

// ---- Generated bodies over real HTTP ----

const CHARACTER_UNITS = ['а', 'I', '😀'];

/** Values around every bound of a property schema, valid and invalid, plus wrong types. */
function candidateValues(schema: JsonObject): unknown[] {
  const values: unknown[] = [5, true, {}, [], 'zz-unknown'];
  for (const branch of (schema['anyOf'] as JsonObject[] | undefined)?.map(resolveSchema) ?? [resolveSchema(schema)]) {
    const type = branch['type'];
    if (type === 'null') values.push(null);
    for (const value of (branch['enum'] as unknown[] | undefined) ?? []) values.push(value);
    if (branch['default'] !== undefined) values.push(branch['default']);
    if (type === 'string' && branch['enum'] === undefined) {
      const min = (branch['minLength'] as number | undefined) ?? 0;
      const max = (branch['maxLength'] as number | undefined) ?? 40;
      for (const length of [min - 1, min, min + 1, max, max + 1].filter((n) => n >= 0)) {
        for (const unit of CHARACTER_UNITS) values.push(unit.repeat(length));
      }
      values.push('https://example.invalid/voice.wav');
    }
    if (type === 'number') {
      const low = branch['exclusiveMinimum'] as number;
      const high = branch['maximum'] as number;
      values.push(low, low + 0.01, 1, high, high + 0.01, -1, '1');
    }
    if (type === 'array') values.push([], ['a'], ['Сэ', 'hello', ''], [1], 'not a list');
  }
  return values;
}

function bodyArbitrary(name: string): fc.Arbitrary<Record<string, unknown>> {
  const properties = componentSchema(name)['properties'] as Record<string, JsonObject>;
  const fields = Object.fromEntries(
    Object.entries(properties).map(([field, schema]) => [field, fc.constantFrom(...candidateValues(schema))]),
  );
  return fc.record(fields, { requiredKeys: [] });
}

/** The document's schema without the speed bounds, which the issue makes a rule (invalid_request). */
function withoutRuleBounds(schema: JsonObject): JsonObject {
  const copy = structuredClone(schema) as { properties?: Record<string, { anyOf?: Record<string, unknown>[] }> };
  for (const branch of copy.properties?.['speed']?.anyOf ?? []) {
    delete branch['exclusiveMinimum'];
    delete branch['maximum'];
  }
  return copy as JsonObject;
}

/** The interface's rules beyond the schemas (issue 2: answered 422 invalid_request). */
function breaksARule(name: string, body: Record<string, unknown>): boolean {
  const { limits, defaults, voices } = serviceFacts;
  if (name === 'BatchTranslateRequest') {
    const texts = body['texts'] as string[];
    return texts.length > limits.batchMaxTexts || texts.reduce((sum, text) => sum + [...text].length, 0) > limits.batchMaxChars;
  }
  if (name === 'SpeechRequest') {
    const language = (body['language'] as string | undefined) ?? defaults.speechLanguage;
    const voice = (body['voice'] as string | undefined) ?? defaults.voice;
    const reference = body['ref_audio_url'] as string | null | undefined;
    return (
      !(SPEECH_LANGUAGES as readonly string[]).includes(language) ||
      !voices.some((v) => v.id === voice) ||
      !validatorFor(componentSchema('SpeechRequest'))(body) ||
      (typeof reference === 'string' && !/^https?:\/\//.test(reference))
    );
  }
  return false;
}

/** A body of the request's required fields only, each with its first valid candidate value. */
function minimalBody(name: string): Record<string, unknown> {
  const schema = componentSchema(name);
  const properties = schema['properties'] as Record<string, JsonObject>;
  const required = (schema['required'] as string[] | undefined) ?? [];
  return Object.fromEntries(
    required.map((field) => {
      const fieldSchema = properties[field] ?? {};
      return [field, candidateValues(fieldSchema).find((value) => validatorFor(fieldSchema)(value) && value !== '')];
    }),
  );
}

/** The minimal body with one field removed or set to each of its candidate values, in turn. */
function oneFieldVariants(name: string): Record<string, unknown>[] {
  const base = minimalBody(name);
  const properties = componentSchema(name)['properties'] as Record<string, JsonObject>;
  return Object.entries(properties).flatMap(([field, schema]) => {
    const { [field]: _removed, ...without } = base;
    return [without, ...candidateValues(schema).map((value) => ({ ...base, [field]: value }))];
  });
}

type Outcome = 200 | 'detail' | 'invalid_request';

function expectedOutcome(name: string, body: Record<string, unknown>): Outcome {
  if (!validatorFor(withoutRuleBounds(componentSchema(name)))(body)) return 'detail';
  return breaksARule(name, body) ? 'invalid_request' : 200;
}

describe('generated bodies: accepted exactly when the document accepts them', () => {
  let sandbox: RunningSandbox;
  let key: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 1 });
    const big = Number.MAX_SAFE_INTEGER;
    key = (
      await sandbox.admin.createKey({
        name: 'generated',
        limits: { requests_per_minute: big, requests_per_day: big, translate_chars_per_day: big, speech_seconds_per_day: big },
      })
    ).key;
  });
  afterAll(() => sandbox.close());

  /** Sends a body and checks the sandbox's outcome is the one the document and the rules give. */
  async function expectDocumentOutcome(name: string, path: string, body: Record<string, unknown>): Promise<void> {
    const reply = await request(sandbox.url, path, { key, body });
    const outcome: Outcome | number =
      reply.status === 200
        ? 200
        : reply.status === 422
          ? Object.keys(reply.json as object)[0] === 'detail'
            ? 'detail'
            : 'invalid_request'
          : reply.status;
    expect(outcome, JSON.stringify(body).slice(0, 200)).toBe(expectedOutcome(name, body));
    if (outcome === 'detail') {
      // Every reported location names the body and a field of the document's schema.
      const properties = Object.keys(componentSchema(name)['properties'] as object);
      for (const issue of (reply.json as { detail: { loc: unknown[] }[] }).detail) {
        expect(issue.loc[0]).toBe('body');
        expect(properties).toContain(issue.loc[1]);
      }
    }
  }

  it.each(REQUESTS)('$name: every field absent or at each bound, one at a time', async ({ name, path }) => {
    const variants = oneFieldVariants(name);
    expect(expectedOutcome(name, minimalBody(name))).toBe(200);
    for (const body of variants) await expectDocumentOutcome(name, path, body);
  });

  it.each(REQUESTS)('$name: generated combinations of fields', async ({ name, path }) => {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(name), (body) => expectDocumentOutcome(name, path, body)),
      { numRuns: 40 },
    );
  });
});
