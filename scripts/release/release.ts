// `pnpm release --dry-run`: builds every artifact (`pnpm package`), runs the checks each must pass
// before upload, and prints what would be published where. The checks are those of the release e2e
// test (test/e2e/release/artifacts.test.ts), all of them: the npm tarballs in a user's project, the
// stores' rules, the blueprint in WordPress Playground and the Strapi tarball in a Strapi app (these
// two take a few minutes: Playground installs WordPress, Strapi builds its admin). It publishes
// nothing: uploading needs each store's credentials, which this repository never holds; without
// --dry-run it stops after the checks and says so.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  BLUEPRINT,
  DIRECTORY_BLUEPRINT,
  DIST_DIR,
  LIBRARY_PACKAGES,
  MANIFEST_PATH,
  REPO_ROOT,
  WORDPRESS_DIR,
  manifestProblems,
  readJson,
  type Artifact,
  type Manifest,
} from './artifacts.js';
import { checkNpmTarball, checkTarballContents, checkVsix, checkWordPressZip } from './artifact-checks.js';
import { checkCliBin, checkImports, checkPalochkaGraph, checkSandboxBin, checkTypes, createConsumer, runCollect } from './npm-consumer.js';
import { packageAll } from './pack-artifacts.js';
import { checkPlaygroundBlueprint } from './playground-check.js';
import { checkStrapiTarball } from './strapi-tarball-check.js';

const dryRun = process.argv.includes('--dry-run');
const dist = (file: string) => relative(REPO_ROOT, join(DIST_DIR, file));

/** Prints a check's outcome and how long it took (the check starts as its argument is evaluated). */
async function section(title: string, problems: Promise<string[]> | string[]): Promise<string[]> {
  const started = performance.now();
  const found = await problems;
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(`${found.length === 0 ? 'ok  ' : 'FAIL'} ${title} (${seconds} s)`);
  for (const problem of found) console.log(`       ${problem.replace(/\n/g, '\n       ')}`);
  return found;
}

/** Whether this version is on npm already (publishing it again would fail). */
async function npmState(artifact: Artifact): Promise<string> {
  const result = await runCollect('npm', ['view', `${artifact.name}@${artifact.version}`, 'version', '--loglevel=error'], {
    cwd: REPO_ROOT,
  });
  if (result.code === 0 && result.stdout.trim() === artifact.version) return 'already published: bump the version first (pnpm changeset)';
  if (/E404|404/.test(result.stderr) || (result.code === 0 && result.stdout.trim() === '')) return 'new';
  return `registry not reached (${result.stderr.trim().split('\n')[0] ?? ''})`;
}

async function plan(artifact: Artifact): Promise<string[]> {
  switch (artifact.kind) {
    case 'npm':
      return [
        `npm (https://registry.npmjs.org/), ${await npmState(artifact)}:`,
        `    npm publish ${dist(artifact.file)} --access public   → https://www.npmjs.com/package/${artifact.name}`,
      ];
    case 'vsix':
      return [
        'VS Code Marketplace (publisher "circassian"):',
        `    npx @vscode/vsce publish --packagePath ${dist(artifact.file)}   → https://marketplace.visualstudio.com/items?itemName=${artifact.name}`,
        'Open VSX (namespace "circassian"; VSCodium, code-server, Cursor):',
        `    npx ovsx publish ${dist(artifact.file)}   → https://open-vsx.org/extension/${artifact.name.replace('.', '/')}`,
      ];
    case 'wordpress':
      return [
        `WordPress.org plugin directory, SVN https://plugins.svn.wordpress.org/${artifact.name}/:`,
        `    trunk/        ← the contents of ${dist(artifact.file)} (its ${artifact.name}/ folder)`,
        `    tags/${artifact.version}/   ← the same (readme.txt "Stable tag: ${artifact.version}")`,
        `    assets/       ← ${relative(REPO_ROOT, join(WORDPRESS_DIR, 'assets'))}/${existsSync(join(WORDPRESS_DIR, 'assets')) ? '' : ' (none yet)'}`,
        `    assets/blueprints/blueprint.json ← ${dist(DIRECTORY_BLUEPRINT)} (the Live Preview: installs the plugin from the directory; a committer sets it public under Advanced)`,
        `    Playground on a local copy: ${dist(BLUEPRINT)} (installs the zip beside it)`,
      ];
  }
}

console.log(`pnpm release${dryRun ? ' --dry-run' : ''}: building every artifact into ${relative(REPO_ROOT, DIST_DIR)}/`);
await packageAll();
const manifest = readJson<Manifest>(MANIFEST_PATH);
const problems: string[] = [];
console.log('\nChecks');
problems.push(
  ...(await section(
    'dist/manifest.json matches the contract',
    manifestProblems(manifest, (file) => existsSync(join(DIST_DIR, file))),
  )),
);
for (const artifact of manifest.artifacts) {
  const file = join(DIST_DIR, artifact.file);
  if (artifact.kind === 'npm') {
    const library = LIBRARY_PACKAGES.some(({ name }) => name === artifact.name);
    // The Strapi plugin ships no types: Strapi loads it through ./strapi-server and ./strapi-admin,
    // and no TypeScript code imports it, so attw has nothing of it to check.
    const title = library ? 'publint --strict, attw' : 'publint --strict, attw (no types shipped: Strapi loads it, nothing imports it)';
    problems.push(...(await section(`${artifact.name}: ${title}`, checkNpmTarball(file, { types: library }))));
    problems.push(...(await section(`${artifact.name}: no tests, benches, build info or source maps`, checkTarballContents(file))));
  } else if (artifact.kind === 'vsix') {
    problems.push(
      ...(await section(
        `${artifact.name}: store metadata, no source maps, vsce package without warnings, ovsx publish's checks`,
        checkVsix(file),
      )),
    );
  } else {
    problems.push(
      ...(await section(`${artifact.name}: WordPress.org readme.txt rules, blueprint beside the zip`, checkWordPressZip(file))),
    );
  }
}
const libraries = manifest.artifacts.filter((artifact) => LIBRARY_PACKAGES.some(({ name }) => name === artifact.name));
const consumer = await createConsumer(libraries.map((artifact) => join(DIST_DIR, artifact.file)));
try {
  const names = libraries.map((artifact) => artifact.name).join(', ');
  problems.push(...(await section(`${names} installed with npm in ${consumer.dir}: ESM and CommonJS imports`, checkImports(consumer))));
  problems.push(...(await section('TypeScript consumer under nodenext and bundler', checkTypes(consumer))));
  problems.push(...(await section('@circassian/core/palochka imports nothing (no Node built-in)', checkPalochkaGraph(consumer))));
  problems.push(...(await section('circassian --help, circassian palochka --check', checkCliBin(consumer))));
  problems.push(...(await section('circassian-sandbox: ready line, stops on SIGTERM', checkSandboxBin(consumer))));
} finally {
  consumer.remove();
}
problems.push(
  ...(await section(
    `${dist(BLUEPRINT)} in WordPress Playground (its CLI, offline, the zip beside it): the settings it sets, the block inserted`,
    checkPlaygroundBlueprint(join(DIST_DIR, BLUEPRINT)),
  )),
);
const strapiPlugin = manifest.artifacts.find((artifact) => artifact.name === '@circassian/strapi-plugin');
if (strapiPlugin !== undefined) {
  problems.push(
    ...(await section(
      `${strapiPlugin.name} installed with npm into the Strapi test app, strapi build, its settings page`,
      checkStrapiTarball(join(DIST_DIR, strapiPlugin.file)),
    )),
  );
}

console.log(`\nWhat would be published where${dryRun ? ' (dry run: nothing is published)' : ''}`);
for (const artifact of manifest.artifacts) {
  console.log(`\n${artifact.name} ${artifact.version} (${artifact.kind}, ${dist(artifact.file)})`);
  for (const line of await plan(artifact)) console.log(`  ${line}`);
}

if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s): fix them before publishing.`);
  process.exitCode = 1;
} else if (!dryRun) {
  console.log(
    "\nEvery check passed. Publishing needs each store's credentials, which this repository does not hold: run the commands above from a release machine.",
  );
  process.exitCode = 1;
} else {
  console.log('\nEvery check passed; nothing was published.');
}
