import { ValidationFailure, type ValidationIssue } from '../http/errors.js';
import { characterCount } from '@circassian/core/text';

/**
 * A small declarative body validator that reports problems the way FastAPI/pydantic does
 * (`missing`, `string_type`, `string_too_long`, `literal_error`, ...), so clients written against
 * the real service see the same `{"detail":[...]}` bodies. Unknown fields are ignored.
 */
export type FieldRule =
  | {
      readonly kind: 'string';
      readonly minLength?: number;
      readonly maxLength?: number;
      readonly oneOf?: readonly string[];
    }
  | { readonly kind: 'number' }
  | { readonly kind: 'integer'; readonly minimum?: number; readonly maximum?: number }
  | { readonly kind: 'boolean' }
  | { readonly kind: 'stringArray'; readonly minItems?: number }
  | {
      readonly kind: 'object';
      readonly fields: Schema;
      /** Unknown fields are refused (`extra_forbidden`) instead of ignored: for names a typo would silently lose. */
      readonly closed?: boolean;
    };

export interface FieldSpec {
  readonly rule: FieldRule;
  readonly required?: boolean;
  /** `null` is accepted (and means "absent"). */
  readonly nullable?: boolean;
}

export type Schema = Readonly<Record<string, FieldSpec>>;

/**
 * Checks a parsed JSON body against a schema; throws ValidationFailure listing every problem.
 * `Body` is the type the schema describes (the caller keeps the two in step).
 */
export function validateBody<Body>(schema: Schema, body: unknown): Body {
  if (body === undefined) {
    throw new ValidationFailure([{ type: 'missing', loc: ['body'], msg: 'Field required', input: null }]);
  }
  const issues: ValidationIssue[] = [];
  checkObject(schema, false, body, ['body'], issues);
  if (issues.length > 0) throw new ValidationFailure(issues);
  return body as Body;
}

function checkObject(schema: Schema, closed: boolean, value: unknown, loc: readonly (string | number)[], issues: ValidationIssue[]): void {
  if (!isPlainObject(value)) {
    issues.push({
      type: 'model_attributes_type',
      loc,
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input: value,
    });
    return;
  }
  for (const [name, spec] of Object.entries(schema)) {
    const field = Object.hasOwn(value, name) ? value[name] : undefined;
    const fieldLoc = [...loc, name];
    if (field === undefined) {
      if (spec.required) issues.push({ type: 'missing', loc: fieldLoc, msg: 'Field required', input: value });
    } else if (!(field === null && spec.nullable)) {
      checkValue(spec.rule, field, fieldLoc, issues);
    }
  }
  if (!closed) return;
  for (const [name, field] of Object.entries(value)) {
    if (!Object.hasOwn(schema, name)) {
      issues.push({ type: 'extra_forbidden', loc: [...loc, name], msg: 'Extra inputs are not permitted', input: field });
    }
  }
}

function checkValue(rule: FieldRule, value: unknown, loc: readonly (string | number)[], issues: ValidationIssue[]): void {
  switch (rule.kind) {
    case 'string':
      return checkString(rule, value, loc, issues);
    case 'number':
      if (typeof value !== 'number') issues.push({ type: 'float_type', loc, msg: 'Input should be a valid number', input: value });
      return;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        issues.push({ type: 'int_type', loc, msg: 'Input should be a valid integer', input: value });
      } else if (rule.minimum !== undefined && value < rule.minimum) {
        issues.push(boundIssue('greater_than_equal', 'greater than or equal to', { ge: rule.minimum }, loc, value));
      } else if (rule.maximum !== undefined && value > rule.maximum) {
        issues.push(boundIssue('less_than_equal', 'less than or equal to', { le: rule.maximum }, loc, value));
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean') issues.push({ type: 'bool_type', loc, msg: 'Input should be a valid boolean', input: value });
      return;
    case 'stringArray':
      if (!Array.isArray(value)) {
        issues.push({ type: 'list_type', loc, msg: 'Input should be a valid list', input: value });
        return;
      }
      if (rule.minItems !== undefined && value.length < rule.minItems) {
        issues.push({
          type: 'too_short',
          loc,
          msg: `List should have at least ${plural(rule.minItems, 'item')} after validation, not ${value.length}`,
          input: value,
          ctx: { field_type: 'List', min_length: rule.minItems, actual_length: value.length },
        });
      }
      value.forEach((item: unknown, index) => checkString({ kind: 'string' }, item, [...loc, index], issues));
      return;
    case 'object':
      return checkObject(rule.fields, rule.closed ?? false, value, loc, issues);
  }
}

function checkString(
  rule: Extract<FieldRule, { kind: 'string' }>,
  value: unknown,
  loc: readonly (string | number)[],
  issues: ValidationIssue[],
): void {
  if (typeof value !== 'string') {
    issues.push({ type: 'string_type', loc, msg: 'Input should be a valid string', input: value });
    return;
  }
  if (rule.oneOf && !rule.oneOf.includes(value)) {
    const expected = listAlternatives(rule.oneOf);
    issues.push({ type: 'literal_error', loc, msg: `Input should be ${expected}`, input: value, ctx: { expected } });
    return;
  }
  const length = rule.minLength !== undefined || rule.maxLength !== undefined ? characterCount(value) : 0;
  if (rule.minLength !== undefined && length < rule.minLength) issues.push(lengthIssue('min', rule.minLength, loc, value));
  else if (rule.maxLength !== undefined && length > rule.maxLength) issues.push(lengthIssue('max', rule.maxLength, loc, value));
}

/** pydantic's issue for a string outside a length bound, e.g. `string_too_long` with `ctx: {max_length: 20000}`. */
function lengthIssue(bound: 'min' | 'max', limit: number, loc: readonly (string | number)[], input: string): ValidationIssue {
  const [type, relation] = bound === 'min' ? ['string_too_short', 'at least'] : ['string_too_long', 'at most'];
  return { type, loc, msg: `String should have ${relation} ${plural(limit, 'character')}`, input, ctx: { [`${bound}_length`]: limit } };
}

/** pydantic's issue for a number outside a bound, e.g. `greater_than_equal` with `ctx: {ge: 0}`. */
function boundIssue(
  type: string,
  relation: string,
  ctx: Readonly<Record<string, number>>,
  loc: readonly (string | number)[],
  input: number,
): ValidationIssue {
  return { type, loc, msg: `Input should be ${relation} ${Object.values(ctx)[0] ?? ''}`, input, ctx };
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** pydantic's way of listing literals: `'a', 'b' or 'c'`. */
function listAlternatives(values: readonly string[]): string {
  const quoted = values.map((v) => `'${v}'`);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1) ?? ''}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
