// Debian packages the hosts need (Chromium, PHP, libkrb5-dev, PostgreSQL). Machines here run as
// root with Debian's archive reachable, so a missing package is installed, not just reported.
import { spawnSync } from 'node:child_process';
import { withLock } from './lock.js';
import { log } from './log.js';
import { run } from './processes.js';
import { cachePath } from './cache.js';

let listsRefreshed: Promise<void> | undefined;

function missing(packages: readonly string[]): string[] {
  return packages.filter((name) => {
    const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return result.status !== 0 || !result.stdout.includes('install ok installed');
  });
}

export async function ensureDebianPackages(packages: readonly string[]): Promise<void> {
  if (missing(packages).length === 0) return;
  await withLock(cachePath('apt.lock'), 'Debian packages', async () => {
    const needed = missing(packages);
    if (needed.length === 0) return;
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const aptGet = (...args: string[]): Promise<void> => {
      const argv = process.getuid?.() === 0 ? ['apt-get', ...args] : ['sudo', '-n', 'apt-get', ...args];
      return run(argv[0] as string, argv.slice(1), { env });
    };
    log(`installing Debian packages: ${needed.join(' ')}`);
    // One index refresh per process: install-hosts asks for several hosts' packages in turn.
    listsRefreshed ??= aptGet('update', '-q');
    await listsRefreshed;
    await aptGet('install', '-y', '-q', '--no-install-recommends', ...needed);
  });
}
