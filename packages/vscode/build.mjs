// Bundles the extension into one CommonJS file (`vscode` is the host's module, never bundled),
// and the integration suite next to it. `node build.mjs [--watch]`.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

/** @type {import('esbuild').BuildOptions} */
const shared = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode'],
  sourcemap: true,
  logLevel: 'warning',
  // The core client is consumed from its TypeScript source (workspace exports).
  conditions: ['node'],
};

await build({
  ...shared,
  entryPoints: [join(root, 'src/extension.ts')],
  outfile: join(root, 'dist/extension.js'),
  minify: true,
  // The client's requests go through the editor's http/https (src/network/editor-dispatcher.ts);
  // the core imports undici only for a client given no dispatcher, which the extension never makes.
  external: [...shared.external, 'undici'],
});
if (process.argv.includes('--tests')) {
  await build({
    ...shared,
    entryPoints: [join(root, 'integration/index.ts')],
    outfile: join(root, 'dist-test/index.js'),
    external: ['vscode', 'mocha'],
  });
}
