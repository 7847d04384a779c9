// A multisite network (the oldest supported WordPress line: see SERVER_SIDE_LINE), the plugin
// network-activated, driven by Chromium against the local service: a sub-site's administrator can
// neither open, change nor test the plugin's settings (the key must not follow an address they choose),
// the network's super admin can; deleting the plugin from the network's Plugins screen removes its
// traces on every site, unfinished speech jobs' part files in the temporary folder and the translation
// memory's table too (a site added after activation gets its table from wp_initialize_site).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFetchInPage,
  logIn,
  SETTINGS_PAGE,
  startTestSite,
  type TestSite,
  type WordPressReady,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { SERVER_SIDE_LINE } from './use-site.js';

/** What `pnpm host wordpress --multisite` adds to the ready line. */
interface NetworkReady extends WordPressReady {
  readonly secondSite: { readonly url: string; readonly admin: { readonly user: string; readonly password: string } };
  readonly root: string;
}

interface Traces {
  readonly sites: Record<string, { options: string[]; cron: string[]; tables: string[] }>;
  readonly network: string[];
  readonly usermeta: string[];
}

/** Every trace of the plugin on the network, read from its tables by network-traces.php. */
async function networkTraces(ready: NetworkReady): Promise<Traces> {
  const { stdout } = await promisify(execFile)('php', [join(import.meta.dirname, 'network-traces.php'), ready.url], {
    cwd: ready.root,
    encoding: 'utf8',
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Traces;
}

/** An unfinished speech job left on every site, as a long one is mid-way (leave-part-files.php); its part files' paths. */
async function leavePartFiles(ready: NetworkReady): Promise<string[]> {
  const { stdout } = await promisify(execFile)('php', [join(import.meta.dirname, 'leave-part-files.php'), ready.url], {
    cwd: ready.root,
    encoding: 'utf8',
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '[]') as string[];
}

/** A server that only records who reached it: where a redirected key would arrive. */
async function startCatcher(): Promise<{ url: string; seen: IncomingHttpHeaders[]; close(): Promise<void> }> {
  const seen: IncomingHttpHeaders[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// One line (SERVER_SIDE_LINE): network capabilities, the network's uninstall and wp_initialize_site are the
// plugin's PHP on core APIs unchanged between the supported lines.
describe.each([SERVER_SIDE_LINE])('WordPress %s multisite: the network owns the key', (version) => {
  let site: TestSite;
  let ready: NetworkReady;
  let superAdmin: Page;
  let siteAdmin: Page;

  beforeAll(async () => {
    site = await startTestSite(version, { hostArgs: ['--multisite'] });
    ready = site.ready as NetworkReady;
    superAdmin = (await logIn(site.browser, ready.url, ready.admin)).page;
    siteAdmin = (await logIn(site.browser, ready.secondSite.url, ready.secondSite.admin)).page;
  });

  afterAll(async () => {
    await site?.close();
  });

  it("a sub-site's administrator cannot open, change or test the settings, and the key never reaches their address", async () => {
    const catcher = await startCatcher();
    try {
      const second = ready.secondSite.url;
      await siteAdmin.goto(`${second}/wp-admin/`);
      // They administer their site (the Settings menu is theirs) but have no Circassian entry in it.
      await expect(siteAdmin.locator('#menu-settings a[href="options-general.php"]').count()).resolves.toBeGreaterThan(0);
      await expect(siteAdmin.locator('#menu-settings a[href*="page=circassian"]').count()).resolves.toBe(0);

      const opened = await siteAdmin.goto(`${second}${SETTINGS_PAGE}`);
      expect(opened?.status()).toBe(403);
      expect(await siteAdmin.locator('#circassian-api-key').count()).toBe(0);

      // The editor gives them wp.apiFetch with their nonce: they are signed in to the REST API
      // (they may list their site's users), so each 403 below is the capability, not the session.
      await siteAdmin.goto(`${second}/wp-admin/post-new.php`);
      await siteAdmin.waitForFunction(() => Boolean((globalThis as unknown as { wp?: { apiFetch?: unknown } }).wp?.apiFetch));
      expect((await apiFetchInPage(siteAdmin, '/wp/v2/users/me?context=edit')).body).toMatchObject({ slug: ready.secondSite.admin.user });
      for (const [path, method, data] of [
        ['/circassian/v1/settings', 'GET', undefined],
        ['/circassian/v1/settings', 'POST', { base_url: catcher.url }],
        ['/circassian/v1/settings/test', 'POST', { base_url: catcher.url }],
      ] as const) {
        const refused = await apiFetchInPage(siteAdmin, path, method, data);
        expect(refused.status, `${method} ${path}`).toBe(403);
        expect(refused.body.code).toBe('rest_forbidden');
      }
      // The form's own handler refuses them before it reads a field.
      const posted = await siteAdmin.request.post(`${second}/wp-admin/admin-post.php`, {
        form: { action: 'circassian_save_settings', base_url: catcher.url, circassian_test: '1' },
      });
      expect(posted.status()).toBe(403);
      expect(catcher.seen).toEqual([]);

      // The network's super admin sees the sub-site's settings untouched, and may change them.
      await superAdmin.goto(`${second}${SETTINGS_PAGE}`);
      expect(await superAdmin.locator('#circassian-base-url').inputValue()).toBe(site.sandbox.url);
      expect((await apiFetchInPage(superAdmin, '/circassian/v1/settings')).body).toMatchObject({
        base_url: site.sandbox.url,
        key_source: 'database',
      });
      await superAdmin.getByRole('button', { name: 'Test connection' }).click();
      await expect
        .poll(async () => (await superAdmin.locator('#circassian-settings-result').textContent())?.trim() ?? '', { timeout: 30_000 })
        .toMatch(/Connected as key "sandbox"/);
      const saved = await apiFetchInPage(superAdmin, '/circassian/v1/settings', 'POST', { voice: 'female' });
      expect(saved.status).toBe(200);
    } finally {
      await catcher.close();
    }
  });

  // Last: it deletes the plugin from the network.
  it("deleting the plugin from the network's Plugins screen removes its options, transients, jobs, part files, user meta and translation memory table on every site, one added later too", async () => {
    // Traces on both sites, made as people make them: settings saved, the settings page's lists
    // cached, a translation counted against the user on that site, a speech job started.
    for (const url of [ready.url, ready.secondSite.url]) {
      await superAdmin.goto(`${url}${SETTINGS_PAGE}`);
      expect((await apiFetchInPage(superAdmin, '/circassian/v1/settings', 'POST', { speed: 0.9, daily_chars: 50_000 })).status).toBe(200);
      const translated = await apiFetchInPage(superAdmin, '/circassian/v1/translate', 'POST', {
        texts: ['good morning'],
        target_lang: 'kbd',
      });
      expect(translated.status).toBe(200);
      expect((await apiFetchInPage(superAdmin, '/circassian/v1/speech', 'POST', { text: 'Сэ кӀуэ' })).status).toBeLessThan(300);
      // Saving dropped the cached lists; the page caches them again as it renders.
      await superAdmin.goto(`${url}${SETTINGS_PAGE}`);
    }
    // A site added after the plugin was network-activated.
    await promisify(execFile)('php', [join(import.meta.dirname, 'add-site.php'), ready.url, '/added/'], {
      cwd: ready.root,
      encoding: 'utf8',
    });
    const partFiles = await leavePartFiles(ready);
    expect(partFiles.length).toBe(6);
    expect(partFiles.filter((file) => existsSync(file))).toEqual(partFiles);
    const before = await networkTraces(ready);
    // The glossary's table, the translation memory's (its units and their near-match word index) and
    // the speech memory's, on every site, the added one too.
    expect(Object.keys(before.sites)).toHaveLength(3);
    for (const traces of Object.values(before.sites))
      expect([...traces.tables].map((table) => table.replace(/^wp_(\d+_)?/, '')).sort()).toEqual([
        'circassian_glossary',
        'circassian_memory',
        'circassian_memory_words',
        'circassian_speech_memory',
      ]);
    for (const path of ['/', '/second/']) {
      const options = before.sites[path]?.options ?? [];
      expect(options).toEqual(
        expect.arrayContaining(['circassian_api_key', 'circassian_base_url', 'circassian_defaults', 'circassian_access']),
      );
      expect(
        options.filter((name) => name.startsWith('_transient_timeout_circassian_')),
        path,
      ).not.toEqual([]);
      // The user's characters of the day on that site (the spending gate's row).
      expect(
        options.filter((name) => name.startsWith('circassian_chars_')),
        path,
      ).not.toEqual([]);
    }

    await superAdmin.goto(`${ready.url}/wp-admin/network/plugins.php`);
    const row = superAdmin.locator('tr[data-plugin="circassian/circassian.php"]');
    await Promise.all([
      superAdmin.waitForURL(/plugins\.php\?.*deactivate=true/),
      row.getByRole('link', { name: /^Network Deactivate/ }).click(),
    ]);
    superAdmin.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('link', { name: /^Delete/ }).click();
    // WordPress replaces the row with one saying the plugin was deleted (uninstall.php has run by then).
    await superAdmin.locator('tr.plugin-deleted-tr[data-plugin="circassian/circassian.php"]').waitFor({ timeout: 60_000 });

    const after = await networkTraces(ready);
    expect(after).toEqual({
      sites: {
        '/': { options: [], cron: [], tables: [] },
        '/second/': { options: [], cron: [], tables: [] },
        '/added/': { options: [], cron: [], tables: [] },
      },
      network: [],
      usermeta: [],
    });
    expect(partFiles.filter((file) => existsSync(file))).toEqual([]);
  });
});
