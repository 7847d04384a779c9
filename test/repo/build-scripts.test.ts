// A clean first install: pnpm 10 runs no dependency's install script unless pnpm-workspace.yaml
// allows it (onlyBuiltDependencies), and prints an "Ignored build scripts" box for every package
// that has one and is named in neither that list nor ignoredBuiltDependencies. Every such package
// installed here is decided, with its reason beside it, so a newcomer's `pnpm install` warns of nothing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const workspace = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');

/** The names listed under a top-level key of pnpm-workspace.yaml (`key:` then `  - name` lines). */
function listed(key: string): string[] {
  const block = new RegExp(`^${key}:\\n((?:[ \\t]+-[^\\n]*\\n)*)`, 'm').exec(workspace)?.[1] ?? '';
  return [...block.matchAll(/-\s*'?([^'\s]+)'?/g)].map((match) => match[1] as string);
}

interface Manifest {
  readonly name: string;
  readonly scripts?: Readonly<Record<string, string>>;
}

/**
 * Every installed package with a build script as pnpm counts one: a preinstall, install or
 * postinstall script, or a binding.gyp (npm's implicit `node-gyp rebuild`).
 */
function packagesWithBuildScripts(): string[] {
  const store = join(root, 'node_modules', '.pnpm');
  const found = new Set<string>();
  for (const entry of readdirSync(store)) {
    const modules = join(store, entry, 'node_modules');
    if (!existsSync(modules)) continue;
    for (const dir of readdirSync(modules).flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(modules, name)).map((inner) => `${name}/${inner}`) : [name],
    )) {
      const manifestPath = join(modules, dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      // Each store entry also links its dependencies beside it; only the entry's own package counts.
      if (!entry.startsWith(`${manifest.name.replace('/', '+')}@`)) continue;
      const scripts = manifest.scripts ?? {};
      if (scripts.preinstall || scripts.install || scripts.postinstall || existsSync(join(modules, dir, 'binding.gyp')))
        found.add(manifest.name);
    }
  }
  return [...found].sort();
}

describe('dependency build scripts', () => {
  it('reads both lists from pnpm-workspace.yaml', () => {
    expect(listed('onlyBuiltDependencies')).toContain('esbuild');
    expect(listed('ignoredBuiltDependencies')).toContain('keytar');
  });

  it('decides every installed package that has one: allowed or ignored on purpose', () => {
    const decided = new Set([...listed('onlyBuiltDependencies'), ...listed('ignoredBuiltDependencies')]);
    const withScripts = packagesWithBuildScripts();
    expect(withScripts).toContain('esbuild');
    expect(withScripts.filter((name) => !decided.has(name))).toEqual([]);
  });
});
