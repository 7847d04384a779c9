import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUDIO_FLOOR_GRACE_MS, BodyLimitExceeded, readBody } from '../src/internal/read-body.js';

const reason = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (e: unknown) => (e instanceof BodyLimitExceeded ? e.reason : e),
  );

describe('reading a body under the limits', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('returns the bytes, in one buffer of the announced length', async () => {
    const stream = new PassThrough();
    const read = readBody(stream, 6, { maxBytes: 10, endAt: 1_000, floorRate: false });
    stream.write(Buffer.from('abc'));
    stream.end(Buffer.from('def'));
    expect(Buffer.from(await read).toString()).toBe('abcdef');
  });

  it('refuses a Content-Length over the cap before reading, and stops an unannounced body at it', async () => {
    expect(await reason(readBody(new PassThrough(), 11, { maxBytes: 10, endAt: 1_000, floorRate: false }))).toBe('too-large');
    const stream = new PassThrough();
    const read = reason(readBody(stream, undefined, { maxBytes: 10, endAt: 1_000, floorRate: false }));
    stream.write(Buffer.alloc(8));
    stream.write(Buffer.alloc(8));
    expect(await read).toBe('too-large');
    expect(stream.destroyed).toBe(true);
  });

  it('ends a JSON body still arriving at its end time, however short the gaps', async () => {
    const stream = new PassThrough();
    const read = reason(readBody(stream, undefined, { maxBytes: 100, endAt: 1_000, floorRate: false }));
    for (let i = 0; i < 5; i++) {
      stream.write(Buffer.from(' '));
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(await read).toBe('time');
  });

  it('ends an audio download whose average rate falls below the floor after the grace time', async () => {
    const stream = new PassThrough();
    const read = reason(readBody(stream, undefined, { maxBytes: 1e9, endAt: 1e9, floorRate: true }));
    stream.write(Buffer.alloc(1024));
    await vi.advanceTimersByTimeAsync(AUDIO_FLOOR_GRACE_MS + 1_000);
    stream.write(Buffer.alloc(1024));
    expect(await read).toBe('too-slow');
  });

  it('lets an audio download that keeps the floor rate run past any attempt limit', async () => {
    const stream = new PassThrough();
    const read = readBody(stream, undefined, { maxBytes: 1e9, endAt: 1e9, floorRate: true });
    for (let i = 0; i < 30; i++) {
      stream.write(Buffer.alloc(64 * 1024));
      await vi.advanceTimersByTimeAsync(1_000);
    }
    stream.end();
    expect((await read).length).toBe(30 * 64 * 1024);
  });
});
