// Where `pnpm host` keeps what it installs (Node 24, code-server, WordPress, the Strapi app's
// dependencies): outside the work tree, so a fresh clone reuses it and `git status` stays clean.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { withLock } from './lock.js';

/** `CIRCASSIAN_CACHE_DIR`, else `$XDG_CACHE_HOME/circassian-pack`, else `~/.cache/circassian-pack`. */
export function cacheRoot(): string {
  const explicit = process.env.CIRCASSIAN_CACHE_DIR;
  if (explicit) return explicit;
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'circassian-pack');
}

export function cachePath(...parts: string[]): string {
  return join(cacheRoot(), ...parts);
}

/**
 * Runs `build(dir)` once per `step` (a name that includes the version it installs): the result
 * lives in `<cache>/<step>` and counts only when `build` finished, so an interrupted install is
 * redone from scratch next time. Concurrent callers (two test runs, two worktrees) wait for the
 * first instead of installing twice.
 */
export async function cachedStep(step: string, build: (dir: string) => Promise<void>): Promise<string> {
  const dir = cachePath(step);
  const marker = join(dir, '.circassian-complete');
  if (existsSync(marker)) return dir;
  mkdirSync(cacheRoot(), { recursive: true });
  return withLock(`${dir}.lock`, step, async () => {
    if (existsSync(marker)) return dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    await build(dir);
    writeFileSync(marker, `${new Date().toISOString()}\n`);
    return dir;
  });
}
