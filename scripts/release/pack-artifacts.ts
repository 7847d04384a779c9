// Builds every installable artifact into a fresh dist/ and writes dist/manifest.json (see package.ts).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  BLUEPRINT,
  DIRECTORY_BLUEPRINT,
  DIST_DIR,
  MANIFEST_PATH,
  NPM_PACKAGES,
  REPO_ROOT,
  VSCODE_DIR,
  WORDPRESS_DIR,
  WORDPRESS_SLUG,
  WORDPRESS_ZIP,
  readJson,
  tarballName,
  wordpressVersion,
  type Artifact,
} from './artifacts.js';
import { directoryBlueprint, type Blueprint } from './directory-blueprint.js';
import { runPnpm } from '@circassian/test-support/hosts/lib/pnpm.js';
import { STRAPI_ENV } from '@circassian/test-support/hosts/strapi/install.js';

function expectFile(path: string): string {
  if (!existsSync(path)) throw new Error(`expected ${relative(REPO_ROOT, path)} after packaging, found nothing`);
  return path;
}

async function packNpm(name: string, dir: string): Promise<Artifact> {
  const packageDir = join(REPO_ROOT, dir);
  const { version } = readJson<{ version: string }>(join(packageDir, 'package.json'));
  if (name === '@circassian/strapi-plugin') {
    // Its own package script typechecks, builds with @strapi/sdk-plugin and runs `strapi-plugin verify`;
    // its npm-packed tarball is set aside for pnpm's, which replaces the workspace ranges.
    const scratch = mkdtempSync(join(tmpdir(), 'circassian-strapi-pack-'));
    try {
      await runPnpm(['run', 'package', '--pack-destination', scratch], { cwd: packageDir, env: { ...process.env, ...STRAPI_ENV } });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  // The libraries build in their `prepack`.
  await runPnpm(['pack', '--pack-destination', DIST_DIR], { cwd: packageDir });
  const file = tarballName(name, version);
  expectFile(join(DIST_DIR, file));
  return { name, kind: 'npm', file, version };
}

async function packVsix(): Promise<Artifact> {
  const { name, publisher, version } = readJson<{ name: string; publisher: string; version: string }>(join(VSCODE_DIR, 'package.json'));
  await runPnpm(['run', 'package'], { cwd: VSCODE_DIR });
  const file = `${name}-${version}.vsix`;
  copyFileSync(expectFile(join(VSCODE_DIR, 'dist', 'circassian.vsix')), join(DIST_DIR, file));
  return { name: `${publisher}.${name}`, kind: 'vsix', file, version };
}

async function packWordPress(): Promise<Artifact> {
  await runPnpm(['run', 'package'], { cwd: WORDPRESS_DIR });
  copyFileSync(expectFile(join(WORDPRESS_DIR, 'dist', WORDPRESS_ZIP)), join(DIST_DIR, WORDPRESS_ZIP));
  copyFileSync(expectFile(join(WORDPRESS_DIR, 'dist', BLUEPRINT)), join(DIST_DIR, BLUEPRINT));
  const forDirectory = directoryBlueprint(readJson<Blueprint>(join(DIST_DIR, BLUEPRINT)), WORDPRESS_SLUG);
  writeFileSync(join(DIST_DIR, DIRECTORY_BLUEPRINT), `${JSON.stringify(forDirectory, null, 2)}\n`);
  return { name: WORDPRESS_SLUG, kind: 'wordpress', file: WORDPRESS_ZIP, version: wordpressVersion() };
}

export async function packageAll(): Promise<Artifact[]> {
  rmSync(DIST_DIR, { recursive: true, force: true });
  mkdirSync(DIST_DIR, { recursive: true });
  const artifacts: Artifact[] = [];
  for (const { name, dir } of NPM_PACKAGES) {
    console.error(`package: ${name}`);
    artifacts.push(await packNpm(name, dir));
  }
  console.error('package: the VS Code extension');
  artifacts.push(await packVsix());
  console.error('package: the WordPress plugin');
  artifacts.push(await packWordPress());
  writeFileSync(MANIFEST_PATH, `${JSON.stringify({ artifacts }, null, 2)}\n`);
  return artifacts;
}
