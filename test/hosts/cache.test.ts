import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cachedStep } from '@circassian/test-support/hosts/lib/cache.js';

describe('cachedStep', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'circassian-cache-'));
    process.env.CIRCASSIAN_CACHE_DIR = root;
  });
  afterEach(() => {
    delete process.env.CIRCASSIAN_CACHE_DIR;
    rmSync(root, { recursive: true, force: true });
  });

  it('builds a step once when two callers ask at the same time', async () => {
    let builds = 0;
    const build = async (dir: string): Promise<void> => {
      builds += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      writeFileSync(join(dir, 'payload'), 'x');
    };
    const [a, b] = await Promise.all([cachedStep('thing-1', build), cachedStep('thing-1', build)]);
    expect(a).toBe(join(root, 'thing-1'));
    expect(b).toBe(a);
    expect(builds).toBe(1);
    expect(readFileSync(join(a, 'payload'), 'utf8')).toBe('x');
  });

  it('redoes a step whose build failed, from an empty folder', async () => {
    await expect(
      cachedStep('thing-2', async (dir) => {
        writeFileSync(join(dir, 'half'), 'x');
        throw new Error('network gone');
      }),
    ).rejects.toThrow('network gone');
    const dir = await cachedStep('thing-2', async (folder) => {
      expect(existsSync(join(folder, 'half'))).toBe(false);
      writeFileSync(join(folder, 'whole'), 'y');
    });
    expect(existsSync(join(dir, 'whole'))).toBe(true);
  });

  it('takes over a lock whose holder died', async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(root, 'thing-3.lock'), { recursive: true });
    writeFileSync(join(root, 'thing-3.lock', 'pid'), '999999999');
    const dir = await cachedStep('thing-3', async () => {});
    expect(existsSync(join(dir, '.circassian-complete'))).toBe(true);
  });
});
