// What `pnpm build` makes for a library: the names under src/ and dist/ read from its publishConfig.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { libraryEntries, readPackageJson, type PackageJson } from '@circassian/scripts/release/package-entries.js';

const packages = join(import.meta.dirname, '..', '..', 'packages');
const esm = (name: string) => ({ import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` } });

describe('libraryEntries', () => {
  it("builds every entry core's publishConfig exports, and no bin", () => {
    expect(libraryEntries(readPackageJson(join(packages, 'core')))).toEqual({
      exported: ['index', 'palochka', 'service-facts', 'wav', 'text'],
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
