import { CircassianClient, ConnectionError } from '@circassian/core';
import { afterEach, describe, expect, it } from 'vitest';
import { startFront, type FrontServer } from './front-server.js';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
let front: FrontServer | undefined;
const clients: CircassianClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await front?.close();
  front = undefined;
});

function clientOf(baseUrl: string, options: ConstructorParameters<typeof CircassianClient>[0] = {}) {
  const client = new CircassianClient({ apiKey: sandbox.key, baseUrl, ...options });
  clients.push(client);
  return client;
}

describe('transport between the client and the service', () => {
  it('reaches the service under a base URL with a path prefix, for every call and the job audio link', async () => {
    const seen: string[] = [];
    front = await startFront(sandbox.url, (req, res, _body, forward) => {
      seen.push(req.url ?? '');
      if (!req.url?.startsWith('/api/circassian/')) return void res.writeHead(404).end();
      forward(req.url.slice('/api/circassian'.length));
    });
    const client = clientOf(`${front.url}/api/circassian`);
    await expect(client.me()).resolves.toMatchObject({ prefix: sandbox.key.split('.')[0] });
    await expect(client.translate({ text: 'унэ', target_lang: 'ru' })).resolves.toMatchObject({ target_lang: 'ru' });
    const speech = await client.speech({ text: 'Дыгъэр къыщіэкіащ. '.repeat(100) });
    expect(speech.jobId).toBeDefined();
    expect(seen.every((path) => path.startsWith('/api/circassian/v1/'))).toBe(true);
    expect(seen.some((path) => path.startsWith('/api/circassian/v1/audio/'))).toBe(true);
  });

  it('retries a POST whose answer was cut off mid-body, and the retry succeeds', async () => {
    const key = await freshKey(sandbox);
    let cut = 0;
    front = await startFront(sandbox.url, (req, res, _body, forward) => {
      if (req.url === '/v1/translate' && cut === 0) {
        cut += 1;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"text":"partial');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      forward(req.url ?? '/');
    });
    const client = clientOf(front.url, { apiKey: key, maxRetries: 1 });
    await expect(client.translate({ text: 'унэ', target_lang: 'ru' })).resolves.toMatchObject({ target_lang: 'ru' });
    expect(cut).toBe(1);
    expect((await sandbox.calls('translate', key)).map((c) => c.outcome)).toEqual(['ok']);
  });

  it('reports an answer cut off mid-body as a ConnectionError naming the operation when no retry is left', async () => {
    front = await startFront(sandbox.url, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"text":"partial');
      setTimeout(() => res.destroy(), 20);
    });
    const error = await clientOf(front.url, { maxRetries: 0 })
      .translate({ text: 'унэ', target_lang: 'ru' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ operation: 'translate' });
  });
});
