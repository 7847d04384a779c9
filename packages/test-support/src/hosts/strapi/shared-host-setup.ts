// vitest's global setup for the `e2e` project (vitest.config.ts): ONE local service and ONE Strapi
// started through `pnpm host strapi`, for every Strapi end-to-end file that needs no host of its own
// (test/e2e/strapi/shared-strapi.ts). Each such file started both before, about 25-35 s on a
// two-core machine before its first case. The setup only listens on loopback: the first file that
// asks (POST /acquire) starts the service and the host, the files after it get the same ones, and
// the run's end stops them, the host expected to exit 0 as each file expected of its own. Started
// on the first ask, not here: a run of VS Code files alone starts no Strapi.
//
// The service runs in this (vitest's main) process; the test files drive its controls over HTTP
// (SandboxAdmin, from its URL and admin token) and read the host's log through GET /log.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { startHost, type HostProcess } from '../lib/host-process.js';

/** The name under which the setup `provide`s its URL to the test files. */
export const SHARED_STRAPI_PROVIDE_KEY = 'circassianSharedStrapi';

/** What POST /acquire answers: the service (with its admin token), the host's ready line, and where this file's log starts. */
export interface SharedStrapiAnswer {
  sandbox: { url: string; key: string; adminToken: string };
  ready: unknown;
  logFrom: number;
}

const ANSWER_WITHIN_MS = 20_000;

interface Started {
  sandbox: RunningSandbox;
  host: HostProcess<unknown>;
}

/** The part of vitest's TestProject this setup uses. */
interface Provider {
  provide(key: string, value: string): void;
}

export async function setup(project: Provider): Promise<() => Promise<void>> {
  const lines: string[] = [];
  let starting: Promise<Started> | undefined;
  const start = async (): Promise<Started> => {
    const sandbox = await startSandbox({ speechJobMs: 20 });
    try {
      const host = await startHost<unknown>('strapi', ['--service-url', sandbox.url], {
        // The key through the environment, not the command line (as startStrapiHost passes it).
        env: { CIRCASSIAN_API_KEY: sandbox.key },
        onLog: (line) => {
          lines.push(line);
          if (process.env.CIRCASSIAN_E2E_VERBOSE) process.stderr.write(`${line}\n`);
        },
      });
      return { sandbox, host };
    } catch (error) {
      process.stderr.write(`${lines.slice(-40).join('\n')}\n`);
      await sandbox.close();
      throw error;
    }
  };

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    let body: unknown;
    if (request.method === 'POST' && url.pathname === '/acquire') {
      // A start that takes longer (the host's install on a fresh machine) is answered 202: the file
      // asks again, so no request outlives an HTTP client's header timeout.
      starting ??= start();
      const started = await Promise.race([starting, sleep(ANSWER_WITHIN_MS, undefined, { ref: false })]);
      if (!started) {
        response.writeHead(202).end();
        return;
      }
      const { sandbox, host } = started;
      body = {
        sandbox: { url: sandbox.url, key: sandbox.key, adminToken: sandbox.adminToken },
        ready: host.ready,
        logFrom: lines.length,
      } satisfies SharedStrapiAnswer;
    } else if (request.method === 'GET' && url.pathname === '/log') {
      body = { lines: lines.slice(Number(url.searchParams.get('from') ?? 0)) };
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // A failed start is answered to every file that asks, each failing with its cause.
      response
        .writeHead(500, { 'content-type': 'text/plain' })
        .end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide(SHARED_STRAPI_PROVIDE_KEY, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);

  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const started = await starting?.catch(() => undefined);
    if (!started) return;
    const code = await started.host.stop().finally(() => started.sandbox.close());
    if (code !== 0) throw new Error(`the shared Strapi host exited with ${code}, not 0:\n${lines.slice(-40).join('\n')}`);
  };
}
