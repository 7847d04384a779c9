// What every Strapi end-to-end test needs: the local service in-process, `pnpm host strapi`
// started through startHost (as users run it), and small clients for Strapi's REST API (with the
// host's API token) and the plugin's admin routes (with an admin session).
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

export interface StrapiReady {
  url: string;
  admin: { email: string; password: string };
  apiToken: string;
}

export interface Article {
  id: number;
  documentId: string;
  locale: string;
  title: string | null;
  slug: string | null;
  summary: string | null;
  body: string | null;
  content: unknown;
  seo: { metaTitle: string | null; metaDescription: string | null } | null;
  sections: Array<Record<string, unknown>>;
  audio: { id: number; mime: string; url: string; size: number } | null;
  publishedAt: string | null;
}

export const ARTICLE_UID = 'api::article.article';

/** One permission of an admin role, as Settings > Roles saves it (`subject` null for plugin actions). */
export interface RolePermission {
  action: string;
  subject?: string | null;
  properties?: { fields?: string[]; locales?: string[] };
}

/** Strapi's standard error body (its error middleware's shape). */
export interface StrapiErrorBody {
  data: null;
  error: { status: number; name: string; message: string; details: Record<string, unknown> };
}

/** Starts the host against `sandbox` (the key through the environment, not the command line). */
export async function startStrapiHost(
  sandbox: { url: string; key: string },
  args: readonly string[] = [],
  env: NodeJS.ProcessEnv = {},
  onLog?: (line: string) => void,
): Promise<HostProcess<StrapiReady>> {
  const lines: string[] = [];
  try {
    return await startHost<StrapiReady>('strapi', ['--service-url', sandbox.url, ...args], {
      env: { CIRCASSIAN_API_KEY: sandbox.key, ...env },
      onLog: (line) => {
        lines.push(line);
        onLog?.(line);
        if (process.env.CIRCASSIAN_E2E_VERBOSE) process.stderr.write(`${line}\n`);
      },
    });
  } catch (error) {
    process.stderr.write(`${lines.slice(-40).join('\n')}\n`);
    throw error;
  }
}

export class StrapiClient {
  #adminJwt: string | undefined;

  constructor(readonly ready: StrapiReady) {}

  async rest<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.ready.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.ready.apiToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async createArticle(data: Record<string, unknown>, { locale = 'ru', publish = true } = {}): Promise<Article> {
    const { status, body } = await this.rest<{ data: Article }>(
      'POST',
      `/api/articles?locale=${locale}${publish ? '&status=published' : ''}`,
      { data },
    );
    if (status !== 201) throw new Error(`creating an article answered ${status}: ${JSON.stringify(body)}`);
    return body.data;
  }

  async updateArticle(documentId: string, data: Record<string, unknown>, { locale = 'ru', publish = true } = {}): Promise<Article> {
    const { status, body } = await this.rest<{ data: Article }>(
      'PUT',
      `/api/articles/${documentId}?locale=${locale}${publish ? '&status=published' : ''}`,
      { data },
    );
    if (status !== 200) throw new Error(`updating an article answered ${status}: ${JSON.stringify(body)}`);
    return body.data;
  }

  /** One locale of an article, its latest draft unless `status: 'published'`; null when that locale does not exist. */
  async article(documentId: string, locale: string, status: 'draft' | 'published' = 'draft'): Promise<Article | null> {
    const populate = 'populate[seo]=true&populate[sections]=true&populate[audio]=true';
    const response = await this.rest<{ data: Article }>('GET', `/api/articles/${documentId}?locale=${locale}&status=${status}&${populate}`);
    if (response.status === 404) return null;
    if (response.status !== 200) throw new Error(`reading an article answered ${response.status}`);
    return response.body.data;
  }

  async adminJwt(): Promise<string> {
    if (this.#adminJwt) return this.#adminJwt;
    const response = await fetch(`${this.ready.url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(this.ready.admin),
    });
    const body = (await response.json()) as { data: { token: string } };
    this.#adminJwt = body.data.token;
    return this.#adminJwt;
  }

  /** A call to the plugin's admin routes (`/circassian/...`) with an admin session; the raw text is kept for secret checks. */
  async plugin<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T; text: string }> {
    const response = await fetch(`${this.ready.url}/circassian${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.adminJwt()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, text };
  }

  /**
   * An admin with a role of its own, made through Strapi's admin API as an administrator would in
   * Settings > Roles and Users, logged in: a client acting as that admin.
   */
  async restrictedAdmin(name: string, permissions: readonly RolePermission[]): Promise<StrapiClient> {
    const role = await this.admin<{ id: number }>('POST', '/admin/roles', { name, description: `e2e: ${name}` });
    await this.admin('PUT', `/admin/roles/${role.id}/permissions`, {
      permissions: permissions.map((permission) => ({ properties: {}, conditions: [], subject: null, ...permission })),
    });
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const user = await this.admin<{ registrationToken: string }>('POST', '/admin/users', {
      email: `${slug}@circassian.test`,
      firstname: name,
      lastname: 'Editor',
      roles: [role.id],
    });
    const password = 'Editor-Passw0rd';
    await this.admin('POST', '/admin/register', {
      registrationToken: user.registrationToken,
      userInfo: { firstname: name, lastname: 'Editor', password },
    });
    return new StrapiClient({ ...this.ready, admin: { email: `${slug}@circassian.test`, password } });
  }

  /** A call to Strapi's own admin API with this client's admin session; throws unless it succeeds. */
  async admin<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.ready.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${await this.adminJwt()}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 400)}`);
    return (JSON.parse(text) as { data: T }).data;
  }

  /**
   * Lets the Content API's Public role (users-permissions, no login) do `actions` of `type`
   * (`'api::article'` with `['article.create']`), as Settings > Users & Permissions > Roles >
   * Public saves it: the role's whole permission tree read, those actions enabled (or, with
   * `enabled` false, disabled again), written back.
   */
  async allowPublic(type: string, actions: readonly string[], enabled = true): Promise<void> {
    type Tree = Record<string, { controllers: Record<string, Record<string, { enabled: boolean }>> }>;
    const headers = { authorization: `Bearer ${await this.adminJwt()}`, 'content-type': 'application/json' };
    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${this.ready.url}/users-permissions${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} /users-permissions${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { roles } = await call<{ roles: Array<{ id: number; type: string }> }>('GET', '/roles');
    const publicRole = roles.find((role) => role.type === 'public');
    if (!publicRole) throw new Error('no Public role: is @strapi/plugin-users-permissions installed in the app?');
    const { role } = await call<{ role: { permissions: Tree } }>('GET', `/roles/${publicRole.id}`);
    for (const action of actions) {
      const [controller, name] = action.split('.') as [string, string];
      const controllers = role.permissions[type]?.controllers[controller];
      if (!controllers?.[name]) throw new Error(`the Public role has no ${type}.${action} to allow`);
      controllers[name].enabled = enabled;
    }
    await call('PUT', `/roles/${publicRole.id}`, { permissions: role.permissions });
  }

  /** A Content API request with no credentials at all: what the Public role may do. */
  async publicRest<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${this.ready.url}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  entryPath(documentId: string): string {
    return `/entries/${encodeURIComponent(ARTICLE_UID)}/${documentId}`;
  }
}

/** Logs `login` (the host's administrator by default) in to the admin panel in `page`, as a person would. */
export async function logInToAdmin(
  page: Page,
  ready: StrapiReady,
  login: { email: string; password: string } = ready.admin,
): Promise<void> {
  // By the inputs' names, not their labels: the same login serves an admin shown in Russian.
  await page.goto(`${ready.url}/admin/auth/login`);
  await page.locator('input[name="email"]').fill(login.email);
  await page.locator('input[name="password"]').fill(login.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/admin(\/)?$/, { timeout: 60_000 });
}

/** Polls `check` until it returns a value (not undefined), or fails with the last state seen. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** Waits until the plugin's queue has nothing waiting or working (held work, waiting for someone who may, is not waiting). */
export function queueSettled(strapi: StrapiClient): Promise<true> {
  return waitFor('the queue to finish', async () => {
    const { body } = await strapi.plugin<{ queue: { counts: Record<string, number> } }>('GET', '/settings');
    return (body.queue.counts.pending ?? 0) + (body.queue.counts.running ?? 0) === 0 ? true : undefined;
  });
}

/** The texts the service received in batch calls (content logging is on for sandbox keys). */
export async function sentTexts(sandbox: Pick<RunningSandbox, 'admin'>): Promise<string[]> {
  const calls = await sandbox.admin.calls({ operation: 'batch', limit: 10_000 });
  return calls
    .filter((call) => call.outcome === 'ok')
    .flatMap((call) => (call.content?.request as { texts?: string[] } | undefined)?.texts ?? []);
}

/**
 * The texts sent in batch calls since the log held `count` of them (sentTexts(...).length then):
 * the newest, as the call log lists its newest first.
 */
export async function sentTextsSince(sandbox: Pick<RunningSandbox, 'admin'>, count: number): Promise<string[]> {
  const texts = await sentTexts(sandbox);
  return texts.slice(0, texts.length - count);
}

export { startSandbox, type RunningSandbox };

/**
 * The pid of the process listening on `port` (from /proc: the socket's inode, then the process
 * holding it), so a test can kill Strapi itself the way a crash or an OOM kill would.
 */
export function pidListeningOn(port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match && inodes.has(match[1] as string)) return Number(pid);
      } catch {
        // The descriptor closed meanwhile.
      }
    }
  }
  throw new Error(`no process listens on port ${port}`);
}
