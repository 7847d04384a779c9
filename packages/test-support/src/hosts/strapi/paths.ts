// Where the Strapi host's pieces live: the test app's source and the plugin package in the work
// tree, and the content hashes that name their cached installs.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..');
export const APP_SOURCE_DIR = join(REPO_ROOT, 'test', 'strapi-app');
export const PLUGIN_DIR = join(REPO_ROOT, 'packages', 'strapi');
export const CORE_DIR = join(REPO_ROOT, 'packages', 'core');

/** The app's files that go into a build: everything but what install and build produce. */
const IGNORED = new Set(['node_modules', 'dist', 'build', '.tmp', '.strapi', '.cache', 'types']);

export function listFiles(dir: string, ignored: ReadonlySet<string> = IGNORED): string[] {
  const files: string[] = [];
  const walk = (current: string): void => {
    for (const name of readdirSync(current).sort()) {
      if (ignored.has(name)) continue;
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(dir);
  return files;
}

/** A short hash of files' relative paths and contents (stable across machines and clones). */
export function hashFiles(root: string, files: readonly string[], extra = ''): string {
  const hash = createHash('sha256').update(extra);
  for (const file of files) hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}
