// `pnpm build` in packages/core, packages/cli and packages/sandbox: the publishable dist/.
// The package's own `publishConfig` says what to build: every `./dist/NAME.js` it exports or
// runs as a bin is made from `./src/NAME.ts`, as ESM (shared code in chunks, so `palochka` stays
// free of the client's imports) and, for the exports, as CommonJS beside it (`NAME.cjs`), for
// `require()` on every Node the package supports. JSON the sources import (the shared service
// facts, the OpenAPI document, the package's own version) is bundled in, so the installed package
// reads nothing outside itself; its dependencies stay external. Declarations come from tsc
// (`tsconfig.build.json`), copied to `.d.cts` for the CommonJS side.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { libraryEntries, nodeTarget, readPackageJson } from './package-entries.js';

const packageDir = process.cwd();
const dist = join(packageDir, 'dist');
const pkg = readPackageJson(packageDir);
const { exported, bins } = libraryEntries(pkg);
const toEntryPoints = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, join(packageDir, 'src', `${name}.ts`)]));

rmSync(dist, { recursive: true, force: true });

const shared = {
  bundle: true,
  platform: 'node',
  target: nodeTarget(pkg),
  packages: 'external',
  outdir: dist,
  logLevel: 'warning',
  legalComments: 'none',
} as const;

await build({
  ...shared,
  entryPoints: toEntryPoints([...exported, ...bins]),
  format: 'esm',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
});
await build({ ...shared, entryPoints: toEntryPoints(exported), format: 'cjs', outExtension: { '.js': '.cjs' } });

execFileSync(join(packageDir, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.build.json'], { cwd: packageDir, stdio: 'inherit' });
for (const file of filesUnder(dist).filter((path) => path.endsWith('.d.ts'))) {
  // Relative imports in the CommonJS declarations point at their .d.cts siblings.
  const text = readFileSync(file, 'utf8').replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]*?)\.js\2/g, '$1$2$3.cjs$2');
  writeFileSync(file.replace(/\.d\.ts$/, '.d.cts'), text);
}

for (const name of bins) {
  const file = join(dist, `${name}.js`);
  const text = readFileSync(file, 'utf8');
  if (!text.startsWith('#!')) writeFileSync(file, `#!/usr/bin/env node\n${text}`);
  chmodSync(file, 0o755);
}

console.error(`${pkg.name}: built ${filesUnder(dist).length} files into ${relative(process.cwd(), dist) || '.'}`);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}
