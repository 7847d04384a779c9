// The WordPress plugin as a visitor of its directory page tries it: the release's blueprint.json
// run by WordPress Playground's own CLI (`@wp-playground/cli` from npm), with the plugin zip beside
// it. Offline: Playground installs WordPress from a copy of the host's cached WordPress files
// instead of downloading "latest", and ships its own PHP (WebAssembly) and SQLite integration.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startService, waitForOutput } from '@circassian/test-support/hosts/lib/processes.js';
import { installWordPress } from '@circassian/test-support/hosts/wordpress/install.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { installPlaygroundCli } from '@circassian/test-support/hosts/wordpress/playground-cli.js';

export interface RunningPlayground {
  readonly url: string;
  /** The WordPress version Playground runs (the newest line the host tests). */
  readonly wordpress: string;
  stop(): Promise<void>;
}

/**
 * Starts `wp-playground-cli server` on `blueprint` (a file whose "bundled" resources sit beside
 * it, as in `dist/`) and resolves once WordPress answers; `stop()` ends it and removes the copy.
 */
export async function startPlayground(blueprint: string): Promise<RunningPlayground> {
  const cli = await installPlaygroundCli();
  const installed = await installWordPress(NEWEST_LINE);
  // Playground writes wp-config.php and its database into the mounted folder: a throwaway copy.
  const dir = mkdtempSync(join(tmpdir(), 'circassian-playground-'));
  const wordpressCopy = join(dir, 'wordpress');
  cpSync(installed.tree, wordpressCopy, { recursive: true });
  const port = await freePort();
  const server = startService(
    'playground',
    process.execPath,
    [
      cli,
      'server',
      `--port=${port}`,
      `--blueprint=${blueprint}`,
      // "bundled" resources (the plugin zip) are read from the blueprint's folder only with consent.
      '--blueprint-may-read-adjacent-files',
      `--mount-before-install=${wordpressCopy}:/wordpress`,
      '--wordpress-install-mode=install-from-existing-files',
      '--workers=1',
    ],
    { cwd: dir },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Playground answers HTTP as soon as WordPress boots and runs the blueprint's steps after it, so
    // a page read then can miss what setSiteOptions writes; its "Ready!" line comes after the steps
    // (the wording is one Playground's own CI checks).
    await waitForOutput(server, /WordPress is running on/, { timeoutMs: 240_000 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, wordpress: installed.version, stop };
}
