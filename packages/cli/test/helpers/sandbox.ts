/** The CLI tests' service: the shared fixture (@circassian/sandbox/testing), one per test file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxOptions } from '@circassian/sandbox';
import { TestService, useSandbox } from '@circassian/sandbox/testing';
import { afterAll, beforeAll } from 'vitest';

export type { TestService };

// A test file makes more calls in a minute than the default key allows; the limits are not under test here.
// Speech jobs take the sandbox's default second (not the fixture's 20 ms): the progress tests watch one run.
const CLI_SERVICE: SandboxOptions = { limits: { requests_per_minute: 10_000 }, speechJobMs: 1000 };

export function startTestService(): Promise<TestService> {
  return TestService.start(CLI_SERVICE);
}

/** The service for a whole test file, with `service.client()` for the answers to compare with. */
export function useCliService(): TestService {
  return useSandbox(CLI_SERVICE);
}

/** A scratch folder for a test file's input files, removed after the file; read it inside tests. */
export function useScratchDir(name: string): { readonly path: string } {
  const scratch = { path: '' };
  beforeAll(async () => {
    scratch.path = await mkdtemp(join(tmpdir(), `circassian-cli-${name}-`));
  });
  afterAll(async () => {
    await rm(scratch.path, { recursive: true, force: true });
  });
  return scratch;
}
