// The checks every artifact in dist/ passes before anything is published: publint --strict and
// "Are the types wrong?" on the npm tarballs, the store metadata of the .vsix, the WordPress
// directory's readme rules on the plugin zip. Each returns what is wrong, [] when all is well.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, VSCODE_DIR, WORDPRESS_DIR, wordpressVersion } from './artifacts.js';
import { runCollect } from './npm-consumer.js';
import { openVsxPublishProblems } from './open-vsx-checks.js';
import { ensureDebianPackages } from '@circassian/test-support/hosts/lib/apt.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';

const bin = (name: string) => join(REPO_ROOT, 'node_modules', '.bin', name);

/**
 * publint --strict (warnings count as errors) and attw (every resolution mode, node10 included) on a
 * tarball. attw passes a package without types, having nothing to check: `types` says whether
 * TypeScript consumers import this one (the libraries), so that its types must be there.
 */
export async function checkNpmTarball(tarball: string, { types }: { types: boolean }): Promise<string[]> {
  const problems: string[] = [];
  const publint = await runCollect(bin('publint'), ['--strict', tarball], { cwd: REPO_ROOT });
  if (publint.code !== 0) problems.push(`publint --strict ${tarball}: ${publint.stdout}${publint.stderr}`);
  const attw = await runCollect(bin('attw'), ['--format', 'ascii', tarball], { cwd: REPO_ROOT });
  if (attw.code !== 0) problems.push(`attw ${tarball}: ${attw.stdout}${attw.stderr}`);
  else if (types && /does not contain types/.test(attw.stdout)) problems.push(`attw ${tarball}: the package ships no types`);
  return problems;
}

/** The files in the tarball (`package/...`): no tests, benches, build info or source maps. */
export async function checkTarballContents(tarball: string): Promise<string[]> {
  const listing = await runCollect('tar', ['-tzf', tarball], { cwd: REPO_ROOT });
  if (listing.code !== 0) return [`tar -tzf ${tarball} failed: ${listing.stderr}`];
  return listing.stdout
    .split('\n')
    .filter((file) => /(^|\/)(test|tests|bench|__tests__)\/|\.(test|spec|bench)\.[cm]?[jt]s$|\.tsbuildinfo$|\.map$/.test(file))
    .map((file) => `${tarball} ships ${file}`);
}

async function zipEntries(zip: string): Promise<string[]> {
  await ensureDebianPackages(['unzip']);
  const listing = await runCollect('unzip', ['-Z1', zip], { cwd: REPO_ROOT });
  if (listing.code !== 0) throw new Error(`unzip -Z1 ${zip} failed: ${listing.stderr}`);
  return listing.stdout.split('\n').filter(Boolean);
}

async function zipText(zip: string, entry: string): Promise<string> {
  const result = await runCollect('unzip', ['-p', zip, entry], { cwd: REPO_ROOT });
  if (result.code !== 0) throw new Error(`unzip -p ${zip} ${entry} failed: ${result.stderr}`);
  return result.stdout;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG' || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

interface ExtensionManifest {
  icon?: string;
  license?: string;
  repository?: { url?: string } | string;
  categories?: string[];
  keywords?: string[];
  galleryBanner?: { color?: string; theme?: string };
}

/**
 * The .vsix as the stores see it: an icon of 128 px, a licence, a changelog, repository,
 * categories, keywords and gallery banner, no source maps; `vsce package` (without the flags
 * that silence its licence and repository checks) prints no warning; and `ovsx publish` finds
 * nothing to stop at before its upload (open-vsx-checks.ts).
 */
export async function checkVsix(vsix: string): Promise<string[]> {
  const problems: string[] = [];
  const entries = await zipEntries(vsix);
  const manifest = JSON.parse(await zipText(vsix, 'extension/package.json')) as ExtensionManifest;
  for (const file of entries.filter((entry) => entry.endsWith('.map'))) problems.push(`the .vsix ships the source map ${file}`);
  if (!entries.some((entry) => /^extension\/LICENSE(\.txt|\.md)?$/i.test(entry))) problems.push('the .vsix has no LICENSE');
  if (!entries.some((entry) => /^extension\/changelog\.md$/i.test(entry))) problems.push('the .vsix has no CHANGELOG.md');
  if (manifest.icon === undefined || !entries.includes(`extension/${manifest.icon}`))
    problems.push(`the .vsix lacks its icon ${manifest.icon ?? '(none declared)'}`);
  else {
    const icon = await runCollectBytes(vsix, `extension/${manifest.icon}`);
    const size = pngSize(icon);
    if (size?.width !== 128 || size.height !== 128)
      problems.push(`the icon is ${size ? `${size.width}x${size.height}` : 'not a PNG'}, not 128x128`);
  }
  if (manifest.license === undefined) problems.push('package.json has no license');
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (repository === undefined || !/^(git\+)?https:\/\//.test(repository)) problems.push('package.json has no https repository');
  if ((manifest.categories ?? []).length === 0) problems.push('package.json has no categories');
  if ((manifest.keywords ?? []).length === 0 || (manifest.keywords ?? []).length > 30) problems.push('package.json needs 1 to 30 keywords');
  if (manifest.galleryBanner?.color === undefined || manifest.galleryBanner.theme === undefined)
    problems.push('package.json has no galleryBanner color and theme');
  problems.push(...(await vscePackageWarnings()));
  problems.push(...(await openVsxPublishProblems(vsix)));
  return problems;
}

async function runCollectBytes(zip: string, entry: string): Promise<Buffer> {
  const scratch = mkdtempSync(join(tmpdir(), 'circassian-vsix-'));
  try {
    const result = await runCollect('unzip', ['-o', '-q', zip, entry, '-d', scratch], { cwd: REPO_ROOT });
    if (result.code !== 0) throw new Error(`unzip ${zip} ${entry}: ${result.stderr}`);
    return readFileSync(join(scratch, entry));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `vsce package` as the Marketplace's own tooling runs it, on the already built extension. */
async function vscePackageWarnings(): Promise<string[]> {
  const scratch = mkdtempSync(join(tmpdir(), 'circassian-vsce-'));
  try {
    const vsce = join(VSCODE_DIR, 'node_modules', '@vscode', 'vsce', 'vsce');
    const result = await runCollect(process.execPath, [vsce, 'package', '--no-dependencies', '-o', join(scratch, 'check.vsix')], {
      cwd: VSCODE_DIR,
    });
    if (result.code !== 0) return [`vsce package failed: ${result.stdout}${result.stderr}`];
    const output = `${result.stdout}\n${result.stderr}`;
    return output
      .split('\n')
      .filter((line) => /warning/i.test(line))
      .map((line) => `vsce package: ${line.trim()}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** The sections the WordPress.org plugin directory requires, External services included. */
const README_SECTIONS = ['Description', 'Installation', 'Frequently Asked Questions', 'Screenshots', 'Changelog', 'External services'];

/** The plugin zip's readme.txt against the directory's rules, the blueprint beside the zip. */
export async function checkWordPressZip(zip: string): Promise<string[]> {
  const problems: string[] = [];
  const entries = await zipEntries(zip);
  for (const file of entries.filter((entry) => entry.endsWith('.map'))) problems.push(`the zip ships the source map ${file}`);
  if (!entries.includes('circassian/circassian.php')) problems.push('the zip has no circassian/circassian.php');
  const readme = await zipText(zip, 'circassian/readme.txt');
  const header = (field: string) => new RegExp(`^${field}:\\s*(.+)$`, 'm').exec(readme)?.[1]?.trim();
  if (header('Tested up to') !== NEWEST_LINE)
    problems.push(`readme.txt: Tested up to ${header('Tested up to')}, the e2e tests' newest WordPress is ${NEWEST_LINE}`);
  if (header('Stable tag') !== wordpressVersion())
    problems.push(`readme.txt: Stable tag ${header('Stable tag')} is not the plugin's Version ${wordpressVersion()}`);
  for (const field of ['Contributors', 'Tags', 'Requires at least', 'Requires PHP', 'License', 'License URI']) {
    if (header(field) === undefined) problems.push(`readme.txt has no ${field}:`);
  }
  if ((header('Tags') ?? '').split(',').length > 5) problems.push('readme.txt: more than 5 tags');
  const shortDescription = readme.split('\n\n')[1]?.trim() ?? '';
  if (shortDescription.length === 0 || shortDescription.length > 150)
    problems.push(`readme.txt: the short description is ${shortDescription.length} characters (1 to 150)`);
  for (const section of README_SECTIONS) {
    if (!readme.includes(`== ${section} ==`)) problems.push(`readme.txt has no == ${section} == section`);
  }
  const external = readme.split('== External services ==')[1]?.split(/\n== /)[0] ?? '';
  for (const word of ['terms', 'privacy', 'API key', 'sent']) {
    if (!external.toLowerCase().includes(word.toLowerCase())) problems.push(`readme.txt: External services says nothing about ${word}`);
  }
  const screenshots = readme.split('== Screenshots ==')[1]?.split(/\n== /)[0] ?? '';
  for (const [, number] of screenshots.matchAll(/^(\d+)\. /gm)) {
    if (!existsSync(join(WORDPRESS_DIR, 'assets', `screenshot-${number}.png`)))
      problems.push(`readme.txt: screenshot ${number} has no assets/screenshot-${number}.png`);
  }
  if (!/https:\/\/github\.com\/[^\s]+/.test(readme)) problems.push('readme.txt links no unbuilt source');
  const blueprint = join(zip, '..', 'blueprint.json');
  if (!existsSync(blueprint)) problems.push('no blueprint.json beside the zip');
  else {
    const steps =
      (JSON.parse(readFileSync(blueprint, 'utf8')) as { steps?: { step: string; pluginData?: { path?: string } }[] }).steps ?? [];
    const install = steps.find((step) => step.step === 'installPlugin');
    if (install?.pluginData?.path !== `/${zip.split('/').pop()}`)
      problems.push(`blueprint.json does not install the zip beside it (${install?.pluginData?.path})`);
  }
  return problems;
}
