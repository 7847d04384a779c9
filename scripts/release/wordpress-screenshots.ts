// Takes the WordPress.org directory's screenshots (packages/wordpress/assets/screenshot-N.png, named
// as the directory wants; their captions are readme.txt's == Screenshots == lines) in the newest
// WordPress the e2e tests use, through the same site helpers, against the local service.
// `flock /tmp/circassian-heavy.lock npx tsx scripts/release/wordpress-screenshots.ts`
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { insertThroughInserter, logIn, newPost, startTestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { WORDPRESS_DIR } from './artifacts.js';

const assets = join(WORDPRESS_DIR, 'assets');
mkdirSync(assets, { recursive: true });
const site = await startTestSite(NEWEST_LINE);
try {
  const { page } = await logIn(site.browser, site.ready.url, site.ready.admin);

  // 1. The audio block with its generated audio, in the block editor.
  const canvas = await newPost(page, site.ready.url);
  await canvas.getByRole('textbox', { name: /add title/i }).fill('Уи пщэддджыжь фӀыуэ');
  await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
  const block = canvas.locator('.wp-block-circassian-audio').first();
  await block.waitFor();
  await block.getByLabel('Text to voice').fill('Сэ сыкӀуэнущ. Уи пщэддджыжь фӀыуэ!');
  await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
  await block.locator('audio').waitFor({ timeout: 60_000 });
  await page.screenshot({ path: join(assets, 'screenshot-1.png') });

  // 2. Settings > Circassian after "Test connection".
  await page.goto(`${site.ready.url}/wp-admin/options-general.php?page=circassian`);
  await page.getByRole('button', { name: /test connection/i }).click();
  await page
    .getByText(/sandbox/i)
    .first()
    .waitFor({ timeout: 30_000 });
  await page.screenshot({ path: join(assets, 'screenshot-2.png') });
  console.log(assets);
} finally {
  await site.close();
}
