// The site's glossary (issue 36) in a real WordPress (oldest and newest supported), driven by
// Chromium against the local service: terms added on Tools > Circassian glossary as an editor of
// the site does, then a block translated from the toolbar and a whole post translated into a new
// draft. A keep term (the surname Коков, the city Нальчик) never reaches the service as text (the
// local service's call log holds markers where they stood) and comes back as written; a
// translate-as term (город) comes back as the agreed word (къалэ). The local service's
// pseudo-translation makes both visible: Russian into Kabardian writes every о as уэ, so a term
// sent as text would come back as Куэкуэв or гуэруэд.
import { mkdirSync } from 'node:fs';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  apiFetchInPage,
  firstBlock,
  insertBlock,
  newPost,
  openPost,
  restFromPage,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { translatePost } from './memory.js';
import { itOnServerSideLine, openAdminRestScreen, useSiteWithAdmin } from './use-site.js';

const SHOTS = '/tmp/wp-shots';
const GLOSSARY_PAGE = '/wp-admin/tools.php?page=circassian-glossary';
const KEPT = ['Коков', 'Нальчик'];

/** Every text the local service was asked to translate, in batch and single calls. */
async function textsSent(site: TestSite): Promise<string[]> {
  const texts: string[] = [];
  for (const operation of ['batch', 'translate']) {
    for (const call of await site.sandbox.admin.calls({ operation, limit: 10_000 })) {
      const request = (call.content?.request ?? {}) as { texts?: string[]; text?: string };
      texts.push(...(request.texts ?? []), ...(request.text === undefined ? [] : [request.text]));
    }
  }
  return texts;
}

/** Adds a term with the page's form, as a person does; resolves on the page's notice. */
async function addTerm(page: Page, kind: string, term: string, translation: string, withEndings: boolean): Promise<void> {
  await page.getByLabel('Kind').selectOption({ label: kind });
  await page.getByLabel('Term', { exact: true }).fill(term);
  await page.getByLabel('Translation, forbidden word or respelling').fill(translation);
  const endings = page.getByLabel(/Also with endings/u);
  if (withEndings) await endings.check();
  else await endings.uncheck();
  await page.getByRole('button', { name: 'Add term' }).click();
  await page.locator('.notice-success', { hasText: `Added: ${term === '' ? translation : term}` }).waitFor();
}

/** An entry of the open Translate menu, unfolding "Change the source language" or "More languages" where it is kept. */
async function menuEntry(page: Page, name: string, role: 'menuitem' | 'menuitemradio'): Promise<Locator> {
  const entry = page.getByRole(role, { name, exact: true });
  if ((await entry.count()) === 0) {
    await page.getByRole('menuitem', { name: role === 'menuitemradio' ? 'Change the source language' : 'More languages' }).click();
  }
  return entry;
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the glossary around every translation', (version) => {
  const context = useSiteWithAdmin(version);
  const onServerSide = itOnServerSideLine(version);
  let site: TestSite;
  let page: Page;

  beforeAll(() => {
    mkdirSync(SHOTS, { recursive: true });
  });

  beforeEach(() => {
    ({ site, page } = context);
  });

  it('Tools > Circassian glossary: two names kept as they are and a term translated as agreed, added with the form, listed', async () => {
    await page.goto(`${site.ready.url}${GLOSSARY_PAGE}`, { waitUntil: 'domcontentloaded' });
    await page.getByText('No terms yet').waitFor();
    await addTerm(page, 'Keep as it is', 'Коков', '', false);
    await addTerm(page, 'Keep as it is', 'Нальчик', '', true);
    await addTerm(page, 'Translate as', 'город', 'къалэ', false);
    await addTerm(page, 'Forbidden word', '', 'апдейт', false);
    const rows = page.locator('.circassian-glossary__entries tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    await page.screenshot({ path: `${SHOTS}/glossary-page-${version}.png`, fullPage: true });
    expect((await rows.allInnerTexts()).map((row) => row.replace(/\s+/gu, ' ').trim())).toEqual([
      'Коков Keep as it is — ru → kbd Edit',
      'Нальчик Keep as it is · with endings — ru → kbd Edit',
      'город Translate as къалэ ru → kbd Edit',
      '— Forbidden word апдейт ru → kbd Edit',
    ]);
    expect(await rows.getByRole('button', { name: 'Remove' }).count()).toBe(4);
  });

  it('a block translated from Russian: the kept names go as markers and come back as written, город comes back as къалэ', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Коков видел город Нальчик.' });
    await page.getByRole('button', { name: 'Translate', exact: true }).click();
    await (await menuEntry(page, 'From Russian', 'menuitemradio')).click();
    await (await menuEntry(page, 'Replace with Kabardian', 'menuitem')).click();
    await expect.poll(async () => String((await firstBlock(page, 'core/paragraph')).attributes.content)).toMatch(/^\[kbd\] /u);
    expect(String((await firstBlock(page, 'core/paragraph')).attributes.content)).toBe('[kbd] Коков видел къалэ Нальчик.');
    const [call] = await site.sandbox.admin.calls({ operation: 'batch', limit: 1 });
    expect((call?.content?.request as { texts?: string[] }).texts).toEqual(['<x1/> видел <x2/> <x3/>.']);
  });

  it('a post translated into a new draft: no request carries a kept name as text, the draft has them as written and the agreed term', async () => {
    await newPost(page, site.ready.url);
    await insertBlock(page, 'core/paragraph', { content: 'Коков любит город Нальчик.' });
    await insertBlock(page, 'core/paragraph', { content: 'В Нальчике тепло.' });
    const draft = await translatePost(page, 'ru');
    const read = await restFromPage(page, `/wp/v2/posts/${draft}?context=edit`);
    const content = String((read.body as { content: { raw: string } }).content.raw);
    expect(content).toContain('[kbd] Коков любит къалэ Нальчик.');
    // A stem entry: the inflected Нальчике went as a marker too and comes back as the glossary writes the name.
    expect(content).toContain('[kbd] В Нальчик теплуэ.');
    const sent = await textsSent(site);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((text) => KEPT.some((name) => text.includes(name)) || text.includes('Нальчике'))).toEqual([]);
    expect(sent).toContain('<x1/> любит <x2/> <x3/>.');

    // The draft as a translator edits it: the kept name translated anyway and a forbidden word used.
    await openPost(page, site.ready.url, draft);
    await insertBlock(page, 'core/paragraph', { content: 'Куэкуэв игъэхьащ апдейтыр. Апдейт.' });
    await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
    const panel = page.locator('.circassian-prepublish-terms');
    await panel.waitFor({ timeout: 15_000 });
    // Коков stands in the draft's other blocks: only the forbidden word (whole word, not апдейтыр) is listed.
    expect(await panel.locator('li').allInnerTexts()).toEqual(['The translation uses "Апдейт", a word the glossary rejects.']);
    await page.screenshot({ path: `${SHOTS}/glossary-prepublish-${version}.png` });
  });

  onServerSide('post audio says a surname as the glossary respells it; the published post reads as written', async () => {
    await openAdminRestScreen(page, site.ready.url);
    const settings = await apiFetchInPage(page, '/circassian/v1/settings', 'POST', {
      post_audio: { post_types: ['post'], placement: 'after' },
    });
    expect(settings.status).toBe(200);
    const term = await apiFetchInPage(page, '/circassian/v1/glossary', 'POST', {
      source_lang: 'ru',
      target_lang: 'kbd',
      type: 'say',
      source: 'Коков',
      target: 'Ко\u0301ков',
    });
    expect(term.status, JSON.stringify(term.body)).toBe(201);
    const created = await apiFetchInPage(page, '/wp/v2/posts', 'POST', {
      title: 'Коков',
      content: '<!-- wp:paragraph --><p>Коков пришёл, Коковых нет.</p><!-- /wp:paragraph -->',
      status: 'publish',
      meta: { _circassian_post_voice: { language: 'ru' } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const spoken = async (): Promise<string[]> => {
      // WP-Cron's due events run on a visit, as the site spawns them.
      await page.request.get(`${site.ready.url}/wp-cron.php`);
      const calls = await site.sandbox.admin.calls({ operation: 'speech', limit: 100 });
      return calls
        .map((call) => String((call.content?.request as { text?: string } | undefined)?.text ?? ''))
        .filter((text) => text.includes('пришёл'));
    };
    await expect.poll(spoken, { timeout: 60_000, interval: 1_000 }).toEqual(['Ко\u0301ков\n\nКо\u0301ков пришёл, Коковых нет.']);
    const shown = await (await page.request.get((created.body as { link: string }).link)).text();
    expect(shown).toContain('Коков пришёл, Коковых нет.');
    expect(shown).not.toContain('Ко\u0301ков');
  });

  onServerSide(
    "the Circassian Audio block's speech says a name as the glossary respells it; its audio keeps the text as written",
    async () => {
      await openAdminRestScreen(page, site.ready.url);
      const term = await apiFetchInPage(page, '/circassian/v1/glossary', 'POST', {
        source_lang: 'ru',
        target_lang: 'kbd',
        type: 'say',
        source: 'Нальчик',
        target: 'На\u0301льчик',
      });
      expect(term.status, JSON.stringify(term.body)).toBe(201);
      try {
        const text = 'Нальчик стоит на реке Нальчик.';
        const made = await apiFetchInPage(page, '/circassian/v1/speech', 'POST', { text, language: 'ru' });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        const calls = await site.sandbox.admin.calls({ operation: 'speech', limit: 100 });
        const sent = calls
          .map((call) => String((call.content?.request as { text?: string } | undefined)?.text ?? ''))
          .filter((one) => one.includes('реке'));
        expect(sent).toEqual(['На\u0301льчик стоит на реке На\u0301льчик.']);
        const attachment = (made.body as { attachment: { id: number } }).attachment.id;
        const media = await apiFetchInPage(page, `/wp/v2/media/${String(attachment)}?context=edit`);
        expect((media.body as { title: { raw: string } }).title.raw).toBe(text);
      } finally {
        // A retry adds the term again.
        const removed = await apiFetchInPage(
          page,
          `/circassian/v1/glossary/${String((term.body as { entry: { id: number } }).entry.id)}`,
          'DELETE',
        );
        expect(removed.status).toBe(200);
      }
    },
  );
});
