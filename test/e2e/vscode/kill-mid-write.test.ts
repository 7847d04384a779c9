// Issue 37, a kill in the middle of a write, in code-server driven in Chromium: Translate File run
// from the palette on a large en.json whose kbd.json exists; the moment the extension's hidden
// temporary file appears beside kbd.json, its writer (the extension host, whose pid the name
// carries) is SIGKILLed. kbd.json is the old file, whole; what the killed host left is one hidden
// file; the next run, in a new window, writes the new kbd.json whole, buys nothing again (the
// memory kept the translation before the write) and removes the leftover.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import { openFile, openWorkbench, runFromPalette } from '@circassian/test-support/hosts/vscode/workbench.js';

interface Ready {
  readonly url: string;
  readonly folder: string;
}

// Numbers are kept as they are, not sent: a file of megabytes made from one text to translate.
const numbers = Array.from({ length: 600_000 }, (_, index) => index * 7);
const json = (title: string): string => `${JSON.stringify({ title, numbers }, null, 1)}\n`;
const OLD = json('The old translation, kept whole');

let sandbox: RunningSandbox;
let browser: Browser;
let host: HostProcess<Ready>;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-kill-mid-write-'));
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(
    join(folder, '.vscode', 'settings.json'),
    JSON.stringify({ 'circassian.sourceLanguage': 'en', 'circassian.targetLanguage': 'kbd' }, null, 2),
  );
  writeFileSync(join(folder, 'en.json'), json('Good morning'));
  writeFileSync(join(folder, 'kbd.json'), OLD);
  sandbox = await startSandbox();
  browser = await launchChromium();
  host = await startHost<Ready>('vscode', ['--service-url', sandbox.url, '--folder', folder], {
    env: { CIRCASSIAN_API_KEY: sandbox.key },
  });
});

afterAll(async () => {
  await browser?.close();
  expect(await host?.stop()).toBe(0);
  await sandbox?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const TEMPORARY = /^\.kbd\.json\.(\d+)-[0-9a-f]+\.circassian-tmp$/;

/** SIGKILLs the writer of the first temporary file of kbd.json that appears; resolves with its pid and the file's name. */
function killTheWriter(): Promise<{ pid: number; name: string }> {
  return new Promise((resolve) => {
    const watcher = watch(folder, (_event, name) => {
      const pid = Number(TEMPORARY.exec(name ?? '')?.[1]);
      if (!pid) return;
      process.kill(pid, 'SIGKILL');
      watcher.close();
      resolve({ pid, name: name as string });
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Translate File on en.json from the palette, into kbd (the picker's answer). */
async function translateFile(page: Page): Promise<void> {
  await openFile(page, 'en.json');
  await runFromPalette(page, 'Circassian: Translate File...');
  await page.locator('.quick-input-widget', { hasText: 'Translate the file into' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.quick-input-widget input').fill('kbd');
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'kbd' }).waitFor({ state: 'visible', timeout: 10_000 });
  await page.keyboard.press('Enter');
}

test('the extension host SIGKILLed while Translate File writes kbd.json: the old file stays whole; the next run writes the new one, buys nothing again and clears what the killed one left', async () => {
  const page = await openWorkbench(browser, host.ready.url);
  const killed = killTheWriter();
  try {
    await translateFile(page);
    const { pid, name } = await killed;
    await expect.poll(() => isRunning(pid)).toBe(false);
    expect(readFileSync(join(folder, 'kbd.json'), 'utf8') === OLD, 'kbd.json is the old file, whole').toBe(true);
    // What the killed host left is its one hidden file, nothing a person would take for theirs.
    expect(readdirSync(folder).sort()).toEqual([name, '.circassian', '.vscode', 'en.json', 'kbd.json'].sort());
  } finally {
    await page.close();
  }

  const bought = (await sandbox.admin.calls({ operation: 'batch' })).length;
  expect(bought).toBe(1);
  const again = await openWorkbench(browser, host.ready.url);
  try {
    await translateFile(again);
    await expect
      .poll(() => {
        const text = readFileSync(join(folder, 'kbd.json'), 'utf8');
        return text === OLD ? 'old' : (JSON.parse(text) as { title: string }).title;
      })
      .toMatch(/^\[kbd\] /);
    expect((JSON.parse(readFileSync(join(folder, 'kbd.json'), 'utf8')) as { numbers: number[] }).numbers).toEqual(numbers);
    // The memory kept the killed run's translation: nothing is sent again.
    expect((await sandbox.admin.calls({ operation: 'batch' })).length).toBe(bought);
    expect(readdirSync(folder).filter((file) => TEMPORARY.test(file))).toEqual([]);
  } finally {
    await again.close();
  }
});
