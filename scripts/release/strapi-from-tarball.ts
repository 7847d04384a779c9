// The Strapi plugin as a Strapi team installs it: the test app (test/strapi-app) with its own
// dependencies, then `npm install <the plugin's tarball from dist/>` and `strapi build`, in a
// throwaway folder. The app's dependencies come from the host's cached install (hard links).
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '@circassian/test-support/hosts/lib/processes.js';
import { installDependencies, STRAPI_ENV } from '@circassian/test-support/hosts/strapi/install.js';
import { APP_SOURCE_DIR, listFiles } from '@circassian/test-support/hosts/strapi/paths.js';

export interface InstalledStrapiApp {
  readonly dir: string;
  /** The version of @circassian/strapi-plugin npm recorded in the app's package.json. */
  readonly pluginSpec: string;
  remove(): void;
}

export async function installStrapiAppFromTarball(tarball: string): Promise<InstalledStrapiApp> {
  const dependencies = await installDependencies();
  const dir = mkdtempSync(join(tmpdir(), 'circassian-strapi-release-'));
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    // Hard links cost no copy. npm rewrites its own hidden lockfile in place, so that one (and
    // the app's manifests, which npm install edits) are fresh files, never links into the cache.
    await run('cp', ['-al', join(dependencies, 'node_modules'), join(dir, 'node_modules')]);
    rmSync(join(dir, 'node_modules', '.package-lock.json'), { force: true });
    cpSync(join(dependencies, 'package-lock.json'), join(dir, 'package-lock.json'));
    for (const file of listFiles(APP_SOURCE_DIR).filter((name) => !name.endsWith('package-lock.json')))
      cpSync(file, join(dir, file.slice(APP_SOURCE_DIR.length + 1)), { recursive: true });
    const env = { ...process.env, ...STRAPI_ENV, npm_config_update_notifier: 'false' };
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: dir, env });
    await run('node', [join(dir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'build'], {
      cwd: dir,
      env: { ...env, NODE_ENV: 'production', NODE_OPTIONS: '--max-old-space-size=3072' },
    });
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    return { dir, pluginSpec: manifest.dependencies['@circassian/strapi-plugin'] ?? '', remove };
  } catch (error) {
    remove();
    throw error;
  }
}
