/**
 * Checks a 2xx JSON answer against its operation's schema from the OpenAPI document (generated
 * into src/generated/response-schemas.ts, so nothing is read at run time). Only the shape is
 * checked (types, required fields, items): enough that `{}`, `null`, `{"text": 5}` or a proxy's
 * page never reach the caller as a result, cheap enough to run on every answer.
 */
import { ANSWER_SCHEMAS } from '../generated/response-schemas.js';

export interface AnswerSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, AnswerSchema>>;
  readonly required?: readonly string[];
  readonly items?: AnswerSchema;
  readonly anyOf?: readonly AnswerSchema[];
  readonly enum?: readonly unknown[];
}

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
  if (schema.enum !== undefined && !schema.enum.includes(value)) return `${where}: ${JSON.stringify(value)} is not one of ${schema.enum.join(', ')}`;
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

/** Whether the interface states a JSON answer for this operation. */
export function hasAnswerSchema(operation: string | undefined): boolean {
  return operation !== undefined && Object.hasOwn(ANSWER_SCHEMAS, operation);
}

/** Checks an answer of one of the interface's operations; other calls (a raw `request()` elsewhere) pass. */
export function validateAnswer(operation: string | undefined, value: unknown): string | undefined {
  const schema = hasAnswerSchema(operation) ? ANSWER_SCHEMAS[operation as string] : undefined;
  return schema === undefined ? undefined : checkSchema(schema, value);
}
