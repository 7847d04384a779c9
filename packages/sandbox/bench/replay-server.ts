/**
 * The benchmark's baseline: a bare `node:http` server that answers each route with the exact status,
 * headers and body the sandbox answered, recorded once beforehand. Everything the sandbox does per
 * request (routing, auth, limits, validation, the engine, call records) is what the comparison prices.
 */
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedResponse {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

// Node writes these itself for every response (per request or per connection); copying them would
// send them twice or freeze a stale Date.
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** Records a live response: its status, the headers an HTTP server sets, and the body bytes. */
export async function recordResponse(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<RecordedResponse> {
  const response = await fetch(url, init);
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (!WRITTEN_BY_NODE.has(name)) headers[name] = value;
  });
  return {
    method: init.method,
    path: new URL(url).pathname,
    status: response.status,
    headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** Starts the replaying server on a free loopback port. */
export async function startReplayServer(responses: readonly RecordedResponse[]): Promise<{ url: string; close(): Promise<void> }> {
  const routes = new Map(responses.map((r) => [`${r.method} ${r.path}`, r]));
  const server = createServer((request, response) => {
    // Read the request body to its end first, as any JSON API must, then answer.
    request.resume();
    request.on('end', () => {
      const recorded = routes.get(`${request.method} ${request.url}`);
      if (!recorded) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(recorded.status, recorded.headers).end(recorded.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
