import type { IncomingMessage } from 'node:http';
import { invalidRequest } from './errors.js';

/** Bodies above this size are refused without being read further. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as UTF-8 (invalid bytes become U+FFFD, as a tolerant JSON reader sees them).
 * Rejects with invalid_request as soon as the body exceeds `maxBytes`, by its header or its bytes.
 */
export function readBody(req: IncomingMessage, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge(maxBytes));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        reject(tooLarge(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function tooLarge(maxBytes: number) {
  return invalidRequest(`request body too large: the limit is ${maxBytes} bytes`);
}
