import { RateLimitedError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { useFront } from './front-server.js';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const fronts = useFront(sandbox);

/** A gateway that answers the first `count` calls with 429 rate_limited and `Retry-After: header()`, then forwards. */
async function limitedFront(count: number, header: () => string): Promise<{ url: string; times: number[] }> {
  const times: number[] = [];
  let left = count;
  const front = await fronts.start((req, res, _body, forward) => {
    times.push(Date.now());
    if (left-- > 0) {
      res
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': header() })
        .end(JSON.stringify({ error: { type: 'rate_limited', message: 'slow down' } }));
      return;
    }
    forward(req.url ?? '/');
  });
  return { url: front.url, times };
}

describe('Retry-After as an HTTP date', () => {
  it('waits until the date and then retries the POST', async () => {
    const key = await freshKey(sandbox);
    const { url, times } = await limitedFront(1, () => new Date(Date.now() + 2_000).toUTCString());
    const client = fronts.client(url, { apiKey: key, maxRetries: 1 });
    await expect(client.translate({ text: 'унэ', target_lang: 'ru' })).resolves.toMatchObject({ target_lang: 'ru' });
    expect(times).toHaveLength(2);
    // HTTP dates have whole seconds: a date 2 s ahead is at least 1 s ahead.
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('throws at once with retryAfterSeconds when the date is beyond maxRetryDelayMs', async () => {
    const { url, times } = await limitedFront(5, () => new Date(Date.now() + 3_600_000).toUTCString());
    const client = fronts.client(url, { maxRetries: 5, maxRetryDelayMs: 10_000 });
    const error = await client.translate({ text: 'унэ', target_lang: 'ru' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    const seconds = (error as RateLimitedError).retryAfterSeconds ?? 0;
    expect(seconds).toBeGreaterThan(3_590);
    expect(seconds).toBeLessThanOrEqual(3_600);
    expect(times).toHaveLength(1);
  });

  it('retries at once for a date already past', async () => {
    const { url, times } = await limitedFront(1, () => new Date(Date.now() - 60_000).toUTCString());
    const client = fronts.client(url, { maxRetries: 1 });
    await expect(client.me()).resolves.toMatchObject({ prefix: sandbox.key.split('.')[0] });
    expect(times).toHaveLength(2);
  });
});
