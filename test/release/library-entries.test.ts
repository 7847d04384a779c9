// What `pnpm build` makes for a library: the names under src/ and dist/ read from its publishConfig.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryEntries, nodeTarget, readPackageJson, type PackageJson } from '@circassian/library-build/package-entries.js';

const packages = join(import.meta.dirname, '..', '..', 'packages');
const esm = (name: string) => ({ import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` } });

describe('libraryEntries', () => {
  it("builds every entry core's publishConfig exports, and no bin", () => {
    expect(libraryEntries(readPackageJson(join(packages, 'core')))).toEqual({
      exported: ['index', 'palochka', 'service-facts', 'wav', 'timings', 'mp3', 'text', 'environment', 'glossary'],
      bins: [],
    });
  });

  it("builds the CLI's and the sandbox's entry and their bins", () => {
    expect(libraryEntries(readPackageJson(join(packages, 'cli')))).toEqual({ exported: ['index'], bins: ['bin'] });
    expect(libraryEntries(readPackageJson(join(packages, 'sandbox')))).toEqual({ exported: ['index'], bins: ['bin'] });
  });

  it('skips ./package.json and names an entry once when two subpaths share it', () => {
    const pkg: PackageJson = {
      name: 'x',
      version: '1.0.0',
      publishConfig: { exports: { '.': esm('index'), './main': esm('index'), './package.json': './package.json' } },
    };
    expect(libraryEntries(pkg)).toEqual({ exported: ['index'], bins: [] });
  });

  it('refuses an export or a bin it cannot build from src/', () => {
    const nested: PackageJson = { name: 'x', version: '1.0.0', publishConfig: { exports: { '.': esm('sub/index') } } };
    expect(() => libraryEntries(nested)).toThrow('x: publishConfig.exports["."] has no import.default of the form ./dist/NAME.js');
    const plain: PackageJson = { name: 'x', version: '1.0.0', publishConfig: { exports: { '.': './dist/index.js' } } };
    expect(() => libraryEntries(plain)).toThrow('publishConfig.exports["."] has no import.default');
    const bin: PackageJson = { name: 'x', version: '1.0.0', publishConfig: { bin: { x: './bin/x.js' } } };
    expect(() => libraryEntries(bin)).toThrow('x: bin ./bin/x.js is not of the form ./dist/NAME.js');
  });
});

describe('nodeTarget', () => {
  it("builds each library for the oldest Node its engines name, the one the README's Install section gives", () => {
    const readme = readFileSync(join(packages, '..', 'README.md'), 'utf8');
    const install = readme.split('## Install')[1]?.split('\n## ')[0] ?? '';
    for (const name of ['core', 'cli', 'sandbox']) {
      const target = nodeTarget(readPackageJson(join(packages, name)));
      expect([name, target]).toEqual([name, 'node20.19']);
      expect(install).toContain(`Node ${target.slice('node'.length)}+`);
      expect(readFileSync(join(packages, name, 'README.md'), 'utf8')).toContain(`Node ${target.slice('node'.length)} or newer`);
    }
  });

  it('refuses engines it cannot read a minimum from', () => {
    expect(nodeTarget({ name: 'x', version: '1.0.0', engines: { node: '>=22.12.0' } })).toBe('node22.12');
    expect(() => nodeTarget({ name: 'x', version: '1.0.0' })).toThrow('x: engines.node should be ">=MAJOR.MINOR.PATCH", not undefined');
    expect(() => nodeTarget({ name: 'x', version: '1.0.0', engines: { node: '^20.19 || >=22' } })).toThrow('engines.node should be');
  });
});
