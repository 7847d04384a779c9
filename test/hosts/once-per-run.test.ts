import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { oncePerRun, TEST_RUN_DIR_ENV } from '@circassian/test-support/hosts/lib/once-per-run.js';

describe('oncePerRun', () => {
  let scratch: string;
  let artifact: string;
  let makes: number;
  const make = async (): Promise<string> => {
    makes += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    writeFileSync(artifact, `build ${makes}`);
    return artifact;
  };

  beforeEach(() => {
    scratch = mkdtempSync(join(tmpdir(), 'circassian-once-'));
    artifact = join(scratch, 'plugin.zip');
    makes = 0;
  });
  afterEach(() => {
    delete process.env[TEST_RUN_DIR_ENV];
    rmSync(scratch, { recursive: true, force: true });
  });

  it('makes the file once in a run, for callers at the same time too, and hands out a copy a rebuild in place leaves alone', async () => {
    process.env[TEST_RUN_DIR_ENV] = mkdtempSync(join(scratch, 'run-'));
    const [first, second] = await Promise.all([oncePerRun('zip', make), oncePerRun('zip', make)]);
    expect(makes).toBe(1);
    expect(second).toBe(first);
    expect(first).not.toBe(artifact);
    // The release test rebuilds dist/ meanwhile: the run's hosts keep the file they were given.
    writeFileSync(artifact, 'rebuilt');
    expect(readFileSync(await oncePerRun('zip', make), 'utf8')).toBe('build 1');
  });

  it('makes the file at every call outside a run', async () => {
    expect(await oncePerRun('zip', make)).toBe(artifact);
    expect(await oncePerRun('zip', make)).toBe(artifact);
    expect(makes).toBe(2);
  });
});
