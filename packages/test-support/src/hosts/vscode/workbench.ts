// What a person does in the code-server workbench that `pnpm host vscode` serves, for the UI test
// (test/e2e/vscode/palette.test.ts) and the README pictures (scripts/release/vscode-screenshots.ts).
import type { Page } from 'playwright-core';

/** Runs a command palette command by its title, retrying until the extension has registered it. */
export async function runFromPalette(page: Page, title: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    const row = page.locator('.quick-input-list .monaco-list-row', {
      has: page.locator('.label-name', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}$`, 'u') }),
    });
    try {
      await row.first().waitFor({ state: 'visible', timeout: 3_000 });
      await row.first().click();
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}
