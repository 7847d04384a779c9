import type { IncomingMessage } from 'node:http';
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

/**
 * Whether the request still has body bytes on the wire. An error answered before its body was read
 * closes the connection instead of reading (possibly a lot) further; a request without a body keeps
 * its connection alive.
 */
export function hasUnreadBody(req: IncomingMessage): boolean {
  if (req.complete) return false;
  return Number(req.headers['content-length']) > 0 || req.headers['transfer-encoding'] !== undefined;
}
