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

/** Bare `undici` (not its lib/ files) resolves to undici-slim.cjs. */
const slimUndici = {
  name: 'slim-undici',
  setup(builder) {
    builder.onResolve({ filter: /^undici$/ }, () => ({ path: join(root, 'undici-slim.cjs') }));
    // undici carries its HTTP parser twice (SIMD and plain WebAssembly, ~70 KB each) and falls
    // back to the plain one when SIMD fails to load; an editor's few requests do not need SIMD.
    builder.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, (args) => ({ path: join(args.resolveDir, '..', 'llhttp', 'llhttp-wasm.js') }));
  },
};

await build({
  ...shared,
  entryPoints: [join(root, 'src/extension.ts')],
  outfile: join(root, 'dist/extension.js'),
  minify: true,
  plugins: [slimUndici],
});
if (process.argv.includes('--tests')) {
  await build({
    ...shared,
    entryPoints: [join(root, 'integration/index.ts')],
    outfile: join(root, 'dist-test/index.js'),
    external: ['vscode', 'mocha'],
  });
}
