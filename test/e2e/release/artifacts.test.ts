// `pnpm package` as a release would run it, then every artifact used the way its users get it:
// the npm tarballs installed with plain `npm install` into an empty project in the system's temp
// folder, imported from ESM and CommonJS, type-checked by a TypeScript consumer, their bins run;
// publint and "Are the types wrong?" on each tarball; the .vsix and the WordPress zip against
// their stores' rules; dist/manifest.json against the contract; the WordPress blueprint run by
// WordPress Playground's own CLI, offline, and the block inserted there in Chromium; the Strapi
// plugin's tarball installed into the Strapi test app with `npm install`, its admin pages loaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pnpmCommand } from '@circassian/test-support/hosts/lib/pnpm.js';
import { checkPlaygroundBlueprint } from '@circassian/scripts/release/playground-check.js';
import { checkStrapiTarball } from '@circassian/scripts/release/strapi-tarball-check.js';
import {
  BLUEPRINT,
  DIST_DIR,
  LIBRARY_PACKAGES,
  MANIFEST_PATH,
  REPO_ROOT,
  manifestProblems,
  type Manifest,
} from '@circassian/scripts/release/artifacts.js';
import { checkNpmTarball, checkTarballContents, checkVsix, checkWordPressZip } from '@circassian/scripts/release/artifact-checks.js';
import {
  checkCliBin,
  checkImports,
  checkPalochkaGraph,
  checkSandboxBin,
  checkTypes,
  createConsumer,
  runCollect,
  type Consumer,
} from '@circassian/scripts/release/npm-consumer.js';

describe('pnpm package: the artifacts users install', () => {
  let manifest: Manifest;
  let consumer: Consumer;
  const fileOf = (name: string) =>
    join(DIST_DIR, manifest.artifacts.find((artifact) => artifact.name === name)?.file ?? `no artifact ${name}`);

  beforeAll(async () => {
    const [pnpm, prefix] = pnpmCommand();
    const result = await runCollect(pnpm, [...prefix, 'package'], { cwd: REPO_ROOT });
    if (result.code !== 0) throw new Error(`pnpm package failed: ${result.stderr.slice(-4000)}`);
    manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
    consumer = await createConsumer(LIBRARY_PACKAGES.map(({ name }) => fileOf(name)));
  });

  afterAll(() => consumer?.remove());

  it('writes dist/manifest.json as the contract says, every listed file present', () => {
    expect(manifestProblems(manifest, (file) => existsSync(join(DIST_DIR, file)))).toEqual([]);
    expect(manifest.artifacts.map(({ name, kind }) => `${kind} ${name}`).sort()).toEqual([
      'npm @circassian/cli',
      'npm @circassian/core',
      'npm @circassian/sandbox',
      'npm @circassian/strapi-plugin',
      'vsix circassian.circassian',
      'wordpress circassian',
    ]);
  });

  it('packs the npm tarballs with versions in place of workspace ranges, and nothing but what users run', async () => {
    for (const artifact of manifest.artifacts.filter(({ kind }) => kind === 'npm')) {
      const packageJson = (await runCollect('tar', ['-xzOf', join(DIST_DIR, artifact.file), 'package/package.json'], { cwd: REPO_ROOT }))
        .stdout;
      expect(packageJson, artifact.name).not.toContain('workspace:');
      expect(await checkTarballContents(join(DIST_DIR, artifact.file))).toEqual([]);
    }
  });

  it('passes publint --strict and "Are the types wrong?" for every npm tarball, the libraries with their types', async () => {
    for (const artifact of manifest.artifacts.filter(({ kind }) => kind === 'npm')) {
      const types = LIBRARY_PACKAGES.some(({ name }) => name === artifact.name);
      expect(await checkNpmTarball(join(DIST_DIR, artifact.file), { types })).toEqual([]);
    }
  });

  it('imports every entry point from ESM and CommonJS in plain Node, and the client talks to the installed sandbox', async () => {
    expect(await checkImports(consumer)).toEqual([]);
  });

  it('type-checks a TypeScript consumer under nodenext (ESM and CommonJS files) and bundler', async () => {
    expect(await checkTypes(consumer)).toEqual([]);
  });

  it('keeps @circassian/core/palochka free of imports (no Node built-in) as installed', () => {
    expect(checkPalochkaGraph(consumer)).toEqual([]);
  });

  it('runs the circassian bin from the installed tarball', async () => {
    expect(await checkCliBin(consumer)).toEqual([]);
  });

  it('runs circassian-sandbox from the installed tarball: a ready line, then a clean stop on SIGTERM', async () => {
    expect(await checkSandboxBin(consumer)).toEqual([]);
  });

  it('makes a .vsix the Marketplace and Open VSX accept: icon, licence, changelog, metadata, no source maps, no vsce warning, nothing ovsx publish stops at', async () => {
    expect(await checkVsix(fileOf('circassian.circassian'))).toEqual([]);
  });

  it("makes a WordPress zip whose readme.txt has the directory's sections, and the blueprint beside it", async () => {
    expect(await checkWordPressZip(fileOf('circassian'))).toEqual([]);
  });

  it(
    'runs the blueprint in WordPress Playground (its CLI from npm, offline, the zip beside it), and the block goes into a post',
    async () => {
      expect(await checkPlaygroundBlueprint(join(DIST_DIR, BLUEPRINT))).toEqual([]);
    },
    10 * 60_000,
  );

  it(
    'installs the Strapi plugin from its tarball into the test app with npm install, and the admin shows its settings',
    async () => {
      expect(await checkStrapiTarball(fileOf('@circassian/strapi-plugin'))).toEqual([]);
    },
    15 * 60_000,
  );
});
