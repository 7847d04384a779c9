import { serviceFacts, type OperationName } from '../service-facts.js';
import { buildPath } from './path.js';
import type { HttpCall } from './request.js';

/** The call for one of the spec's operations: method and path come from the service facts. */
export function operationCall(
  name: OperationName,
  init: { body?: unknown; params?: Readonly<Record<string, string>>; jobId?: string | undefined } = {},
): HttpCall {
  const { method, path } = serviceFacts.operations[name];
  return { method, path: buildPath(path, init.params), body: init.body, operation: name, jobId: init.jobId };
}

const OPERATION_PATTERNS = (Object.entries(serviceFacts.operations) as [OperationName, { method: string; path: string }][]).map(
  ([name, { method, path }]) => ({ name, method, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, '[^/?#]+')}/?(?:[?#]|$)`) }),
);

/**
 * The name errors carry for a raw `request()`: the spec's operation when the method and path are
 * one of them (so `request('POST', '/v1/translate')` fails like `translate()`), else `METHOD /path`.
 */
export function operationForPath(method: string, path: string): string {
  const relative = `/${path.replace(/^\//, '')}`;
  const known = OPERATION_PATTERNS.find((op) => op.method === method && op.pattern.test(relative));
  return known?.name ?? `${method} ${relative}`;
}
