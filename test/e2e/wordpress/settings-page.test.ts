// The settings page as an administrator uses it, in a real WordPress (oldest and newest supported)
// driven by Chromium against the local service: post audio switched on and placed through the
// form (and off again by unticking), the service's terms and privacy addresses filled in and
// shown in the privacy policy guide, and today's usage after "Test connection". On the same site,
// the translation memory against the local service's call log: a post translated again into a
// language it has a translation in gets that translation offered and updated, not a second draft
// (the route's 409; only the changed block sent, an editor's correction kept), and a Russian post
// with "Detect the language" too (no second detection either); a correction made in the linked
// translation and published comes back, with no request, in another post; TMX written by
// core imports through REST and makes its sentences free, an export reads in core's readTmx with
// the same units and export → import → export gives the same file; an editor is refused both
// routes; Tools > Circassian shows the units per language pair.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MemoryUnit } from '@circassian/core';
import {
  editorCanvas,
  insertBlock,
  logIn,
  newPost,
  openPost,
  publishPost,
  restFromPage,
  saveDraft,
  SETTINGS_PAGE,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import {
  lastTranslationTexts,
  openTranslationPanel,
  postContent,
  rawRest,
  serviceCalls,
  setBlockContent,
  tmxOf,
  translatePost,
  translationCalls,
  unitsOf,
  updateTranslation,
} from './memory.js';
import { corpusContent, keptTokens, NOT_WORDS } from '@circassian/test-support/hosts/wordpress/corpus.js';
import { verticalGap } from './layout.js';
import { createUser, itOnServerSideLine, useSiteWithAdmin } from './use-site.js';

/** The stored settings, through the page's own apiFetch (its nonce middleware included). */
async function storedSettings(page: Page): Promise<Record<string, unknown>> {
  // The notice is drawn before the footer's scripts run.
  await page.waitForFunction(() => typeof (globalThis as unknown as { wp?: { apiFetch?: unknown } }).wp?.apiFetch === 'function');
  return page.evaluate(async () => {
    const wp = (globalThis as unknown as { wp: { apiFetch(options: { path: string }): Promise<Record<string, unknown>> } }).wp;
    return wp.apiFetch({ path: '/circassian/v1/settings' });
  });
}

async function saveSettings(page: Page): Promise<void> {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save settings' }).last().click()]);
  await page.locator('#circassian-settings-result', { hasText: 'Settings saved.' }).waitFor();
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the settings page', (version) => {
  const context = useSiteWithAdmin(version);
  // The form's checks on the server and a REST refusal, with no page script: one line.
  const once = itOnServerSideLine(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('switches post audio on for Posts, after the content, through the form, and off again by unticking', async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const types = page.locator('#circassian-post-audio-types');
    await types.getByRole('checkbox', { name: 'Posts' }).check();
    await page.locator('#circassian-post-audio-placement').getByRole('radio', { name: 'After the content' }).check();
    await saveSettings(page);
    expect(await storedSettings(page)).toMatchObject({ post_audio: { post_types: ['post'], placement: 'after' } });
    // The page shows what is stored.
    expect(await types.getByRole('checkbox', { name: 'Posts' }).isChecked()).toBe(true);
    expect(await page.locator('#circassian-post-audio-placement').getByRole('radio', { name: 'After the content' }).isChecked()).toBe(true);
    // The hint under the types says what is so now, not "None ticked" beside a ticked box.
    expect(await types.locator('.description').textContent()).toContain('Untick them all to turn post audio off.');
    await page.screenshot({ path: `/tmp/wp-shots/settings-post-audio-${version}.png`, fullPage: true });

    await types.getByRole('checkbox', { name: 'Posts' }).uncheck();
    await page
      .locator('#circassian-post-audio-placement')
      .getByRole('radio', { name: /Where the Post audio block/ })
      .check();
    await saveSettings(page);
    expect(await storedSettings(page)).toMatchObject({ post_audio: { post_types: [], placement: 'block' } });
    expect(await types.locator('.description').textContent()).toContain('None ticked: post audio is off.');
  });

  it("stores the service's terms and privacy addresses and shows them in the privacy policy guide", async () => {
    await page.goto(`${site.ready.url}/wp-admin/options-privacy.php?tab=policyguide`);
    await expect.poll(() => page.locator('body').textContent()).toContain('Site owner: enter the addresses');

    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    await page.getByLabel('Terms of use').fill('https://service.example/terms');
    await page.getByLabel('Privacy policy').fill('https://service.example/privacy');
    await saveSettings(page);
    expect(await page.getByLabel('Terms of use').inputValue()).toBe('https://service.example/terms');
    expect(await storedSettings(page)).toMatchObject({
      terms_url: 'https://service.example/terms',
      privacy_url: 'https://service.example/privacy',
    });

    await page.goto(`${site.ready.url}/wp-admin/options-privacy.php?tab=policyguide`);
    const guide = page
      .locator('.privacy-settings-accordion-panel, .policy-text')
      .filter({ hasText: 'Circassian translation and speech service' });
    await expect.poll(() => guide.first().locator('a[href="https://service.example/privacy"]').count()).toBeGreaterThan(0);
    expect(await guide.first().locator('a[href="https://service.example/terms"]').count()).toBeGreaterThan(0);
    expect(await guide.first().textContent()).toContain('published or updated');
  });

  once('refuses a terms address that is no web address, and keeps the one stored', async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    await page.getByLabel('Terms of use').evaluate((field) => ((field as unknown as { type: string }).type = 'text'));
    await page.getByLabel('Terms of use').fill('javascript:alert(1)');
    await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Save settings' }).last().click()]);
    await page.locator('#circassian-settings-result.notice-error', { hasText: 'Not a web address' }).waitFor();
    expect(await storedSettings(page)).toMatchObject({ terms_url: 'https://service.example/terms' });
  });

  it("shows today's usage against the daily limits after Test connection", async () => {
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const box = page.locator('#circassian-settings-result.notice-success');
    await box.getByText(/^Used today/).waitFor({ timeout: 30_000 });
    const [key] = (await site.sandbox.admin.listKeys()).filter((entry) => entry.name === 'sandbox');
    const usage = (key as unknown as { usage: { requests: number } }).usage;
    const shown = (await box.getByText(/^Used today/).textContent()) ?? '';
    // GET /v1/me counted itself before answering: the page shows the count the service holds now.
    expect(shown).toContain(
      `requests per day: ${usage.requests.toLocaleString('en-US')} of ${key?.limits.requests_per_day.toLocaleString('en-US')}`,
    );
    expect(shown).toMatch(/translation characters per day: [\d,]+ of [\d,]+; seconds of audio per day: [\d,.]+ of [\d,]+/);
    await page.screenshot({ path: `/tmp/wp-shots/settings-usage-${version}.png` });
  });

  it('a post translated again into a language it has a translation in: the panel offers that translation, REST refuses a duplicate (409), and "Update the translation" sends only the changed block and keeps an editor\'s correction; the published correction answers another post with no request', async () => {
    await newPost(page, site.ready.url);
    await page.evaluate(() => {
      const wp = (
        globalThis as unknown as { wp: { data: { dispatch(store: string): { editPost(edits: Record<string, unknown>): void } } } }
      ).wp;
      wp.data.dispatch('core/editor').editPost({ title: 'Harvest day' });
    });
    await insertBlock(page, 'core/paragraph', { content: 'The apples are <strong>ripe</strong> this week.' });
    await insertBlock(page, 'core/paragraph', { content: 'Bring a basket to the orchard.' });
    await insertBlock(page, 'core/paragraph', { content: 'The cider press opens at noon.' });
    await saveDraft(page);
    const original = page.url();
    const originalId = Number(/post=(\d+)/.exec(original)?.[1]);

    const before = await translationCalls(site);
    const draft = await translatePost(page, 'en');
    expect(await translationCalls(site)).toBe(before + 1);
    const made = await postContent(page, draft);

    // The panel now offers the Kabardian draft, not a second one.
    const panel = page.locator('.components-panel__body', { hasText: 'Circassian translation' });
    const open = panel.getByRole('link', { name: 'Open the Kabardian draft' });
    await open.waitFor();
    expect(await open.getAttribute('href')).toContain(`post=${draft}`);
    expect(await panel.getByRole('button', { name: 'Translate post into a new draft' }).count()).toBe(0);
    const duplicate = await restFromPage(page, 'circassian/v1/translations', 'POST', {
      original: originalId,
      language: 'kbd',
      title: 'Второй',
    });
    expect(duplicate.status).toBe(409);
    expect((duplicate.body as { data: { id: number; edit_link: string } }).data).toMatchObject({
      id: draft,
      edit_link: expect.stringContaining(`post=${draft}`),
    });

    // Nothing changed: the update is answered by the memory and changes nothing.
    expect((await updateTranslation(page, 'en')).updated).toMatchObject({ retranslated: 0, kept: 3 });
    await page
      .locator('.components-notice', {
        hasText: 'The Kabardian translation is up to date: no block of the original changed since it was translated.',
      })
      .waitFor();
    expect(await translationCalls(site), 'nothing changed, nothing sent').toBe(before + 1);
    expect(await postContent(page, draft)).toBe(made);

    // An editor corrects the draft's second block and saves it (still a draft: the memory has not learnt it).
    await openPost(page, site.ready.url, draft);
    await setBlockContent(page, 1, 'Хадэм къэкӀуэ, бжьэр къэпхь.');
    await saveDraft(page);

    // The original's third block changes; the update sends it alone and keeps the correction.
    await page.goto(original);
    await page.waitForSelector('.block-editor-block-list__layout, iframe[name="editor-canvas"]');
    await editorCanvas(page);
    await setBlockContent(page, 2, 'The cider press opens at one.');
    const { id, updated } = await updateTranslation(page, 'en');
    expect(id).toBe(draft);
    expect(updated).toMatchObject({ retranslated: 1, kept: 2, corrected: 1 });
    expect(await translationCalls(site)).toBe(before + 2);
    expect(await lastTranslationTexts(site)).toEqual(['The cider press opens at one.']);
    await page.getByText('1 block an editor corrected was kept.', { exact: true }).waitFor();
    // The notice stands clear of the button above it (it touched: 0 px).
    const notice = panel.locator('.components-notice', { hasText: 'The Kabardian translation was updated.' });
    expect(await verticalGap(panel.getByRole('button', { name: 'Update the translation' }), notice)).toBeGreaterThanOrEqual(8);
    const blocks = (await postContent(page, draft)).split('\n\n');
    const madeBlocks = made.split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toBe(madeBlocks[0]);
    expect(blocks[1]).toContain('Хадэм къэкӀуэ, бжьэр къэпхь.');
    expect(blocks[2]).not.toBe(madeBlocks[2]);
    const links = (await restFromPage(page, `circassian/v1/translations/${originalId}`)).body as { translations: unknown[] };
    expect(links.translations, 'still one translation').toHaveLength(1);

    // Published, the correction teaches the memory: another post with that sentence gets it with no request.
    await openPost(page, site.ready.url, draft);
    await publishPost(page);
    // The original now offers the published translation for editing.
    await openPost(page, site.ready.url, originalId);
    await openTranslationPanel(page);
    await panel.getByRole('link', { name: 'Edit the Kabardian translation' }).waitFor();
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Bring a basket to the orchard.' });
    await saveDraft(page);
    const other = await translatePost(page, 'en');
    expect(await translationCalls(site), 'the human text from memory').toBe(before + 2);
    expect(await postContent(page, other)).toContain('Хадэм къэкӀуэ, бжьэр къэпхь.');
  });

  it('a Russian post translated twice with "Detect the language": the second run makes no translate, batch or detect call', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Осенью в горах <em>рано</em> темнеет.' });
    await insertBlock(page, 'core/paragraph', { content: 'Возьмите фонарь в дорогу.' });
    await saveDraft(page);
    const before = await translationCalls(site);
    const first = await translatePost(page, '');
    expect(await translationCalls(site)).toBe(before + 1);
    await page.getByText('Translated from Russian (detected).', { exact: true }).waitFor();
    const detections = await serviceCalls(site, 'detect');
    const made = await postContent(page, first);
    // Again into Kabardian: the post's translation is updated, not duplicated.
    expect((await updateTranslation(page, '')).id).toBe(first);
    expect(await translationCalls(site), "the memory answered, in the post's language").toBe(before + 1);
    expect(await serviceCalls(site, 'detect'), 'the post kept its language').toBe(detections);
    expect(await postContent(page, first)).toBe(made);
  });

  it("a classic post with shortcodes translated twice: the second time sends nothing, no shortcode or URL ever reaches the service, the draft keeps them byte for byte, and an editor's published correction of a paragraph answers another classic post with no request", async () => {
    const content = corpusContent('classic-post');
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title: 'A day at the lake', content, status: 'publish' });
    await openPost(page, site.ready.url, (created.body as { id: number }).id);
    const before = await translationCalls(site);
    const draft = await translatePost(page, 'en');
    expect(await translationCalls(site)).toBe(before + 1);
    const sent = await lastTranslationTexts(site);
    expect(sent.filter((text) => NOT_WORDS.test(text.replace(/<\/?x\d+\/?>/g, '')))).toEqual([]);
    const made = await postContent(page, draft);
    // The local engine's own "[kbd] " before each text is not the post's.
    expect(keptTokens(made.replaceAll('[kbd] ', ''))).toEqual(keptTokens(content));

    expect((await updateTranslation(page, 'en')).id).toBe(draft);
    expect(await translationCalls(site), 'the second time: no translate or batch call').toBe(before + 1);
    expect(await postContent(page, draft)).toBe(made);

    // An editor corrects one paragraph of the classic translation and publishes it.
    // The one paragraph of plain words (the engine answers in Cyrillic letters): the song line.
    const song = /(?<=<p>)\[kbd\] [^<[]*(?=<\/p>)/g;
    expect(made.match(song)).toHaveLength(1);
    await openPost(page, site.ready.url, draft);
    await setBlockContent(page, 0, made.replace(song, 'Мы пели эту песню по дороге домой.'));
    await publishPost(page);

    const other = await restFromPage(page, 'wp/v2/posts', 'POST', { title: '', content: 'Here is the song we sang on the way home.' });
    await openPost(page, site.ready.url, (other.body as { id: number }).id);
    const otherDraft = await translatePost(page, 'en');
    expect(await translationCalls(site), "the editor's paragraph from memory").toBe(before + 1);
    expect(await postContent(page, otherDraft)).toContain('Мы пели эту песню по дороге домой.');
  });

  it('imports TMX written by core through REST (its sentences then cost no call), exports TMX core reads back, and export → import → export gives the same file', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    const units: MemoryUnit[] = [
      {
        sourceLang: 'ru',
        targetLang: 'kbd',
        source: 'Рынок открыт до вечера',
        target: 'Бэзэрыр пщыхьэщхьэм нэс зэӀухащ',
        origin: 'human',
        created: '2026-03-01T10:00:00Z',
        usageCount: 0,
      },
      {
        sourceLang: 'ru',
        targetLang: 'ady',
        source: 'Добро пожаловать',
        target: 'Шъукъеблагъ',
        origin: 'machine',
        created: '2026-03-01T10:00:01Z',
        usageCount: 0,
      },
    ];
    const imported = await rawRest(page, 'circassian/v1/memory/import', 'POST', await tmxOf(units));
    expect(imported.status, imported.text).toBe(200);
    expect(JSON.parse(imported.text)).toMatchObject({ units: 2, skipped: {} });

    const before = await translationCalls(site);
    const { status, body } = await restFromPage(page, 'circassian/v1/translate', 'POST', {
      texts: ['Рынок открыт до вечера'],
      source_lang: 'ru',
      target_lang: 'kbd',
    });
    expect(status).toBe(200);
    expect((body as { translations: string[] }).translations).toEqual(['Бэзэрыр пщыхьэщхьэм нэс зэӀухащ']);
    expect(await translationCalls(site)).toBe(before);

    const exported = await rawRest(page, 'circassian/v1/memory/export', 'GET');
    expect(exported.status).toBe(200);
    expect(exported.type).toMatch(/^application\/x-tmx\+xml/);
    const read = await unitsOf(exported.text);
    for (const unit of units)
      expect(read).toContainEqual(
        expect.objectContaining({
          sourceLang: unit.sourceLang,
          targetLang: unit.targetLang,
          source: unit.source,
          target: unit.target,
          origin: unit.origin,
          created: unit.created,
        }),
      );
    const humanOnly = await unitsOf((await rawRest(page, 'circassian/v1/memory/export?origin=human', 'GET')).text);
    expect(humanOnly.every((unit) => unit.origin === 'human')).toBe(true);
    expect(humanOnly.map((unit) => unit.source)).toContain('Рынок открыт до вечера');

    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', exported.text)).status).toBe(200);
    expect((await rawRest(page, 'circassian/v1/memory/export', 'GET')).text).toBe(exported.text);
    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', '<html>not a memory</html>')).status).toBe(400);
  });

  once('refuses an editor both memory routes (403)', async () => {
    // An admin screen with wp.apiFetch, which createUser calls.
    await page.goto(`${site.ready.url}${SETTINGS_PAGE}`);
    const editor = await createUser(page, `memory-editor-${Date.now()}`, 'editor');
    const session = await logIn(site.browser, site.ready.url, editor);
    await session.page.goto(`${site.ready.url}/wp-admin/`);
    expect((await rawRest(session.page, 'circassian/v1/memory/export', 'GET')).status).toBe(403);
    expect((await rawRest(session.page, 'circassian/v1/memory/import', 'POST', '<tmx version="1.4"><body/></tmx>')).status).toBe(403);
    await session.context.close();
  });

  it('Tools > Circassian shows the units per language pair by origin and characters saved, and clears a pair after a confirmation', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    const units: MemoryUnit[] = [
      {
        sourceLang: 'ru',
        targetLang: 'tr',
        source: 'Один',
        target: 'Bir',
        origin: 'human',
        created: '2026-03-02T10:00:00Z',
        usageCount: 0,
      },
      {
        sourceLang: 'ru',
        targetLang: 'tr',
        source: 'Два',
        target: 'İki',
        origin: 'machine',
        created: '2026-03-02T10:00:00Z',
        usageCount: 3,
      },
    ];
    expect((await rawRest(page, 'circassian/v1/memory/import', 'POST', await tmxOf(units))).status).toBe(200);
    await page.locator('#menu-tools').hover();
    await page.locator('#menu-tools a', { hasText: /^Circassian$/ }).click();
    await page.getByRole('heading', { name: 'Circassian translation memory' }).waitFor();
    const row = page.locator('tr[data-pair="ru:tr"]');
    // Units, by people, reviewed, machine, suggestions, characters saved (3 uses of 3 + 3 characters).
    expect((await row.locator('td').allTextContents()).slice(0, 6)).toEqual(['2', '1', '0', '1', '0', '18']);
    writeFileSync(`${tmpdir()}/circassian-memory-tools-${version}.png`, await page.screenshot({ fullPage: true }));
    // The confirmation names the pair; dismissed, nothing is removed.
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await row.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => asked).toEqual(["Remove every unit of ru → tr from the memory? People's corrections go too."]);
    expect(await row.locator('td').first().textContent()).toBe('2');
    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('2 units removed (ru → tr).').waitFor();
    expect(await page.locator('tr[data-pair="ru:tr"]').count()).toBe(0);
  });
});
