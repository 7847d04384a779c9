import type { ServerResponse } from 'node:http';
import { ServiceError, ValidationFailure } from './errors.js';

const JSON_TYPE = 'application/json';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': JSON_TYPE, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function sendBytes(
  res: ServerResponse,
  contentType: string,
  bytes: Uint8Array,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(200, { ...headers, 'content-type': contentType, 'content-length': bytes.byteLength });
  res.end(bytes);
}

export function sendNoContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}

/** Answers a thrown failure with the body shape it belongs to; anything else is an internal error. */
export function sendFailure(res: ServerResponse, failure: unknown): void {
  if (failure instanceof ValidationFailure) {
    sendJson(res, 422, { detail: failure.detail });
  } else if (failure instanceof ServiceError) {
    sendJson(res, failure.status, { error: { type: failure.type, message: failure.message } }, failure.headers);
  } else {
    sendJson(res, 500, { error: { type: 'internal_error', message: 'The service failed unexpectedly; retry later.' } });
  }
}
