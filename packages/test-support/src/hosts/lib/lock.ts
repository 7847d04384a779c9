// A lock between processes that needs no native module: `mkdir` is atomic, and the holder's pid
// inside lets a later process take over a lock whose holder died (a killed install).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { log } from './log.js';

const POLL_MS = 500;

export async function withLock<T>(lockDir: string, what: string, work: () => Promise<T>): Promise<T> {
  mkdirSync(dirname(lockDir), { recursive: true });
  let announced = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(lockDir)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!announced) log(`waiting for another process installing ${what}`);
      announced = true;
      await sleep(POLL_MS);
    }
  }
  writeFileSync(join(lockDir, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function holderAlive(lockDir: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lockDir, 'pid'), 'utf8'));
  } catch {
    // Taken a moment ago and the pid not written yet: treat as alive and look again.
    return true;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
