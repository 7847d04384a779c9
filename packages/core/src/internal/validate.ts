/**
 * Checks a 2xx JSON answer against its operation's schema from the OpenAPI document (generated
 * into src/generated/response-schemas.ts, so nothing is read at run time). Only the shape is
 * checked (types, required fields, items): enough that `{}`, `null`, `{"text": 5}` or a proxy's
 * page never reach the caller as a result, cheap enough to run on every answer.
 */
import { ANSWER_SCHEMAS } from '../generated/response-schemas.js';
import type { AnswerSchema } from './answer-schema.js';

export type { AnswerSchema } from './answer-schema.js';

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return Number.isInteger(value);
  return typeOf(value) === type;
}

/** The first problem found, as `where: what`, or undefined when the value fits. */
export function checkSchema(schema: AnswerSchema, value: unknown, where = 'answer'): string | undefined {
  const { type } = schema;
  if (type !== undefined) {
    const types = typeof type === 'string' ? [type] : type;
    if (!types.some((t) => hasType(value, t))) return `${where}: expected ${types.join(' or ')}, got ${typeOf(value)}`;
  }
  if (schema.enum !== undefined && !schema.enum.includes(value))
    return `${where}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`;
  if (schema.anyOf !== undefined && !schema.anyOf.some((option) => checkSchema(option, value, where) === undefined)) {
    return checkSchema(schema.anyOf[0] ?? {}, value, where);
  }
  if (typeOf(value) === 'object') {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) {
      if (!Object.hasOwn(record, name)) return `${where}.${name}: missing`;
    }
    for (const [name, sub] of Object.entries(schema.properties ?? {})) {
      if (!Object.hasOwn(record, name) || record[name] === undefined) continue;
      const problem = checkSchema(sub, record[name], `${where}.${name}`);
      if (problem !== undefined) return problem;
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (let i = 0; i < value.length; i++) {
      const problem = checkSchema(schema.items, value[i], `${where}[${i}]`);
      if (problem !== undefined) return problem;
    }
  }
  return undefined;
}

type Predicate = (value: unknown) => boolean;

/**
 * The schema as one predicate, built once per operation: the check every answer pays for is a few
 * closures, no allocation. Only a failing answer is walked again by `checkSchema` for its message.
 */
function compile(schema: AnswerSchema): Predicate {
  const tests: Predicate[] = [];
  const { type } = schema;
  if (type !== undefined) {
    const types = typeof type === 'string' ? [type] : type;
    const [only] = types;
    tests.push(types.length === 1 && only !== undefined ? (v) => hasType(v, only) : (v) => types.some((t) => hasType(v, t)));
  }
  const allowed = schema.enum;
  if (allowed !== undefined) tests.push((v) => allowed.includes(v));
  if (schema.anyOf !== undefined) {
    const options = schema.anyOf.map(compile);
    tests.push((v) => options.some((option) => option(v)));
  }
  const required = schema.required ?? [];
  const properties = Object.entries(schema.properties ?? {}).map(([name, sub]) => [name, compile(sub)] as const);
  if (required.length > 0 || properties.length > 0) {
    tests.push((v) => {
      if (typeof v !== 'object' || v === null || Array.isArray(v)) return true;
      const record = v as Record<string, unknown>;
      for (const name of required) if (!Object.hasOwn(record, name)) return false;
      for (const [name, test] of properties) {
        const field = record[name];
        if (field !== undefined && Object.hasOwn(record, name) && !test(field)) return false;
      }
      return true;
    });
  }
  if (schema.items !== undefined) {
    const test = compile(schema.items);
    tests.push((v) => !Array.isArray(v) || v.every((item) => test(item)));
  }
  const [first] = tests;
  if (tests.length === 1 && first !== undefined) return first;
  return (v) => tests.every((test) => test(v));
}

const compiled = new Map<string, Predicate>();

/** Whether the interface states a JSON answer for this operation. */
export function hasAnswerSchema(operation: string | undefined): boolean {
  return operation !== undefined && Object.hasOwn(ANSWER_SCHEMAS, operation);
}

/** Checks an answer of one of the interface's operations; other calls (a raw `request()` elsewhere) pass. */
export function validateAnswer(operation: string | undefined, value: unknown): string | undefined {
  if (operation === undefined || !hasAnswerSchema(operation)) return undefined;
  const schema = ANSWER_SCHEMAS[operation] ?? {};
  let test = compiled.get(operation);
  if (test === undefined) {
    test = compile(schema);
    compiled.set(operation, test);
  }
  return test(value) ? undefined : (checkSchema(schema, value) ?? 'answer: not of the schema');
}
