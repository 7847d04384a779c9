// The root README's Install section stays true: its commands are the repository's scripts, and the
// names and links it gives are those the release publishes under (see scripts/release/release.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLUEPRINT, NPM_PACKAGES, WORDPRESS_SLUG as slug } from '@circassian/scripts/release/artifacts.js';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const install = readme.split(/^## /m).find((section) => section.startsWith('Install\n')) ?? '';
const rootScripts = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: object }).scripts);
const vscode = JSON.parse(readFileSync(join(root, 'packages', 'vscode', 'package.json'), 'utf8')) as { publisher: string; name: string };

describe("the README's Install section", () => {
  it('runs only scripts the root package.json has', () => {
    const used = [...install.matchAll(/npx -y pnpm@[\d.]+ ([\w-]+)/g)].map((match) => match[1]);
    expect(used.length).toBeGreaterThanOrEqual(3);
    for (const script of used) expect(rootScripts).toContain(script);
  });

  it('names the npm packages the release publishes', () => {
    const named = new Set([...install.matchAll(/(?:npm install(?: -g)?|npx) (@circassian\/[\w-]+)/g)].map((match) => match[1]));
    expect([...named].sort()).toEqual(NPM_PACKAGES.map(({ name }) => name).sort());
  });

  it("gives the extension's id and its Marketplace and Open VSX pages", () => {
    const id = `${vscode.publisher}.${vscode.name}`;
    expect(install).toContain(`code --install-extension ${id}`);
    expect(install).toContain(`https://marketplace.visualstudio.com/items?itemName=${id}`);
    expect(install).toContain(`https://open-vsx.org/extension/${vscode.publisher}/${vscode.name}`);
  });

  it("links the plugin directory's Live Preview in WordPress Playground, and the local Playground on dist/", () => {
    expect(install).toContain(
      `https://playground.wordpress.net/?plugin=${slug}&blueprint-url=https://wordpress.org/plugins/wp-json/plugins/v1/plugin/${slug}/blueprint.json`,
    );
    expect(install).toContain(`npx @wp-playground/cli server --blueprint=dist/${BLUEPRINT} --blueprint-may-read-adjacent-files`);
  });
});
