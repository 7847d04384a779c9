// TMX level 2 in a real WordPress, driven by Chromium (issue 33): a TMX of mixed source languages
// (core's fixture: srclang per <tu>, *all*, xml:lang and lang, <ph>, <bpt>/<ept>, <it>) uploaded on
// Tools > Circassian as a person does it imports whole, and the page lists the units it left out
// with their reasons; an OmegaT project memory posted to the import route names its left-out unit;
// the export holds the units' codes as <ph>, <bpt>/<ept>, <it>.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { rawRest } from './memory.js';
import { SERVER_SIDE_LINE, useSiteWithAdmin } from './use-site.js';

const SHOTS = '/tmp/wp-shots';
const MEMORY_PAGE = '/wp-admin/tools.php?page=circassian-memory';
const fixture = (name: string) => fileURLToPath(new URL(`../../../packages/core/test/fixtures/tmx/${name}`, import.meta.url));

// The page and the route are the PHP's: one WordPress line is enough.
describe(`WordPress ${SERVER_SIDE_LINE}: TMX level 2 on Tools > Circassian`, () => {
  const state = useSiteWithAdmin(SERVER_SIDE_LINE);

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  it('a TMX of mixed sources uploaded on the memory page: 6 units read, and the 4 left out listed under the notice with their reasons', async () => {
    const { page, site } = state;
    await page.goto(`${site.ready.url}${MEMORY_PAGE}`);
    await page.locator('#circassian-memory-file').setInputFiles(fixture('mixed-sources.tmx'));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const notice = page.locator('.notice[role="status"]');
    await expect
      .poll(() => notice.locator('p').first().textContent())
      .toMatch(/^Imported: 6 units read, 6 added or changed\. 4 units were left out: see why below\.$/);
    expect(await notice.locator('.circassian-memory__left-out li').allTextContents()).toEqual([
      expect.stringMatching(
        /^\s*Unit 4 of the file: a language the service does not translate\s*—\s*source language "de", not one the service translates\s*$/,
      ),
      expect.stringMatching(/^\s*Unit 5 of the file: an empty text\s*—\s*empty source segment\s*$/),
      expect.stringMatching(/^\s*Unit 6 of the file: no text in the unit's source language\s*—\s*no <tuv> in its source language "en"\s*$/),
      expect.stringMatching(
        /^\s*Unit 7 of the file: a language the service does not translate\s*—\s*target language "tlh", not one the service translates\s*$/,
      ),
    ]);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/memory-tmx-left-out.png`, fullPage: false });
    // The page's table counts the pairs the file brought: kbd→ru, ru→ady, ru→kbd (3), ady→ru.
    await expect.poll(() => page.locator('.circassian-memory__pairs tbody tr').count()).toBe(4);
  });

  it('an OmegaT project memory posted to the import route: 4 units, the empty one named with its <tu> and reason; the export writes their codes as <ph> and <bpt>/<ept>', async () => {
    const { page, site } = state;
    await page.goto(`${site.ready.url}${MEMORY_PAGE}`);
    const answer = await rawRest(page, 'circassian/v1/memory/import', 'POST', readFileSync(fixture('omegat-project_save.tmx'), 'utf8'));
    expect(answer.status, answer.text).toBe(200);
    const body = JSON.parse(answer.text) as { units: number; left_out: unknown[] };
    expect([body.units, body.left_out]).toEqual([4, [{ tu: 4, reason: 'empty', detail: 'empty kbd-RU segment' }]]);
    const exported = await rawRest(page, 'circassian/v1/memory/export', 'GET');
    expect(exported.text).toContain('<seg>Привет, <ph x="1">{name}</ph>! У вас <ph x="2">%d</ph> новых сообщений.</seg>');
    expect(exported.text).toContain(
      '<seg>Нажмите <bpt i="1" x="1">&lt;x1&gt;</bpt>Сохранить<ept i="1">&lt;/x1&gt;</ept>, чтобы продолжить.</seg>',
    );
  });
});
