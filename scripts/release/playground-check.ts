// The WordPress plugin as a visitor of its directory page tries it: the release's blueprint.json run
// by WordPress Playground's own CLI (offline, the zip beside it; see playground.ts), then, in
// Chromium, the settings page with the address the blueprint set, and the Circassian Audio block
// inserted into a new post through the inserter. `pnpm release --dry-run` and the release e2e test
// both run it; it returns what went wrong, [] when all is well.
import { readFileSync } from 'node:fs';
import { launchChromium } from '@circassian/test-support/hosts/lib/browser.js';
import { editorBlocks, insertThroughInserter, newPost } from '@circassian/test-support/hosts/wordpress/testing.js';
import { startPlayground } from './playground.js';

interface Blueprint {
  readonly steps?: readonly { step: string; options?: Record<string, unknown> }[];
}

/** The service address the blueprint's setSiteOptions step writes. */
function blueprintBaseUrl(blueprint: string): unknown {
  const steps = (JSON.parse(readFileSync(blueprint, 'utf8')) as Blueprint).steps ?? [];
  return steps.find((step) => step.step === 'setSiteOptions')?.options?.circassian_base_url;
}

export async function checkPlaygroundBlueprint(blueprint: string): Promise<string[]> {
  let playground: Awaited<ReturnType<typeof startPlayground>>;
  try {
    playground = await startPlayground(blueprint);
  } catch (error) {
    return [`WordPress Playground did not start on ${blueprint}: ${(error as Error).message}`];
  }
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 1000 } })).newPage();
    // The blueprint's landing page; its login step signs the visitor in as Playground's admin.
    await page.goto(`${playground.url}/wp-admin/options-general.php?page=circassian`);
    if (page.url().includes('wp-login.php')) {
      await page.fill('#user_login', 'admin');
      await page.fill('#user_pass', 'password');
      await Promise.all([page.waitForURL(/page=circassian/), page.click('#wp-submit')]);
    }
    const problems: string[] = [];
    const expected = blueprintBaseUrl(blueprint);
    const shown = await page.locator('#circassian-base-url').inputValue();
    if (shown !== expected)
      problems.push(`Playground: the settings page shows the address ${shown}, not the blueprint's ${String(expected)}`);
    await newPost(page, playground.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    if (!(await editorBlocks(page)).some((block) => block.name === 'circassian/audio'))
      problems.push('Playground: the inserter put no circassian/audio block into the post');
    return problems;
  } catch (error) {
    return [`Playground (WordPress ${playground.wordpress}): ${(error as Error).message}`];
  } finally {
    await browser.close();
    await playground.stop();
  }
}
