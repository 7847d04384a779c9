// `pnpm package`: builds the plugin with @strapi/sdk-plugin and packs the installable tarball
// (`--pack-destination DIR` puts it elsewhere than this folder).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--pack-destination');
const destination = at >= 0 ? process.argv[at + 1] : root;
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', process.stderr, process.stderr] });

mkdirSync(destination, { recursive: true });
// No type-check of its own: the one type-check is the root `pnpm typecheck` (tsc -b over every
// project), which `pnpm test` and the release run before packaging.
run(join(root, 'node_modules', '.bin', 'strapi-plugin'), ['build']);
run(join(root, 'node_modules', '.bin', 'strapi-plugin'), ['verify']);
run('npm', ['pack', '--pack-destination', destination, '--loglevel=error']);
