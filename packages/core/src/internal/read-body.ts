/**
 * Reads an answer's body under the client's limits: a size cap checked as the bytes arrive (memory
 * stays bounded; a Content-Length over the cap is refused before reading), and a time limit. A
 * JSON answer must be complete by `endAt` (one timer per body, and a clock check at each chunk);
 * an audio download keeps flowing as long as undici's per-gap timer allows, and ends when its
 * average rate falls below AUDIO_FLOOR_BYTES_PER_SECOND after AUDIO_FLOOR_GRACE_MS, so a server
 * trickling a byte a second cannot hold it open for hours.
 */
import type { Readable } from 'node:stream';

/** The slowest average rate an audio download may keep, in bytes a second (16 KiB/s, 128 kbit/s). */
export const AUDIO_FLOOR_BYTES_PER_SECOND = 16 * 1024;
/** A download's first seconds are not held to the floor rate (slow start, a busy proxy). */
export const AUDIO_FLOOR_GRACE_MS = 10_000;

export type BodyLimitReason = 'too-large' | 'time' | 'too-slow';

/** Why reading stopped early; request.ts turns it into the public error. */
export class BodyLimitExceeded extends Error {
  constructor(readonly reason: BodyLimitReason) {
    super(`body limit: ${reason}`);
  }
}

export interface BodyLimits {
  readonly maxBytes: number;
  /** Epoch ms by which the whole body must have arrived. */
  readonly endAt: number;
  /** Audio: hold the download to the floor rate instead of ending it at `endAt` between chunks. */
  readonly floorRate: boolean;
}

export function readBody(stream: Readable, contentLength: number | undefined, limits: BodyLimits): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (contentLength !== undefined && contentLength > limits.maxBytes) {
      stream.destroy();
      reject(new BodyLimitExceeded('too-large'));
      return;
    }
    const started = Date.now();
    // With a Content-Length the bytes go straight into one buffer of that size: no second copy.
    const sized = contentLength === undefined ? undefined : new Uint8Array(contentLength);
    const chunks: Uint8Array[] = [];
    let received = 0;
    let settled = false;
    const stop = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stream.destroy();
      reject(error);
    };
    const timer = setTimeout(() => stop(new BodyLimitExceeded('time')), Math.max(0, limits.endAt - started));
    stream.on('data', (chunk: Uint8Array) => {
      if (settled) return;
      const at = received;
      received += chunk.length;
      if (received > limits.maxBytes) return stop(new BodyLimitExceeded('too-large'));
      if (sized !== undefined && received <= sized.length) sized.set(chunk, at);
      else chunks.push(chunk);
      const now = Date.now();
      if (now > limits.endAt) return stop(new BodyLimitExceeded('time'));
      if (limits.floorRate && now - started > AUDIO_FLOOR_GRACE_MS && (received * 1000) / (now - started) < AUDIO_FLOOR_BYTES_PER_SECOND) {
        return stop(new BodyLimitExceeded('too-slow'));
      }
    });
    stream.on('error', (error) => stop(error));
    stream.on('end', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (sized !== undefined && chunks.length === 0) return resolve(received === sized.length ? sized : sized.subarray(0, received));
      resolve(concat(sized === undefined ? chunks : [sized, ...chunks], received));
    });
  });
}

function concat(chunks: readonly Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]?.length === length) return chunks[0];
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk.subarray(0, length - at), at);
    at += chunk.length;
  }
  return out;
}
