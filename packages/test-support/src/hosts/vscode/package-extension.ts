// Builds packages/vscode, and packs it as users get it (the `.vsix`) with the extension's own package script.
import { join } from 'node:path';
import { oncePerRun } from '../lib/once-per-run.js';
import { runPnpm } from '../lib/pnpm.js';
import { run } from '../lib/processes.js';

export const EXTENSION_DIR = join(import.meta.dirname, '..', '..', '..', '..', '..', 'packages', 'vscode');
export const VSIX_PATH = join(EXTENSION_DIR, 'dist', 'circassian.vsix');

/** Bundles the extension (esbuild), and the integration suite when `tests` is set. */
export async function buildExtension({ tests = false }: { tests?: boolean } = {}): Promise<void> {
  await run(process.execPath, [join(EXTENSION_DIR, 'build.mjs'), ...(tests ? ['--tests'] : [])], { cwd: EXTENSION_DIR });
}

/**
 * The extension's own `pnpm package` (the bundle, then `vsce package`), the one place the `.vsix` is
 * made, once per test run (once-per-run.ts). Returns its path.
 */
export function packageExtension(): Promise<string> {
  return oncePerRun('vscode-vsix', async () => {
    await runPnpm(['--filter', 'circassian', 'run', 'package'], { cwd: EXTENSION_DIR });
    return VSIX_PATH;
  });
}
