// Who may call the plugin's routes, and where the API key goes (nowhere near the browser), in a real
// WordPress (the oldest supported line: see SERVER_SIDE_LINE) driven by Chromium against the local
// service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import {
  apiFetchInPage,
  insertThroughInserter,
  logIn,
  newPost,
  restFromPage,
  startTestSite,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { SERVER_SIDE_LINE, createUser } from './use-site.js';

const JOB_ID = '00000000-0000-4000-8000-000000000000';

/** Every route of circassian/v1, with a body that would pass validation. */
const ROUTES: ReadonlyArray<{ method: string; path: string; data?: unknown }> = [
  { method: 'POST', path: 'circassian/v1/speech', data: { text: 'Сэ кӀуэ' } },
  { method: 'GET', path: `circassian/v1/speech/jobs/${JOB_ID}` },
  { method: 'GET', path: 'circassian/v1/speech/jobs' },
  { method: 'POST', path: 'circassian/v1/translate', data: { texts: ['good morning'], target_lang: 'kbd' } },
  { method: 'GET', path: 'circassian/v1/voices' },
  { method: 'GET', path: 'circassian/v1/languages' },
  { method: 'GET', path: 'circassian/v1/settings' },
  { method: 'POST', path: 'circassian/v1/settings', data: { base_url: 'http://127.0.0.1:9/' } },
  { method: 'POST', path: 'circassian/v1/settings/test' },
  { method: 'POST', path: 'circassian/v1/podcast/check', data: { lang: 'kbd' } },
  { method: 'GET', path: 'circassian/v1/podcast/mp3' },
  // An MP3 encoded in the browser (the body is the file; the permission is checked before the body is read).
  { method: 'POST', path: 'circassian/v1/podcast/mp3/1', data: 'ID3' },
  { method: 'POST', path: 'circassian/v1/translations', data: { original: 1, language: 'ru' } },
  { method: 'GET', path: 'circassian/v1/translations/1' },
  { method: 'POST', path: 'circassian/v1/translations/1', data: { block: '0123456789ab', choice: 'keep' } },
  { method: 'GET', path: 'circassian/v1/memory/export' },
  { method: 'POST', path: 'circassian/v1/memory/import', data: '<tmx version="1.4"><body/></tmx>' },
  { method: 'GET', path: 'circassian/v1/memory/fuzzy?text=good%20morning&target_lang=kbd' },
  { method: 'GET', path: 'circassian/v1/glossary' },
  {
    method: 'POST',
    path: 'circassian/v1/glossary',
    data: { source_lang: 'ru', target_lang: 'kbd', type: 'keep', source: 'Нальчик', target: '' },
  },
  { method: 'PUT', path: 'circassian/v1/glossary/1', data: { source_lang: 'ru', target_lang: 'kbd', type: 'keep', source: 'Нальчик' } },
  { method: 'DELETE', path: 'circassian/v1/glossary/1' },
  { method: 'POST', path: 'circassian/v1/glossary/import', data: 'ru,kbd,type,note\nНальчик,,keep,\n' },
  { method: 'GET', path: 'circassian/v1/glossary/export?source_lang=ru&target_lang=kbd' },
  { method: 'POST', path: 'circassian/v1/glossary/post-check/1', data: { title: 'Нальчик', content: '' } },
  {
    method: 'POST',
    path: 'circassian/v1/glossary/check',
    data: { source_lang: 'ru', target_lang: 'kbd', source: 'Нальчик', target: 'Нальчик' },
  },
  { method: 'GET', path: 'circassian/v1/bulk-audio' },
  { method: 'GET', path: 'circassian/v1/bulk-audio/run' },
  { method: 'POST', path: 'circassian/v1/bulk-audio/run', data: { post_type: 'post' } },
  { method: 'POST', path: 'circassian/v1/bulk-audio/run/pause' },
  { method: 'POST', path: 'circassian/v1/bulk-audio/run/resume' },
  { method: 'POST', path: 'circassian/v1/bulk-audio/run/cancel' },
  { method: 'POST', path: 'circassian/v1/bulk-audio/posts/1/leave-out' },
  { method: 'POST', path: 'circassian/v1/post-audio/1/generate' },
  {
    method: 'POST',
    path: 'circassian/v1/post-audio/1/state',
    data: { title: 'Сэ', content: '<!-- wp:paragraph --><p>кӀуэ</p><!-- /wp:paragraph -->' },
  },
];

async function restWithNonce(page: Page, nonce: string, route: (typeof ROUTES)[number]): Promise<number> {
  return page.evaluate(
    async ({ nonce, route }) => {
      const response = await fetch(`/wp-json/${route.path}`, {
        method: route.method,
        headers: { 'Content-Type': 'application/json', ...(nonce ? { 'X-WP-Nonce': nonce } : {}) },
        credentials: 'same-origin',
        ...(route.data === undefined ? {} : { body: JSON.stringify(route.data) }),
      });
      return response.status;
    },
    { nonce, route },
  );
}

// One line (SERVER_SIDE_LINE): route permissions, nonces, what the plugin's PHP prints into pages and REST
// answers, and the daily cap's conditional UPDATE are the plugin's PHP, the same on every WordPress line.
describe.each([SERVER_SIDE_LINE])('WordPress %s: permissions and the API key', (version) => {
  let site: TestSite;

  beforeAll(async () => {
    site = await startTestSite(version);
  });

  afterAll(async () => {
    await site?.close();
  });

  it('declares every route of circassian/v1 and refuses a subscriber (403) on each', async () => {
    const { page, context } = await logIn(site.browser, site.ready.url, site.ready.subscriber);
    const index = (await (await page.request.get(`${site.ready.url}/wp-json/circassian/v1`)).json()) as { routes: Record<string, unknown> };
    expect(Object.keys(index.routes).sort()).toEqual(
      [
        '/circassian/v1',
        '/circassian/v1/bulk-audio',
        '/circassian/v1/bulk-audio/run',
        '/circassian/v1/bulk-audio/run/(?P<action>pause|resume|cancel)',
        '/circassian/v1/bulk-audio/posts/(?P<id>\\d+)/leave-out',
        '/circassian/v1/glossary',
        '/circassian/v1/glossary/(?P<id>\\d+)',
        '/circassian/v1/glossary/import',
        '/circassian/v1/glossary/export',
        '/circassian/v1/glossary/post-check/(?P<id>\\d+)',
        '/circassian/v1/glossary/check',
        '/circassian/v1/post-audio/(?P<id>\\d+)/generate',
        '/circassian/v1/post-audio/(?P<id>\\d+)/state',
        '/circassian/v1/languages',
        '/circassian/v1/memory/export',
        '/circassian/v1/memory/fuzzy',
        '/circassian/v1/memory/import',
        '/circassian/v1/podcast/check',
        '/circassian/v1/podcast/mp3',
        '/circassian/v1/podcast/mp3/(?P<attachment>\\d+)',
        '/circassian/v1/settings',
        '/circassian/v1/settings/test',
        '/circassian/v1/speech',
        '/circassian/v1/speech/jobs',
        '/circassian/v1/speech/jobs/(?P<id>[a-f0-9-]{36})',
        '/circassian/v1/translate',
        '/circassian/v1/translations',
        '/circassian/v1/translations/(?P<id>\\d+)',
        '/circassian/v1/voices',
      ].sort(),
    );
    const nonce = await (await page.request.get(`${site.ready.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
    expect(nonce).toMatch(/^[0-9a-f]{10}$/);
    for (const route of ROUTES)
      expect([route.method, route.path, await restWithNonce(page, nonce, route)]).toEqual([route.method, route.path, 403]);
    await context.close();
  });

  it('refuses a logged-out visitor (401), and an administrator whose request lacks the nonce', async () => {
    const { page, context } = await logIn(site.browser, site.ready.url, site.ready.admin);
    for (const route of ROUTES) expect([route.path, await restWithNonce(page, '', route)]).toEqual([route.path, 401]);
    await context.close();
    const anonymous = await site.browser.newContext();
    const visitor = await anonymous.newPage();
    await visitor.goto(`${site.ready.url}/`);
    for (const route of ROUTES) expect([route.path, await restWithNonce(visitor, '', route)]).toEqual([route.path, 401]);
    await anonymous.close();
  });

  it('never sends the key to the browser: no page, script or REST response carries it, errors included', async () => {
    const key = site.sandbox.key;
    const secret = key.slice(key.indexOf('.') + 1);
    const { page, context } = await logIn(site.browser, site.ready.url, site.ready.admin);
    const seen: Array<{ url: string; body: string }> = [];
    const pending: Promise<void>[] = [];
    const record = (response: Response): void => {
      pending.push(
        response
          .text()
          .then((body) => void seen.push({ url: response.url(), body }))
          .catch(() => undefined),
      );
    };
    context.on('response', record);

    // The settings page, and "Test connection" showing the key's name and limits.
    await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
    const source = await page.locator('#circassian-key-source').textContent();
    expect(source).toContain('database');
    expect(source).toContain(`Prefix: ${key.slice(0, key.indexOf('.'))}`);
    await page.getByRole('button', { name: 'Test connection' }).click();
    // The test answers in place (no reload): wait for its sentence.
    await expect
      .poll(async () => (await page.locator('#circassian-settings-result').textContent())?.trim(), { timeout: 30_000 })
      .toBeTruthy();
    const result = await page.locator('#circassian-settings-result').textContent();
    expect(result).toMatch(/Connected as key "sandbox"/);
    expect(result).toMatch(/requests per minute: 60/);

    // The editor with the block, a generation, a translation, and an error from the service.
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = canvas.locator('.wp-block-circassian-audio').first();
    await block.getByLabel('Text to voice').fill('Сэ кӀуэ.');
    await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
    await block.locator('audio').waitFor({ timeout: 30_000 });
    await site.sandbox.admin.injectFault({ operation: 'speech', error_type: 'unauthorized', count: 1 });
    await block.getByRole('button', { name: 'Regenerate audio', exact: true }).click();
    await block.locator('.circassian-audio__error.is-unauthorized').waitFor({ timeout: 30_000 });
    for (const route of ROUTES.filter((r) => r.path !== 'circassian/v1/settings' || r.method === 'GET')) {
      const { body } = await restFromPage(page, route.path, route.method, route.data);
      seen.push({ url: route.path, body: JSON.stringify(body) });
    }
    await page.goto(`${site.ready.url}/wp-admin/upload.php`);
    await page.goto(`${site.ready.url}/wp-admin/`);
    await page.goto(`${site.ready.url}/`);
    await Promise.all(pending);
    context.off('response', record);

    expect(seen.length).toBeGreaterThan(30);
    expect(seen.some((entry) => /\.js(\?|$)/.test(entry.url))).toBe(true);
    const leaks = seen.filter((entry) => entry.body.includes(key) || entry.body.includes(secret)).map((entry) => entry.url);
    expect(leaks).toEqual([]);
    // Nor the host's log or its ready line.
    expect(site.log.some((line) => line.includes(secret))).toBe(false);
    expect(JSON.stringify(site.ready)).not.toContain(secret);
    await context.close();
  });
  it('reserves the daily cap atomically: of twenty parallel 10,000-character translations under a 10,000 cap, exactly one reaches the service', async () => {
    const { page: admin, context: adminContext } = await logIn(site.browser, site.ready.url, site.ready.admin);
    await admin.goto(`${site.ready.url}/wp-admin/post-new.php`);
    await admin.waitForFunction(() => Boolean((globalThis as unknown as { wp?: { apiFetch?: unknown } }).wp?.apiFetch));
    const racer = await createUser(admin, 'racer', 'author');
    expect((await apiFetchInPage(admin, '/circassian/v1/settings', 'POST', { daily_chars: 10_000 })).status).toBe(200);
    try {
      const { page, context } = await logIn(site.browser, site.ready.url, racer);
      const nonce = await (await page.request.get(`${site.ready.url}/wp-admin/admin-ajax.php?action=rest-nonce`)).text();
      const sent = async (): Promise<number> =>
        (await site.sandbox.admin.calls({ operation: 'translate' })).length +
        (await site.sandbox.admin.calls({ operation: 'batch' })).length;
      const before = await sent();
      const text = 'Сэ кӀуэ. '.repeat(1_200).slice(0, 10_000);
      const answers = await page.evaluate(
        async ({ nonce, text }) =>
          Promise.all(
            // Twenty different texts: the site's translation memory answers a text it knows for free.
            Array.from({ length: 20 }, async (_, index) => {
              const response = await fetch('/wp-json/circassian/v1/translate', {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'X-WP-Nonce': nonce },
                credentials: 'same-origin',
                body: JSON.stringify({ texts: [`${index} ${text}`.slice(0, 10_000)], target_lang: 'ru', source_lang: 'kbd' }),
              });
              const body = (await response.json()) as { data?: { type?: string } };
              return `${response.status} ${body.data?.type ?? ''}`.trim();
            }),
          ),
        { nonce, text },
      );
      expect(answers.sort()).toEqual(['200', ...Array.from({ length: 19 }, () => '429 daily_cap')]);
      expect((await sent()) - before).toBe(1);
      await context.close();
    } finally {
      await apiFetchInPage(admin, '/circassian/v1/settings', 'POST', { daily_chars: 1_000_000 });
      await adminContext.close();
    }
  });
});
