// After `changeset version` (root `pnpm version-packages`): writes packages/wordpress/package.json's
// version into the plugin header, the `VERSION` constant and the readme's `Stable tag`, and adds
// the changeset's notes to readme.txt's changelog when the version is new there (see
// plugin-version-text.ts for the rewrites).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORDPRESS_DIR, readJson } from './artifacts.js';
import { changesetNotes, pluginFileWithVersion, readmeWithVersion } from './plugin-version-text.js';

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

function changelog(): string {
  try {
    return readFileSync(join(WORDPRESS_DIR, 'CHANGELOG.md'), 'utf8');
  } catch {
    return ''; // No changeset has touched the plugin yet.
  }
}

rewrite('circassian.php', (text) => pluginFileWithVersion(text, version));
rewrite('readme.txt', (text) => readmeWithVersion(text, version, changesetNotes(changelog(), version)));
