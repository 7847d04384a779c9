// The WordPress plugin repeats its version outside package.json: the plugin header's `Version:`, the
// `VERSION` constant, the readme's `Stable tag` and its changelog. These rewrite those texts for a
// new version (pure, so the unit tests hold them to sample files); sync-versions.ts writes them.

/** circassian.php with `version` in its header's `Version:` line and its `const VERSION`. */
export function pluginFileWithVersion(php: string, version: string): string {
  return php.replace(/^(\s*\*\s*Version:\s*)\S+/m, `$1${version}`).replace(/^(const VERSION\s*=\s*')[^']+(';)/m, `$1${version}$2`);
}

/**
 * The bullet points changesets wrote under `## VERSION` in a package's CHANGELOG.md, as readme.txt
 * bullets (`* ...`), without the commit hash changesets puts before each.
 */
export function changesetNotes(changelog: string, version: string): string[] {
  const section = changelog.split(new RegExp(`^## ${version.replace(/\./g, '\\.')}\\s*$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => `* ${line.slice(2).replace(/^[0-9a-f]{7,}: /, '')}`);
}

/**
 * readme.txt with `Stable tag: version`, and, when its changelog has no `= version =` yet, one at
 * the top with `notes` (or a pointer to the release notes when there are none).
 */
export function readmeWithVersion(readme: string, version: string, notes: readonly string[]): string {
  const tagged = readme.replace(/^(Stable tag:\s*)\S+/m, `$1${version}`);
  if (tagged.includes(`= ${version} =`)) return tagged;
  const entry = (notes.length > 0 ? notes : ['* See the release notes.']).join('\n');
  return tagged.replace('== Changelog ==\n', `== Changelog ==\n\n= ${version} =\n${entry}\n`);
}
