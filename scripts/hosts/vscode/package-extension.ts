// Builds packages/vscode and packs it with @vscode/vsce, as users get it: the `.vsix`.
import { join } from 'node:path';
import { run } from '../lib/processes.js';

export const EXTENSION_DIR = join(import.meta.dirname, '..', '..', '..', 'packages', 'vscode');
export const VSIX_PATH = join(EXTENSION_DIR, 'dist', 'circassian.vsix');

/** Bundles the extension (esbuild), and the integration suite when `tests` is set. */
export async function buildExtension({ tests = false }: { tests?: boolean } = {}): Promise<void> {
  await run(process.execPath, [join(EXTENSION_DIR, 'build.mjs'), ...(tests ? ['--tests'] : [])], { cwd: EXTENSION_DIR });
}

/** `pnpm package` of packages/vscode: the bundle, then `vsce package`. Returns the `.vsix` path. */
export async function packageExtension(): Promise<string> {
  await buildExtension();
  const vsce = join(EXTENSION_DIR, 'node_modules', '@vscode', 'vsce', 'vsce');
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '-o', VSIX_PATH], {
    cwd: EXTENSION_DIR,
  });
  return VSIX_PATH;
}
