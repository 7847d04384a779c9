import type { IncomingMessage, ServerResponse } from 'node:http';
import { invalidRequest } from './errors.js';

/** Bodies above this size are refused without being read further. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as UTF-8 (invalid bytes become U+FFFD, as a tolerant JSON reader sees them).
 * Rejects with invalid_request as soon as the body exceeds `maxBytes`, by its header or its bytes;
 * later bytes are dropped unread.
 */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > maxBytes) {
        refused = true;
        chunks.length = 0;
        reject(tooLarge(maxBytes));
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (!refused)
        resolve(chunks.length === 1 ? (chunks[0] ?? Buffer.alloc(0)).toString('utf8') : Buffer.concat(chunks, size).toString('utf8'));
    });
    req.on('error', reject);
  });
}

function tooLarge(maxBytes: number) {
  return invalidRequest(`request body too large: the limit is ${maxBytes} bytes`);
}

/** Whether the request still has body bytes on the wire (an answer came before they were read). */
export function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined;
}

/** How much of a body refused unread (too large, or before its key was checked) is still read and dropped. */
export const DROP_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * For an answer given before the request's body was read: reads the rest of the body and drops it,
 * up to DROP_LIMIT_BYTES, so the connection stays usable and a client still sending reads the
 * answer. Closing at once lost it: the rest of the body met a closed socket, the client's write
 * failed and a `fetch` client saw only `fetch failed` (EPIPE) for a 6 MB body. Past the limit, or
 * for a body declared longer, the connection closes once the answer is written.
 */
export function dropUnreadBody(req: IncomingMessage, res: ServerResponse): void {
  if (!hasUnreadBody(req)) return;
  if (Number(req.headers['content-length']) > DROP_LIMIT_BYTES) {
    res.setHeader('connection', 'close');
    return;
  }
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > DROP_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}
