// `pnpm bench wordpress`: what the plugin costs, beside WordPress's own Audio block and the
// service itself, measured in one run against the local service and a real WordPress (newest line).
//  1. The editor script's size (gzip), beside core's block library (which carries core/audio).
//  2. The front end of a post with the block: scripts and requests, beside the same post with
//     core/audio playing the same file (aim: no added script).
//  3. "Generate audio" to a playable block, short and long text, beside the service's own time
//     for the same request through @circassian/core.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CircassianClient } from '@circassian/core';
import type { Page } from 'playwright-core';
import { buildPluginZip, PACKAGE_DIR } from '../tools/build-zip.js';
import { frontEndCost } from './front-end-cost.js';
import { installWordPress } from '@circassian/test-support/hosts/wordpress/install.js';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { insertThroughInserter, logIn, newPost, restFromPage, startTestSite } from '@circassian/test-support/hosts/wordpress/testing.js';

const SHORT_TEXT = 'Уи пщэддджыжь фӀыуэ. Сэ кӀуэ, уэри укъэкӀуэж.';
const LONG_TEXT = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. '.repeat(40).trim();

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

async function timeToPlayable(page: Page, url: string, text: string): Promise<number> {
  const canvas = await newPost(page, url);
  await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
  const block = canvas.locator('.wp-block-circassian-audio').first();
  await block.getByLabel('Text to voice').fill(text);
  const started = Date.now();
  await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
  await block.locator('audio').waitFor({ timeout: 120_000 });
  await block
    .locator('audio')
    .evaluate(
      (audio: { readyState: number; addEventListener(name: string, listener: () => void): void }) =>
        new Promise<void>((resolve) => (audio.readyState >= 1 ? resolve() : audio.addEventListener('loadedmetadata', () => resolve()))),
    );
  return Date.now() - started;
}

// 1. Editor script size.
await buildPluginZip();
const editorScript = readFileSync(join(PACKAGE_DIR, 'build', 'audio', 'index.js'));
const coreLibrary = readFileSync(join((await installWordPress(NEWEST_LINE)).tree, 'wp-includes', 'js', 'dist', 'block-library.min.js'));
console.log('Editor script (gzip)');
console.log(
  `  circassian/audio + editor tools   ${kb(gzipSync(editorScript).length)}   (aim: under 30 KB; raw ${kb(editorScript.length)})`,
);
console.log(`  core block library (incl. audio)  ${kb(gzipSync(coreLibrary).length)}   (baseline: what every editor already loads)`);

const site = await startTestSite(NEWEST_LINE, { speechJobMs: 1000 });
try {
  const { page } = await logIn(site.browser, site.ready.url, site.ready.admin);

  // 3. Time to a playable block (before 2, which reuses the short audio's file).
  const shortMs = await timeToPlayable(page, site.ready.url, SHORT_TEXT);
  const src = await page.evaluate(() => {
    const wp = (
      globalThis as unknown as {
        wp: { data: { select(store: string): { getBlocks(): Array<{ name: string; attributes: { src?: string } }> } } };
      }
    ).wp;
    return (
      wp.data
        .select('core/block-editor')
        .getBlocks()
        .find((block) => block.name === 'circassian/audio')?.attributes.src ?? ''
    );
  });
  const longMs = await timeToPlayable(page, site.ready.url, LONG_TEXT);
  const client = new CircassianClient({ apiKey: site.sandbox.key, baseUrl: site.sandbox.url, appInfo: { name: 'wordpress-bench' } });
  let started = Date.now();
  await client.speech({ text: SHORT_TEXT, language: 'kbd' });
  const serviceShortMs = Date.now() - started;
  started = Date.now();
  await client.speech({ text: LONG_TEXT, language: 'kbd' });
  const serviceLongMs = Date.now() - started;
  await client.close();
  console.log('\n"Generate audio" to a playable block, beside the service alone (@circassian/core speech())');
  console.log(`  short (${SHORT_TEXT.length} chars)   block ${seconds(shortMs)}   service ${seconds(serviceShortMs)}`);
  console.log(
    `  long (${LONG_TEXT.length} chars)   block ${seconds(longMs)}   service ${seconds(serviceLongMs)}   (the editor and site poll every 2 s)`,
  );

  // 2. Front-end cost of a published post: our block beside core/audio with the same file.
  const post = async (title: string, content: string): Promise<string> => {
    const { body } = await restFromPage(page, 'wp/v2/posts', 'POST', { title, content, status: 'publish' });
    return (body as { link: string }).link;
  };
  const ours = await post(
    'With the Circassian block',
    `<!-- wp:circassian/audio {"text":"x"} -->\n<figure class="wp-block-circassian-audio"><audio controls src="${src}"></audio></figure>\n<!-- /wp:circassian/audio -->`,
  );
  const core = await post(
    'With core audio',
    `<!-- wp:audio -->\n<figure class="wp-block-audio"><audio controls src="${src}"></audio></figure>\n<!-- /wp:audio -->`,
  );
  const empty = await post('Without audio', '<!-- wp:paragraph -->\n<p>Text only.</p>\n<!-- /wp:paragraph -->');
  const [withOurs, withCore, without] = [
    await frontEndCost(site.browser, ours),
    await frontEndCost(site.browser, core),
    await frontEndCost(site.browser, empty),
  ];
  console.log('\nFront end of a published post (scripts / requests / bytes)');
  console.log(`  text only                ${without.scripts} / ${without.requests} / ${kb(without.bytes)}`);
  console.log(`  with core/audio          ${withCore.scripts} / ${withCore.requests} / ${kb(withCore.bytes)}   (baseline)`);
  console.log(
    `  with circassian/audio    ${withOurs.scripts} / ${withOurs.requests} / ${kb(withOurs.bytes)}   (added scripts beside core/audio: ${withOurs.scripts - withCore.scripts})`,
  );
} finally {
  await site.close();
}
