// Read-along in code-server, driven in Chromium as a person uses it (issue 35): Speak Selection from
// the palette on a paragraph of three sentences; while the player beside the editor plays, the
// sentence being read is marked in the editor (a background and a 2 px border under it, so not by
// colour alone), the mark moves to the next sentences as the audio goes on, and it is gone when
// the audio has ended. Screenshots with CIRCASSIAN_SCREENSHOTS.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import { openFile, openWorkbench, runFromPalette, screenshotIfAsked } from '@circassian/test-support/hosts/vscode/workbench.js';

interface Ready {
  readonly url: string;
  readonly folder: string;
}

const FILE = 'story.md';
const PARAGRAPH = 'Сэ сыкӀуэнущ пщэдджыжьым. Уи пщэддджыжь фӀыуэ, си ныбжьэгъу! Тхьэм уигъэпсэу, ди унэм укъэкӀуэжмэ.';

let sandbox: RunningSandbox;
let browser: Browser;
let host: HostProcess<Ready>;

beforeAll(async () => {
  sandbox = await startSandbox();
  host = await startHost<Ready>('vscode', ['--service-url', sandbox.url], { env: { CIRCASSIAN_API_KEY: sandbox.key } });
  writeFileSync(join(host.ready.folder, FILE), `# Хъыбар\n\n${PARAGRAPH}\n`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  expect(await host?.stop()).toBe(0);
  await sandbox?.close();
});

/**
 * Where the read-along mark is on screen, if it is: the editor's decoration with a 2 px solid
 * border under it (no other decoration of the workbench draws one). Its left edge and width say
 * which sentence it is on.
 */
async function markOn(page: Page): Promise<{ left: number; width: number; top: number } | undefined> {
  // A string: the test project has no DOM types, and this runs in the page.
  const found: unknown = await page.evaluate(`(() => {
    for (const element of document.querySelectorAll('.monaco-editor .view-overlays div, .monaco-editor .view-lines span')) {
      const style = getComputedStyle(element);
      if (style.borderBottomWidth === '2px' && style.borderBottomStyle === 'solid') {
        const box = element.getBoundingClientRect();
        if (box.width > 0) return { left: Math.round(box.left), width: Math.round(box.width), top: Math.round(box.top) };
      }
    }
    return null;
  })()`);
  return (found as { left: number; width: number; top: number } | null) ?? undefined;
}

test('Speak Selection marks the sentence being read in the editor, moves the mark as the audio goes on, and takes it away at the end', async () => {
  const page = await openWorkbench(browser, host.ready.url);
  try {
    await openFile(page, FILE);
    const paragraph = page.locator('.monaco-editor .view-line', { hasText: 'уигъэпсэу' });
    await paragraph.waitFor({ state: 'visible', timeout: 30_000 });
    await paragraph.click();
    expect(await markOn(page)).toBeUndefined();
    await runFromPalette(page, 'Circassian: Speak Selection');

    // The first sentence marked while the player plays.
    await page.getByRole('button', { name: 'Pause the speech' }).waitFor({ state: 'visible', timeout: 60_000 });
    await expect.poll(() => markOn(page), { timeout: 30_000 }).toBeDefined();
    const first = await markOn(page);
    await screenshotIfAsked(page, 'read-along-first-sentence');
    // Then further along the same line: another sentence, to the right of the first.
    await expect
      .poll(async () => (await markOn(page))?.left ?? 0, { timeout: 30_000 })
      .toBeGreaterThan((first?.left ?? 0) + (first?.width ?? 0) - 1);
    await screenshotIfAsked(page, 'read-along');
    // The audio ends: the buttons go, and the mark with them.
    await page.getByRole('button', { name: 'Pause the speech' }).waitFor({ state: 'hidden', timeout: 60_000 });
    await expect.poll(() => markOn(page), { timeout: 10_000 }).toBeUndefined();
  } finally {
    await page.close();
  }
});
