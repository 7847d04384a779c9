// WordPress Playground's command line (`@wp-playground/cli` from npm, the version whose SQLite
// integration the WordPress host already uses), installed once into the cache with plain npm.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedStep } from '../lib/cache.js';
import { run } from '../lib/processes.js';
import { PLAYGROUND_CLI } from './versions.js';

/** Installs the CLI (about 40 s the first time) and returns the path of its `wp-playground-cli` script. */
export async function installPlaygroundCli(): Promise<string> {
  const dir = await cachedStep(`wp-playground-cli-${PLAYGROUND_CLI.version}`, async (stepDir) => {
    // npm 11's `npm init -y` would add "type": "commonjs"; a bare package.json keeps the install plain.
    writeFileSync(join(stepDir, 'package.json'), '{ "private": true }\n');
    await run('npm', ['install', '--no-audit', '--no-fund', '--omit=dev', `${PLAYGROUND_CLI.name}@${PLAYGROUND_CLI.version}`], {
      cwd: stepDir,
    });
  });
  return join(dir, 'node_modules', '@wp-playground', 'cli', 'wp-playground.js');
}
