import { open } from 'node:fs/promises';

/**
 * Flushes a directory's entries (a file created, renamed or deleted in it), without which a crash
 * can lose the new name although the file's data was synced.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
