// What a library package publishes, read from its package.json `publishConfig`: the build and the
// release checks agree on it through here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface PackageJson {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly engines?: { readonly node?: string };
  readonly publishConfig?: {
    readonly exports?: Readonly<Record<string, unknown>>;
    readonly bin?: Readonly<Record<string, string>>;
  };
}

export function readPackageJson(packageDir: string): PackageJson {
  return JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as PackageJson;
}

/** `./dist/palochka.js` → `palochka`; anything else is not built from src/. */
function distName(target: string): string | undefined {
  return /^\.\/dist\/([\w-]+)\.js$/.exec(target)?.[1];
}

/** The ESM files (`import` → `default`) the exports point at, and the bins, as names under src/ and dist/. */
export function libraryEntries(pkg: PackageJson): { exported: string[]; bins: string[] } {
  const exported = new Set<string>();
  for (const [subpath, target] of Object.entries(pkg.publishConfig?.exports ?? {})) {
    if (subpath === './package.json') continue;
    const esm = (target as { import?: { default?: unknown } }).import?.default;
    const name = typeof esm === 'string' ? distName(esm) : undefined;
    if (name === undefined)
      throw new Error(`${pkg.name}: publishConfig.exports["${subpath}"] has no import.default of the form ./dist/NAME.js`);
    exported.add(name);
  }
  const bins = Object.values(pkg.publishConfig?.bin ?? {}).map((target) => {
    const name = distName(target);
    if (name === undefined) throw new Error(`${pkg.name}: bin ${target} is not of the form ./dist/NAME.js`);
    return name;
  });
  return { exported: [...exported], bins };
}

/**
 * The esbuild target for the oldest Node the package supports, read from `engines.node`
 * (`>=20.19.0` → `node20.19`), so the build and what npm tells users never disagree.
 */
export function nodeTarget(pkg: PackageJson): string {
  const version = /^>=\s*(\d+\.\d+)(\.\d+)?$/.exec(pkg.engines?.node?.trim() ?? '')?.[1];
  if (version === undefined)
    throw new Error(`${pkg.name}: engines.node should be ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(pkg.engines?.node)}`);
  return `node${version}`;
}
