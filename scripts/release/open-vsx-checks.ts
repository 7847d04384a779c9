// What `ovsx publish dist/circassian-X.vsix` checks on this machine before it uploads to Open VSX,
// run offline with ovsx's own code (ovsx 1.1.x; nothing here talks to a registry). Read from its
// lib/publish.js `doPublish`: for a prepackaged .vsix it skips packaging, reads the manifest from
// the archive (lib/zip.js `readVSIXPackage`: `extension/package.json` must be there and parse) and
// takes the token of the namespace its `publisher` names, ignores `--target` (the target is the one
// vsce wrote into the archive), then posts the file with a body limit of `DEFAULT_PUBLISH_SIZE`
// (lib/registry.js, 512 MiB). When it packages a folder for open-vsx.org (`requiresLicense`) it
// first runs lib/check-license.js `isLicenseOk`: `publisher`, `name` and `version` present
// (lib/util.js `validateManifest`, which throws), then a `license` field or a LICENSE file; the
// registry refuses an unlicensed .vsix, so the same check is held against the archive here.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_PUBLISH_SIZE, isLicenseOk } from 'ovsx';
import { readVSIXPackage } from 'ovsx/lib/zip.js';
import { runCollect } from './npm-consumer.js';

/** The reasons `ovsx publish` would stop before (or at) the upload of this .vsix; [] when none. */
export async function openVsxPublishProblems(file: string): Promise<string[]> {
  const vsix = resolve(file);
  const problems: string[] = [];
  const size = statSync(vsix).size;
  if (size > DEFAULT_PUBLISH_SIZE) problems.push(`ovsx: the .vsix is ${size} bytes, over the ${DEFAULT_PUBLISH_SIZE} ovsx uploads`);
  try {
    await readVSIXPackage(vsix);
  } catch (error) {
    return [...problems, `ovsx: ${(error as Error).message} (extension/package.json in the .vsix)`];
  }
  const scratch = mkdtempSync(join(tmpdir(), 'circassian-ovsx-'));
  try {
    const unpacked = await runCollect('unzip', ['-q', vsix, 'extension/*', '-d', scratch], { cwd: scratch });
    if (unpacked.code !== 0) return [...problems, `unzip ${vsix}: ${unpacked.stderr}`];
    // Throws when publisher (the namespace), name or version is missing.
    if (!(await isLicenseOk(join(scratch, 'extension'))))
      problems.push('ovsx: the extension has no license field and no LICENSE file; Open VSX accepts only licensed extensions');
  } catch (error) {
    problems.push(`ovsx: ${(error as Error).message}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const vsixManifest = await runCollect('unzip', ['-p', vsix, 'extension.vsixmanifest'], { cwd: tmpdir() });
  const target = /<Identity\b[^>]*\bTargetPlatform="([^"]+)"/.exec(vsixManifest.stdout)?.[1];
  // ovsx would publish it as that platform's build only; the release ships one .vsix for every platform.
  if (target !== undefined) problems.push(`ovsx: the .vsix is built for ${target} only, not universal`);
  return problems;
}
