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
