// The house drawn from imports, package.json scripts and tsconfig files: a package reaches another
// package's code through that package's name and `exports`, and a build or typecheck through a
// declared dependency, never by a relative path into its folder. A path that lands in another
// package's folder (or in the root's shared/ or test/ from a package) works in this checkout but
// couples the two folders' layouts and hides the dependency from package.json. The plugins, core,
// the CLI and the local service stand on core (and the test support) alone: the repository's
// commands (scripts/) stand on top of them, never under. Every workspace package a file imports,
// its tests and benchmarks included, is declared in its package.json. And no package has an import cycle.
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
const fileSet = new Set(files);
const sources = files.filter((file) => /\.[cm]?[jt]sx?$/.test(file));

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

interface Manifest {
  readonly name?: string;
  readonly scripts?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

const readJson = <T>(file: string): T => ts.parseConfigFileTextToJson(file, readFileSync(join(root, file), 'utf8')).config as T;
const manifests = new Map(packageDirs.map((dir) => [dir, readJson<Manifest>(posix.join(dir, 'package.json'))]));
const dirByName = new Map(
  [...manifests].flatMap(([dir, manifest]) => (manifest.name === undefined ? [] : [[manifest.name, dir] as const])),
);
const SCRIPTS = 'scripts';

/** The workspace packages a package.json declares: of every kind, or those it needs at run time. */
function declared(manifest: Manifest, only?: 'run time'): string[] {
  return [manifest.dependencies, only ? undefined : manifest.devDependencies, manifest.peerDependencies]
    .flatMap((deps) => Object.keys(deps ?? {}))
    .filter((dependency) => dirByName.has(dependency));
}

/** Every specifier a script imports, exports from, requires or references. */
function specifiers(file: string): string[] {
  const info = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
  return [...info.importedFiles, ...info.referencedFiles].map(({ fileName }) => fileName);
}
const specifiersOf = new Map(sources.map((file) => [file, specifiers(file)]));

/** The workspace package a bare specifier names (`@circassian/core/palochka` → packages/core). */
function packageNamed(specifier: string): string | undefined {
  const parts = specifier.split('/');
  return dirByName.get(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? ''));
}

/** The tracked file a relative specifier lands on (`./x.js` may be x.ts, x.tsx or x/index.ts). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  const stem = base.replace(/\.[cm]?js$/, '');
  return [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ].find((candidate) => fileSet.has(candidate));
}

/** Tests, benchmarks and integration suites: what a package runs on itself, not what it is. */
const isTestFile = (file: string): boolean =>
  file.split('/').some((part) => ['test', 'bench', 'integration', '__tests__'].includes(part)) || /\.test\.[cm]?[jt]sx?$/.test(file);

/** Every cycle (strongly connected component of more than one node, or a self-loop) in a graph. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

interface TsConfig {
  readonly extends?: string | readonly string[];
  readonly include?: readonly string[];
  readonly files?: readonly string[];
  readonly references?: ReadonlyArray<{ readonly path: string }>;
}

const tsconfigs = files.filter((file) => /(^|\/)tsconfig[\w.-]*\.json$/.test(file) && !file.startsWith('test/strapi-app/'));

/** The one settings file every project extends (see shared/tsconfig.base.json). */
const BASE_CONFIG = 'shared/tsconfig.base.json';
/** The workspace's own list of projects for `tsc -b`: it names every package by folder, by design. */
const WORKSPACE_FILES = new Set(['package.json', 'tsconfig.json']);

/**
 * Where a path in a package.json script or a tsconfig (relative to the file's folder) reaches
 * outside the file's package, as one line per offence. Globs are cut at their first wildcard.
 */
function reachesOut(file: string, path: string, what: string, allowed: (target: string) => boolean = () => false): string[] {
  const from = packageOf(file);
  const target = posix.normalize(posix.join(posix.dirname(file), path.split(/[*?{]/)[0] ?? ''));
  const to = packageOf(target);
  if (to === from || target.startsWith('..') || allowed(target)) return [];
  return [`${file} ${what} ${path} (${name(from)} reaching into ${name(to)})`];
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
    expect(packageDirs).toEqual(
      expect.arrayContaining(['', SCRIPTS, 'packages/core', 'packages/sandbox', 'packages/cli', 'packages/test-support']),
    );
  });

  it('finds cycles, and only cycles', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['d']],
      ['e', ['a']],
    ]);
    expect(cycles(graph)).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('has no relative import from one package into the folder of another', () => {
    expect(sources.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of sources) {
      const from = packageOf(file);
      for (const specifier of specifiersOf.get(file)!.filter((each) => each.startsWith('.'))) {
        const target = posix.normalize(posix.join(posix.dirname(file), specifier));
        const to = packageOf(target);
        if (to !== from) offenders.push(`${file} imports ${specifier} (${name(from)} reaching into ${name(to)})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('runs nothing in another package by path from a package.json script', () => {
    const offenders = packageDirs
      .filter((dir) => dir !== '')
      .flatMap((dir) =>
        Object.entries(manifests.get(dir)!.scripts ?? {}).flatMap(([script, command]) =>
          command
            .split(/[\s=;&|()]+/)
            .filter((word) => word.startsWith('../'))
            .flatMap((path) => reachesOut(posix.join(dir, 'package.json'), path, `runs (script "${script}")`)),
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('has tsconfig files that include only their own package and reference only packages it uses by name', () => {
    expect(tsconfigs.length).toBeGreaterThan(8);
    const offenders = tsconfigs.flatMap((file) => {
      const config = readJson<TsConfig>(file);
      const owner = packageOf(file);
      // A project reference is tsc's edge to a package this one declares or imports by name.
      const dependencies = new Set([
        ...declared(manifests.get(owner)!).map((dependency) => dirByName.get(dependency)),
        ...sources.filter((source) => packageOf(source) === owner).flatMap((source) => specifiersOf.get(source)!.map(packageNamed)),
      ]);
      const extended = typeof config.extends === 'string' ? [config.extends] : (config.extends ?? []);
      return [
        ...extended.flatMap((path) => reachesOut(file, path, 'extends', (target) => target === BASE_CONFIG)),
        ...[...(config.include ?? []), ...(config.files ?? [])].flatMap((path) => reachesOut(file, path, 'includes')),
        ...(WORKSPACE_FILES.has(file)
          ? []
          : (config.references ?? []).flatMap(({ path }) =>
              reachesOut(file, path, 'references', (target) => dependencies.has(packageOf(target))),
            )),
      ];
    });
    expect(offenders).toEqual([]);
  });

  it('declares every workspace package its files import, tests and benchmarks included', () => {
    // The root's node_modules holds every workspace package, so an undeclared import still resolves
    // in this checkout: only the manifest says what a package's tests need to run on their own.
    const offenders = sources.flatMap((file) => {
      const owner = packageOf(file);
      const manifest = manifests.get(owner)!;
      const known = new Set([...declared(manifest), manifest.name]);
      return specifiersOf
        .get(file)!
        .filter((specifier) => {
          const to = packageNamed(specifier);
          return to !== undefined && !known.has(manifests.get(to)!.name);
        })
        .map((specifier) => `${file} imports ${specifier}, which ${name(owner)}/package.json does not declare`);
    });
    expect(offenders).toEqual([]);
  });

  it('keeps the scripts package out of every package under packages/', () => {
    const scriptsName = manifests.get(SCRIPTS)!.name!;
    const offenders = [
      ...packageDirs
        .filter((dir) => dir.startsWith('packages/') && declared(manifests.get(dir)!).includes(scriptsName))
        .map((dir) => `${dir}/package.json depends on ${scriptsName}`),
      ...sources
        .filter((file) => file.startsWith('packages/'))
        .flatMap((file) =>
          specifiersOf
            .get(file)!
            .filter((specifier) => packageNamed(specifier) === SCRIPTS)
            .map((specifier) => `${file} imports ${specifier}`),
        ),
      ...tsconfigs
        .filter((file) => file.startsWith('packages/'))
        .flatMap((file) =>
          (readJson<TsConfig>(file).references ?? [])
            .filter(({ path }) => packageOf(posix.normalize(posix.join(posix.dirname(file), path))) === SCRIPTS)
            .map(({ path }) => `${file} references ${path}`),
        ),
    ];
    expect(offenders).toEqual([]);
  });

  it('has no cycle between packages (what they need at run time, and what non-test code imports)', () => {
    // devDependencies stay out: a package's tests may use a package built on it (core's tests run
    // the client against the local service, which stands on core), as the check above declares.
    const graph = new Map(
      packageDirs.map((dir) => [dir, declared(manifests.get(dir)!, 'run time').map((dependency) => dirByName.get(dependency)!)]),
    );
    for (const file of sources.filter((each) => !isTestFile(each))) {
      const from = packageOf(file);
      for (const to of specifiersOf.get(file)!.map(packageNamed)) if (to !== undefined && to !== from) graph.get(from)!.push(to);
    }
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import cycle between the files of any package', () => {
    const graph = new Map(
      sources.map((file) => [
        file,
        specifiersOf
          .get(file)!
          .filter((specifier) => specifier.startsWith('.'))
          .flatMap((specifier) => resolveRelative(file, specifier) ?? []),
      ]),
    );
    expect(cycles(graph)).toEqual([]);
  });
});
