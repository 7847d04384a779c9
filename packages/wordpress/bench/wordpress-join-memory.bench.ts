// `pnpm bench wordpress`: peak PHP memory while the plugin joins long speech into one file, for
// 20000, 100000 and 200000 characters (the longest the editor may send), beside the former
// in-memory join (aim: flat, whatever the length). Each figure is one fresh PHP process
// (bench/join-memory.php) over WAV parts sized as the local service makes them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_DIR } from '../tools/build-zip.js';

const SCRIPT = join(PACKAGE_DIR, 'bench', 'join-memory.php');
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function measure(chars: number, mode: 'stream' | 'memory'): { peak: number; bytes: number; seconds: number } {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-join-'));
  try {
    return JSON.parse(execFileSync('php', ['-d', 'memory_limit=-1', SCRIPT, String(chars), mode, dir], { encoding: 'utf8' })) as {
      peak: number;
      bytes: number;
      seconds: number;
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log('Joining long speech: peak PHP memory above the process baseline');
for (const chars of [20_000, 100_000, 200_000]) {
  const streamed = measure(chars, 'stream');
  // The baseline stops at 100000 characters: beyond, it needs over a gigabyte.
  const inMemory = chars <= 100_000 ? mb(measure(chars, 'memory').peak) : 'not run (over 1 GB)';
  console.log(
    `  ${String(chars).padStart(7)} characters (${(streamed.seconds / 3600).toFixed(2)} h, WAV ${mb(streamed.bytes)})   streamed ${mb(streamed.peak)}   in memory (before) ${inMemory}`,
  );
}
