// After `changeset version` (root `pnpm version-packages`): the WordPress plugin repeats its version
// outside package.json, in the plugin header (`Version:`), the `VERSION` constant and the readme's
// `Stable tag`; this writes packages/wordpress/package.json's version into all three, and adds the
// changeset's notes to readme.txt's changelog when the version is new there.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORDPRESS_DIR, readJson } from './artifacts.js';

const { version } = readJson<{ version: string }>(join(WORDPRESS_DIR, 'package.json'));

function rewrite(file: string, edit: (text: string) => string): void {
  const path = join(WORDPRESS_DIR, file);
  const before = readFileSync(path, 'utf8');
  const after = edit(before);
  if (after !== before) {
    writeFileSync(path, after);
    console.log(`packages/wordpress/${file}: ${version}`);
  }
}

rewrite('circassian.php', (text) =>
  text.replace(/^(\s*\*\s*Version:\s*)\S+/m, `$1${version}`).replace(/^(const VERSION\s*=\s*')[^']+(';)/m, `$1${version}$2`),
);

/** The bullet points changesets wrote under `## VERSION` in packages/wordpress/CHANGELOG.md, if any. */
function changesetNotes(): string[] {
  let changelog: string;
  try {
    changelog = readFileSync(join(WORDPRESS_DIR, 'CHANGELOG.md'), 'utf8');
  } catch {
    return [];
  }
  const section = changelog.split(new RegExp(`^## ${version.replace(/\./g, '\\.')}\\s*$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => `* ${line.slice(2).replace(/^[0-9a-f]{7,}: /, '')}`);
}

rewrite('readme.txt', (text) => {
  let next = text.replace(/^(Stable tag:\s*)\S+/m, `$1${version}`);
  if (!next.includes(`= ${version} =`)) {
    const notes = changesetNotes();
    next = next.replace(
      '== Changelog ==\n',
      `== Changelog ==\n\n= ${version} =\n${(notes.length > 0 ? notes : ['* See the release notes.']).join('\n')}\n`,
    );
  }
  return next;
});
