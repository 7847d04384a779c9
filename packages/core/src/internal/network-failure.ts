/**
 * What a failure without an answer says about the request: did it provably never leave this
 * machine? Only then may a POST be sent again (the interface's retry rule covers answers, not
 * silence: a POST that timed out or lost its connection after being written may have been carried
 * out and charged). Connection refused, a DNS failure and a connect timeout happen before a byte
 * of the request is written; so does any failure undici reports for a request it never began to
 * write (neverWritten: a connection reset as it was opened, a TLS handshake cut, a kept-alive
 * connection closed before the request went on it). Anything else (a reset, a closed socket, a
 * timeout waiting for the answer) may come after.
 */
import { subscribe } from 'node:diagnostics_channel';

const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** undici's requests that it began to write (their headers went to the socket). */
const written = new WeakSet<object>();
/** The errors undici failed a request with before writing a byte of it. */
const failedUnwritten = new WeakSet<object>();
let watching = false;

/**
 * Follows undici's own reports (its diagnostics channels, which every undici in the process
 * publishes to): which requests it began to write, and which it failed before that. Called before
 * a request goes to an undici dispatcher; a dispatcher that is not undici reports nothing here.
 */
export function watchUndiciWrites(): void {
  if (watching) return;
  watching = true;
  subscribe('undici:client:sendHeaders', (message) => written.add((message as { request: object }).request));
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    if (!written.has(request) && typeof error === 'object' && error !== null) failedUnwritten.add(error);
  });
}

/** True when undici failed the request with this error before a byte of it was written (see watchUndiciWrites). */
export function neverWritten(error: unknown): boolean {
  return typeof error === 'object' && error !== null && failedUnwritten.has(error);
}

/**
 * A connection that failed under the request before a byte of it was written, though the service
 * is there (it was neither refused nor unknown nor slow to answer): sent again at once, uncounted.
 */
export function lostBeforeWriting(error: unknown): boolean {
  const code = codeOf(error);
  return neverWritten(error) && !(code !== undefined && NEVER_SENT_CODES.has(code));
}

export function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** True when the error (or the error it wraps) proves the request never reached the network peer. */
export function provablyNeverSent(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const code = codeOf(current);
    if ((code !== undefined && NEVER_SENT_CODES.has(code)) || neverWritten(current)) return true;
    // An AggregateError (happy eyeballs: every address refused) proves it when all its parts do.
    const parts = (current as { errors?: unknown }).errors;
    if (Array.isArray(parts) && parts.length > 0 && parts.every((part) => provablyNeverSent(part))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Methods that change and cost nothing, so a lost answer may be asked for again. */
export function isIdempotent(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
