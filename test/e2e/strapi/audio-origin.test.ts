// Audio comes only from the service's own address, and only as a WAV file. Between Strapi and the
// local service sits a relay that passes every call through but rewrites finished speech jobs'
// `audio_url` to another host (as a compromised or misconfigured service could), or, switched,
// answers the service's audio with bytes that are no WAV: the plugin must not fetch the first,
// must put neither in the Media Library, and must tell the editor why.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '@circassian/core/wav';
import { StrapiClient, startSandbox, startStrapiHost, waitFor, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

const readBody = async (stream: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("Strapi: speech audio only from the service's own origin", () => {
  let sandbox: RunningSandbox;
  let host: HostProcess<StrapiReady>;
  let strapi: StrapiClient;
  let relay: Server;
  let foreign: Server;
  const foreignRequests: string[] = [];
  /** What the relay does to audio: sends its link to another host, or swaps its bytes for a page that is no WAV. */
  let tamper: 'link' | 'bytes' = 'link';

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    // Another host that would gladly serve a WAV (one second of silence).
    foreign = createServer((req, res) => {
      foreignRequests.push(`${req.method} ${req.url} ${req.headers.authorization ? 'with credentials' : ''}`);
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(encodeWav(new Int16Array(16_000), 16_000));
    });
    const foreignPort = await listen(foreign);
    const target = new URL(sandbox.url);
    relay = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const upstream = request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: { ...req.headers, host: target.host } },
          async (answer) => {
            let payload = await readBody(answer);
            const headers = { ...answer.headers };
            if (tamper === 'bytes' && String(answer.headers['content-type']).startsWith('audio/')) {
              payload = Buffer.from('<html><script>alert(document.cookie)</script></html>'.padEnd(2_000, ' '));
              delete headers['content-length'];
            } else if (
              tamper === 'link' &&
              /^\/v1\/jobs\//.test(req.url ?? '') &&
              String(answer.headers['content-type']).includes('json')
            ) {
              const job = JSON.parse(payload.toString('utf8')) as { audio_url?: string };
              if (job.audio_url) job.audio_url = `http://localhost:${foreignPort}${job.audio_url}`;
              payload = Buffer.from(JSON.stringify(job));
              delete headers['content-length'];
            }
            res.writeHead(answer.statusCode ?? 502, headers).end(payload);
          },
        );
        upstream.on('error', () => res.writeHead(502).end());
        upstream.end(body);
      })();
    });
    const relayPort = await listen(relay);
    host = await startStrapiHost({ url: `http://127.0.0.1:${relayPort}`, key: sandbox.key });
    strapi = new StrapiClient(host.ready);
  });

  afterAll(async () => {
    expect(await host?.stop()).toBe(0);
    relay?.close();
    foreign?.close();
    await sandbox?.close();
  });

  /** The kbd locale's status once its audio job ended one way or the other: refused, or (the fault) stored. */
  const kbdAudioEnd = (documentId: string) => {
    type Status = {
      locales: Array<{ locale: string; status: string; audioStatus: { state: string; message: string | null } | null }>;
    };
    return waitFor(
      'the kbd audio job to end',
      async () => {
        const { body: status } = await strapi.plugin<Status>('GET', `${strapi.entryPath(documentId)}/status`);
        const kbd = status.locales.find((locale) => locale.locale === 'kbd');
        if (kbd?.audioStatus?.state === 'failed') return kbd;
        return (await strapi.article(documentId, 'kbd'))?.audio ? kbd : undefined;
      },
      120_000,
    );
  };

  it('refuses an audio link on another host without requesting it, and says so', async () => {
    // One sentence over the service's synchronous limit, so its speech is a job and its audio a link
    // (the audio is voiced a sentence a request: 40 short sentences would each come back at once).
    const body = `${'Длинный текст статьи для озвучки, который читают вслух, '.repeat(40)}и на этом он кончается.`;
    const { documentId } = await strapi.createArticle({ title: 'Статья со ссылкой', body });
    const failed = await kbdAudioEnd(documentId);
    expect(foreignRequests).toEqual([]);
    // The audio failed, said in its own line; the translation itself is not marked failed.
    expect(failed?.audioStatus?.state).toBe('failed');
    expect(failed?.audioStatus?.message).toMatch(/another address/);
    expect(failed?.audioStatus?.message).not.toMatch(/localhost|http/);
    expect(failed?.status).toBe('translated');
    // The service did make the speech (through the relay); the other host was never asked.
    expect((await sandbox.admin.calls({ operation: 'speech' })).length).toBeGreaterThan(0);
    expect((await strapi.article(documentId, 'kbd'))?.audio).toBeNull();
  });

  it("refuses the service's audio when it is no WAV file, storing nothing, and says so", async () => {
    tamper = 'bytes';
    const { documentId } = await strapi.createArticle({ title: 'Статья с подменой', body: 'Короткий текст для озвучки.' });
    const kbd = await kbdAudioEnd(documentId);
    expect(kbd?.audioStatus?.state).toBe('failed');
    expect(kbd?.audioStatus?.message).toMatch(/not a WAV file/);
    expect((await strapi.article(documentId, 'kbd'))?.audio).toBeNull();
  });
});
