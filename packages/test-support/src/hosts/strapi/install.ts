// Installing the Strapi host, in three cached layers so a plugin change rebuilds only what it must:
//   1. the app's npm dependencies (npm, from its own lockfile; better-sqlite3 compiles here),
//   2. the plugin's installable tarball (`pnpm package` in packages/strapi),
//   3. the runnable app: a hard-linked copy of (1), the app source, the tarball unpacked into
//      node_modules as npm would, and `strapi build` (admin panel with the plugin inside).
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cachedStep } from '../lib/cache.js';
import { ensureDebianPackages } from '../lib/apt.js';
import { run } from '../lib/processes.js';
import { runPnpm } from '../lib/pnpm.js';
import { APP_SOURCE_DIR, CORE_DIR, PLUGIN_DIR, hashFiles, listFiles } from './paths.js';

// A lock of its own: a test or bench run held under the machine-wide heavy lock
// (/tmp/circassian-heavy.lock) that needed a rebuild would otherwise wait on itself forever.
const BUILD_LOCK = '/tmp/circassian-strapi-build.lock';

/** Runs a heavy command under the Strapi build lock, so two builds never compete for 2 cores. */
function runHeavy(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  return existsSync('/usr/bin/flock') ? run('flock', [BUILD_LOCK, command, ...args], { cwd, env }) : run(command, args, { cwd, env });
}

export const STRAPI_ENV: NodeJS.ProcessEnv = {
  STRAPI_TELEMETRY_DISABLED: 'true',
  BROWSER: 'none',
};

/** node-gyp must find Node's headers locally (no network for them): Debian's nodejs has them under /usr. */
function nodeDir(): string {
  const prefix = join(process.execPath, '..', '..');
  return existsSync(join(prefix, 'include', 'node', 'node.h')) ? prefix : '/usr';
}

export async function installDependencies(): Promise<string> {
  const manifest = [join(APP_SOURCE_DIR, 'package.json'), join(APP_SOURCE_DIR, 'package-lock.json')];
  const step = `strapi-app-deps-${hashFiles(APP_SOURCE_DIR, manifest, process.version)}`;
  return cachedStep(step, async (dir) => {
    await ensureDebianPackages(['g++', 'make', 'python3']);
    for (const file of manifest) cpSync(file, join(dir, file.slice(APP_SOURCE_DIR.length + 1)));
    // `npm install` from the lockfile, not `npm ci`: the registry reachable here lacks other
    // platforms' optional binaries (@swc/core-darwin-*, ...), so the lockfile cannot list them
    // and `npm ci` refuses it; `npm install` keeps every locked version all the same.
    await runHeavy('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir, {
      ...process.env,
      ...STRAPI_ENV,
      npm_config_nodedir: nodeDir(),
      npm_config_update_notifier: 'false',
    });
  });
}

function pluginSourceFiles(): { root: string; files: string[] } {
  const ignored = new Set(['node_modules', 'dist', 'bench', 'test', '.turbo']);
  const files = [
    ...listFiles(join(PLUGIN_DIR), ignored).filter((file) => !file.endsWith('.tgz')),
    ...listFiles(join(CORE_DIR, 'src')),
    join(CORE_DIR, 'package.json'),
  ];
  return { root: join(PLUGIN_DIR, '..'), files };
}

/** Builds and packs the plugin; returns the tarball's path (in the cache, named by the sources' hash). */
export async function packPlugin(): Promise<string> {
  const { root, files } = pluginSourceFiles();
  const dir = await cachedStep(`strapi-plugin-${hashFiles(root, files)}`, async (out) => {
    await runPnpm(['--filter', '@circassian/strapi-plugin', 'run', 'package', '--pack-destination', out], {
      cwd: PLUGIN_DIR,
      env: { ...process.env, ...STRAPI_ENV },
    });
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`no plugin tarball in ${dir}`);
  return join(dir, tarball);
}

/** The built app, ready for `strapi start`; returns its directory. */
export async function installApp(): Promise<string> {
  const dependencies = await installDependencies();
  const tarball = await packPlugin();
  const appFiles = listFiles(APP_SOURCE_DIR).filter((file) => !file.endsWith('package-lock.json'));
  // The recipe (this file) is part of the name: a change in how the app is assembled rebuilds it.
  const recipe = readFileSync(import.meta.filename, 'utf8');
  const step = `strapi-app-${hashFiles(APP_SOURCE_DIR, appFiles, `${dependencies}\0${recipe}\0${readFileSync(tarball).toString('base64')}`)}`;
  return cachedStep(step, async (dir) => {
    // Hard links: the dependency tree costs no copy; nothing below rewrites files in place.
    await run('cp', ['-al', join(dependencies, 'node_modules'), join(dir, 'node_modules')]);
    cpSync(join(dependencies, 'package-lock.json'), join(dir, 'package-lock.json'));
    for (const file of appFiles) cpSync(file, join(dir, file.slice(APP_SOURCE_DIR.length + 1)), { recursive: true });
    await unpackPlugin(tarball, dir);
    await runHeavy('node', [join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'build'], dir, {
      ...process.env,
      ...STRAPI_ENV,
      NODE_ENV: 'production',
      NODE_OPTIONS: '--max-old-space-size=3072',
    });
  });
}

/**
 * What `npm install <tarball>` does for a package whose dependencies the app already has: the
 * tarball unpacked into node_modules and named in package.json (Strapi finds plugins there).
 */
async function unpackPlugin(tarball: string, appDir: string): Promise<void> {
  const local = join('plugins', basename(tarball));
  mkdirSync(join(appDir, 'plugins'), { recursive: true });
  cpSync(tarball, join(appDir, local));
  const manifestPath = join(appDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
  manifest.dependencies['@circassian/strapi-plugin'] = `file:${local}`;
  // A new file, not a write through the hard link into the dependency cache.
  rmSync(manifestPath);
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  const scope = join(appDir, 'node_modules', '@circassian');
  mkdirSync(scope, { recursive: true });
  const staging = join(scope, '.unpack');
  mkdirSync(staging, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', staging]);
  renameSync(join(staging, 'package'), join(scope, 'strapi-plugin'));
  await run('rmdir', [staging]);
}
