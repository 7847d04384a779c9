/**
 * A small HTTP server in front of the sandbox, standing for what sits between a client and the
 * service in the field: a reverse proxy under a path prefix, a gateway that echoes the request, a
 * connection cut mid-answer. Each request is handed to `handle`, which may forward it.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
