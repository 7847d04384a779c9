// Bulk post audio in a real WordPress (oldest and newest supported), used in Chromium as an
// administrator would: the Posts screen's "Generate audio" bulk action opens Tools > Circassian
// audio with the selection and its estimate; then a run over 29 posts (28 without audio, one with
// audio of an older text) meets a quota fault injected at the local service mid-run, pauses and
// names the allowance, resumes, and finishes through WP-Cron with the page closed. The local
// service's records show every post voiced once.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { restFromPage, WORDPRESS_VERSIONS, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { itOnServerSideLine, siteRoot, useSiteWithAdmin } from './use-site.js';

const POSTS = 30;
const title = (n: number): string => `Тхыгъэ ${n}`;
const paragraph = (n: number): string => `Мыр тхыгъэ ${n}-щ. Адыгэбзэр бзэ дахэщ.`;
/** What post audio reads of such a post: its title, then its paragraph. */
const spoken = (n: number): string => `${title(n)}\n\n${paragraph(n)}`;

interface SpeechCall {
  readonly outcome: string;
  readonly content?: { request?: { text?: string } };
}

interface RunView {
  readonly status: string;
  readonly total: number;
  readonly made: number;
  readonly skipped: number;
  readonly failed: number;
  readonly pause: { by: string; allowance?: string; label?: string; resets_at?: string } | null;
}

async function speechCalls(site: TestSite): Promise<SpeechCall[]> {
  return (await site.sandbox.admin.calls({ operation: 'speech' })) as SpeechCall[];
}

/** Runs WP-Cron's due events once, as the host's cron (or a visit) would. */
async function runCron(context: BrowserContext, url: string): Promise<void> {
  const response = await context.request.get(`${url}/wp-cron.php`);
  expect(response.status()).toBe(200);
}

/** The run as the tools page reads it (through the page's own apiFetch, which carries its nonce). */
async function runView(page: Page): Promise<RunView> {
  return page.evaluate(async () => {
    const wp = (globalThis as unknown as { wp: { apiFetch(options: { path: string }): Promise<{ run: RunView }> } }).wp;
    return (await wp.apiFetch({ path: '/circassian/v1/bulk-audio/run' })).run;
  });
}

/** Takes the run's next step off WP-Cron's schedule, as WP-Cron's lost-update race does; how many there were. */
async function loseNextStep(site: TestSite): Promise<number> {
  const { stdout } = await promisify(execFile)('php', [join(import.meta.dirname, 'clear-bulk-step.php'), site.ready.url], {
    cwd: siteRoot(site.ready.url),
  });
  return Number(stdout.trim());
}

async function setPostAudio(page: Page, postTypes: string[]): Promise<void> {
  const saved = await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: postTypes, placement: 'after' } });
  expect(saved.status).toBe(200);
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: bulk post audio', (version) => {
  const state = useSiteWithAdmin(version);
  let site: TestSite;
  let page: Page;
  const ids: number[] = [];

  beforeAll(async () => {
    site = state.site;
    page = state.page;
    await page.goto(`${site.ready.url}/wp-admin/`);
    // Only this file's posts: the sample post goes.
    expect((await restFromPage(page, 'wp/v2/posts/1?force=true', 'DELETE')).status).toBe(200);
    // Published while post audio is off, so nothing voices them on publish.
    for (let n = 1; n <= POSTS; n += 1) {
      const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
        title: title(n),
        content: `<!-- wp:paragraph -->\n<p>${paragraph(n)}</p>\n<!-- /wp:paragraph -->`,
        status: 'publish',
      });
      expect(created.status).toBe(201);
      ids.push((created.body as { id: number }).id);
    }
    await setPostAudio(page, ['post']);
  });

  it('the Posts screen’s “Generate audio” bulk action opens the tools page with the selection and its estimate; Start voices exactly those posts', async () => {
    await page.goto(`${site.ready.url}/wp-admin/edit.php`);
    // The newest two: the first page of the list.
    const chosen = [ids[POSTS - 1], ids[POSTS - 2]] as number[];
    for (const id of chosen) await page.locator(`#cb-select-${id}`).check();
    await page.locator('#bulk-action-selector-top').selectOption({ label: 'Generate audio' });
    await Promise.all([page.waitForURL(/tools\.php\?page=circassian-audio/), page.locator('#doaction').click()]);
    expect(new URL(page.url()).searchParams.get('circassian_ids')?.split(',').map(Number).sort()).toEqual([...chosen].sort());

    // Read from the notice itself (WordPress also speaks it in a live region of its own).
    await expect
      .poll(() => page.locator('.circassian-bulk__selection').textContent())
      .toContain('2 posts selected on the list screen; 2 of them need audio.');
    const estimate = page.getByRole('region', { name: 'Estimate' });
    await expect
      .poll(() => estimate.textContent())
      .toMatch(/^Estimate2 posts, [\d,]+ characters: about \d+ s of audio, at least 2 requests\./);
    expect(await estimate.textContent()).toMatch(
      /Seconds of audio per day: [\d ]+[a-z ]+ of 1 h 0 min used today; this run needs about \d+ s/,
    );
    expect(await page.getByRole('row').count()).toBe(3);
    await page.screenshot({ path: `/tmp/wp-shots/bulk-selection-${version}.png`, fullPage: true });

    const before = (await speechCalls(site)).length;
    await page.getByRole('button', { name: 'Generate audio for 2 posts' }).click();
    const run = page.getByRole('region', { name: 'Bulk run' });
    await expect.poll(() => run.getByRole('heading').textContent()).toBe('Generating audio…');
    await runCron(page.context(), site.ready.url);
    await expect.poll(() => run.getByRole('heading').textContent(), { timeout: 30_000 }).toBe('Finished');
    expect(await run.getByRole('status').textContent()).toBe('2 of 2 posts: 2 made, 0 skipped (audio already current), 0 failed.');
    const all = await speechCalls(site);
    const texts = all.slice(0, all.length - before).map((call) => call.content?.request?.text);
    expect(texts.sort()).toEqual([spoken(POSTS), spoken(POSTS - 1)].sort());
  });

  // The run's pause, resume and WP-Cron finish are the plugin's PHP; the tools page's script is
  // exercised on every line by the cases around it.
  itOnServerSideLine(version)(
    'a run over 28 posts without audio and one with audio of an older text pauses at a quota fault naming the allowance, resumes, and finishes through WP-Cron with the page closed; each post is voiced once',
    async () => {
      // The newest post's text changes while post audio is off (else saving would remake it at once).
      await page.goto(`${site.ready.url}/wp-admin/`);
      await setPostAudio(page, []);
      const edited = await restFromPage(page, `wp/v2/posts/${ids[POSTS - 1]}`, 'POST', { title: `${title(POSTS)}: ЕтӀуанэ` });
      expect(edited.status).toBe(200);
      await setPostAudio(page, ['post']);
      const callsBefore = (await speechCalls(site)).length;

      await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Post type' }).textContent())
        .toBe('Posts: 28 without audio, 1 out of date');
      await expect.poll(() => page.getByRole('row').count()).toBe(30);
      expect(await page.getByRole('row', { name: /Audio of an older text/ }).textContent()).toContain(`${title(POSTS)}: ЕтӀуанэ`);
      await expect.poll(() => page.getByRole('region', { name: 'Estimate' }).textContent()).toMatch(/29 posts, [\d,]+ characters/);
      await page.screenshot({ path: `/tmp/wp-shots/bulk-estimate-${version}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Generate audio for 29 posts' }).click();
      const run = page.getByRole('region', { name: 'Bulk run' });
      await expect.poll(() => run.getByRole('heading').textContent()).toBe('Generating audio…');

      // One WP-Cron step voices the first ten; then the key's speech allowance "runs out".
      await runCron(page.context(), site.ready.url);
      expect(await runView(page)).toMatchObject({ status: 'running', made: 10 });
      await site.sandbox.admin.injectFault({ operation: 'speech', error_type: 'quota_exceeded', count: 1 });
      await runCron(page.context(), site.ready.url);
      expect(await runView(page)).toMatchObject({
        status: 'paused',
        made: 10,
        pause: { by: 'quota', allowance: 'speech_seconds_per_day', label: 'seconds of audio per day' },
      });
      const pause = run.locator('.circassian-bulk__pause');
      await expect
        .poll(() => pause.textContent(), { timeout: 10_000 })
        .toMatch(/Paused: the key’s allowance of seconds of audio per day is spent\. It resets .+ \(in \d+ (h|min) \d+ (min|s)\)\./);
      expect(await pause.textContent()).toContain('The service said: A daily quota is spent');
      await page.screenshot({ path: `/tmp/wp-shots/bulk-paused-${version}.png`, fullPage: true });
      // Paused means paused: WP-Cron moves nothing on.
      await runCron(page.context(), site.ready.url);
      expect((await runView(page)).made).toBe(10);

      await run.getByRole('button', { name: 'Resume' }).click();
      await expect.poll(() => run.getByRole('heading').textContent()).toBe('Generating audio…');
      // The browser closes the page; WP-Cron alone finishes the run.
      const context = page.context();
      await page.close();
      for (let tries = 0; tries < 60; tries += 1) {
        await runCron(context, site.ready.url);
        const calls = await speechCalls(site);
        if (calls.length - callsBefore >= 30) break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      page = await context.newPage();
      await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
      const finished = page.getByRole('region', { name: 'Bulk run' });
      await expect.poll(() => finished.getByRole('heading').textContent()).toBe('Finished');
      expect(await finished.getByRole('status').textContent()).toBe(
        '29 of 29 posts: 29 made, 0 skipped (audio already current), 0 failed.',
      );
      expect(await page.locator('.circassian-bulk').getByText('Every post here has audio of its current text.').count()).toBe(1);
      await page.screenshot({ path: `/tmp/wp-shots/bulk-finished-${version}.png`, fullPage: true });

      const recorded = await speechCalls(site);
      const calls = recorded.slice(0, recorded.length - callsBefore);
      expect(calls.filter((call) => call.outcome === 'quota_exceeded')).toHaveLength(1);
      expect(calls.filter((call) => call.outcome === 'rate_limited')).toHaveLength(0);
      const voiced = calls.filter((call) => call.outcome === 'ok').map((call) => call.content?.request?.text ?? '');
      const expected = [`${title(POSTS)}: ЕтӀуанэ\n\n${paragraph(POSTS)}`, ...Array.from({ length: POSTS - 2 }, (_, i) => spoken(i + 1))];
      expect(voiced.sort()).toEqual(expected.sort());
      // And the posts play it: one of them, on the front end.
      const html = await (await page.request.get(`${site.ready.url}/?p=${ids[0]}`)).text();
      expect(html).toMatch(
        /<figure class="circassian-post-audio"><figcaption>Listen to this post<\/figcaption><audio [^>]*>(<source src="[^"]+\.mp3" type="audio\/mpeg">)?<source src="[^"]+\.wav" type="audio\/wav"><\/audio>/,
      );
    },
  );

  it('a running run whose next step vanished from WP-Cron is picked up again by the next admin page load and by any WP-Cron run, and the page says so', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    await setPostAudio(page, []);
    const fresh: number[] = [];
    for (const n of [1, 2]) {
      const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title: `Лъэпкъ ${n}`, content: paragraph(n), status: 'publish' });
      fresh.push((created.body as { id: number }).id);
    }
    await setPostAudio(page, ['post']);
    expect((await restFromPage(page, 'circassian/v1/bulk-audio/run', 'POST', { post_type: 'post', ids: fresh })).status).toBeLessThan(300);

    // The next admin page load gives the run its step back, and the tools page says what happened.
    expect(await loseNextStep(site)).toBe(1);
    await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
    const revived = page.getByRole('region', { name: 'Bulk run' }).locator('.circassian-bulk__revived');
    await revived.waitFor({ timeout: 10_000 });
    const said = (await revived.textContent()) ?? '';
    expect(said).toContain('This run had stopped moving: its next step was missing from WP-Cron');
    expect(said).toContain('The site picked it up again on');
    expect(await loseNextStep(site)).toBe(1);
    // So does any WP-Cron run, which then moves the run on itself.
    await runCron(page.context(), site.ready.url);
    expect(await runView(page)).toMatchObject({ status: 'done', made: 2, failed: 0 });
  });

  it('Cancel while a long post is being voiced stops that voicing too: the table shows what needs audio at once, and the run counts every post that got audio', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    await setPostAudio(page, []);
    // Over the service's 1,500 characters for immediate speech: voiced as a job the run waits for.
    const long = Array.from({ length: 40 }, (_, i) => `Мыр псалъэуха ${i + 1}-щ, тхыгъэ кӀыхьым щыщщ.`).join(' ');
    const [SHORT, LONG] = ['Кӏэщӏу', 'КӀыхьу'];
    const made: number[] = [];
    for (const [name, text] of [
      [SHORT, paragraph(1)],
      [LONG, long],
    ] as const) {
      const created = await restFromPage(page, 'wp/v2/posts', 'POST', { title: name, content: text, status: 'publish' });
      made.push((created.body as { id: number }).id);
    }
    await setPostAudio(page, ['post']);
    expect((await restFromPage(page, 'circassian/v1/bulk-audio/run', 'POST', { post_type: 'post', ids: made })).status).toBeLessThan(300);
    await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
    const run = page.getByRole('region', { name: 'Bulk run' });
    await expect.poll(() => run.getByRole('heading').textContent()).toBe('Generating audio…');
    // One step: the short post voiced at once, the long one's job started and waited for.
    await runCron(page.context(), site.ready.url);
    // Cancel asks first; "Keep it going" leaves the run as it was.
    await run.getByRole('button', { name: 'Cancel the run' }).click();
    const confirm = run.locator('.circassian-bulk__confirm-cancel');
    await expect.poll(() => confirm.textContent()).toContain('Cancel the run? It cannot be resumed');
    await page.screenshot({ path: `/tmp/wp-shots/bulk-confirm-cancel-${version}.png`, fullPage: true });
    await run.getByRole('button', { name: 'Keep it going' }).click();
    expect(await confirm.count()).toBe(0);
    expect((await runView(page)).status).not.toBe('cancelled');
    await run.getByRole('button', { name: 'Cancel the run' }).click();
    await run.getByRole('button', { name: 'Yes, cancel the run' }).click();
    await expect.poll(() => run.getByRole('heading').textContent()).toBe('Cancelled');
    // The table says what needs audio now, without a reload: the long post, not the one just voiced.
    await expect.poll(() => page.getByRole('row', { name: new RegExp(LONG) }).count()).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: new RegExp(SHORT) }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/wp-shots/bulk-cancelled-${version}.png`, fullPage: true });
    // WP-Cron keeps running: whatever was still being made when Cancel was pressed must not arrive uncounted.
    for (let tries = 0; tries < 8; tries += 1) {
      await runCron(page.context(), site.ready.url);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    const playing = [];
    for (const id of made) {
      const html = await (await page.request.get(`${site.ready.url}/?p=${id}`)).text();
      if (html.includes('class="circassian-post-audio"')) playing.push(id);
    }
    const view = await runView(page);
    expect(view.status).toBe('cancelled');
    expect(view.made).toBe(playing.length);
  });

  it('"Leave out" on the tools page takes a post out of post audio for good: its row goes, its own "Read aloud" switch is off', async () => {
    await page.goto(`${site.ready.url}/wp-admin/`);
    await setPostAudio(page, []);
    const created = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: 'Hello again, world',
      content: paragraph(1),
      status: 'publish',
    });
    const id = (created.body as { id: number }).id;
    await setPostAudio(page, ['post']);
    await page.goto(`${site.ready.url}/wp-admin/tools.php?page=circassian-audio`);
    const row = page.getByRole('row', { name: /Hello again, world/ });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Leave “Hello again, world” out of post audio' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Hello again, world/ }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/wp-shots/bulk-left-out-${version}.png`, fullPage: true });
    // The switch itself (post meta `_circassian_read_aloud` = 'off') is held by PHPUnit's Bulk_Audio_Controller_Tests.
    expect(id).toBeGreaterThan(0);
  });
});
