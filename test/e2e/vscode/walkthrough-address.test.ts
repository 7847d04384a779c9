// The walkthrough's "Set the service address" step in code-server driven in Chromium (issue 33: it
// "stays ticked after the address is cleared"): ticked while the address is set, unticked once it is
// cleared in the Settings editor, after the whole walkthrough was done and when it is opened again,
// and ticked again once the address is typed back. The extension marks the step through the Welcome
// page's own commands (src/walkthrough.ts); the page keeps a step's completion in its own storage,
// and welcome.markStepIncomplete deletes it and redraws the step.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import {
  openFile,
  openUserSetting,
  openWorkbench,
  runFromPalette,
  screenshotIfAsked,
} from '@circassian/test-support/hosts/vscode/workbench.js';

interface Ready {
  readonly url: string;
  readonly folder: string;
}

let sandbox: RunningSandbox;
let browser: Browser;
let host: HostProcess<Ready>;
let folder: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-walkthrough-'));
  writeFileSync(join(folder, 'notes.md'), 'Уи пщэддджыжь фӀыуэ!\n');
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

async function openWalkthrough(page: Page): Promise<void> {
  await runFromPalette(page, 'Welcome: Open Walkthrough...');
  await page.locator('.quick-input-widget input').fill('Get started with Circassian');
  await page
    .locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Get started with Circassian' })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
}

const step = (page: Page, title: string): Locator => page.locator('.getting-started-step', { hasText: title });
const ticked = (page: Page, title: string): Locator =>
  step(page, title).locator('.codicon-getting-started-step-checked').filter({ visible: true });
/** The address's row in the Settings editor while the address is set there. */
const configured = (page: Page): Locator =>
  page.locator('.settings-editor .setting-item-contents.is-configured[data-key="circassian.baseUrl"]');
const unticked = (page: Page, title: string): Locator =>
  step(page, title).locator('.codicon-getting-started-step-unchecked').filter({ visible: true });

test('the address step is ticked while the address is set, unticked once it is cleared in the Settings editor (the whole walkthrough done, and opened again), ticked once typed in again', async () => {
  const page = await openWorkbench(browser, host.ready.url);
  try {
    await openFile(page, 'notes.md');
    const line = page.locator('.monaco-editor .view-line', { hasText: 'Уи пщэддджыжь' });
    await line.waitFor({ state: 'visible', timeout: 30_000 });
    await line.click();
    await page.locator('.statusbar-item', { hasText: '→' }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await openWalkthrough(page);
    await ticked(page, 'Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'walkthrough-address-set');
    // The whole walkthrough done first, as palette.test.ts's walkthrough case does: Try a Translation.
    await step(page, 'Translate a line').click();
    await step(page, 'Translate a line').locator('.monaco-button, a', { hasText: 'Try a Translation' }).first().click();
    await page.locator('.monaco-editor .view-line', { hasText: '[ru] ' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Control+S');
    await page.locator('.tab', { hasText: /^\s*Welcome\s*$/ }).click();
    await ticked(page, 'Translate a line').waitFor({ state: 'visible', timeout: 10_000 });
    await screenshotIfAsked(page, 'walkthrough-address-all-done');

    // Cleared in the Settings editor as a person does: the row found by its id, its text selected and deleted.
    const input = (await openUserSetting(page, 'circassian.baseUrl')).locator('input').first();
    expect(await input.inputValue()).toBe(sandbox.url);
    await input.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    // Written once the row no longer says the setting is set.
    await configured(page).waitFor({ state: 'detached', timeout: 30_000 });
    await page.keyboard.press('Escape');
    await unticked(page, 'Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'walkthrough-address-cleared');
    // Opened again from the palette, as a person coming back to it: still unticked, the others still ticked.
    await page.locator('.tab', { hasText: 'notes.md' }).click();
    await openWalkthrough(page);
    await unticked(page, 'Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
    await ticked(page, 'Set your API key').waitFor({ state: 'visible', timeout: 10_000 });
    await ticked(page, 'Translate a line').waitFor({ state: 'visible', timeout: 10_000 });
    await screenshotIfAsked(page, 'walkthrough-address-reopened');

    // Typed in again: ticked again.
    const again = (await openUserSetting(page, 'circassian.baseUrl')).locator('input').first();
    await again.click();
    await page.keyboard.type(sandbox.url);
    await configured(page).waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Escape');
    await ticked(page, 'Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'walkthrough-address-set-again');
  } finally {
    await page.close();
  }
});
