// Starting the built app: its database and uploads in a data directory (given, or a temporary
// one removed on stop), the plugin pointed at the service through the environment, then the
// first admin and an API token.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { outboundGuardEnv } from '../lib/outbound.js';
import { freePort, startService, waitForHttp } from '../lib/processes.js';
import { log } from '../lib/log.js';
import type { HostContext } from '../types.js';
import { createApiToken, ensureAdmin } from './admin-api.js';
import { STRAPI_ENV } from './install.js';
import { appSecrets } from './secrets.js';
import { startMariadb } from './mariadb.js';
import { startPostgres } from './postgres.js';

export interface StrapiReady {
  url: string;
  admin: { email: string; password: string };
  apiToken: string;
  [key: string]: unknown;
}

export async function startStrapi(appDir: string, context: HostContext): Promise<StrapiReady> {
  const given = context.flags['data-dir'];
  const dataDir = typeof given === 'string' ? resolve(given) : mkdtempSync(join(tmpdir(), 'circassian-strapi-'));
  mkdirSync(join(dataDir, 'public', 'uploads'), { recursive: true });
  if (typeof given !== 'string') context.onStop(() => rmSync(dataDir, { recursive: true, force: true }));

  // checkFlags has refused anything else.
  const database = context.flags.database === 'postgres' || context.flags.database === 'mysql' ? context.flags.database : 'sqlite';
  const databaseEnv: Record<string, string> = { DATABASE_CLIENT: database, DATABASE_FILENAME: join(dataDir, 'data.db') };
  if (database === 'postgres') {
    const postgres = await startPostgres(dataDir);
    context.onStop(() => postgres.stop());
    Object.assign(databaseEnv, {
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(postgres.port),
      DATABASE_NAME: postgres.database,
      DATABASE_USERNAME: postgres.user,
    });
  }
  if (database === 'mysql') {
    const mariadb = await startMariadb(dataDir);
    context.onStop(() => mariadb.stop());
    Object.assign(databaseEnv, {
      DATABASE_HOST: '127.0.0.1',
      DATABASE_PORT: String(mariadb.port),
      DATABASE_NAME: mariadb.database,
      DATABASE_USERNAME: mariadb.user,
      DATABASE_PASSWORD: mariadb.password,
    });
  }

  const port = context.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const service = startService(
    'strapi',
    process.execPath,
    [join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'],
    {
      cwd: appDir,
      env: {
        ...process.env,
        ...STRAPI_ENV,
        ...appSecrets(dataDir),
        ...databaseEnv,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_DIR: join(dataDir, 'public'),
        // The plugin reads these by default; the key stays in the server process's environment.
        CIRCASSIAN_BASE_URL: context.service.url,
        CIRCASSIAN_API_KEY: context.service.key,
        ...outboundGuardEnv([context.service.url]),
      },
    },
  );
  context.onStop(() => service.stop());
  await waitForHttp(`${url}/_health`, { service, timeoutMs: 180_000, accept: (status) => status === 204 || status === 200 });
  const { login, jwt } = await ensureAdmin(url, dataDir);
  const apiToken = await createApiToken(url, jwt);
  log(`Strapi at ${url}/admin (data in ${dataDir})`);
  return { url, admin: { email: login.email, password: login.password }, apiToken };
}
