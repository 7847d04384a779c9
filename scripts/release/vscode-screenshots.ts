// Takes the pictures of the VS Code extension's README (packages/vscode/images/*.png): each main
// command run in code-server as users run it (`pnpm host vscode`, the extension from its .vsix),
// against the local service, so the translations shown are its marked pseudo-translations.
// `flock /tmp/circassian-heavy.lock npx tsx scripts/release/vscode-screenshots.ts`
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '@circassian/sandbox';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost } from '@circassian/test-support/hosts/lib/host-process.js';
import { runFromPalette } from '@circassian/test-support/hosts/vscode/workbench.js';
import { VSCODE_DIR } from './artifacts.js';

const FILE = 'notes.md';
const TEXT = ['# Хъыбар', '', 'Сэ сыкӀуэнущ.', '', 'унэ', '', 'Уи пщэддджыжь фIыуэ!', ''].join('\n');
/** A small localisation file for Translate File: nested keys, placeholders, an ICU plural. */
const LOCALE_FILE = 'en.json';
const LOCALE = {
  title: 'Welcome back',
  greeting: 'Hello {name}, you have %s new messages',
  menu: { open: 'Open {{file}}', save: 'Save your changes', count: '{count, plural, one {# file} other {# files}}' },
};

const line = (page: Page, text: string) => page.locator('.monaco-editor .view-line', { hasText: text }).first();
/** Opens a file of the folder with Quick Open (Ctrl+P), as a person would. */
async function quickOpen(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill(name);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
}
const shot = (page: Page, name: string) => page.screenshot({ path: join(VSCODE_DIR, 'images', `${name}.png`) });

const sandbox = await startSandbox({ speechJobMs: 200 });
const host = await startHost<{ url: string; folder: string }>('vscode', ['--service-url', sandbox.url], {
  env: { CIRCASSIAN_API_KEY: sandbox.key },
});
const browser = await launchChromium();
try {
  writeFileSync(join(host.ready.folder, FILE), TEXT);
  writeFileSync(join(host.ready.folder, LOCALE_FILE), `${JSON.stringify(LOCALE, null, 2)}\n`);
  const page = await browser.newPage({ viewport: { width: 1100, height: 560 } });
  await page.goto(host.ready.url);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  await quickOpen(page, FILE);
  await page.locator('.statusbar-item', { hasText: '→ ru' }).waitFor({ state: 'visible', timeout: 60_000 });
  // The empty secondary side bar off, so the editor has the width.
  if (await page.locator('.part.auxiliarybar').isVisible()) await page.keyboard.press('Control+Alt+B');

  // Fix palochka: the look-alike's diagnostic and its quick fix.
  await line(page, 'фIыуэ').click();
  await page.keyboard.press('End');
  // The diagnostic comes a moment after the file opens: ask for the quick fixes until they are offered.
  const fix = page.getByText('Replace with the palochka').first();
  for (let attempt = 0; ; attempt += 1) {
    await page.keyboard.press('Control+.');
    try {
      await fix.waitFor({ state: 'visible', timeout: 3_000 });
      break;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (attempt === 10) throw error;
    }
  }
  await shot(page, 'fix-palochka');
  await page.keyboard.press('Escape');

  // Translate Selection: the line under the cursor, replaced in one edit.
  await line(page, 'Сэ сыкӀуэнущ.').click();
  await runFromPalette(page, 'Circassian: Translate Selection');
  await line(page, '[ru] ').waitFor({ state: 'visible', timeout: 30_000 });
  await shot(page, 'translate-selection');

  // Insert Dictionary Entry: the entry of the word under the cursor, below its line.
  await line(page, 'унэ').click();
  await runFromPalette(page, 'Circassian: Insert Dictionary Entry');
  await page.locator('.quick-input-widget .quick-input-title', { hasText: 'Dictionary' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'kbd → en' }).first().click();
  try {
    await page.locator('.monaco-editor .view-line').nth(8).waitFor({ state: 'visible', timeout: 30_000 });
  } catch (error) {
    await shot(page, 'debug-dictionary');
    throw error;
  }
  await shot(page, 'insert-dictionary-entry');

  // Speak Selection: no question asked; the player beside the editor, Pause and Stop in the status bar.
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await line(page, 'Уи пщэддджыжь').click();
  await runFromPalette(page, 'Circassian: Speak Selection');
  const player = page.frameLocator('iframe.webview').frameLocator('#active-frame');
  await player.locator('audio').waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('button', { name: 'Pause the speech' }).waitFor({ state: 'visible', timeout: 30_000 });
  await shot(page, 'speak-selection');
  await runFromPalette(page, 'View: Close All Editors'); // the next picture starts clean

  // Translate File: en.json into Kabardian, kbd.json opened beside it.
  await quickOpen(page, LOCALE_FILE);
  await line(page, 'Welcome back').waitFor({ state: 'visible', timeout: 30_000 });
  await runFromPalette(page, 'Circassian: Translate File...');
  await page
    .locator('.quick-input-widget .quick-input-title', { hasText: 'Translate the file into' })
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.quick-input-widget input').fill('Kabardian');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Kabardian' }).first().click();
  const done = page.locator('.notifications-toasts .notification-toast', { hasText: 'texts translated' });
  await done.waitFor({ state: 'visible', timeout: 60_000 });
  // Open puts kbd.json where en.json was; en.json goes back on the left.
  await done.getByRole('button', { name: 'Open' }).click();
  await line(page, '[kbd]').waitFor({ state: 'visible', timeout: 30_000 });
  await runFromPalette(page, 'View: Move Editor into Right Group');
  await page.keyboard.press('Control+1');
  await quickOpen(page, LOCALE_FILE);
  await line(page, 'Welcome back').waitFor({ state: 'visible', timeout: 30_000 });
  // Wider, the side bar hidden and the notifications cleared: both files' lines in full.
  await page.setViewportSize({ width: 1440, height: 560 });
  await page.keyboard.press('Control+B');
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await shot(page, 'translate-file');
  console.log(join(VSCODE_DIR, 'images'));
} finally {
  await browser.close();
  await host.stop();
  await sandbox.close();
}
