// What a fresh machine lacks for the tests, in two parts, so `pnpm test` can start the unit tests
// as soon as the first part is there and install the rest meanwhile (scripts/test.ts). Each step is
// cached and locked (test-support's cache.ts and apt.ts): a step another process is installing is
// waited for, and one already installed takes a moment.
import { HOST_NAMES, loadHost } from '@circassian/test-support/hosts/index.js';
import { ensureDebianPackages } from '@circassian/test-support/hosts/lib/apt.js';
import { ensureBrowser } from '@circassian/test-support/hosts/lib/browser.js';
import { log } from '@circassian/test-support/hosts/lib/log.js';
import { installDependencies } from '@circassian/test-support/hosts/strapi/install.js';
import { installSqliteIntegration, installWordPress } from '@circassian/test-support/hosts/wordpress/install.js';
import { installPlaygroundCli } from '@circassian/test-support/hosts/wordpress/playground-cli.js';
import { HOST_DEBIAN_PACKAGES, NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';

/**
 * Debian packages the unit tests use: gettext's msgfmt --check (PO) and PyYAML (YAML) check written
 * files; lame is the MP3 encoder the WordPress and Strapi plugins look for; PHPUnit runs the
 * WordPress plugin's PHP tests on the PHP the WordPress host runs; zip and unzip read packages;
 * openssl makes the certificate of the contract tests' TLS front.
 */
const UNIT_DEBIAN_PACKAGES = ['gettext', 'python3-yaml', 'lame', 'phpunit', 'zip', 'openssl', ...HOST_DEBIAN_PACKAGES];

async function timed(what: string, step: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  await step();
  log(`${what}: installed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/**
 * What the unit tests need besides the workspace: the Debian packages above, the newest WordPress
 * with its SQLite integration (the plugin's PHP tests install it into a site), and the Strapi test
 * app's dependencies (the plugin's memory tests use its knex and better-sqlite3). The Strapi
 * dependencies (npm, better-sqlite3 compiled) go beside the Debian packages and WordPress.
 */
export async function installForUnitTests(): Promise<void> {
  await Promise.all([
    timed('Debian packages and WordPress for the unit tests', async () => {
      await ensureDebianPackages(UNIT_DEBIAN_PACKAGES);
      await installSqliteIntegration();
      await installWordPress(NEWEST_LINE);
    }),
    timed("the Strapi test app's dependencies", installDependencies),
  ]);
}

/**
 * Everything the end-to-end tests need: Chromium, then each host (WordPress first: its lane needs
 * nothing else, so it can start while VS Code and Strapi install), then Playground's CLI for the
 * release test.
 */
export async function installForEndToEnd(): Promise<void> {
  await timed('Chromium', ensureBrowser);
  const hosts = ['wordpress', ...HOST_NAMES.filter((name) => name !== 'wordpress')];
  for (const name of hosts) await timed(name, async () => (await loadHost(name)).install());
  await timed("WordPress Playground's command line", installPlaygroundCli);
}
