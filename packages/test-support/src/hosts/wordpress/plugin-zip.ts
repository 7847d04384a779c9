// The plugin's installable zip, made by the plugin's own `pnpm package` (the one place it is built;
// Strapi's host does the same). `--if-changed` keeps the zip when the plugin's sources are the same
// as the last time it was made, so a host starts without rebuilding the editor scripts.
import { join } from 'node:path';
import { oncePerRun } from '../lib/once-per-run.js';
import { runPnpm } from '../lib/pnpm.js';

export const PLUGIN_DIR = join(import.meta.dirname, '..', '..', '..', '..', '..', 'packages', 'wordpress');
/** Where `pnpm package` writes the zip (packages/wordpress/tools/build-zip.ts, `ZIP_PATH`). */
const ZIP_PATH = join(PLUGIN_DIR, 'dist', 'circassian.zip');

/** The zip, made (or found current) once per test run (once-per-run.ts). */
export function packPlugin(): Promise<string> {
  return oncePerRun('wordpress-plugin-zip', async () => {
    await runPnpm(['--filter', '@circassian/wordpress', 'run', 'package', '--if-changed'], { cwd: PLUGIN_DIR });
    return ZIP_PATH;
  });
}
