// `pnpm version-packages` (changesets, then scripts/release/sync-versions.ts) carries the WordPress
// plugin's new version into the texts that repeat it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesetNotes, pluginFileWithVersion, readmeWithVersion } from '@circassian/scripts/release/plugin-version-text.js';

const plugin = join(import.meta.dirname, '..', '..', 'packages', 'wordpress');
const changedLines = (before: string, after: string) => {
  const old = before.split('\n');
  return after.split('\n').filter((line, index) => line !== old[index]);
};

const README = `=== Circassian ===
Stable tag: 0.1.0
License: GPL-2.0-or-later

== Changelog ==

= 0.1.0 =
* First release.

== Upgrade Notice ==
`;

const CHANGELOG = `# @circassian/wordpress

## 0.2.0

### Minor Changes

- 1a2b3c4: Post audio as a podcast feed.
- Regenerate audio keeps the block's text.

## 0.1.0

- First release.
`;

describe('pluginFileWithVersion', () => {
  it("changes the plugin's Version header and VERSION constant, and nothing else", () => {
    const php = readFileSync(join(plugin, 'circassian.php'), 'utf8');
    const changed = changedLines(php, pluginFileWithVersion(php, '0.2.0'));
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatch(/^\s*\*\s*Version:\s+0\.2\.0$/);
    expect(changed[1]).toMatch(/^const VERSION\s*=\s*'0\.2\.0';$/);
  });
});

describe('changesetNotes', () => {
  it("takes the version's bullet points as readme bullets, without changesets' commit hashes", () => {
    expect(changesetNotes(CHANGELOG, '0.2.0')).toEqual(['* Post audio as a podcast feed.', "* Regenerate audio keeps the block's text."]);
    expect(changesetNotes(CHANGELOG, '0.1.0')).toEqual(['* First release.']);
  });

  it('has none for a version the changelog does not list, or no changelog', () => {
    expect(changesetNotes(CHANGELOG, '0.3.0')).toEqual([]);
    expect(changesetNotes('', '0.2.0')).toEqual([]);
  });
});

describe('readmeWithVersion', () => {
  it('sets the Stable tag and puts the new version first in the changelog with its notes', () => {
    const after = readmeWithVersion(README, '0.2.0', ['* Post audio as a podcast feed.']);
    expect(after).toContain('Stable tag: 0.2.0\n');
    expect(after).toContain('== Changelog ==\n\n= 0.2.0 =\n* Post audio as a podcast feed.\n\n= 0.1.0 =\n* First release.\n');
  });

  it('points at the release notes when changesets wrote none', () => {
    expect(readmeWithVersion(README, '0.2.0', [])).toContain('= 0.2.0 =\n* See the release notes.\n');
  });

  it('adds no second entry when the version is already in the changelog', () => {
    const once = readmeWithVersion(README, '0.2.0', ['* Post audio as a podcast feed.']);
    expect(readmeWithVersion(once, '0.2.0', ['* Post audio as a podcast feed.'])).toBe(once);
    expect(readmeWithVersion(README, '0.1.0', ['* Something else.'])).toBe(README);
  });
});
