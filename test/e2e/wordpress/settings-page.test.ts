// The settings page as an administrator uses it, in a real WordPress (oldest and newest supported)
// driven by Chromium against the local service: post audio switched on and placed through the
// form (and off again by unticking), the service's terms and privacy addresses filled in and
// shown in the privacy policy guide, and today's usage after "Test connection".
import { beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SETTINGS_PAGE, WORDPRESS_VERSIONS, type TestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { useSiteWithAdmin } from './use-site.js';

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

  it('refuses a terms address that is no web address, and keeps the one stored', async () => {
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
      `requests: ${usage.requests.toLocaleString('en-US')} of ${key?.limits.requests_per_day.toLocaleString('en-US')}`,
    );
    expect(shown).toMatch(/translation characters: [\d,]+ of [\d,]+; seconds of speech: [\d,.]+ of [\d,]+/);
    await page.screenshot({ path: `/tmp/wp-shots/settings-usage-${version}.png` });
  });
});
