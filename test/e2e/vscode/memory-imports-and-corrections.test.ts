// The workspace memory learning from what a person brings and corrects, in code-server driven in
// Chromium (issue 33): a TMX from another tool, its placeholders as typed (`Привет, ${name}!`),
// imported through the palette, answers Translate Selection on a template literal and the hover
// on a Markdown line with no call to the service (the extension masks placeholders before its
// lookups); a near match a person inserted (the hover's Insert, Show Near Matches) and then
// corrected and saved is taught as a human unit, and the extension says so.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { TmxFileTranslationMemory, type MemoryUnit, type MemoryUnitInput } from '@circassian/core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import {
  openFile,
  openWorkbench,
  pressUntilShown,
  runFromPalette,
  screenshotIfAsked,
} from '@circassian/test-support/hosts/vscode/workbench.js';

interface Ready {
  readonly url: string;
  readonly folder: string;
}

/** A TMX as OmegaT writes it: placeholders as typed, one of them inside a `<ph>`. */
const OTHER_TOOL_TMX = `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header creationtool="OmegaT" creationtoolversion="6.0" srclang="ru" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="OmegaT TMX"/>
<body>
<tu><tuv xml:lang="ru"><seg>Привет, \${name}!</seg></tuv><tuv xml:lang="kbd"><seg>Сэлам, \${name}!</seg></tuv></tu>
<tu><tuv xml:lang="ru"><seg>Добро пожаловать, <ph x="1">{name}</ph>!</seg></tuv><tuv xml:lang="kbd"><seg>Къеблагъэ, <ph x="1">{name}</ph>!</seg></tuv></tu>
</body></tmx>
`;

const APP = 'export const greeting = `Привет, ${name}!`;\n';
const WELCOME = '# Гости\n\nДобро пожаловать, {name}!\n';

const unit = (source: string, target: string, extra: Partial<MemoryUnitInput>): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  ...extra,
});

const SEEDED: readonly MemoryUnitInput[] = [
  unit('Откройте этот файл сейчас', 'Мы файлыр иджыпсту зэӀух', { creator: 'Amina', created: '2026-11-20T10:00:00Z' }),
  unit('Откройте этот файл позже', 'Мы файлыр иужькӀэ зэӀух', {
    origin: 'machine',
    creator: 'circassian-vscode',
    created: '2026-11-21T10:00:00Z',
  }),
];

const NOTES = 'Откройте этот файл завтра\n\nОткройте этот файл вечером\n';

let sandbox: RunningSandbox;
let browser: Browser;
let host: HostProcess<Ready>;
let folder: string;
let memoryFile: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-memory-learning-'));
  memoryFile = join(folder, '.circassian', 'memory.tmx');
  await new TmxFileTranslationMemory(memoryFile).store(SEEDED);
  mkdirSync(join(folder, '.vscode'));
  // No source language: the memory names it for the texts it knows (no detect call either).
  writeFileSync(
    join(folder, '.vscode', 'settings.json'),
    JSON.stringify({ 'circassian.targetLanguage': 'kbd', 'circassian.hover.enabled': true }, null, 2),
  );
  writeFileSync(join(folder, 'omegat-project.tmx'), OTHER_TOOL_TMX);
  writeFileSync(join(folder, 'app.ts'), APP);
  writeFileSync(join(folder, 'welcome.md'), WELCOME);
  writeFileSync(join(folder, 'notes.md'), NOTES);
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

async function unitsOnDisk(): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const one of new TmxFileTranslationMemory(memoryFile).units()) units.push(one);
  return units;
}

const lineOf = (page: Page, text: string): Locator => page.locator('.monaco-editor .view-line', { hasText: text });
const editorText = async (page: Page): Promise<string> =>
  (await page.locator('.monaco-editor .view-line').allInnerTexts()).join('\n').replace(/\u00a0/g, ' ');
const toast = (page: Page, text: string): Locator => page.locator('.notifications-toasts .notification-toast', { hasText: text });
/** Every call that translates or names a language. */
const serviceCalls = async (): Promise<number> =>
  (
    await Promise.all(
      (['translate', 'batch', 'detect'] as const).map(async (operation) => (await sandbox.admin.calls({ operation })).length),
    )
  ).reduce((a, b) => a + b, 0);

test('a TMX from another tool, imported, answers Translate Selection and the hover with its placeholders as typed: no call', async () => {
  const page = await openWorkbench(browser, host.ready.url);
  try {
    await runFromPalette(page, 'Circassian: Import Translation Memory (TMX)...');
    await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'omegat-project.tmx' }).click();
    // A click that only chose the row (the dialog still open) is confirmed as a person would, with Enter.
    await page.waitForTimeout(1_000);
    if (await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).isVisible()) await page.keyboard.press('Enter');
    await toast(page, '2 translation units imported').waitFor({ state: 'visible', timeout: 30_000 });
    // Kept as the file had them: an export gives the other tool its placeholders back.
    const imported = (await unitsOnDisk()).filter((one) => one.source.includes('name'));
    expect(imported.map((one) => [one.source, one.target])).toEqual([
      ['Привет, ${name}!', 'Сэлам, ${name}!'],
      ['Добро пожаловать, {name}!', 'Къеблагъэ, {name}!'],
    ]);
    await runFromPalette(page, 'Notifications: Clear All Notifications');
    const calls = await serviceCalls();

    // Translate Selection on the template literal: the extension looks up `Привет, ⟦0⟧!`.
    await openFile(page, 'app.ts');
    const literal = lineOf(page, 'Привет');
    await literal.waitFor({ state: 'visible', timeout: 30_000 });
    // The cursor inside the literal, after its placeholder (`!` is the literal's last character).
    await literal.click();
    await page.keyboard.press('End');
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowLeft');
    await runFromPalette(page, 'Circassian: Translate Selection');
    await expect.poll(() => editorText(page)).toContain('export const greeting = `Сэлам, ${name}!`;');
    await screenshotIfAsked(page, 'memory-imported-selection');
    expect(await serviceCalls()).toBe(calls);

    // The hover on a Markdown line with `{name}`: the imported translation, said to come from the memory.
    await openFile(page, 'welcome.md');
    const welcome = lineOf(page, 'Добро пожаловать');
    await welcome.waitFor({ state: 'visible', timeout: 30_000 });
    await welcome.locator('span', { hasText: 'пожаловать' }).first().click();
    const hover = page.locator('.monaco-hover', { hasText: 'Къеблагъэ' });
    await pressUntilShown(page, ['Control+K', 'Control+I'], hover);
    const shown = (await hover.innerText()).replace(/\u00a0/g, ' ');
    await screenshotIfAsked(page, 'memory-imported-hover');
    expect(shown).toContain('Къеблагъэ, {name}!');
    expect(shown).toContain('from the translation memory');
    // Its Replace writes the memory's answer (it wrote nothing on one before: "the text changed").
    await hover.locator('a', { hasText: /^Replace$/ }).click();
    await expect.poll(() => editorText(page)).toContain('Къеблагъэ, {name}!');
    expect(await lineOf(page, 'Добро пожаловать').count()).toBe(0);
    await screenshotIfAsked(page, 'memory-imported-hover-replaced');
    expect(await serviceCalls()).toBe(calls);
  } finally {
    await page.close();
  }
});

test('a near match inserted by the hover or Show Near Matches, corrected and saved, is taught as a human unit and said', async () => {
  const page = await openWorkbench(browser, host.ready.url);
  try {
    await openFile(page, 'notes.md');
    const tomorrow = lineOf(page, 'Откройте этот файл завтра');
    await tomorrow.waitFor({ state: 'visible', timeout: 30_000 });
    await tomorrow.locator('span', { hasText: 'завтра' }).first().click();
    const hover = page.locator('.monaco-hover', { hasText: 'Near matches in the translation memory' });
    await pressUntilShown(page, ['Control+K', 'Control+I'], hover);
    await hover
      .locator('p', { hasText: 'Мы файлыр иджыпсту зэӀух' })
      .locator('a', { hasText: /^Insert$/ })
      .click();
    const inserted = lineOf(page, 'Мы файлыр иджыпсту зэӀух');
    await inserted.waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Escape');

    // The translator corrects one word ("now" to "tomorrow") and saves.
    await inserted.click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type(' пщэдей');
    await lineOf(page, 'Мы файлыр пщэдей зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Control+S');
    const taught = toast(page, 'Your correction is kept in the translation memory');
    await taught.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await taught.innerText()).replace(/\s+/g, ' ')).toContain('“Откройте этот файл завтра” is translated “Мы файлыр пщэдей зэӀух”');
    await screenshotIfAsked(page, 'memory-near-match-correction-taught');
    await expect
      .poll(async () => (await unitsOnDisk()).find((one) => one.source === 'Откройте этот файл завтра'))
      .toMatchObject({ target: 'Мы файлыр пщэдей зэӀух', origin: 'human', sourceLang: 'ru', targetLang: 'kbd' });
    await runFromPalette(page, 'Notifications: Clear All Notifications');

    // Show Near Matches on the next paragraph: the service's match chosen, then corrected.
    const evening = lineOf(page, 'Откройте этот файл вечером');
    await evening.locator('span', { hasText: 'вечером' }).first().click();
    await runFromPalette(page, 'Circassian: Show Near Matches');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'иужькӀэ' });
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await row.click();
    const chosen = lineOf(page, 'Мы файлыр иужькӀэ зэӀух');
    await chosen.waitFor({ state: 'visible', timeout: 10_000 });
    await chosen.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+ArrowLeft');
    await page.keyboard.press('Control+ArrowLeft');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type('пщыхьэщхьэм');
    await lineOf(page, 'Мы файлыр пщыхьэщхьэм зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Control+S');
    const second = toast(page, 'Откройте этот файл вечером');
    await second.waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'memory-show-near-matches-correction-taught');
    await expect
      .poll(async () => (await unitsOnDisk()).find((one) => one.source === 'Откройте этот файл вечером'))
      .toMatchObject({ target: 'Мы файлыр пщыхьэщхьэм зэӀух', origin: 'human' });
  } finally {
    await page.close();
  }
});
