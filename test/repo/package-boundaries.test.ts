// The house drawn from imports: a file imports another package's code through that package's name
// and `exports`, never by a relative path into its folder. A relative import that lands in another
// package's folder (or in the root's shared/ or test/ from a package) works in this checkout but
// couples the two folders' layouts and hides the dependency from package.json.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/** The files git tracks, and the new ones it does not ignore, relative to the root. */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file !== '' && !file.split('/').includes('node_modules'));

/** Every folder holding a package.json ('' for the root's own package). */
const packageDirs = files
  .filter((file) => posix.basename(file) === 'package.json')
  .map((file) => (posix.dirname(file) === '.' ? '' : posix.dirname(file)));

/** The folder of the package a path belongs to: the deepest package folder it lies in. */
function packageOf(path: string, dirs: readonly string[] = packageDirs): string {
  let owner = '';
  for (const dir of dirs) if (dir !== '' && (path === dir || path.startsWith(`${dir}/`)) && dir.length > owner.length) owner = dir;
  return owner;
}

const name = (dir: string): string => (dir === '' ? 'the root package' : dir);

/** Every relative specifier a script imports, exports from, requires or references. */
function relativeSpecifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return [...info.importedFiles, ...info.referencedFiles].map(({ fileName }) => fileName).filter((specifier) => specifier.startsWith('.'));
}

describe('package boundaries', () => {
  it('knows which package a path belongs to', () => {
    const dirs = ['', 'packages/core', 'scripts', 'test/strapi-app'];
    expect(packageOf('packages/core/src/index.ts', dirs)).toBe('packages/core');
    expect(packageOf('packages/core-extra/x.ts', dirs)).toBe('');
    expect(packageOf('test/strapi-app/config/server.ts', dirs)).toBe('test/strapi-app');
    expect(packageOf('test/e2e/site.ts', dirs)).toBe('');
    expect(packageOf('shared/service.json', dirs)).toBe('');
  });

  it('finds the packages of the workspace', () => {
    expect(packageDirs).toEqual(expect.arrayContaining(['', 'scripts', 'packages/core', 'packages/sandbox', 'packages/cli']));
  });

  it('has no relative import from one package into the folder of another', () => {
    const sources = files.filter((file) => /\.[cm]?[jt]sx?$/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of sources) {
      const from = packageOf(file);
      for (const specifier of relativeSpecifiers(file)) {
        const target = posix.normalize(posix.join(posix.dirname(file), specifier));
        const to = packageOf(target);
        if (to !== from) offenders.push(`${file} imports ${specifier} (${name(from)} reaching into ${name(to)})`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
