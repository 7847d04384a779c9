import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileError } from './data-dir-files.js';

const LOCK_FILE = 'sandbox.pid';

/**
 * One sandbox per data directory: two appending to the same journal and folding it in turn would
 * lose each other's writes. `DIR/sandbox.pid` names the process that holds it; a file left by a
 * process that is gone (killed, crashed) is taken over. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  try {
    writeFileSync(path, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw fileError('Could not create the lock file', path, error);
    const holder = Number.parseInt(readLock(path), 10);
    if (Number.isInteger(holder) && holder > 0 && isRunning(holder)) {
      const who = holder === process.pid ? 'this process' : `process ${holder}`;
      throw new Error(`Another sandbox (${who}) is using the data directory ${dir} (${path}); stop it first, or use another directory.`, {
        cause: error,
      });
    }
    writeFileSync(path, `${process.pid}\n`);
  }
  return () => {
    try {
      if (readLock(path).trim() === String(process.pid)) rmSync(path, { force: true });
    } catch {
      // Gone already (the directory was removed): nothing to release.
    }
  };
}

function readLock(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw fileError('Could not read the lock file', path, error);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
