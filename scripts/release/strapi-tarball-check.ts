// The Strapi plugin as a Strapi team installs it: its tarball from dist/ put into the Strapi test
// app with plain `npm install` and `strapi build` (strapi-from-tarball.ts), Strapi started against
// a local service, and in Chromium the plugin's settings page, whose Test connection shows the
// key's name. `pnpm release --dry-run` and the release e2e test both run it; it returns what went
// wrong, [] when all is well.
import { basename } from 'node:path';
import { startSandbox } from '@circassian/sandbox';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { startStrapi } from '@circassian/test-support/hosts/strapi/start.js';
import { installStrapiAppFromTarball } from './strapi-from-tarball.js';

export async function checkStrapiTarball(tarball: string): Promise<string[]> {
  let app: Awaited<ReturnType<typeof installStrapiAppFromTarball>>;
  try {
    app = await installStrapiAppFromTarball(tarball);
  } catch (error) {
    return [`npm install of ${basename(tarball)} into the Strapi test app, or strapi build, failed: ${(error as Error).message}`];
  }
  const problems: string[] = [];
  // npm records the tarball itself as the dependency (a path relative to the app).
  if (!app.pluginSpec.startsWith('file:') || !app.pluginSpec.endsWith(basename(tarball)))
    problems.push(`Strapi: npm recorded @circassian/strapi-plugin as ${app.pluginSpec}, not the tarball ${basename(tarball)}`);
  const sandbox = await startSandbox();
  const stops: (() => Promise<void> | void)[] = [];
  const browser = await launchChromium();
  try {
    const ready = await startStrapi(app.dir, {
      service: { url: sandbox.url, key: sandbox.key },
      port: undefined,
      flags: {},
      onStop: (step) => void stops.push(step),
    });
    const page = await browser.newPage();
    await page.goto(`${ready.url}/admin/auth/login`);
    await page.getByLabel(/email/i).fill(ready.admin.email);
    await page.getByLabel(/^password/i).fill(ready.admin.password);
    await page.getByRole('button', { name: /log ?in/i }).click();
    await page.waitForURL(/\/admin(\/)?$/, { timeout: 60_000 });
    await page.goto(`${ready.url}/admin/settings/circassian`);
    // The settings page calls the service only when asked to.
    await page.getByTestId('circassian-test-connection').click();
    const keyName = page.getByTestId('circassian-key-name');
    const shown = await keyName
      .filter({ hasText: 'Name: sandbox' })
      .waitFor({ timeout: 60_000 })
      .then(() => undefined)
      .catch(async () => (await keyName.textContent().catch(() => null)) ?? '(nothing)');
    if (shown !== undefined) problems.push(`Strapi: after Test connection the settings page shows ${shown}, not "Name: sandbox"`);
  } catch (error) {
    problems.push(`Strapi with the plugin from ${basename(tarball)}: ${(error as Error).message}`);
  } finally {
    await browser.close();
    for (const stop of stops.reverse()) await stop();
    await sandbox.close();
    app.remove();
  }
  return problems;
}
