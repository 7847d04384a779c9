/**
 * A server of the test's own that breaks the interface the way the field does: trickling bodies,
 * hanging, resetting after the request was written, huge or wrongly shaped answers. Each request
 * is counted (method and path) before `handle` decides what to do with it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CircassianClient, type ClientOptions } from '@circassian/core';
import { afterEach } from 'vitest';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface Misbehaving {
  url: string;
  /** `METHOD /path` of every request that reached the server, in order. */
  seen: string[];
  client(options?: ClientOptions): CircassianClient;
}

export function useMisbehaving(): (handle: Handler) => Promise<Misbehaving> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  return async (handle) => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => handle(req, res));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const clients: CircassianClient[] = [];
    cleanups.push(async () => {
      await Promise.all(clients.map((c) => c.close()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    return {
      url,
      seen,
      client: (options = {}) => {
        const client = new CircassianClient({ apiKey: 'ck_test.secret', baseUrl: url, ...options });
        clients.push(client);
        return client;
      },
    };
  };
}

/** Answers JSON with a status. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}
