// Takes the pictures of the VS Code extension's README (packages/vscode/images/*.png): each main
// command run in code-server as users run it (`pnpm host vscode`, the extension from its .vsix),
// against the local service, so the translations shown are its marked pseudo-translations.
// `flock /tmp/circassian-heavy.lock npx tsx scripts/release/vscode-screenshots.ts`
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSandbox } from '@circassian/sandbox';
import { launchChromium } from '../hosts/lib/browser.js';
import { startHost } from '../hosts/lib/host-process.js';
import { runFromPalette } from '../hosts/vscode/workbench.js';
import { VSCODE_DIR } from './artifacts.js';

const FILE = 'notes.md';
const TEXT = ['# Хъыбар', '', 'Сэ сыкӀуэнущ.', '', 'унэ', '', 'Уи пщэддджыжь фIыуэ!', ''].join('\n');

const line = (page: Page, text: string) => page.locator('.monaco-editor .view-line', { hasText: text }).first();
const shot = (page: Page, name: string) => page.screenshot({ path: join(VSCODE_DIR, 'images', `${name}.png`) });

const sandbox = await startSandbox({ speechJobMs: 200 });
const host = await startHost<{ url: string; folder: string }>('vscode', ['--service-url', sandbox.url], {
  env: { CIRCASSIAN_API_KEY: sandbox.key },
});
const browser = await launchChromium();
try {
  writeFileSync(join(host.ready.folder, FILE), TEXT);
  const page = await browser.newPage({ viewport: { width: 1100, height: 560 } });
  await page.goto(host.ready.url);
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').fill(FILE);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: FILE }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
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

  // Speak Selection: the questions, then the player beside the editor.
  await line(page, 'Хъыбар').click();
  await runFromPalette(page, 'Circassian: Speak Selection');
  for (const title of ['Speech language', 'Voice', 'Speed', 'Voice description']) {
    await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ state: 'visible', timeout: 30_000 });
    if (title === 'Speech language' || title === 'Voice')
      await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
  }
  await page.locator('.webview, iframe.webview').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForTimeout(1_500); // the player's frame paints
  await shot(page, 'speak-selection');
  console.log(join(VSCODE_DIR, 'images'));
} finally {
  await browser.close();
  await host.stop();
  await sandbox.close();
}
