/**
 * Replaces a file whole: written beside it under a temporary name, synced, renamed over it, and
 * its folder synced, so a crash at any point leaves the old file or the new one, never a mix, and
 * the new name survives the crash. (The sandbox's snapshot does the same for its state file.)
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function replaceFile(path: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await write(handle);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temporary, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temporary, path);
  await syncDirectory(dirname(path));
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
