// Everything the WordPress host needs, installed once into the cache: PHP (apt), a WordPress tree
// per supported line (from Debian's newer suites) and the SQLite integration plugin (from npm).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from '../lib/apt.js';
import { cachedStep } from '../lib/cache.js';
import { run } from '../lib/processes.js';
import { downloadFromSuites } from './debian-archive.js';
import { HOST_DEBIAN_PACKAGES, PLAYGROUND_CLI, WORDPRESS_DEBIAN_PACKAGES, WORDPRESS_LINES, type WordPressLine } from './versions.js';

export interface InstalledWordPress {
  readonly line: WordPressLine;
  /** The exact version, e.g. 7.1.4. */
  readonly version: string;
  /** A complete WordPress tree (no wp-config.php): copied into every fresh site. */
  readonly tree: string;
}

/** Reads `$wp_version` the way WordPress itself declares it. */
export function readWordPressVersion(tree: string): string {
  const match = /\$wp_version\s*=\s*'([^']+)'/.exec(readFileSync(join(tree, 'wp-includes', 'version.php'), 'utf8'));
  if (!match) throw new Error(`no $wp_version in ${tree}/wp-includes/version.php`);
  return match[1] as string;
}

export async function installWordPress(line: WordPressLine): Promise<InstalledWordPress> {
  const dir = await cachedStep(`wordpress-${line}-debian-v1`, async (stepDir) => {
    const debs = join(stepDir, 'debs');
    await downloadFromSuites(join(stepDir, 'apt'), WORDPRESS_LINES[line].suites, WORDPRESS_DEBIAN_PACKAGES, debs);
    const root = join(stepDir, 'root');
    for (const deb of readdirSync(debs).filter((name) => name.endsWith('.deb'))) await run('dpkg-deb', ['-x', join(debs, deb), root]);
    const unpacked = join(root, 'usr', 'share', 'wordpress');
    // Debian's own config reads /etc/wordpress; its .htaccess links there too. Each site writes its own.
    rmSync(join(unpacked, 'wp-config.php'), { force: true });
    rmSync(join(unpacked, '.htaccess'), { force: true });
    // Debian's tree is full of symlinks into /usr/share/javascript and friends: copy their targets.
    await run('cp', ['-rL', unpacked, join(stepDir, 'wordpress')]);
    const version = readWordPressVersion(join(stepDir, 'wordpress'));
    if (!version.startsWith(`${line}.`) && version !== line) {
      throw new Error(
        `Debian suite ${WORDPRESS_LINES[line].suites.join('+')} now offers WordPress ${version}, not ${line}.x: update versions.ts`,
      );
    }
    rmSync(root, { recursive: true, force: true });
    rmSync(debs, { recursive: true, force: true });
  });
  const tree = join(dir, 'wordpress');
  return { line, version: readWordPressVersion(tree), tree };
}

/** The SQLite database integration plugin folder, from the Playground CLI's npm package. */
export async function installSqliteIntegration(): Promise<string> {
  const dir = await cachedStep(`wordpress-sqlite-${PLAYGROUND_CLI.version}`, async (stepDir) => {
    // `npm pack` fetches the one tarball (integrity checked) without installing its dependencies.
    await run('npm', ['pack', `${PLAYGROUND_CLI.name}@${PLAYGROUND_CLI.version}`, '--silent', '--pack-destination', stepDir]);
    const tarball = readdirSync(stepDir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${PLAYGROUND_CLI.name} left no tarball`);
    await run('tar', ['xzf', join(stepDir, tarball), '-C', stepDir, 'package/sqlite-database-integration.zip']);
    await run('unzip', ['-q', join(stepDir, 'package', 'sqlite-database-integration.zip'), '-d', join(stepDir, 'unzipped')]);
    const [folder] = readdirSync(join(stepDir, 'unzipped'));
    if (!folder) throw new Error('sqlite-database-integration.zip is empty');
    cpSync(join(stepDir, 'unzipped', folder), join(stepDir, 'sqlite-database-integration'), { recursive: true });
    rmSync(join(stepDir, 'unzipped'), { recursive: true, force: true });
    rmSync(join(stepDir, 'package'), { recursive: true, force: true });
    rmSync(join(stepDir, tarball), { force: true });
  });
  const plugin = join(dir, 'sqlite-database-integration');
  if (!existsSync(join(plugin, 'db.copy'))) throw new Error(`${plugin} has no db.copy`);
  return plugin;
}

export async function installWordPressHost(): Promise<void> {
  await ensureDebianPackages(HOST_DEBIAN_PACKAGES);
  await installSqliteIntegration();
  for (const line of Object.keys(WORDPRESS_LINES) as WordPressLine[]) await installWordPress(line);
}
