// A path as it lands on disk: the part that exists with its symbolic links followed, the part still
// to be created (the memory's folder and file on first use) kept as named. A link whose target does
// not exist yet is followed too: writing through it would create the file where it points.
import { lstat, readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';

export async function realPathOf(path: string): Promise<string> {
  const rest: string[] = [];
  let existing = path;
  for (;;) {
    try {
      return join(await realpath(existing), ...rest);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const link = await lstat(existing).then(
        (stat) => stat.isSymbolicLink(),
        () => false,
      );
      if (link) return realPathOf(join(resolve(dirname(existing), await readlink(existing)), ...rest));
      const parent = dirname(existing);
      if (parent === existing) throw error;
      rest.unshift(basename(existing));
      existing = parent;
    }
  }
}
