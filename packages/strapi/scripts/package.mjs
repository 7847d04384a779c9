// `pnpm package`: typechecks and builds the plugin with @strapi/sdk-plugin and packs the installable tarball
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
// The plugin's two projects (server, admin), as `pnpm typecheck` checks them (tsc -b, with the core they reference).
run(join(root, 'node_modules', '.bin', 'tsc'), ['-b', 'server/tsconfig.json', 'admin/tsconfig.json']);
run(join(root, 'node_modules', '.bin', 'strapi-plugin'), ['build']);
run(join(root, 'node_modules', '.bin', 'strapi-plugin'), ['verify']);
run('npm', ['pack', '--pack-destination', destination, '--loglevel=error']);
