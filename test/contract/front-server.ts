/**
 * A small HTTP server in front of the sandbox, standing for what sits between a client and the
 * service in the field: a reverse proxy under a path prefix, a gateway that echoes the request, a
 * connection cut mid-answer. Each request is handed to `handle`, which may forward it.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CircassianClient, type ClientOptions } from '@circassian/core';
import { afterEach } from 'vitest';
import type { SandboxFixture } from './sandbox-fixture.js';

export interface FrontServer {
  url: string;
  close(): Promise<void>;
}

export type FrontHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer, forward: (path: string) => void) => void;

export async function startFront(targetUrl: string, handle: FrontHandler): Promise<FrontServer> {
  const target = new URL(targetUrl);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = (path: string) => {
        const upstream = httpRequest(
          { host: target.hostname, port: target.port, method: req.method, path, headers: { ...req.headers, host: target.host } },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        upstream.on('error', () => res.destroy());
        upstream.end(body);
      };
      handle(req, res, body, forward);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FrontFixture {
  /** Starts a front server before the sandbox; closed after the test. */
  start(handle: FrontHandler): Promise<FrontServer>;
  /** A client of `baseUrl` with the sandbox key unless given; closed after the test. */
  client(baseUrl: string, options?: ClientOptions): CircassianClient;
}

export function useFront(sandbox: SandboxFixture): FrontFixture {
  const servers: FrontServer[] = [];
  const clients: CircassianClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return {
    async start(handle) {
      const server = await startFront(sandbox.url, handle);
      servers.push(server);
      return server;
    },
    client(baseUrl, options = {}) {
      const client = new CircassianClient({ apiKey: sandbox.key, baseUrl, ...options });
      clients.push(client);
      return client;
    },
  };
}
