// The first admin and an API token, made over Strapi's own admin HTTP API once the app answers.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AdminLogin {
  readonly email: string;
  readonly password: string;
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Registers the first admin (a fresh database) or logs in with the login kept in the data
 * directory (a restart); resolves with the login and an admin session token.
 */
export async function ensureAdmin(baseUrl: string, dataDir: string): Promise<{ login: AdminLogin; jwt: string }> {
  const file = join(dataDir, 'admin-login.json');
  if (existsSync(file)) {
    const login = JSON.parse(readFileSync(file, 'utf8')) as AdminLogin;
    const { data } = await postJson<{ data: { token: string } }>(`${baseUrl}/admin/login`, login);
    return { login, jwt: data.token };
  }
  // Strapi's rules: 8+ characters with upper case, lower case and a digit.
  const login: AdminLogin = { email: 'admin@circassian.test', password: `Aa1-${randomBytes(12).toString('base64url')}` };
  const { data } = await postJson<{ data: { token: string } }>(`${baseUrl}/admin/register-admin`, {
    ...login,
    firstname: 'Circassian',
    lastname: 'Admin',
  });
  writeFileSync(file, `${JSON.stringify(login)}\n`, { mode: 0o600 });
  return { login, jwt: data.token };
}

/** A new full-access API token (a unique name per start; Strapi shows a token's secret only once). */
export async function createApiToken(baseUrl: string, jwt: string): Promise<string> {
  const { data } = await postJson<{ data: { accessKey: string } }>(
    `${baseUrl}/admin/api-tokens`,
    {
      name: `circassian-host-${Date.now()}-${randomBytes(3).toString('hex')}`,
      description: 'made by pnpm host strapi',
      type: 'full-access',
      lifespan: null,
    },
    jwt,
  );
  return data.accessKey;
}
