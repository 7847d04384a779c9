/**
 * The OpenAPI document (shared/openapi/openapi.json) as a checker of real answers: it finds the
 * operation and response an answer belongs to and validates its body and headers with a real JSON
 * Schema 2020-12 validator (OpenAPI 3.1 schemas are JSON Schema 2020-12).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import openapi from '../../shared/openapi/openapi.json' with { type: 'json' };

/** An absolute id, so `#/components/...` references resolve inside the document. */
const DOCUMENT_ID = 'https://circassian.invalid/openapi.json';

export type JsonObject = Readonly<Record<string, unknown>>;

export interface OperationObject {
  readonly operationId: string;
  readonly requestBody?: JsonObject;
  readonly responses: Readonly<Record<string, JsonObject>>;
  readonly security?: readonly unknown[];
}

export interface ResponseObject {
  readonly description: string;
  readonly headers?: Readonly<Record<string, { readonly schema: JsonObject }>>;
  readonly content?: Readonly<Record<string, { readonly schema: JsonObject }>>;
}

/** A real answer of the service, as a test saw it over HTTP. */
export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Uint8Array;
}

/** Headers every HTTP answer may carry; any other header must be declared by the document. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

export const document = openapi as unknown as {
  readonly openapi: string;
  readonly info: { readonly version: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, OperationObject>>>>;
  readonly components: { readonly schemas: Readonly<Record<string, JsonObject>> };
};

const ajv = new Ajv2020({ strict: true, allErrors: true });
// The document's own top-level members are not JSON Schema keywords: declare them as annotations.
ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'paths', 'components']);
ajv.addSchema({ ...openapi, $id: DOCUMENT_ID });

const compiled = new Map<string, ValidateFunction>();

/** A validator for a schema of the document (inline or a `$ref`), resolved against the document. */
export function validatorFor(schema: JsonObject): ValidateFunction {
  const text = JSON.stringify(schema);
  let validate = compiled.get(text);
  if (!validate) {
    // Relative refs such as `#/components/schemas/Job` are made absolute against the document.
    const absolute = JSON.parse(text.replaceAll('"$ref":"#/', `"$ref":"${DOCUMENT_ID}#/`)) as JsonObject;
    validate = ajv.compile(absolute);
    compiled.set(text, validate);
  }
  return validate;
}

/** A component schema by name, e.g. `SpeechRequest`. */
export function componentSchema(name: string): JsonObject {
  const schema = document.components.schemas[name];
  if (!schema) throw new Error(`The document has no schema ${name}`);
  return schema;
}

/** A `#/components/...` reference's target (response objects, schemas). */
function resolve<T>(value: JsonObject): T {
  const ref = value['$ref'];
  if (typeof ref !== 'string') return value as T;
  let target: unknown = openapi;
  for (const part of ref.replace(/^#\//, '').split('/')) target = (target as Record<string, unknown>)[part];
  if (target === undefined) throw new Error(`Unresolvable reference ${ref}`);
  return resolve<T>(target as JsonObject);
}

export function operation(method: string, pathTemplate: string): OperationObject | undefined {
  return document.paths[pathTemplate]?.[method.toLowerCase()];
}

/** Every operation of the document, as `METHOD path`. */
export function documentedOperations(): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

export function declaredResponse(method: string, pathTemplate: string, status: number): ResponseObject | undefined {
  const responses = operation(method, pathTemplate)?.responses;
  const response = responses?.[String(status)] ?? responses?.['default'];
  return response && resolve<ResponseObject>(response);
}

/**
 * Everything wrong with an answer by the document: undeclared operation, status, media type or
 * header; a header or body outside its schema. Empty when the answer conforms.
 */
export function conformanceProblems(method: string, pathTemplate: string, answer: Answer): string[] {
  const where = `${method} ${pathTemplate} ${answer.status}`;
  if (!operation(method, pathTemplate)) return [`${method} ${pathTemplate}: operation not in the document`];
  const response = declaredResponse(method, pathTemplate, answer.status);
  if (!response) return [`${where}: status not declared`];
  const problems: string[] = [];
  answer.headers.forEach((value, name) => {
    if (TRANSPORT_HEADERS.has(name)) return;
    const declared = Object.entries(response.headers ?? {}).find(([header]) => header.toLowerCase() === name);
    if (!declared) problems.push(`${where}: header ${name} not declared`);
    else if (!validatorFor(declared[1].schema)(headerValue(value, declared[1].schema))) {
      problems.push(`${where}: header ${name}: ${value} outside ${JSON.stringify(declared[1].schema)}`);
    }
  });
  const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  const content = response.content?.[mediaType];
  if (!content) return [...problems, `${where}: media type '${mediaType}' not declared`];
  const body = mediaType === 'application/json' ? JSON.parse(new TextDecoder().decode(answer.bytes)) : answer.bytes;
  if (mediaType !== 'application/json') {
    if (answer.bytes.byteLength === 0) problems.push(`${where}: empty ${mediaType} body`);
    return problems;
  }
  const validate = validatorFor(content.schema);
  if (!validate(body)) problems.push(`${where}: body ${JSON.stringify(body).slice(0, 300)}: ${ajv.errorsText(validate.errors)}`);
  return problems;
}

/** A header's text as the JSON value its schema describes (numbers for number and integer). */
function headerValue(text: string, schema: JsonObject): unknown {
  const type = schema['type'];
  return (type === 'number' || type === 'integer') && text.trim() !== '' ? Number(text) : text;
}
