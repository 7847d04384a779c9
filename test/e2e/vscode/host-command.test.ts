// `pnpm host vscode --folder DIR` as a user runs it: the ready line names that folder, the
// workbench answers, SIGTERM stops code-server and leaves the user's folder alone.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startHost } from '@circassian/test-support/hosts/lib/host-process.js';

let sandbox: RunningSandbox;
let folder: string;

beforeAll(async () => {
  sandbox = await startSandbox();
  folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-own-folder-'));
  writeFileSync(join(folder, 'notes.md'), 'кIуэ\n');
});

afterAll(async () => {
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('--folder DIR opens that folder; SIGTERM stops code-server and keeps the folder', async () => {
  const host = await startHost<{ url: string; folder: string }>('vscode', ['--service-url', sandbox.url, '--folder', folder], {
    env: { CIRCASSIAN_API_KEY: sandbox.key },
  });
  expect(host.ready.folder).toBe(folder);
  expect(new URL(host.ready.url).searchParams.get('folder')).toBe(folder);
  const page = await fetch(host.ready.url);
  expect(page.status).toBe(200);
  expect(await page.text()).not.toContain(sandbox.key.split('.')[1]);
  expect(await host.stop()).toBe(0);
  await expect(fetch(host.ready.url)).rejects.toThrow();
  expect(existsSync(join(folder, 'notes.md'))).toBe(true);
});

test('a --folder that is not a directory is refused as a usage error (exit 2) before anything starts', async () => {
  await expect(
    startHost('vscode', ['--service-url', sandbox.url, '--folder', join(folder, 'notes.md')], {
      env: { CIRCASSIAN_API_KEY: sandbox.key },
      onLog: () => {},
    }),
  ).rejects.toThrow(/exited \(2\)/);
});
