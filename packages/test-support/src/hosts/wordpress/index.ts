// `pnpm host wordpress [--wp 6.8|7.1]`: a fresh WordPress with the Circassian plugin installed
// from its zip, activated and configured for the service; prints the URL and two logins.
import { join } from 'node:path';
import { freePort } from '../lib/processes.js';
import { log } from '../lib/log.js';
import type { HostDefinition } from '../types.js';
import { installSqliteIntegration, installWordPress, installWordPressHost } from './install.js';
import { packPlugin } from './plugin-zip.js';
import { KEY_PLACES, startSite, type KeyPlace } from './site.js';
import { isWordPressLine, NEWEST_LINE, SUPPORTED_LINES } from './versions.js';

const wordpress: HostDefinition = {
  name: 'wordpress',
  summary: `WordPress (--wp ${SUPPORTED_LINES.join('|')}, default ${NEWEST_LINE}; --key-in ${KEY_PLACES.join('|')}; --multisite; --manual-cron) on PHP's built-in server and SQLite, with the circassian plugin`,
  // --key-in wp-config: the key and address as constants in wp-config.php (as a site owner who
  // keeps them out of the database does), instead of the settings page's options.
  // --multisite: a subdirectory network with the plugin network-activated and a second site at
  // /second/ whose administrator is not a super admin; the ready line adds `secondSite` and `root`.
  // --manual-cron: WP-Cron runs only when wp-cron.php is requested, so a test decides when the
  // background work (post audio, bulk runs, long jobs) moves on; otherwise visits spawn it, as on
  // a live site, and the playground's background work gets done.
  flags: { wp: { type: 'string' }, 'key-in': { type: 'string' }, multisite: { type: 'boolean' }, 'manual-cron': { type: 'boolean' } },
  checkFlags(flags) {
    if (flags.wp !== undefined && !isWordPressLine(flags.wp))
      throw new Error(`--wp takes one of ${SUPPORTED_LINES.join(', ')}; got ${String(flags.wp)}`);
    if (flags['key-in'] !== undefined && !KEY_PLACES.includes(flags['key-in'] as KeyPlace))
      throw new Error(`--key-in takes one of ${KEY_PLACES.join(', ')}; got ${String(flags['key-in'])}`);
  },
  install: installWordPressHost,
  async start(context) {
    const requested = isWordPressLine(context.flags.wp) ? context.flags.wp : NEWEST_LINE;
    const [installed, sqlitePlugin, pluginZip] = [await installWordPress(requested), await installSqliteIntegration(), await packPlugin()];
    const site = await startSite({
      wordpressTree: installed.tree,
      sqlitePlugin,
      pluginZip,
      service: context.service,
      keyIn: (context.flags['key-in'] as KeyPlace | undefined) ?? 'database',
      port: context.port ?? (await freePort()),
      multisite: context.flags.multisite === true,
      manualCron: context.flags['manual-cron'] === true,
    });
    context.onStop(() => site.stop());
    log(`WordPress ${installed.version} at ${site.url}`);
    return {
      url: site.url,
      wordpress: installed.version,
      admin: site.admin,
      subscriber: site.subscriber,
      // A network's tests inspect every site's tables with the PHP CLI in this folder.
      ...(site.secondSite ? { secondSite: site.secondSite, root: join(site.dir, 'wordpress') } : {}),
    };
  },
};

export default wordpress;
