// The translation memory as CAT tools show it and as it learns, in code-server driven in Chromium
// (issue 33), one code-server for both folders (issue 34: a start each cost a minute).
//
// Views, in a folder with a seeded memory and a source language: a seeded memory's near matches
// appear under the hover and in Show Near Matches with their percentages and are written only when
// a person chooses one (the document read before and after); Search Translation Memory finds a
// unit by a word of its translation typed with a Latin I or the digit 1 for the palochka; its
// buttons edit one unit's translation (the memory file then holds a human unit by the editor, its
// creator and file kept) and remove one unit (Enter on the question keeps it; Remove takes that
// unit and no other).
//
// Learning, in a second folder with no source language set: a TMX from another tool, its
// placeholders as typed (`Привет, ${name}!`), imported through the palette, answers Translate
// Selection on a template literal and the hover on a Markdown line with no call to the service (the
// extension masks placeholders before its lookups); a near match a person inserted (the hover's
// Insert, Show Near Matches) and then corrected and saved is taught as a human unit, and the
// extension says so.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

const WORKBENCH_MS = 180_000;

const unit = (source: string, target: string, extra: Partial<MemoryUnitInput>): MemoryUnitInput => ({
  sourceLang: 'ru',
  targetLang: 'kbd',
  source,
  target,
  origin: 'human',
  ...extra,
});

const SEEDED: readonly MemoryUnitInput[] = [
  unit('Откройте этот файл сейчас', 'Мы файлыр иджыпсту зэӀух', {
    creator: 'Amina',
    where: 'docs/intro.md',
    created: '2026-11-20T10:00:00Z',
  }),
  unit('Откройте этот файл позже', 'Мы файлыр иужькӀэ зэӀух', {
    origin: 'machine',
    creator: 'circassian-vscode',
    created: '2026-11-21T10:00:00Z',
  }),
  unit('Доброе утро, друзья', 'Уи пщэддджыжь фӀыуэ, ныбжьэгъухэ', {
    creator: 'Zalina',
    where: 'docs/welcome.md',
    created: '2026-11-22T10:00:00Z',
  }),
  unit('Сохраните все изменения, "сейчас"', 'Псори зэхъуэкӀыныгъэхэр хъумэ, "иджыпсту"', {
    creator: 'Amina',
    created: '2026-11-24T10:00:00Z',
  }),
  unit('Спасибо за вашу помощь', 'Фи дэӀэпыкъуныгъэм папщӀэ фыщӀэс', { creator: 'Zalina', created: '2026-11-23T10:00:00Z' }),
];

const NOTES = 'Откройте этот файл завтра\n\nОткройте этот файл вечером\n\nСпасибо\n';
const LABELS = 'export const hint = "Сохраните все изменения, \\"пожалуйста\\"";\n';

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

/** The learning folder's memory: a person's unit and the service's, one word apart. */
const LEARNING_SEEDED: readonly MemoryUnitInput[] = [
  unit('Откройте этот файл сейчас', 'Мы файлыр иджыпсту зэӀух', { creator: 'Amina', created: '2026-11-20T10:00:00Z' }),
  unit('Откройте этот файл позже', 'Мы файлыр иужькӀэ зэӀух', {
    origin: 'machine',
    creator: 'circassian-vscode',
    created: '2026-11-21T10:00:00Z',
  }),
];

const LEARNING_NOTES = 'Откройте этот файл завтра\n\nОткройте этот файл вечером\n';

let sandbox: RunningSandbox;
let browser: Browser;
let host: HostProcess<Ready>;
let folder: string;
let memoryFile: string;
let learningFolder: string;
let learningMemoryFile: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-memory-views-'));
  memoryFile = join(folder, '.circassian', 'memory.tmx');
  await new TmxFileTranslationMemory(memoryFile).store(SEEDED);
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(
    join(folder, '.vscode', 'settings.json'),
    JSON.stringify(
      {
        'circassian.sourceLanguage': 'ru',
        'circassian.targetLanguage': 'kbd',
        'circassian.hover.enabled': true,
      },
      null,
      2,
    ),
  );
  writeFileSync(join(folder, 'notes.md'), NOTES);
  writeFileSync(join(folder, 'labels.ts'), LABELS);

  learningFolder = mkdtempSync(join(tmpdir(), 'circassian-vscode-memory-learning-'));
  learningMemoryFile = join(learningFolder, '.circassian', 'memory.tmx');
  await new TmxFileTranslationMemory(learningMemoryFile).store(LEARNING_SEEDED);
  mkdirSync(join(learningFolder, '.vscode'));
  // No source language: the memory names it for the texts it knows (no detect call either).
  writeFileSync(
    join(learningFolder, '.vscode', 'settings.json'),
    // Autosave as VS Code for the web has it by default, said here so the learning case does not hang on that default.
    JSON.stringify(
      { 'circassian.targetLanguage': 'kbd', 'circassian.hover.enabled': true, 'files.autoSave': 'afterDelay', 'files.autoSaveDelay': 3000 },
      null,
      2,
    ),
  );
  writeFileSync(join(learningFolder, 'omegat-project.tmx'), OTHER_TOOL_TMX);
  writeFileSync(join(learningFolder, 'app.ts'), APP);
  writeFileSync(join(learningFolder, 'welcome.md'), WELCOME);
  writeFileSync(join(learningFolder, 'notes.md'), LEARNING_NOTES);
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
  if (learningFolder) rmSync(learningFolder, { recursive: true, force: true });
});

/** The same code-server on the learning folder: a workbench of its own, its settings and memory. */
function learningUrl(): string {
  const url = new URL(host.ready.url);
  url.searchParams.set('folder', learningFolder);
  return url.toString();
}

/** A memory file's units (the views folder's unless named), read by core's own store (as another tool or teammate would read the file). */
async function unitsOnDisk(file = memoryFile): Promise<MemoryUnit[]> {
  const units: MemoryUnit[] = [];
  for await (const one of new TmxFileTranslationMemory(file).units()) units.push(one);
  return units;
}

const lineOf = (page: Page, text: string): Locator => page.locator('.monaco-editor .view-line', { hasText: text });
const translateCalls = async (): Promise<number> =>
  (await sandbox.admin.calls({ operation: 'translate' })).length + (await sandbox.admin.calls({ operation: 'batch' })).length;

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

/** Show Hover (Ctrl+K Ctrl+I) at the cursor until one holding `text` shows (the first press may come before the provider is ready). */
async function showHoverWith(page: Page, text: string): Promise<Locator> {
  const hover = page.locator('.monaco-hover', { hasText: text });
  await pressUntilShown(page, ['Control+K', 'Control+I'], hover);
  return hover;
}

test('near matches: under the hover and in Show Near Matches, with percentages and provenance, written only when a person chooses one', async () => {
  const page = await openWorkbench(browser, host.ready.url, WORKBENCH_MS);
  try {
    await openFile(page, 'notes.md');
    const tomorrow = lineOf(page, 'Откройте этот файл завтра');
    await tomorrow.waitFor({ state: 'visible', timeout: 30_000 });
    await tomorrow.locator('span', { hasText: 'завтра' }).first().click();
    const hover = await showHoverWith(page, 'Near matches in the translation memory');
    const shown = (await hover.innerText()).replace(/\u00a0/g, ' ');
    await screenshotIfAsked(page, 'memory-views-hover-near-matches');
    // Two units of 4 words, one word apart: 75% each, the person's translation before the service's.
    expect(shown).toMatch(/75% · Мы файлыр иджыпсту зэӀух[\s\S]*75% · Мы файлыр иужькӀэ зэӀух/);
    expect(shown).toContain('Откройте этот файл сейчас · human translation · Amina');
    expect(shown).toContain('docs/intro.md');
    // Not the exact match: the hover's translation above is it (the service's answer, now kept in the memory).
    expect(shown).not.toContain('100%');
    // A suggestion: the document is as it was until Insert is clicked.
    expect(readFileSync(join(folder, 'notes.md'), 'utf8')).toBe(NOTES);
    await expect.poll(() => page.locator('.monaco-editor .view-line', { hasText: 'Мы файлыр' }).count()).toBe(0);
    await hover
      .locator('a', { hasText: /^Insert$/ })
      .first()
      .click();
    await lineOf(page, 'Мы файлыр иджыпсту зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => tomorrow.count()).toBe(0);
    await screenshotIfAsked(page, 'memory-views-hover-inserted');
    await page.keyboard.press('Escape');

    // Show Near Matches on the next paragraph: the list first, no request made, nothing written.
    const evening = lineOf(page, 'Откройте этот файл вечером');
    await evening.locator('span', { hasText: 'вечером' }).first().click();
    const calls = await translateCalls();
    await runFromPalette(page, 'Circassian: Show Near Matches');
    const best = page.locator('.quick-input-list .monaco-list-row', { hasText: '75% · Мы файлыр иджыпсту зэӀух' });
    await best.waitFor({ state: 'visible', timeout: 30_000 });
    const rows = (await page.locator('.quick-input-list .monaco-list-row').allInnerTexts()).map((row) => row.replace(/\s+/g, ' '));
    // The person's translation first; the service's answers after it (the hover's just kept among them).
    expect(rows[0]).toContain('Откройте этот файл сейчас');
    expect(rows.some((row) => row.includes('75% · Мы файлыр иужькӀэ зэӀух'))).toBe(true);
    expect(rows.at(-1)).toContain('Translate Selection with the service instead');
    await screenshotIfAsked(page, 'memory-views-show-near-matches');
    expect(await evening.count()).toBe(1);
    expect(await translateCalls()).toBe(calls);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'иужькӀэ' }).click();
    await lineOf(page, 'Мы файлыр иужькӀэ зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await evening.count()).toBe(0);
    expect(await translateCalls()).toBe(calls);
    await screenshotIfAsked(page, 'memory-views-near-match-written');

    // In code: the hover's Insert on a string literal writes the match escaped for its quotes.
    await openFile(page, 'labels.ts');
    const literal = lineOf(page, 'пожалуйста');
    await literal.waitFor({ state: 'visible', timeout: 30_000 });
    await literal.locator('span', { hasText: 'Сохраните' }).first().click();
    const codeHover = await showHoverWith(page, 'Near matches in the translation memory');
    await screenshotIfAsked(page, 'memory-views-hover-code');
    await codeHover
      .locator('p', { hasText: 'иджыпсту' })
      .locator('a', { hasText: /^Insert$/ })
      .click();
    await expect
      .poll(async () => (await page.locator('.monaco-editor .view-line').allInnerTexts()).join('\n').replace(/\u00a0/g, ' '))
      .toContain('export const hint = "Псори зэхъуэкӀыныгъэхэр хъумэ, \\"иджыпсту\\"";');
    await screenshotIfAsked(page, 'memory-views-hover-code-inserted');
  } finally {
    await page.close();
  }
});

/** Opens Search Translation Memory and types `words`; resolves with the row of the unit whose translation holds `target`. */
async function search(page: Page, words: string, target: string): Promise<Locator> {
  await runFromPalette(page, 'Circassian: Search Translation Memory');
  const input = page.locator('.quick-input-widget input');
  await page.locator('.quick-input-widget', { hasText: 'Search the translation memory' }).waitFor({ state: 'visible', timeout: 30_000 });
  await input.fill(words);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: target });
  await row.first().waitFor({ state: 'visible', timeout: 30_000 });
  return row.first();
}

test('Search Translation Memory finds a unit by a word of its translation typed with I or 1 for the palochka; its buttons edit that unit and remove another, the file changing as asked', async () => {
  const page = await openWorkbench(browser, host.ready.url, WORKBENCH_MS);
  try {
    await openFile(page, 'notes.md');
    await lineOf(page, 'Спасибо').first().waitFor({ state: 'visible', timeout: 30_000 });
    // A Latin capital I for the palochka, in a word of the translation; the provenance under it.
    let row = await search(page, 'фIыуэ', 'Уи пщэддджыжь фӀыуэ');
    const text = (await row.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Доброе утро, друзья');
    expect(text).toMatch(/human translation · Zalina · .* · docs\/welcome\.md · ru → kbd/);
    await screenshotIfAsked(page, 'memory-views-search');
    await page.keyboard.press('Escape');

    // The digit 1 for it; then the row's edit button, the translation changed in the input box.
    row = await search(page, 'ПЩЭДДДЖЫЖЬ Ф1ЫУЭ', 'Уи пщэддджыжь фӀыуэ');
    await row.hover();
    await row.locator('.action-label.codicon-edit').click();
    const box = page.locator('.quick-input-widget input');
    await page
      .locator('.quick-input-widget', { hasText: 'Edit the translation of “Доброе утро, друзья”' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    expect(await box.inputValue()).toBe('Уи пщэддджыжь фӀыуэ, ныбжьэгъухэ');
    await screenshotIfAsked(page, 'memory-views-edit');
    await box.fill('Уи пщэддджыжь фӀыуэ, си ныбжьэгъу лъапӀэхэ');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await unitsOnDisk()).find((one) => one.source === 'Доброе утро, друзья')?.target, { timeout: 30_000 })
      .toBe('Уи пщэддджыжь фӀыуэ, си ныбжьэгъу лъапӀэхэ');
    const edited = (await unitsOnDisk()).find((one) => one.source === 'Доброе утро, друзья');
    expect(edited).toMatchObject({ origin: 'human', creator: 'Zalina', where: 'docs/welcome.md', created: '2026-11-22T10:00:00Z' });
    // The editor is the person at this machine (no circassian.memory.author: Git's name or the user name), not Zalina.
    expect(edited?.changer).toBeTruthy();
    expect(edited?.changer).not.toBe('Zalina');
    // The search opens again on the same words, the unit's new translation in it.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'си ныбжьэгъу лъапӀэхэ' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.press('Escape');

    // Remove one unit: Enter on the question keeps it (the focused answer), Remove takes it.
    const removeButton = async (): Promise<void> => {
      const thanks = await search(page, 'спасибо', 'Фи дэӀэпыкъуныгъэм');
      await thanks.hover();
      await thanks.locator('.action-label.codicon-trash').click();
      await page
        .locator('.quick-input-widget', { hasText: 'Remove “Спасибо за вашу помощь”' })
        .waitFor({ state: 'visible', timeout: 10_000 });
      await page
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Keep it' })
        .waitFor({ state: 'visible', timeout: 10_000 });
    };
    const before = (await unitsOnDisk()).map((one) => one.source);
    await removeButton();
    await screenshotIfAsked(page, 'memory-views-remove-question');
    await page.keyboard.press('Enter');
    // Kept, and the search back on its words.
    await page
      .locator('.quick-input-list .monaco-list-row', { hasText: 'Фи дэӀэпыкъуныгъэм' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    expect((await unitsOnDisk()).map((one) => one.source)).toContain('Спасибо за вашу помощь');
    await page.keyboard.press('Escape');
    await removeButton();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Remove this unit' }).click();
    await expect
      .poll(async () => (await unitsOnDisk()).map((one) => one.source), { timeout: 30_000 })
      .not.toContain('Спасибо за вашу помощь');
    // That one unit and no other (the seeded ones and what the first case's hover kept stay).
    expect((await unitsOnDisk()).map((one) => one.source).sort()).toEqual(
      before.filter((source) => source !== 'Спасибо за вашу помощь').sort(),
    );
    await screenshotIfAsked(page, 'memory-views-removed');

    // The same edit from Review Translation Memory: everyone's units, a row's edit button.
    await runFromPalette(page, 'Circassian: Review Translation Memory...');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Everyone' }).click();
    const amina = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Откройте этот файл сейчас' }).first();
    await amina.waitFor({ state: 'visible', timeout: 30_000 });
    await amina.hover();
    await amina.locator('.action-label.codicon-edit').click();
    await page
      .locator('.quick-input-widget', { hasText: 'Edit the translation of “Откройте этот файл сейчас”' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('.quick-input-widget input').fill('Мы файлыр иджыпсту зэӀух, кхъыӀэ');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await unitsOnDisk()).find((one) => one.source === 'Откройте этот файл сейчас')?.target, { timeout: 30_000 })
      .toBe('Мы файлыр иджыпсту зэӀух, кхъыӀэ');
    expect((await unitsOnDisk()).find((one) => one.source === 'Откройте этот файл сейчас')).toMatchObject({
      origin: 'human',
      creator: 'Amina',
      where: 'docs/intro.md',
    });
    // The review again, as it is now.
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'кхъыӀэ' }).waitFor({ state: 'visible', timeout: 10_000 });
    await screenshotIfAsked(page, 'memory-views-review-edited');
    await page.keyboard.press('Escape');
  } finally {
    await page.close();
  }
});

test('in a folder not trusted, Show Near Matches and Search Translation Memory read nothing of the folder’s memory and say why; its file stays byte for byte', async () => {
  const untrusted = await startHost<Ready>('vscode', ['--service-url', sandbox.url, '--folder', folder, '--workspace-trust'], {
    env: { CIRCASSIAN_API_KEY: sandbox.key },
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
  const file = readFileSync(memoryFile, 'utf8');
  try {
    await page.goto(untrusted.ready.url, { waitUntil: 'commit' });
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'visible', timeout: WORKBENCH_MS });
    await openFile(page, 'notes.md');
    await lineOf(page, 'Спасибо').first().click();
    const restricted = page.locator('.notifications-toasts .notification-toast', {
      hasText: /translation memory is neither read nor changed/,
    });
    for (const command of ['Circassian: Show Near Matches', 'Circassian: Search Translation Memory']) {
      await runFromPalette(page, command);
      await restricted.first().waitFor({ state: 'visible', timeout: 30_000 });
      await screenshotIfAsked(page, 'memory-views-untrusted');
      await page.keyboard.press('Escape');
      // No search box and no list of matches opened.
      expect(await page.locator('.quick-input-widget', { hasText: /Search the translation memory|Near matches for/ }).isVisible()).toBe(
        false,
      );
      await runFromPalette(page, 'Notifications: Clear All Notifications');
      await restricted.first().waitFor({ state: 'hidden', timeout: 10_000 });
    }
    expect(readFileSync(memoryFile, 'utf8')).toBe(file);
  } finally {
    await page.close();
    expect(await untrusted.stop()).toBe(0);
  }
});

test('a TMX from another tool, imported, answers Translate Selection and the hover with its placeholders as typed: no call', async () => {
  const page = await openWorkbench(browser, learningUrl());
  try {
    await runFromPalette(page, 'Circassian: Import Translation Memory (TMX)...');
    await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'omegat-project.tmx' }).click();
    // A click that only chose the row (the dialog still open) is confirmed as a person would, with Enter.
    await page.waitForTimeout(1_000);
    if (await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).isVisible()) await page.keyboard.press('Enter');
    await toast(page, '2 translation units imported').waitFor({ state: 'visible', timeout: 30_000 });
    // Kept as the file had them: an export gives the other tool its placeholders back.
    const imported = (await unitsOnDisk(learningMemoryFile)).filter((one) => one.source.includes('name'));
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

/** The learning memory as this case first found it: a retry starts from it again, not from what the failed try taught. */
let learningMemoryBefore: Buffer | undefined;

test('a near match inserted by the hover or Show Near Matches, corrected and saved, is taught as a human unit and said', async () => {
  learningMemoryBefore ??= readFileSync(learningMemoryFile);
  writeFileSync(learningMemoryFile, learningMemoryBefore);
  writeFileSync(join(learningFolder, 'notes.md'), LEARNING_NOTES);
  const page = await openWorkbench(browser, learningUrl());
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

    // The translator corrects one word ("now" to "tomorrow") in two bursts, autosave saving in the
    // pause between them, then saves.
    await inserted.click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Control+Shift+ArrowRight');
    await page.keyboard.type(' пщэд');
    const tomorrowUnits = async (): Promise<MemoryUnit[]> =>
      (await unitsOnDisk(learningMemoryFile)).filter((one) => one.source === 'Откройте этот файл завтра');
    // The autosave taught the half-typed word (quietly): the memory file holds it.
    await expect.poll(async () => (await tomorrowUnits()).map((one) => one.target), { timeout: 30_000 }).toEqual(['Мы файлыр пщэд зэӀух']);
    // Ctrl+S straight after the typing, before the autosave's delay: VS Code saves nothing (and
    // fires no save event) for a document an autosave has just saved.
    await page.keyboard.type('ей');
    await page.keyboard.press('Control+S');
    await lineOf(page, 'Мы файлыр пщэдей зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    const taught = toast(page, 'Your correction is kept in the translation memory').filter({ hasText: 'пщэдей' }).last();
    await taught.waitFor({ state: 'visible', timeout: 30_000 });
    expect((await taught.innerText()).replace(/\s+/g, ' ')).toContain('“Откройте этот файл завтра” is translated “Мы файлыр пщэдей зэӀух”');
    await screenshotIfAsked(page, 'memory-near-match-correction-taught');
    // One notification for the correction, the whole word's: the autosave's said nothing (the
    // notification centre lists every one, toasts that have hidden too).
    await runFromPalette(page, 'Notifications: Show Notifications');
    const said = page.locator('.notifications-center .notification-list-item', {
      hasText: 'Your correction is kept in the translation memory',
    });
    await said.first().waitFor({ state: 'visible', timeout: 10_000 });
    expect(await said.allInnerTexts()).toHaveLength(1);
    // One unit, the final text: the half-typed one replaced, not kept beside it.
    await expect
      .poll(async () =>
        (await tomorrowUnits()).map(({ target, origin, sourceLang, targetLang }) => ({ target, origin, sourceLang, targetLang })),
      )
      .toEqual([{ target: 'Мы файлыр пщэдей зэӀух', origin: 'human', sourceLang: 'ru', targetLang: 'kbd' }]);
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
    await page.keyboard.press('Control+S');
    await lineOf(page, 'Мы файлыр пщыхьэщхьэм зэӀух').waitFor({ state: 'visible', timeout: 10_000 });
    const second = toast(page, 'Откройте этот файл вечером').filter({ hasText: 'пщыхьэщхьэм' }).last();
    await second.waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'memory-show-near-matches-correction-taught');
    await expect
      .poll(async () => (await unitsOnDisk(learningMemoryFile)).find((one) => one.source === 'Откройте этот файл вечером'))
      .toMatchObject({ target: 'Мы файлыр пщыхьэщхьэм зэӀух', origin: 'human' });
  } finally {
    await page.close();
  }
});
