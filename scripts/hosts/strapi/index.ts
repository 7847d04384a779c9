// `pnpm host strapi`: the Strapi 5 test app (test/strapi-app) with @circassian/strapi-plugin
// installed from its packed tarball, pointed at the service.
import type { HostDefinition } from '../types.js';
import { installApp } from './install.js';
import { ensurePostgresInstalled } from './postgres.js';
import { startStrapi } from './start.js';

const strapi: HostDefinition = {
  name: 'strapi',
  summary: 'Strapi 5 with the Circassian plugin. Flags: --data-dir DIR (keep the database and uploads), --database sqlite|postgres',
  flags: {
    'data-dir': { type: 'string' },
    database: { type: 'string' },
  },
  checkFlags({ database }) {
    if (database !== undefined && database !== 'sqlite' && database !== 'postgres') throw new Error(`--database takes sqlite or postgres; got ${String(database)}`);
  },
  async install() {
    await installApp();
    // For --database postgres and the two-instance tests: Debian's server, started on demand.
    await ensurePostgresInstalled();
  },
  async start(context) {
    return startStrapi(await installApp(), context);
  },
};

export default strapi;
