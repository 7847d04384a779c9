// The checks `ovsx publish` makes before uploading a .vsix, run offline with ovsx's own code, on
// small archives laid out as vsce writes them (extension.vsixmanifest, extension/package.json).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianPackages } from '@circassian/test-support/hosts/lib/apt.js';
import { runCollect } from '@circassian/scripts/release/npm-consumer.js';
import { openVsxPublishProblems } from '@circassian/scripts/release/open-vsx-checks.js';

const scratch = mkdtempSync(join(tmpdir(), 'circassian-ovsx-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(() => ensureDebianPackages(['zip', 'unzip']));

const MANIFEST = { name: 'circassian', publisher: 'circassian', version: '0.1.0', license: 'MIT', engines: { vscode: '^1.90.0' } };

/** A .vsix holding these files (path → text), as `zip` packs a folder. */
async function vsix(name: string, files: Record<string, string>): Promise<string> {
  const folder = join(scratch, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  const file = join(scratch, `${name}.vsix`);
  const zipped = await runCollect('zip', ['-q', '-r', file, '.'], { cwd: folder });
  if (zipped.code !== 0) throw new Error(`zip: ${zipped.stderr}`);
  return file;
}

const vsixManifest = (identity = '') =>
  `<?xml version="1.0" encoding="utf-8"?><PackageManifest Version="2.0.0"><Metadata><Identity Language="en-US" Id="circassian" Version="0.1.0" Publisher="circassian" ${identity}/></Metadata></PackageManifest>`;

describe('openVsxPublishProblems', () => {
  it('passes a universal .vsix whose manifest names publisher, name, version and licence', async () => {
    const file = await vsix('good', { 'extension.vsixmanifest': vsixManifest(), 'extension/package.json': JSON.stringify(MANIFEST) });
    expect(await openVsxPublishProblems(file)).toEqual([]);
  });

  it('accepts a LICENSE file in place of the license field', async () => {
    const { license: _license, ...unlicensed } = MANIFEST;
    const file = await vsix('license-file', {
      'extension.vsixmanifest': vsixManifest(),
      'extension/package.json': JSON.stringify(unlicensed),
      'extension/LICENSE.txt': 'MIT License',
    });
    expect(await openVsxPublishProblems(file)).toEqual([]);
  });

  it('refuses an extension with neither a license field nor a LICENSE file', async () => {
    const { license: _license, ...unlicensed } = MANIFEST;
    const file = await vsix('unlicensed', {
      'extension.vsixmanifest': vsixManifest(),
      'extension/package.json': JSON.stringify(unlicensed),
    });
    expect(await openVsxPublishProblems(file)).toEqual([
      'ovsx: the extension has no license field and no LICENSE file; Open VSX accepts only licensed extensions',
    ]);
  });

  it('names a missing publisher, which is the Open VSX namespace', async () => {
    const { publisher: _publisher, ...anonymous } = MANIFEST;
    const file = await vsix('no-publisher', {
      'extension.vsixmanifest': vsixManifest(),
      'extension/package.json': JSON.stringify(anonymous),
    });
    expect(await openVsxPublishProblems(file)).toEqual(["ovsx: Missing required field 'publisher'."]);
  });

  it('names an archive without extension/package.json', async () => {
    const file = await vsix('no-manifest', { 'extension.vsixmanifest': vsixManifest(), 'extension/readme.md': '# x' });
    expect(await openVsxPublishProblems(file)).toEqual(['ovsx: Manifest not found. (extension/package.json in the .vsix)']);
  });

  it('names a .vsix built for one platform only', async () => {
    const file = await vsix('linux-only', {
      'extension.vsixmanifest': vsixManifest('TargetPlatform="linux-x64"'),
      'extension/package.json': JSON.stringify(MANIFEST),
    });
    expect(await openVsxPublishProblems(file)).toEqual(['ovsx: the .vsix is built for linux-x64 only, not universal']);
  });
});
