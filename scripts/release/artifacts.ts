// What `pnpm package` builds and where each artifact goes when released: the one list that the
// packaging, the checks and `pnpm release` share.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const DIST_DIR = join(REPO_ROOT, 'dist');
export const MANIFEST_PATH = join(DIST_DIR, 'manifest.json');

export type ArtifactKind = 'npm' | 'vsix' | 'wordpress';

/** One entry of `dist/manifest.json`; `file` is relative to dist/. */
export interface Artifact {
  readonly name: string;
  readonly kind: ArtifactKind;
  readonly file: string;
  readonly version: string;
}

export interface Manifest {
  readonly artifacts: readonly Artifact[];
}

/** The npm packages, in dependency order (each one's build reads the declarations of those before it). */
export const NPM_PACKAGES = [
  { name: '@circassian/core', dir: 'packages/core' },
  { name: '@circassian/sandbox', dir: 'packages/sandbox' },
  { name: '@circassian/cli', dir: 'packages/cli' },
  { name: '@circassian/strapi-plugin', dir: 'packages/strapi' },
] as const;

/** The libraries built by @circassian/library-build's build-library (the Strapi plugin builds with its own SDK). */
export const LIBRARY_PACKAGES = NPM_PACKAGES.filter((pkg) => pkg.name !== '@circassian/strapi-plugin');

export const VSCODE_DIR = join(REPO_ROOT, 'packages', 'vscode');
export const WORDPRESS_DIR = join(REPO_ROOT, 'packages', 'wordpress');
/** The plugin's slug in the WordPress.org directory: its zip's folder and main file (circassian/circassian.php). */
export const WORDPRESS_SLUG = 'circassian';
/** The Playground blueprint installs `/circassian.zip` from beside itself (`"resource": "bundled"`). */
export const WORDPRESS_ZIP = `${WORDPRESS_SLUG}.zip`;
export const BLUEPRINT = 'blueprint.json';
/** The blueprint of the directory's Live Preview, for SVN `assets/blueprints/blueprint.json` (directory-blueprint.ts). */
export const DIRECTORY_BLUEPRINT = 'directory-blueprint.json';

/** `@circassian/core` 0.1.0 → `circassian-core-0.1.0.tgz`, the name `npm pack` and `pnpm pack` give. */
export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The `Version:` line of the WordPress plugin's header. */
export function wordpressVersion(): string {
  const header = readFileSync(join(WORDPRESS_DIR, 'circassian.php'), 'utf8');
  const version = /^\s*\*\s*Version:\s*(\S+)/m.exec(header)?.[1];
  if (version === undefined) throw new Error('packages/wordpress/circassian.php has no Version: header');
  return version;
}

/** The checks `dist/manifest.json` must pass (the contract of `pnpm package`); returns what is wrong. */
export function manifestProblems(manifest: unknown, fileExists: (file: string) => boolean): string[] {
  const problems: string[] = [];
  const artifacts = (manifest as Partial<Manifest> | null)?.artifacts;
  if (!Array.isArray(artifacts)) return ['manifest.json has no "artifacts" array'];
  for (const artifact of artifacts as unknown[]) {
    const entry = artifact as Record<string, unknown>;
    const keys = Object.keys(entry).sort().join(',');
    if (keys !== 'file,kind,name,version') problems.push(`artifact ${JSON.stringify(entry)} has keys ${keys}, not file,kind,name,version`);
    if (!['npm', 'vsix', 'wordpress'].includes(entry.kind as string))
      problems.push(`artifact ${String(entry.name)}: kind ${String(entry.kind)}`);
    if (typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+/.test(entry.version))
      problems.push(`artifact ${String(entry.name)}: version ${String(entry.version)}`);
    if (typeof entry.file !== 'string' || entry.file.includes('..') || entry.file.startsWith('/') || !fileExists(entry.file)) {
      problems.push(`artifact ${String(entry.name)}: file ${String(entry.file)} is not in dist/`);
    }
  }
  const entries = artifacts as Artifact[];
  for (const { name } of NPM_PACKAGES) {
    if (!entries.some((entry) => entry.kind === 'npm' && entry.name === name)) problems.push(`no npm artifact ${name}`);
  }
  if (!entries.some((entry) => entry.kind === 'vsix' && entry.file.endsWith('.vsix'))) problems.push('no .vsix artifact');
  const wordpress = entries.find((entry) => entry.kind === 'wordpress' && entry.file.endsWith('.zip'));
  if (wordpress === undefined) problems.push('no WordPress zip artifact');
  else if (!fileExists(join(wordpress.file, '..', BLUEPRINT))) problems.push('no blueprint.json beside the WordPress zip');
  return problems;
}
