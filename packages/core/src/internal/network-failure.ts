/**
 * What a failure without an answer says about the request: did it provably never leave this
 * machine? Only then may a POST be sent again (the interface's retry rule covers answers, not
 * silence: a POST that timed out or lost its connection after being written may have been carried
 * out and charged). Connection refused, a DNS failure and a connect timeout happen before a byte
 * of the request is written; everything else (a reset, a closed socket, a timeout waiting for the
 * answer) may come after.
 */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/** True when the error (or the error it wraps) proves the request never reached the network peer. */
export function provablyNeverSent(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    const code = codeOf(current);
    if (code !== undefined && NEVER_SENT_CODES.has(code)) return true;
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
