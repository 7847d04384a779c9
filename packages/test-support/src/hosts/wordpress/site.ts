// One fresh WordPress site per `pnpm host wordpress`: a copy of the cached tree, SQLite in the
// site's own folder, the plugin unpacked from its zip (as an upload through wp-admin would), an
// administrator and a subscriber, served by PHP's built-in server through a router.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, startService, waitForHttp, type Service } from '../lib/processes.js';
import type { ServiceTarget } from '../types.js';

export interface Account {
  readonly user: string;
  readonly password: string;
}

/** Where the site keeps the API key and address: the settings page's options, or wp-config.php constants. */
export const KEY_PLACES = ['database', 'wp-config'] as const;
export type KeyPlace = (typeof KEY_PLACES)[number];

export interface SiteOptions {
  readonly wordpressTree: string;
  readonly sqlitePlugin: string;
  readonly pluginZip: string;
  readonly service: ServiceTarget;
  readonly port: number;
  readonly keyIn?: KeyPlace;
  /** A subdirectory multisite network: the plugin network-activated, a second site at /second/. */
  readonly multisite?: boolean;
  /** WP-Cron only when wp-cron.php is requested (tests drive it), not spawned by visits as on a live site. */
  readonly manualCron?: boolean;
}

/** On a multisite network: the second site and its own administrator (no super admin). */
export interface SecondSite {
  readonly url: string;
  readonly admin: Account;
}

export interface RunningSite {
  readonly url: string;
  readonly dir: string;
  readonly admin: Account;
  readonly subscriber: Account;
  readonly secondSite?: SecondSite;
  readonly server: Service;
  stop(): Promise<void>;
}

const HERE = import.meta.dirname;

function secret(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

/** A PHP string literal (single quotes), for values written into wp-config.php. */
function phpString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function wpConfig(
  url: string,
  databaseDir: string,
  accessibleHosts: readonly string[],
  constants: Readonly<Record<string, string>> = {},
  { fixedAddress = true, manualCron = false }: { fixedAddress?: boolean; manualCron?: boolean } = {},
): string {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ]
    .map((name) => `define( '${name}', ${phpString(secret(32))} );`)
    .join('\n');
  return `<?php
// Written by \`pnpm host wordpress\` for one throwaway site.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', '' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'DB_DIR', ${phpString(databaseDir)} );
define( 'DB_FILE', '.ht.sqlite' );
${salts}
$table_prefix = 'wp_';
${fixedAddress ? `define( 'WP_HOME', ${phpString(url)} );\ndefine( 'WP_SITEURL', ${phpString(url)} );\n` : ''}// Only the local service (and loopback) may be reached; WordPress's update checks stay offline.
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'WP_ACCESSIBLE_HOSTS', ${phpString(accessibleHosts.join(','))} );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
${manualCron ? "define( 'DISABLE_WP_CRON', true );\n" : ''}define( 'FS_METHOD', 'direct' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_DISPLAY', false );
define( 'WP_DEBUG_LOG', ${phpString(join(databaseDir, 'debug.log'))} );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
${Object.entries(constants)
  .map(([name, value]) => `define( '${name}', ${phpString(value)} );\n`)
  .join('')}if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/**
 * PHP's environment: ours without CIRCASSIAN_API_KEY and CIRCASSIAN_BASE_URL. The plugin reads
 * those before its database option, so leaving them in would pin the settings page to them.
 */
function serverEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CIRCASSIAN_API_KEY;
  delete env.CIRCASSIAN_BASE_URL;
  return env;
}

/**
 * WordPress's own code, which no site writes to (its updates are off): hard links into the cached
 * tree instead of copies. The tree is 111 MB in some 4,000 files, and copying it and removing the
 * copy took 5-8 s a site on a busy machine (3 s linked); the rest (wp-content, the root's files) is copied.
 */
const LINKED_FROM_TREE = new Set(['wp-admin', 'wp-includes']);

async function copyTree(tree: string, root: string): Promise<void> {
  mkdirSync(root, { recursive: true });
  for (const entry of readdirSync(tree)) {
    if (LINKED_FROM_TREE.has(entry)) await run('cp', ['-al', join(tree, entry), join(root, entry)]);
    else cpSync(join(tree, entry), join(root, entry), { recursive: true });
  }
}

export interface PreparedSite {
  readonly url: string;
  /** The throwaway folder: the WordPress tree in `wordpress/`, the SQLite database in `database/`. */
  readonly dir: string;
  /** The WordPress tree (ABSPATH). */
  readonly root: string;
  readonly admin: Account;
  readonly subscriber: Account;
  readonly secondSite?: SecondSite;
  remove(): void;
}

/**
 * A fresh, installed site in a throwaway folder, not yet served: the WordPress tree, SQLite, the
 * plugin from its zip, activated and configured, an administrator and a subscriber.
 */
export async function prepareSite(options: Omit<SiteOptions, 'port'> & { readonly url: string }): Promise<PreparedSite> {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-wordpress-'));
  const root = join(dir, 'wordpress');
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    await copyTree(options.wordpressTree, root);
    const plugins = join(root, 'wp-content', 'plugins');
    cpSync(options.sqlitePlugin, join(plugins, 'sqlite-database-integration'), { recursive: true });
    const dropIn = readFileSync(join(options.sqlitePlugin, 'db.copy'), 'utf8')
      .replaceAll('{SQLITE_IMPLEMENTATION_FOLDER_PATH}', join(plugins, 'sqlite-database-integration'))
      .replaceAll('{SQLITE_PLUGIN}', 'sqlite-database-integration/load.php');
    writeFileSync(join(root, 'wp-content', 'db.php'), dropIn);
    await run('unzip', ['-q', options.pluginZip, '-d', plugins]);
    mkdirSync(join(root, 'wp-content', 'uploads'), { recursive: true });
    mkdirSync(join(root, 'wp-content', 'mu-plugins'), { recursive: true });
    cpSync(join(HERE, 'outbound-log.php'), join(root, 'wp-content', 'mu-plugins', 'circassian-outbound-log.php'));
    const databaseDir = join(dir, 'database');
    mkdirSync(databaseDir);
    const serviceHost = new URL(options.service.url).hostname;
    const inConfig = options.keyIn === 'wp-config';
    const constants = inConfig ? { CIRCASSIAN_API_KEY: options.service.key, CIRCASSIAN_BASE_URL: options.service.url } : {};
    writeFileSync(
      join(root, 'wp-config.php'),
      // A network's sites each have their own address: WP_HOME would send them all to the first.
      wpConfig(options.url, databaseDir, [...new Set(['127.0.0.1', 'localhost', serviceHost])], constants, {
        fixedAddress: !options.multisite,
        manualCron: options.manualCron === true,
      }),
    );
    cpSync(join(HERE, 'router.php'), join(root, 'router.php'));
    cpSync(join(HERE, 'multisite-router.php'), join(root, 'multisite-router.php'));

    const admin = { user: 'admin', password: secret(), email: 'admin@example.test' };
    const subscriber = { user: 'subscriber', password: secret(), email: 'subscriber@example.test' };
    // The key travels in the environment of one PHP process, never on a command line or in a log.
    await run('php', [join(HERE, 'setup-site.php')], {
      cwd: root,
      env: {
        ...serverEnvironment(),
        CIRCASSIAN_SITE_SETUP: JSON.stringify({ url: options.url, admin, subscriber, service: inConfig ? {} : options.service }),
      },
    });
    const secondSite = options.multisite
      ? await makeNetwork(root, { url: options.url, admin, subscriber, service: inConfig ? {} : options.service })
      : undefined;
    return {
      url: options.url,
      dir,
      root,
      admin: { user: admin.user, password: admin.password },
      subscriber: { user: subscriber.user, password: subscriber.password },
      ...(secondSite ? { secondSite } : {}),
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Turns an installed site into a subdirectory network (setup-multisite.php, in its two runs around
 * the multisite constants) and returns the second site it adds.
 */
async function makeNetwork(
  root: string,
  setup: { url: string; admin: Account & { email: string }; subscriber: Account; service: Partial<ServiceTarget> },
): Promise<SecondSite> {
  const siteAdmin = { user: 'siteadmin', password: secret(), email: 'siteadmin@example.test' };
  const runPhase = (phase: 'network' | 'sites'): Promise<void> =>
    run('php', [join(HERE, 'setup-multisite.php'), phase], {
      cwd: root,
      env: { ...serverEnvironment(), CIRCASSIAN_SITE_SETUP: JSON.stringify({ ...setup, siteAdmin }) },
    });
  await runPhase('network');
  const configFile = join(root, 'wp-config.php');
  const address = new URL(setup.url);
  const network = [
    `define( 'WP_ALLOW_MULTISITE', true );`,
    `define( 'MULTISITE', true );`,
    `define( 'SUBDOMAIN_INSTALL', false );`,
    `define( 'DOMAIN_CURRENT_SITE', ${phpString(address.host)} );`,
    `define( 'PATH_CURRENT_SITE', '/' );`,
    `define( 'SITE_ID_CURRENT_SITE', 1 );`,
    `define( 'BLOG_ID_CURRENT_SITE', 1 );`,
  ].join('\n');
  const config = readFileSync(configFile, 'utf8').replace("if ( ! defined( 'ABSPATH' ) )", `${network}\nif ( ! defined( 'ABSPATH' ) )`);
  writeFileSync(configFile, config);
  await runPhase('sites');
  return { url: `${setup.url}/second`, admin: { user: siteAdmin.user, password: siteAdmin.password } };
}

export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const site = await prepareSite({ ...options, url: `http://127.0.0.1:${options.port}` });
  // The key is in the site's database (the settings page can change it there); the server's
  // environment would override it, so the variables `pnpm host` may have been given stay out.
  const router = join(site.root, options.multisite ? 'multisite-router.php' : 'router.php');
  // OPcache, as every production PHP has it (the CLI's php.ini leaves it off): REST answers in half
  // the time. Timestamps are checked on every request, so a file a test writes is never served stale.
  const opcache = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.revalidate_freq=0'];
  const server = startService('wordpress', 'php', [...opcache, '-S', `127.0.0.1:${options.port}`, '-t', site.root, router], {
    cwd: site.root,
    // Two workers at least: a request that calls back into its own site would wait forever on one.
    env: { ...serverEnvironment(), PHP_CLI_SERVER_WORKERS: '4' },
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    site.remove();
  };
  try {
    await waitForHttp(`${site.url}/wp-login.php`, { service: server, timeoutMs: 30_000, accept: (status) => status === 200 });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: site.url,
    dir: site.dir,
    admin: site.admin,
    subscriber: site.subscriber,
    ...(site.secondSite ? { secondSite: site.secondSite } : {}),
    server,
    stop,
  };
}
