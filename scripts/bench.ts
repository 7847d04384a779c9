// `pnpm bench`: runs every packages/*/bench/*.bench.ts as its own process, one after another, so
// the benchmarks never compete for the machine's two cores. Each prints its figures beside a
// baseline measured in the same run. Pass a substring to run only matching files: `pnpm bench palochka`.
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';

const benchFiles = readdirSync(join(root, 'packages'))
  .map((pkg) => join(root, 'packages', pkg, 'bench'))
  .filter((dir) => existsSync(dir))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => f.endsWith('.bench.ts'))
      .map((f) => join(dir, f)),
  )
  .filter((file) => relative(root, file).includes(filter))
  .sort();

if (benchFiles.length === 0) {
  console.error(`No benchmark matches "${filter}".`);
  process.exit(1);
}

let failed = 0;
for (const file of benchFiles) {
  console.log(`\n=== ${relative(root, file)} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.error(`${relative(root, file)} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed === 0 ? 0 : 1);
