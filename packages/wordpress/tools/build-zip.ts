// Builds the installable plugin zip (`dist/circassian.zip`, one `circassian/` folder inside):
// the editor script through @wordpress/scripts, then the PHP, block metadata and readme. Skips
// both when nothing that goes into the zip changed since the last build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import AdmZip from 'adm-zip';

export const PACKAGE_DIR = join(import.meta.dirname, '..');
export const PLUGIN_SLUG = 'circassian';
export const ZIP_PATH = join(PACKAGE_DIR, 'dist', `${PLUGIN_SLUG}.zip`);

/** What the zip carries, relative to the package folder. `build/` is made from `src/`. */
const SHIPPED = ['circassian.php', 'uninstall.php', 'readme.txt', 'blueprint.json', 'includes', 'images', 'languages', 'build'];
/** What the build reads: a change here means a new build. */
const SOURCES = [
  'circassian.php',
  'uninstall.php',
  'readme.txt',
  'blueprint.json',
  'includes',
  'images',
  'languages',
  'src',
  'package.json',
  'webpack.config.js',
  '../core/src/palochka.ts',
  '../core/src/text.ts',
  '../core/src/text',
];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((entry) => filesUnder(join(PACKAGE_DIR, entry)))) {
    hash.update(relative(PACKAGE_DIR, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function buildEditorScript(): void {
  const wpScripts = join(PACKAGE_DIR, 'node_modules', '.bin', 'wp-scripts');
  // Production mode whatever the caller's NODE_ENV (vitest sets "test", which would make a debug build).
  const result = spawnSync(wpScripts, ['build'], {
    cwd: PACKAGE_DIR,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error(`wp-scripts build failed (${result.signal ?? `exit ${result.status}`})`);
}

/** Returns the zip's path, building it when its sources changed. */
export async function buildPluginZip({ force = false }: { force?: boolean } = {}): Promise<string> {
  const stamp = join(PACKAGE_DIR, 'dist', '.source-hash');
  const hash = sourceHash();
  if (!force && existsSync(ZIP_PATH) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return ZIP_PATH;
  buildEditorScript();
  const zip = new AdmZip();
  for (const entry of SHIPPED) {
    for (const file of filesUnder(join(PACKAGE_DIR, entry))) {
      if (file.endsWith('.map')) continue;
      zip.addFile(`${PLUGIN_SLUG}/${relative(PACKAGE_DIR, file)}`, readFileSync(file));
    }
  }
  mkdirSync(join(PACKAGE_DIR, 'dist'), { recursive: true });
  // Written aside and renamed, so a host starting meanwhile never unpacks half a zip.
  const partial = `${ZIP_PATH}.${process.pid}.partial`;
  zip.writeZip(partial);
  renameSync(partial, ZIP_PATH);
  // The Playground blueprint beside the zip it installs (`"resource": "bundled"`), e.g.
  // `npx @wp-playground/cli server --blueprint=dist/blueprint.json`.
  copyFileSync(join(PACKAGE_DIR, 'blueprint.json'), join(PACKAGE_DIR, 'dist', 'blueprint.json'));
  writeFileSync(stamp, hash);
  return ZIP_PATH;
}
