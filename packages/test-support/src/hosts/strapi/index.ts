// `pnpm host strapi`: the Strapi 5 test app (test/strapi-app) with @circassian/strapi-plugin
// installed from its packed tarball, pointed at the service.
import type { HostDefinition } from '../types.js';
import { installApp } from './install.js';
import { ensureMariadbInstalled } from './mariadb.js';
import { ensurePostgresInstalled } from './postgres.js';
import { startStrapi } from './start.js';

const strapi: HostDefinition = {
  name: 'strapi',
  summary:
    'Strapi 5 with the Circassian plugin. Flags: --data-dir DIR (keep the database and uploads), --database sqlite|postgres|mysql (mysql: MariaDB)',
  flags: {
    'data-dir': { type: 'string' },
    database: { type: 'string' },
  },
  checkFlags({ database }) {
    if (database !== undefined && !['sqlite', 'postgres', 'mysql'].includes(String(database)))
      throw new Error(`--database takes sqlite, postgres or mysql; got ${String(database)}`);
  },
  async install() {
    await installApp();
    // For --database postgres|mysql and the two-instance tests: Debian's servers, started on demand.
    await ensurePostgresInstalled();
    await ensureMariadbInstalled();
  },
  async start(context) {
    return startStrapi(await installApp(), context);
  },
};

export default strapi;
