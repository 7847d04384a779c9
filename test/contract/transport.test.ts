import { ConnectionError, isCircassianError } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { useFront } from './front-server.js';
import { freshKey, useSandbox } from './sandbox-fixture.js';

const sandbox = useSandbox();
const fronts = useFront(sandbox);

describe('transport between the client and the service', () => {
  it('reaches the service under a base URL with a path prefix, for every call and the job audio link', async () => {
    const seen: string[] = [];
    const front = await fronts.start((req, res, _body, forward) => {
      seen.push(req.url ?? '');
      if (!req.url?.startsWith('/api/circassian/')) return void res.writeHead(404).end();
      forward(req.url.slice('/api/circassian'.length));
    });
    const client = fronts.client(`${front.url}/api/circassian`);
    await expect(client.me()).resolves.toMatchObject({ prefix: sandbox.key.split('.')[0] });
    await expect(client.translate({ text: 'унэ', target_lang: 'ru' })).resolves.toMatchObject({ target_lang: 'ru' });
    const speech = await client.speech({ text: 'Дыгъэр къыщіэкіащ. '.repeat(100) });
    expect(speech.jobId).toBeDefined();
    expect(seen.every((path) => path.startsWith('/api/circassian/v1/'))).toBe(true);
    expect(seen.some((path) => path.startsWith('/api/circassian/v1/audio/'))).toBe(true);
  });

  it('never sends again a POST whose answer was cut off mid-body, and says it may have been charged', async () => {
    const key = await freshKey(sandbox);
    let cut = 0;
    const front = await fronts.start((req, res, _body, forward) => {
      if (req.url === '/v1/translate' && cut === 0) {
        cut += 1;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
        res.write('{"text":"partial');
        setTimeout(() => res.destroy(), 20);
        return;
      }
      forward(req.url ?? '/');
    });
    const client = fronts.client(front.url, { apiKey: key, maxRetries: 2 });
    const error = await client.translate({ text: 'унэ', target_lang: 'ru' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ type: 'connection_error', mayHaveBeenCharged: true, operation: 'translate' });
    expect(cut).toBe(1);
    expect(await sandbox.calls('translate', key)).toEqual([]);
  });

  it('reports an answer cut off mid-body as a ConnectionError naming the operation when no retry is left', async () => {
    const front = await fronts.start((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"text":"partial');
      setTimeout(() => res.destroy(), 20);
    });
    const error = await fronts
      .client(front.url, { maxRetries: 0 })
      .translate({ text: 'унэ', target_lang: 'ru' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ operation: 'translate' });
  });
});

describe('answers that are not what the service sends', () => {
  it('retries a non-JSON 502 from a proxy once, as upstream_error, and succeeds', async () => {
    const key = await freshKey(sandbox);
    let pages = 0;
    const front = await fronts.start((req, res, _body, forward) => {
      if (pages++ === 0) return void res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>');
      forward(req.url ?? '/');
    });
    await expect(
      fronts.client(front.url, { apiKey: key, maxRetries: 3 }).translate({ text: 'унэ', target_lang: 'ru' }),
    ).resolves.toMatchObject({
      target_lang: 'ru',
    });
    expect(pages).toBe(2);
  });

  it('reports a batch answer with a translation missing as a CircassianError of the batch operation', async () => {
    const front = await fronts.start(async (req, res, body) => {
      const answer = await fetch(`${sandbox.url}${req.url ?? '/'}`, {
        method: 'POST',
        headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
        body,
      });
      const json = (await answer.json()) as { translations: string[] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ...json, translations: json.translations.slice(1) }));
    });
    const error = await fronts
      .client(front.url)
      .translateBatch({ texts: ['Сэлам.', 'Унэ.'], source_lang: 'kbd', target_lang: 'ru' })
      .catch((e: unknown) => e);
    expect(isCircassianError(error)).toBe(true);
    expect(error).toMatchObject({ operation: 'batch', message: expect.stringContaining('1 translations for 2 texts') as unknown });
  });
});
