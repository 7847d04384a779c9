/**
 * Replaces a file whole: written beside it under a temporary name, synced, renamed over it, and
 * its folder synced, so a crash at any point leaves the old file or the new one, never a mix, and
 * the new name survives the crash. (The sandbox's snapshot does the same for its state file.)
 *
 * A file a person owns keeps what the rename would otherwise lose: a symbolic link stays a link
 * (the file it points to is replaced) and the file keeps its permission bits (an executable script
 * stays executable). A folder at the path is refused before anything is written beside it.
 */
import { open, realpath, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

export interface ReplaceFileOptions {
  /**
   * The temporary file's name beside the target, from the target's name (default
   * `<name>.<pid>.tmp`): an editor hides it, or names it so a later write can clear what a killed
   * writer left.
   */
  readonly temporaryName?: (name: string) => string;
}

export async function replaceFile(
  path: string,
  write: (handle: FileHandle) => Promise<void>,
  options: ReplaceFileOptions = {},
): Promise<void> {
  const target = await realpath(path).catch(() => path);
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory())
    throw Object.assign(new Error(`EISDIR: illegal operation on a directory, open '${path}'`), { code: 'EISDIR', path });
  const name = basename(target);
  const temporary = join(dirname(target), options.temporaryName?.(name) ?? `${name}.${process.pid}.tmp`);
  const handle = await open(temporary, 'w');
  try {
    try {
      // open()'s mode is cut by the umask: the bits are set as they were.
      if (existing) await handle.chmod(existing.mode & 0o7777);
      await write(handle);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncDirectory(dirname(target));
}

async function syncDirectory(dir: string): Promise<void> {
  // Windows cannot open a folder for syncing; its rename is durable on NTFS without it.
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
