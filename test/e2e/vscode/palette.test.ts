// One UI test in Chromium against `pnpm host vscode` as users run it: the extension installed from
// its .vsix, the key only in code-server's environment. Runs "Circassian: Translate Selection"
// from the command palette and checks the document changed and the service was called; hover
// translation in a trusted folder and, on a host started with --workspace-trust, in one not trusted
// (where nothing reads or changes the translation memory either).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import {
  openFile,
  openUserSetting,
  openWorkbench,
  pressUntilShown,
  runFromPalette,
  screenshotIfAsked,
} from '@circassian/test-support/hosts/vscode/workbench.js';

interface Ready {
  readonly url: string;
  readonly folder: string;
}

let sandbox: RunningSandbox;
let host: HostProcess<Ready>;
let browser: Browser;

beforeAll(async () => {
  // Slow speech jobs, so the UI test can cancel the wait while one runs.
  sandbox = await startSandbox({ speechJobMs: 4_000 });
  host = await startHost<Ready>('vscode', ['--service-url', sandbox.url], { env: { CIRCASSIAN_API_KEY: sandbox.key } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  expect(await host?.stop()).toBe(0);
  await sandbox?.close();
});

/**
 * Opens the editor's hover at the cursor (Show Hover, Ctrl+K Ctrl+I) until one with `text` shows: a
 * person presses it again when the first press came before the extension's hover provider was ready.
 */
async function showHoverWith(page: Page, text: string | RegExp, name: string): Promise<Locator> {
  const hover = page.locator('.monaco-hover', { hasText: text });
  try {
    await pressUntilShown(page, ['Control+K', 'Control+I'], hover);
  } catch (error) {
    await screenshotIfAsked(page, `${name}-failed`);
    throw error;
  }
  return hover;
}

test('the ready line names the URL and an absolute workspace folder with a sample file', () => {
  expect(host.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?folder=/);
  expect(isAbsolute(host.ready.folder)).toBe(true);
  expect(existsSync(join(host.ready.folder, 'sample.md'))).toBe(true);
});

/** How long the workbench may take to appear: minutes on a machine busy with other hosts. */
const WORKBENCH_MS = 180_000;

/** Opens the workbench and a file of the workspace through Quick Open, as a user would. */
async function openInWorkbench(file: string): Promise<Page> {
  const page = await openWorkbench(browser, host.ready.url, WORKBENCH_MS);
  await openFile(page, file);
  return page;
}

/** A step of the open walkthrough, by its title. */
function walkthroughStep(page: Page, title: string): Locator {
  return page.locator('.getting-started-step', { hasText: title });
}

/** The step's tick or its empty circle; visible ones only: the Welcome page keeps a walkthrough it left in its DOM, hidden. */
function walkthroughTick(page: Page, title: string, state: 'checked' | 'unchecked'): Locator {
  return walkthroughStep(page, title).locator(`.codicon-getting-started-step-${state}`).filter({ visible: true });
}

/** Opens the walkthrough "Get started with Circassian" on the Welcome page, from the palette. */
async function openWalkthrough(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    await runFromPalette(page, 'Welcome: Open Walkthrough...');
    try {
      // The walkthrough picker can close under the typing as the palette can (see runFromPalette).
      await page.locator('.quick-input-widget input').fill('Get started with Circassian', { timeout: 10_000 });
      // Enter, not a click: the row's tooltip can cover it.
      await page
        .locator('.quick-input-list .monaco-list-row.focused', { hasText: 'Get started with Circassian' })
        .waitFor({ state: 'visible', timeout: 15_000 });
      await page.keyboard.press('Enter');
      return;
    } catch (error) {
      await page.keyboard.press('Escape');
      if (Date.now() > deadline) throw error;
    }
  }
}

test('the walkthrough in the Welcome tab: the address and key steps are ticked for an editor set up; Try a Translation translates the line of the file the user was in', async () => {
  writeFileSync(join(host.ready.folder, 'welcome-try.md'), 'Уи пщэддджыжь фӀыуэ!\n');
  const page = await openInWorkbench('welcome-try.md');
  const line = page.locator('.monaco-editor .view-line', { hasText: 'Уи пщэддджыжь' });
  await line.waitFor({ state: 'visible', timeout: 30_000 });
  await line.click();
  await page.locator('.statusbar-item', { hasText: '→ ru' }).waitFor({ state: 'visible', timeout: 60_000 });
  await openWalkthrough(page);
  const step = (title: string): Locator => walkthroughStep(page, title);
  const ticked = (title: string): Locator => walkthroughTick(page, title, 'checked');
  // The address (a setting here) and the key (in the environment) are there: both steps ticked
  // (they stayed unticked when the Welcome page opened after the extension set its context keys).
  await ticked('Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
  await ticked('Set your API key').waitFor({ state: 'visible', timeout: 10_000 });
  expect(await ticked('Translate a line').count()).toBe(0);
  await screenshotIfAsked(page, 'walkthrough-set-up');
  const before = (await sandbox.admin.calls({ operation: 'batch' })).length;
  await step('Translate a line').click();
  await step('Translate a line').locator('.monaco-button, a', { hasText: 'Try a Translation' }).first().click();
  // The translation goes below the line of the file the user was in, not into a sample.
  await page.locator('.tab.active', { hasText: 'welcome-try.md' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.monaco-editor .view-line', { hasText: '[ru] ' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  expect(await page.locator('.monaco-editor .view-line', { hasText: 'Уи пщэддджыжь фӀыуэ!' }).count()).toBe(1);
  expect((await sandbox.admin.calls({ operation: 'batch' })).length - before).toBe(1);
  await screenshotIfAsked(page, 'walkthrough-try');
  await page.keyboard.press('Control+S');
  await page.locator('.tab', { hasText: /^\s*Welcome\s*$/ }).click();
  await ticked('Translate a line').waitFor({ state: 'visible', timeout: 10_000 });
  await screenshotIfAsked(page, 'walkthrough-done');
  await page.close();
});

test('"Circassian: Translate Selection" from the command palette translates the line under the cursor', async () => {
  const page = await openInWorkbench('sample.md');
  // The status bar shows the target language.
  await page.locator('.statusbar-item', { hasText: '→ ru' }).waitFor({ state: 'visible', timeout: 60_000 });
  const line = page.locator('.monaco-editor .view-line', { hasText: 'Сэ сыкIуэнущ.' });
  await line.waitFor({ state: 'visible', timeout: 30_000 });
  await line.click();
  const before = (await sandbox.admin.calls({ operation: 'batch' })).length;
  await runFromPalette(page, 'Circassian: Translate Selection');
  await page.locator('.monaco-editor .view-line', { hasText: '[ru] ' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  expect(await page.locator('.monaco-editor .view-line', { hasText: 'Сэ сыкIуэнущ.' }).count()).toBe(0);
  const batches = await sandbox.admin.calls({ operation: 'batch' });
  expect(batches.length - before).toBe(1);
  expect(batches[0]?.outcome).toBe('ok');

  // A refused key: the message offers "Set API Key"; the new key is stored and the action retried.
  const issued = await sandbox.admin.createKey({ name: 'ui-test' });
  await sandbox.admin.injectFault({ operation: 'batch', error_type: 'unauthorized', count: 1 });
  const second = page.locator('.monaco-editor .view-line', { hasText: 'Пщы1уэ мэкIуэ' });
  await second.click();
  await runFromPalette(page, 'Circassian: Translate Selection');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'refused the API key' });
  await toast.waitFor({ state: 'visible', timeout: 30_000 });
  await toast.locator('.monaco-button', { hasText: 'Set API Key' }).click();
  const keyInput = page.locator('.quick-input-widget input[type="password"]');
  await keyInput.waitFor({ state: 'visible', timeout: 10_000 });
  await keyInput.fill(issued.key);
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-line', { hasText: '[ru] Пщы' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  const [retried] = await sandbox.admin.calls({ operation: 'batch' });
  expect(retried?.outcome).toBe('ok');
  expect(retried?.key).toBe(issued.prefix);
  await page.close();
});

test('after Translate From into English, the next "into" picker opens on the current target (ru), not on the last pick', async () => {
  const page = await openInWorkbench('sample.md');
  const heading = page.locator('.monaco-editor .view-line', { hasText: 'Кабардей псалъэхэр' });
  await heading.waitFor({ state: 'visible', timeout: 60_000 });
  const input = page.locator('.quick-input-widget input');
  /** Runs Translate From with the source `kbd` and waits for the "into" picker. */
  const translateFromKabardian = async (line: Locator): Promise<void> => {
    await line.click();
    await runFromPalette(page, 'Circassian: Translate Selection From...');
    await page.locator('.quick-input-widget', { hasText: 'Translate from' }).waitFor({ state: 'visible', timeout: 30_000 });
    await input.fill('kbd');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'kbd' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget', { hasText: 'Translate from kbd into' }).waitFor({ state: 'visible', timeout: 10_000 });
  };
  await translateFromKabardian(heading);
  await input.fill('English');
  await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'en' }).waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-line', { hasText: '[en] ' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  // English is now the first of the preferred languages; Enter must still mean the target, ru.
  await translateFromKabardian(page.locator('.monaco-editor .view-line', { hasText: 'Select a line and run' }));
  const focused = page.locator('.quick-input-list .monaco-list-row.focused');
  await focused.waitFor({ state: 'visible', timeout: 10_000 });
  expect(await focused.innerText()).toMatch(/ru · current/);
  await page.keyboard.press('Escape');
  await page.close();
});

test('the translation memory from the palette: Export through the save dialog, Clear asks first and Enter keeps every unit, Import through the open dialog', async () => {
  const memoryFile = join(host.ready.folder, '.circassian', 'memory.tmx');
  mkdirSync(join(host.ready.folder, '.circassian'), { recursive: true });
  writeFileSync(
    memoryFile,
    `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/><body>\n` +
      `<tu><tuv xml:lang="en"><seg>The well is dry</seg></tuv><tuv xml:lang="kbd"><seg>Псы кууейр гъущащ</seg></tuv></tu>\n` +
      `<tu><prop type="x-circassian-origin">machine</prop><tuv xml:lang="en"><seg>The road is long</seg></tuv><tuv xml:lang="kbd"><seg>[kbd] Гъуэгур кІыхьщ</seg></tuv></tu>\n` +
      `</body></tmx>\n`,
  );
  const units = (): number => (readFileSync(memoryFile, 'utf8').match(/<tu[ >]/gu) ?? []).length;
  const exported = join(host.ready.folder, 'translation-memory.tmx');
  const page = await openInWorkbench('sample.md');
  const input = page.locator('.quick-input-widget input');
  const toast = (text: string): Locator => page.locator('.notifications-toasts .notification-toast', { hasText: text });
  // VS Code's simple file dialog can accept before it has read a path typed into it (it saved to
  // its default name under load): the test picks as a person does, the suggested name when saving
  // and the file's row when opening, typing nothing.

  await runFromPalette(page, 'Circassian: Export Translation Memory (TMX)...');
  await page.locator('.quick-input-widget', { hasText: 'Export Translation Memory' }).waitFor({ state: 'visible', timeout: 30_000 });
  await expect.poll(() => input.inputValue()).toBe(exported);
  await page.keyboard.press('Enter');
  await toast('2 translation units exported to translation-memory.tmx').waitFor({ state: 'visible', timeout: 30_000 });
  expect(readFileSync(exported, 'utf8')).toContain('<seg>Псы кууейр гъущащ</seg>');

  const clear = async (answer: 'Enter' | 'Remove'): Promise<void> => {
    await runFromPalette(page, 'Circassian: Clear Translation Memory...');
    const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'en → kbd' });
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await expect.poll(() => row.innerText()).toContain('2 units (1 human)');
    await row.locator('input[type="checkbox"], .monaco-checkbox, .quick-input-list-checkbox').first().click();
    await page.locator('.quick-input-widget .monaco-button', { hasText: 'OK' }).click();
    // The question: keeping the units is the focused answer, removing them one row below.
    await page
      .locator('.quick-input-widget', { hasText: 'Remove these translation units from the memory?' })
      .waitFor({ state: 'visible', timeout: 10_000 });
    await expect.poll(() => page.locator('.quick-input-list .monaco-list-row.focused').innerText()).toContain('Keep them');
    const remove = page.locator('.quick-input-list .monaco-list-row', { hasText: 'Remove 2 translation units of en → kbd' });
    await expect.poll(() => remove.innerText()).toContain('1 of them a human translation');
    await screenshotIfAsked(page, `memory-clear-${answer.toLowerCase()}`);
    if (answer === 'Enter') await page.keyboard.press('Enter');
    else await remove.click();
  };
  // Enter, as a person confirming too fast: nothing goes.
  await clear('Enter');
  await page.waitForTimeout(500);
  expect(units()).toBe(2);
  await clear('Remove');
  await toast('2 translation units removed').waitFor({ state: 'visible', timeout: 10_000 });
  expect(units()).toBe(0);

  // VS Code shows three toasts at most: the import's would wait in the notification centre.
  await runFromPalette(page, 'Notifications: Clear All Notifications');
  await runFromPalette(page, 'Circassian: Import Translation Memory (TMX)...');
  await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'translation-memory.tmx' }).click();
  // A click that only chose the row (the dialog still open) is confirmed as a person would, with Enter.
  await page.waitForTimeout(1_000);
  if (await page.locator('.quick-input-widget', { hasText: 'Import Translation Memory' }).isVisible()) await page.keyboard.press('Enter');
  await toast('2 translation units imported').waitFor({ state: 'visible', timeout: 30_000 });
  expect(units()).toBe(2);
  await page.close();
});

test('Save Speech As… before anything was saved suggests the workspace folder, not a speech/ folder that is not there; the player names no cache path', async () => {
  const speechFolder = join(host.ready.folder, 'speech');
  expect(existsSync(speechFolder)).toBe(false);
  writeFileSync(join(host.ready.folder, 'short.md'), 'Псы щӀыӀэ.\n');
  const page = await openInWorkbench('short.md');
  await page.locator('.monaco-editor .view-line', { hasText: 'Псы щӀыӀэ' }).first().click();
  await runFromPalette(page, 'Circassian: Speak Selection');
  const player = page.frameLocator('iframe.webview.ready').frameLocator('iframe').locator('body');
  await expect.poll(() => player.innerText(), { timeout: 60_000 }).toContain('Not saved in the workspace');
  expect(await player.innerText()).not.toMatch(/globalStorage|speech-cache|\/tmp\//);
  await screenshotIfAsked(page, 'speech-player');
  await runFromPalette(page, 'Circassian: Save Speech As...');
  const dialog = page.locator('.quick-input-widget input');
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  await expect
    .poll(() => dialog.inputValue(), { timeout: 10_000 })
    .toMatch(new RegExp(`^${host.ready.folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^/]+\\.wav$`));
  await screenshotIfAsked(page, 'speech-save-as');
  await page.keyboard.press('Escape');
  expect(existsSync(speechFolder)).toBe(false);
  await page.close();
});

let storyTries = 0;
// Quarantined: see packages/vscode/README.md, Known gaps (Resume Speech after a window reload).
test('a long speech job interrupted by a window reload is offered for resuming after it; its WAV goes into the workspace on Save to Workspace, and again from the player tab’s Save Speech As…', async () => {
  // One sentence of 60 clauses (over the service's 1,500 immediate characters): the speech memory
  // voices a text sentence by sentence, and only a sentence that long is a job. Its own words on
  // each try: a first try that got the audio left it in the speech memory, and a second try of the
  // same words would send nothing.
  storyTries += 1;
  const story = `${Array.from({ length: 60 }, (_, index) => `Сэ сыкӀуэнущ ${storyTries}-${index + 1}, уи пщэддджыжь фӀыуэ`).join(', ')}.`;
  writeFileSync(join(host.ready.folder, 'story.md'), `${story}\n`);
  const page = await openInWorkbench('story.md');
  await page.locator('.monaco-editor .view-line', { hasText: 'Сэ сыкӀуэнущ' }).first().click();
  // Two jobs of someone else ahead of it on the service's one speech slot (4 s each): the
  // extension's job waits its turn long enough for the reload to come while it waits, also when
  // the notification that it waits takes seconds to show on a loaded machine.
  for (const _ of [1, 2]) {
    const ahead = await fetch(`${sandbox.url}/v1/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `${story.slice(0, 1_400)} ${'фӀыуэ, '.repeat(30)}ахърэ.`, language: 'kbd' }),
    });
    expect([ahead.status, (await ahead.json()) as unknown]).toMatchObject([200, { status: 'queued' }]);
  }
  // Counted first: the case before this one spoke too, and its call is in the same log.
  const speechCallsBefore = (await sandbox.admin.calls({ operation: 'speech' })).length;
  // One keystroke's worth: the settings' language, voice and speed, no question asked.
  await runFromPalette(page, 'Circassian: Speak Selection');
  // Reload once the job exists on the service, while the extension is still waiting for it.
  const submitted = Date.now() + 30_000;
  while ((await sandbox.admin.calls({ operation: 'speech' })).length === speechCallsBefore) {
    if (Date.now() > submitted) throw new Error('no speech job was submitted');
    await page.waitForTimeout(100);
  }
  const speechFolder = join(host.ready.folder, 'speech');
  expect(existsSync(speechFolder) ? readdirSync(speechFolder) : []).toEqual([]);
  const jobsBefore = (await sandbox.admin.calls({ operation: 'speech' })).length;

  // The window reloads mid-wait (a new extension host; the job takes 4 s), once the extension has
  // the job's id and kept it (the notification says it waits for its turn: on a busy machine the
  // service's answer reached the extension more than a second after the service logged the call);
  // the kept job is offered for resuming.
  await page
    .locator('.notifications-toasts .notification-toast', { hasText: /waiting for its turn|Waiting for its turn|Generating the audio/ })
    .first()
    .waitFor({ state: 'visible', timeout: 60_000 });
  // A whole workbench loads again, as at the start (openInWorkbench).
  await page.reload({ waitUntil: 'commit' });
  const offer = page.locator('.notifications-toasts .notification-toast', { hasText: 'interrupted' });
  await offer.waitFor({ state: 'visible', timeout: WORKBENCH_MS });
  await offer.locator('.monaco-button', { hasText: 'Resume' }).click();
  // The audio plays from the extension's cache; the workspace gets the WAV only when asked.
  const ready = page.locator('.notifications-toasts .notification-toast', { hasText: 'Speech ready' });
  await ready.waitFor({ state: 'visible', timeout: 60_000 });
  expect(existsSync(speechFolder) ? readdirSync(speechFolder) : []).toEqual([]);
  await ready.locator('.monaco-button', { hasText: 'Save to Workspace' }).click();
  const deadline = Date.now() + 60_000;
  while (!(existsSync(speechFolder) && readdirSync(speechFolder).some((name) => name.endsWith('.wav')))) {
    if (Date.now() > deadline) throw new Error('no WAV was saved after Resume Speech');
    await page.waitForTimeout(250);
  }
  expect((await sandbox.admin.calls({ operation: 'speech' })).length).toBe(jobsBefore);
  // Save Speech As… from the player tab's title bar: the save dialog opens in the speech folder
  // with a name ready; Enter saves a second copy, nothing paid again.
  await page
    .locator('.tab', { hasText: /^\s*Speech:/ })
    .first()
    .click();
  await page.locator('.editor-actions a.action-label[aria-label^="Save Speech As"]').first().click();
  const dialog = page.locator('.quick-input-widget input');
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  // The dialog shows the folder first, then the proposed name.
  await expect.poll(() => dialog.inputValue(), { timeout: 10_000 }).toMatch(/\/speech\/[^/]+\.wav$/);
  await page.keyboard.press('Enter');
  const wavs = (): string[] => readdirSync(speechFolder).filter((name) => name.endsWith('.wav'));
  for (const until = Date.now() + 30_000; wavs().length < 2;) {
    if (Date.now() > until) throw new Error(`Save Speech As saved nothing: ${wavs().join(', ')}`);
    await page.waitForTimeout(250);
  }
  await screenshotIfAsked(page, 'save-speech-as');
  expect((await sandbox.admin.calls({ operation: 'speech' })).length).toBe(jobsBefore);
  await page.close();
});

test('hovering a comment in a TypeScript file shows its translation (hover translation switched on)', async () => {
  mkdirSync(join(host.ready.folder, '.vscode'), { recursive: true });
  writeFileSync(join(host.ready.folder, '.vscode', 'settings.json'), JSON.stringify({ 'circassian.hover.enabled': true }));
  writeFileSync(
    join(host.ready.folder, 'greeting.ts'),
    '// Good morning, my friend, and welcome to the village\nexport const title = "Good evening";\n',
  );
  const page = await openInWorkbench('greeting.ts');
  const before = (await sandbox.admin.calls({ operation: 'translate' })).length;
  const comment = page.locator('.monaco-editor .view-line', { hasText: 'Good morning' });
  await comment.waitFor({ state: 'visible', timeout: 30_000 });
  // The cursor into the comment, then Show Hover (Ctrl+K Ctrl+I): the hover a mouse would open, without aiming it.
  const word = comment.locator('span', { hasText: 'friend' }).first();
  await word.click();
  // The sandbox's pseudo-translation: "[ru] " and the text in Cyrillic letters.
  const hover = await showHoverWith(page, '[ru] ', 'hover-translation');
  await screenshotIfAsked(page, 'hover-translation');
  // The language pair is plain text in the hover (appendText), whose spaces VS Code writes as &nbsp;.
  expect((await hover.innerText()).replace(/\u00a0/g, ' ')).toContain('en → ru');
  expect((await sandbox.admin.calls({ operation: 'translate' })).length - before).toBe(1);
  // Its links on a comment in code: Copy and Translate From… (Replace is for prose files).
  const links = await hover.locator('a').allInnerTexts();
  expect(links.map((link) => link.trim())).toEqual(expect.arrayContaining(['Copy', 'Translate From…']));
  // The palochka diagnostic's hover names both characters with their code points.
  // A file of its own: the first test translated sample.md's lines.
  writeFileSync(join(host.ready.folder, 'lookalike.md'), 'Сэ сыкIуэнущ.\n');
  const sample = await openInWorkbench('lookalike.md');
  const line = sample.locator('.monaco-editor .view-line', { hasText: 'Сэ сыкIуэнущ.' });
  await line.waitFor({ state: 'visible', timeout: 30_000 });
  // The look-alike is one character: the cursor goes onto it and Show Hover opens its hover.
  await line.click();
  await sample.keyboard.press('Home');
  for (let step = 0; step < 6; step++) await sample.keyboard.press('ArrowRight');
  const diagnostic = await showHoverWith(sample, 'U+0049', 'palochka-diagnostic');
  await screenshotIfAsked(sample, 'palochka-diagnostic');
  expect(await diagnostic.innerText()).toContain('write Ӏ (palochka, U+04C0)');
  // The fix is in the hover itself (not only behind "Quick Fix..."): its link replaces the look-alike.
  const fix = diagnostic.locator('a', { hasText: 'Replace with Ӏ (U+04C0, palochka)' });
  await fix.waitFor({ state: 'visible', timeout: 10_000 });
  await fix.click();
  await sample.locator('.monaco-editor .view-line', { hasText: 'Сэ сыкӀуэнущ.' }).waitFor({ state: 'visible', timeout: 10_000 });
  await screenshotIfAsked(sample, 'palochka-fixed');
  await page.close();
  await sample.close();
});

// Last of the cases on this host: it changes the user's settings, and the Settings editor it opens
// is restored in every page opened after it.
test("the address cleared in the Settings editor unticks the walkthrough's address step; it stays unticked when the walkthrough opens again and ticks once the address is typed back", async () => {
  // Issue 33: the address step stayed ticked once the address was cleared.
  writeFileSync(join(host.ready.folder, 'address-cleared.md'), 'Уи пщэддджыжь фӀыуэ!\n');
  const page = await openInWorkbench('address-cleared.md');
  await page.locator('.statusbar-item', { hasText: '→ ru' }).waitFor({ state: 'visible', timeout: 60_000 });
  await openWalkthrough(page);
  const ticked = (title: string): Locator => walkthroughTick(page, title, 'checked');
  const unticked = (title: string): Locator => walkthroughTick(page, title, 'unchecked');
  await ticked('Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
  /** The address's row in the Settings editor while the address is set there. */
  const configured = page.locator('.settings-editor .setting-item-contents.is-configured[data-key="circassian.baseUrl"]');
  // Cleared as a person does: the row found by its id, its text selected and deleted.
  const input = (await openUserSetting(page, 'circassian.baseUrl')).locator('input').first();
  expect(await input.inputValue()).toBe(sandbox.url);
  await input.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // Written once the row no longer says the setting is set.
  await configured.waitFor({ state: 'detached', timeout: 30_000 });
  await page.keyboard.press('Escape');
  // Escape can reach the Welcome page, which then goes back from the walkthrough to its start
  // page: each step is looked at on the walkthrough opened again.
  await openWalkthrough(page);
  await unticked('Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.tab', { hasText: 'address-cleared.md' }).click();
  await openWalkthrough(page);
  await unticked('Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
  await ticked('Set your API key').waitFor({ state: 'visible', timeout: 10_000 });
  await screenshotIfAsked(page, 'walkthrough-address-cleared');
  const again = (await openUserSetting(page, 'circassian.baseUrl')).locator('input').first();
  await again.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(sandbox.url);
  await configured.waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Escape');
  await openWalkthrough(page);
  await ticked('Set the service address').waitFor({ state: 'visible', timeout: 30_000 });
  await page.close();
});

test('in a folder not trusted nothing reads or changes the translation memory (its own memory answers nothing; Translate File, a saved correction, Import, Export, Clear, Teach and Review leave it byte for byte), the hover sends nothing and says why; trusted from its link, it translates', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'circassian-vscode-untrusted-'));
  writeFileSync(join(folder, 'untrusted.ts'), '// Good night, my friend, and sleep well in the village\n');
  // The repository ships a memory of its own, whose "translation" is code where a comment goes.
  mkdirSync(join(folder, '.circassian'));
  const memoryFile = join(folder, '.circassian', 'memory.tmx');
  const poisoned =
    `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header creationtool="t" creationtoolversion="1" segtype="sentence" o-tmf="t" adminlang="en" srclang="en" datatype="plaintext"/><body>\n` +
    `<tu><tuv xml:lang="en"><seg>Sleep well in the village</seg></tuv><tuv xml:lang="kbd"><seg>x */ code /*</seg></tuv></tu>\n</body></tmx>\n`;
  writeFileSync(memoryFile, poisoned);
  // And committed settings pointing the memory at a file outside it.
  const outside = mkdtempSync(join(tmpdir(), 'circassian-vscode-elsewhere-'));
  mkdirSync(join(folder, '.vscode'));
  writeFileSync(
    join(folder, '.vscode', 'settings.json'),
    `{\n  // the team's memory\n  "circassian.memory.file": ${JSON.stringify(join(outside, 'memory.tmx'))},\n}\n`,
  );
  writeFileSync(join(folder, 'en.json'), '{ "farewell": "Sleep well in the village" }\n');
  const unchanged = (): void => {
    expect(readFileSync(memoryFile, 'utf8')).toBe(poisoned);
    expect(readdirSync(outside)).toEqual([]);
  };
  // Trust enforced as in desktop VS Code: the folder opens in Restricted Mode.
  const untrusted = await startHost<Ready>('vscode', ['--service-url', sandbox.url, '--folder', folder, '--workspace-trust'], {
    env: { CIRCASSIAN_API_KEY: sandbox.key },
  });
  const page = await browser.newPage();
  try {
    await page.goto(untrusted.ready.url, { waitUntil: 'commit' });
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ state: 'visible', timeout: WORKBENCH_MS });
    // The user turned hover translation on in their own settings (Restricted Mode ignores a
    // workspace's value of this setting), in the Settings editor.
    const setting = await openUserSetting(page, 'circassian.hover.enabled');
    // A click before the list settles lands on a row that is redrawn, and nothing is ticked: as a
    // person would, it is clicked again until it holds.
    const checkbox = setting.locator('.setting-value-checkbox');
    const ticked = checkbox.and(page.locator('.is-configured .setting-value-checkbox[aria-checked="true"]'));
    for (const until = Date.now() + 30_000; !(await ticked.isVisible());) {
      if (Date.now() > until) throw new Error('the hover setting did not stay ticked in the Settings editor');
      if ((await checkbox.getAttribute('aria-checked')) !== 'true') await checkbox.click();
      // Written a moment after the click (closing the editor sooner drops the change).
      await ticked.waitFor({ state: 'visible', timeout: 5_000 }).catch(() => undefined);
    }
    await page.keyboard.press('Escape');
    const toast = (text: RegExp): Locator => page.locator('.notifications-toasts .notification-toast', { hasText: text });
    const restricted = /neither\sread\snor\schanged\suntil\syou\strust\sthis\sfolder/;

    // Translate File (a command the user runs): the service translates; the repository's memory answers nothing and learns nothing.
    await openFile(page, 'en.json');
    await page.locator('.monaco-editor .view-line', { hasText: 'Sleep well' }).waitFor({ state: 'visible', timeout: 30_000 });
    const batches = (await sandbox.admin.calls({ operation: 'batch' })).length;
    await runFromPalette(page, 'Circassian: Translate File...');
    await page.locator('.quick-input-widget input').fill('kbd');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'kbd' }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.keyboard.press('Enter');
    await toast(restricted).waitFor({ state: 'visible', timeout: 30_000 });
    await screenshotIfAsked(page, 'memory-untrusted');
    // Its text, not only its name: the file can be there a moment before the translation is in it.
    await expect
      .poll(() => (existsSync(join(folder, 'kbd.json')) ? readFileSync(join(folder, 'kbd.json'), 'utf8') : ''), { timeout: 30_000 })
      .toContain('[kbd] ');
    expect(readFileSync(join(folder, 'kbd.json'), 'utf8')).not.toContain('code /*');
    expect((await sandbox.admin.calls({ operation: 'batch' })).length).toBe(batches + 1);
    unchanged();

    // A correction saved in the translated file teaches nothing.
    await openFile(page, 'kbd.json');
    const value = page.locator('.monaco-editor .view-line', { hasText: '[kbd]' });
    await value.waitFor({ state: 'visible', timeout: 30_000 });
    await value.click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(' (fixed)');
    await page.keyboard.press('Control+S');
    await expect.poll(() => readFileSync(join(folder, 'kbd.json'), 'utf8'), { timeout: 10_000 }).toContain('(fixed)');
    unchanged();

    // Import, Export and Clear refuse before asking anything, saying why.
    for (const title of [
      'Import Translation Memory (TMX)...',
      'Export Translation Memory (TMX)...',
      'Clear Translation Memory...',
      'Teach This Correction',
      'Review Translation Memory...',
    ]) {
      await runFromPalette(page, 'Notifications: Clear All Notifications');
      await runFromPalette(page, `Circassian: ${title}`);
      await toast(restricted).waitFor({ state: 'visible', timeout: 30_000 });
      // No picker of the command's own: the palette that ran it closes, and nothing opens in its place.
      await expect
        .poll(() => page.locator('.quick-input-widget', { hasText: /Translation Memory|language pairs/ }).isVisible(), { timeout: 5_000 })
        .toBe(false);
    }
    expect(existsSync(join(folder, 'translation-memory.tmx'))).toBe(false);
    unchanged();
    await runFromPalette(page, 'Notifications: Clear All Notifications');

    const sent = async (): Promise<number> =>
      (await sandbox.admin.calls({ operation: 'translate' })).length + (await sandbox.admin.calls({ operation: 'detect' })).length;
    const before = await sent();
    await openFile(page, 'untrusted.ts');
    const comment = page.locator('.monaco-editor .view-line', { hasText: 'Good night' });
    await comment.waitFor({ state: 'visible', timeout: 30_000 });
    await comment.locator('span', { hasText: 'friend' }).first().click();
    // Text the extension appends is written with &nbsp; for spaces: \s matches both.
    const refusal = await showHoverWith(page, /Restricted\sMode/, 'hover-untrusted');
    await screenshotIfAsked(page, 'hover-untrusted');
    expect((await refusal.innerText()).replace(/\u00a0/g, ' ')).toContain('this folder is not trusted');
    expect(await sent()).toBe(before);

    // Its link opens VS Code's Workspace Trust editor; the user trusts the folder there.
    await refusal.locator('a', { hasText: 'Manage Workspace Trust' }).click();
    await page
      .locator('.workspace-trust-editor .monaco-button', { hasText: /^Trust$/ })
      .first()
      .click();
    await page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).waitFor({ state: 'hidden', timeout: 30_000 });
    // The trust editor opens as a modal editor over the workbench: closed from its title bar.
    const modal = page.locator('.monaco-modal-editor-block');
    await modal.locator('[aria-label^="Close"]').first().click();
    await modal.waitFor({ state: 'hidden', timeout: 10_000 });
    await openFile(page, 'untrusted.ts');
    await comment.locator('span', { hasText: 'friend' }).first().click();
    await showHoverWith(page, '[ru] ', 'hover-trusted');
    expect((await sandbox.admin.calls({ operation: 'translate' })).length - before).toBe(1);
  } finally {
    await page.close();
    expect(await untrusted.stop()).toBe(0);
    rmSync(folder, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  }
});
