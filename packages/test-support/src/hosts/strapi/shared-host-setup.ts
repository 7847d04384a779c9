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

/**
 * What POST /acquire answers: the service (with its admin token), the host's ready line with a
 * super admin of the file's own in place of the host's, and where this file's log starts.
 */
export interface SharedStrapiAnswer {
  sandbox: { url: string; key: string; adminToken: string };
  ready: unknown;
  logFrom: number;
}

const ANSWER_WITHIN_MS = 20_000;

interface StrapiReadyLine {
  url: string;
  admin: { email: string; password: string };
}

interface Started {
  sandbox: RunningSandbox;
  host: HostProcess<StrapiReadyLine>;
}

/**
 * Strapi lets one e-mail log in to the admin 5 times in 5 minutes (admin::rateLimit): files that
 * each logged in as the host's administrator, through the API and in Chromium, were refused from
 * the third on. Each file gets a super admin of its own, made with one session of the host's
 * administrator (Strapi's invite and register, as Settings > Users does).
 */
async function superAdminPerFile(ready: StrapiReadyLine): Promise<() => Promise<{ email: string; password: string }>> {
  const call = async <T>(path: string, init: { method: string; token?: string; body: unknown }): Promise<T> => {
    const response = await fetch(`${ready.url}${path}`, {
      method: init.method,
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
    return (JSON.parse(text) as { data: T }).data;
  };
  const { token } = await call<{ token: string }>('/admin/login', { method: 'POST', body: ready.admin });
  const roles = await call<Array<{ id: number; code: string }>>('/admin/roles', { method: 'GET', token, body: undefined });
  const superAdmin = roles.find((role) => role.code === 'strapi-super-admin');
  if (!superAdmin) throw new Error('the Strapi host has no Super Admin role');
  let files = 0;
  return async () => {
    files += 1;
    const email = `e2e-file-${files}@circassian.test`;
    const password = `File-${files}-Passw0rd`;
    const { registrationToken } = await call<{ registrationToken: string }>('/admin/users', {
      method: 'POST',
      token,
      body: { email, firstname: 'File', lastname: String(files), roles: [superAdmin.id] },
    });
    await call('/admin/register', {
      method: 'POST',
      body: { registrationToken, userInfo: { firstname: 'File', lastname: String(files), password } },
    });
    return { email, password };
  };
}

/** The part of vitest's TestProject this setup uses. */
interface Provider {
  provide(key: string, value: string): void;
}

export async function setup(project: Provider): Promise<() => Promise<void>> {
  const lines: string[] = [];
  let starting: Promise<Started> | undefined;
  let nextAdmin: Promise<() => Promise<{ email: string; password: string }>> | undefined;
  const start = async (): Promise<Started> => {
    const sandbox = await startSandbox({ speechJobMs: 20 });
    try {
      const host = await startHost<StrapiReadyLine>('strapi', ['--service-url', sandbox.url], {
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
      const admin = await (await (nextAdmin ??= superAdminPerFile(host.ready)))();
      body = {
        sandbox: { url: sandbox.url, key: sandbox.key, adminToken: sandbox.adminToken },
        ready: { ...host.ready, admin },
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
