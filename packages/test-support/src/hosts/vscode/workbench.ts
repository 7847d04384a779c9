// What a person does in the code-server workbench that `pnpm host vscode` serves, for the UI test
// (test/e2e/vscode/palette.test.ts) and the README pictures (scripts/release/vscode-screenshots.ts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';

/**
 * A new page of the workbench at `url`, once the workbench is on screen (not every script and
 * image loaded: the page's load event came after 30 s on a busy machine while the workbench was there).
 */
export async function openWorkbench(browser: Browser, url: string, timeoutMs = 180_000): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  return page;
}

/** A screenshot named `name`.png into the folder CIRCASSIAN_SCREENSHOTS names; nothing when it is not set. */
export async function screenshotIfAsked(page: Page, name: string): Promise<void> {
  const folder = process.env.CIRCASSIAN_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

/**
 * Runs a command palette command by its title, retrying until the extension has registered it. Each
 * step of a try has a short timeout: the palette can close under the typing (a dialog closing hands
 * focus back to the editor), and a person then opens it again rather than typing into nothing.
 */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  const row = page.locator('.quick-input-list .monaco-list-row', {
    has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`, 'u') }),
  });
  for (;;) {
    try {
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').fill(`>${title}`, { timeout: 10_000 });
      await row.first().waitFor({ state: 'visible', timeout: 3_000 });
      await row.first().click({ timeout: 10_000 });
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Opens a file of the workspace through Quick Open (Ctrl+P) in an open workbench. A file written a
 * moment ago can be missing from Quick Open's first answer (its file search has not seen it yet):
 * as a person would, this closes the picker and types the name again.
 */
export async function openFile(page: Page, file: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await page.keyboard.press('Control+P');
      await page.locator('.quick-input-widget input').fill(file, { timeout: 10_000 });
      await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * Opens the User Settings editor (a dialog over the workbench in the releases we run) searched for
 * one setting, and returns that setting's row, found by its id. Press Escape to close the editor
 * before clicking anything behind it.
 */
export async function openUserSetting(page: Page, id: string): Promise<Locator> {
  await runFromPalette(page, 'Preferences: Open User Settings');
  const search = page.locator('.settings-editor .settings-header .suggest-input-container');
  await search.waitFor({ state: 'visible', timeout: 30_000 });
  await search.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(id);
  // The search filters as it is typed: the row is read once the list has settled on it alone.
  await page.locator('.settings-editor', { hasText: '1 Setting Found' }).waitFor({ state: 'visible', timeout: 30_000 });
  const row = page.locator(`.settings-editor .setting-item-contents[data-key="${id}"]`);
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  return row;
}

/**
 * Presses `keys` (one shortcut after another) until `shown` is visible: a person presses again when
 * the first press came before the extension's provider was ready (a hover, a Quick Fix list). Each
 * try waits 8 s, then Escape closes whatever opened instead; gives up after a minute.
 */
export async function pressUntilShown(page: Page, keys: readonly string[], shown: Locator): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    for (const key of keys) await page.keyboard.press(key);
    try {
      await shown.waitFor({ state: 'visible', timeout: 8_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await page.keyboard.press('Escape');
    }
  }
}
