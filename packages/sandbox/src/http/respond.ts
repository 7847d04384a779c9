import type { ServerResponse } from 'node:http';
import { ServiceError, ValidationFailure, type ValidationIssue } from './errors.js';
import { isSerializable } from '../text.js';

const JSON_TYPE = 'application/json';
const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = NO_HEADERS): void {
  const text = JSON.stringify(body);
  const length = Buffer.byteLength(text);
  res.writeHead(
    status,
    headers === NO_HEADERS
      ? { 'content-type': JSON_TYPE, 'content-length': length }
      : { ...headers, 'content-type': JSON_TYPE, 'content-length': length },
  );
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
    sendJson(res, 422, { detail: echoableDetail(failure.detail) });
  } else if (failure instanceof ServiceError) {
    sendJson(res, failure.status, { error: { type: failure.type, message: failure.message } }, failure.headers);
  } else {
    sendJson(res, 500, { error: { type: 'internal_error', message: 'The service failed unexpectedly; retry later.' } });
  }
}

/**
 * The issues with their `input` echoed as pydantic does, except inputs nested too deeply to
 * serialise (JSON.parse accepts nesting that JSON.stringify cannot write back).
 */
export function echoableDetail(detail: readonly ValidationIssue[]): readonly ValidationIssue[] {
  return detail.map((issue) => {
    if (!('input' in issue) || isSerializable(issue.input)) return issue;
    const { input: _tooDeep, ...rest } = issue;
    return rest;
  });
}
