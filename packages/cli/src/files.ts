// The files a person names on the command line: what a failure to read or write one says, and
// every file the CLI writes (exports, audio, timings, glossaries, palochka fixes in place) written
// whole, so Ctrl+C, a kill or a full disk leaves the old file or the new one, never a cut one.
import { replaceFile } from '@circassian/core';
import { UsageError } from './cli-error.js';

const FILE_ERRORS: Readonly<Record<string, Readonly<Record<'read' | 'write', string>>>> = {
  ENOENT: { read: 'no such file', write: 'no such folder' },
  ENOTDIR: { read: 'no such file', write: 'no such folder' },
  EISDIR: { read: 'it is a folder', write: 'it is a folder' },
  EACCES: { read: 'permission denied', write: 'permission denied' },
  EROFS: { read: 'permission denied', write: 'read-only file system' },
};

/** A file the user named that cannot be read or written, as a usage error; undefined for other failures. */
export function fileError(error: unknown, verb: 'read' | 'write', file: string): UsageError | undefined {
  const reason = FILE_ERRORS[(error as NodeJS.ErrnoException).code ?? '']?.[verb];
  return reason === undefined ? undefined : new UsageError(`cannot ${verb} ${file}: ${reason}`);
}

/** Writes `content` as the whole of the file at `path` (`shown` is how the user named it, for errors). */
export async function writeWhole(
  path: string,
  shown: string,
  content: string | Uint8Array | AsyncIterable<string | Uint8Array>,
): Promise<void> {
  try {
    await replaceFile(path, async (handle) => {
      if (typeof content === 'string' || content instanceof Uint8Array) await handle.writeFile(content);
      else for await (const chunk of content) await handle.writeFile(chunk);
    });
  } catch (error) {
    throw fileError(error, 'write', shown) ?? error;
  }
}
