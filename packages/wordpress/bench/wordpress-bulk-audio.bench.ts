// `pnpm bench wordpress-bulk-audio`: a bulk run of post audio over 100 posts in a real WordPress
// (newest line) against the local service, its key held to a low requests-per-minute limit so the
// pacing shows. Beside it, in the same run: the same 100 texts voiced once each straight through
// @circassian/core on a key without that limit (the lower bound of requests and audio seconds,
// and the service's own time), and the wall time the per-minute limit allows at best.
//  1. Requests and audio seconds the run spent, beside the lower bound (one speech call per post).
//  2. Rate-limit errors with pacing (aim: none).
//  3. Wall time, beside the per-minute limit's bound and the service's own time.
//  4. The front end of a post with its player, beside the same post before it had audio (aim: no added script).
import { CircassianClient } from '@circassian/core';
import type { CallRecord } from '@circassian/sandbox';
import { NEWEST_LINE } from '@circassian/test-support/hosts/wordpress/versions.js';
import { logIn, restFromPage, startTestSite } from '@circassian/test-support/hosts/wordpress/testing.js';
import { frontEndCost } from './front-end-cost.js';

const POSTS = 100;
/** Low enough that 100 posts need the pacing: 40 a minute. */
const REQUESTS_PER_MINUTE = 40;
/** The site's speech defaults, which the posts are read with. */
const VOICE = { language: 'kbd', voice: 'male', speed: 0.85 } as const;

const title = (n: number): string => `Тхыгъэ ${n}`;
const paragraph = (n: number): string => `Мыр тхыгъэ ${n}-щ. Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ.`;
/** What post audio reads of such a post: the title, then the paragraph. */
const spoken = (n: number): string => `${title(n)}\n\n${paragraph(n)}`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const audioSeconds = (calls: CallRecord[]): number =>
  calls
    .filter((call) => call.outcome === 'ok')
    .reduce((sum, call) => sum + ('audio_seconds' in call.volume ? Number(call.volume.audio_seconds) : 0), 0);

const site = await startTestSite(NEWEST_LINE, { speechJobMs: 30 });
try {
  const prefix = site.sandbox.key.split('.')[0] as string;
  await site.sandbox.admin.updateKey(prefix, { limits: { requests_per_minute: REQUESTS_PER_MINUTE } });

  // Baseline: each text voiced once, straight to the service, on a key without the low limit.
  const direct = await site.sandbox.admin.createKey({ name: 'bench-direct', limits: { requests_per_minute: 10_000 } });
  const client = new CircassianClient({ apiKey: direct.key, baseUrl: site.sandbox.url, appInfo: { name: 'wordpress-bulk-bench' } });
  let started = Date.now();
  for (let n = 1; n <= POSTS; n += 1) await client.speech({ text: spoken(n), ...VOICE });
  const directMs = Date.now() - started;
  await client.close();
  const directCalls = await site.sandbox.admin.calls({ key: direct.prefix, limit: 10_000 });

  const { page } = await logIn(site.browser, site.ready.url, site.ready.admin);
  await page.goto(`${site.ready.url}/wp-admin/`);
  await restFromPage(page, 'wp/v2/posts/1?force=true', 'DELETE');
  let firstLink = '';
  // Published while post audio is off: nothing voices them until the bulk run.
  for (let n = 1; n <= POSTS; n += 1) {
    const { body } = await restFromPage(page, 'wp/v2/posts', 'POST', {
      title: title(n),
      content: `<!-- wp:paragraph -->\n<p>${paragraph(n)}</p>\n<!-- /wp:paragraph -->`,
      status: 'publish',
    });
    if (n === 1) firstLink = (body as { link: string }).link;
  }
  const before = await frontEndCost(site.browser, firstLink);
  await restFromPage(page, 'circassian/v1/settings', 'POST', { post_audio: { post_types: ['post'], placement: 'after' } });

  // The run, moved on by WP-Cron as a busy site's visits would (every second).
  started = Date.now();
  const start = await restFromPage(page, 'circassian/v1/bulk-audio/run', 'POST', { post_type: 'post' });
  if (start.status !== 201) throw new Error(`the run did not start: ${JSON.stringify(start.body)}`);
  let run = (start.body as { run: { status: string; made: number; total: number } }).run;
  while (run.status === 'running' && Date.now() - started < 15 * 60_000) {
    await page.request.get(`${site.ready.url}/wp-cron.php`);
    run = ((await restFromPage(page, 'circassian/v1/bulk-audio/run')).body as { run: typeof run }).run;
    if (run.status === 'running') await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const runMs = Date.now() - started;
  const siteCalls = await site.sandbox.admin.calls({ key: prefix, limit: 10_000 });
  const after = await frontEndCost(site.browser, firstLink);

  const speech = siteCalls.filter((call) => call.operation === 'speech');
  const bound = Math.floor((siteCalls.length - 1) / REQUESTS_PER_MINUTE) * 60_000;
  console.log(`Bulk run over ${POSTS} posts: ${run.status}, ${run.made} of ${run.total} made`);
  console.log('\nRequests and audio, beside the lower bound (each text voiced once, straight through @circassian/core)');
  console.log(
    `  requests       run ${siteCalls.length} (speech ${speech.length}, GET /v1/me ${siteCalls.filter((call) => call.operation === 'me').length})   lower bound ${directCalls.length}`,
  );
  console.log(`  audio seconds  run ${audioSeconds(speech).toFixed(1)}   lower bound ${audioSeconds(directCalls).toFixed(1)}`);
  console.log(`\nRate-limit errors with pacing (key at ${REQUESTS_PER_MINUTE} requests per minute)`);
  console.log(`  rate_limited answers   ${siteCalls.filter((call) => call.outcome === 'rate_limited').length}   (aim: 0)`);
  console.log('\nWall time');
  console.log(`  bulk run                              ${seconds(runMs)}`);
  console.log(
    `  bound of ${REQUESTS_PER_MINUTE} requests a minute      ${seconds(bound)}   (the first ${REQUESTS_PER_MINUTE} at once, then a minute per ${REQUESTS_PER_MINUTE})`,
  );
  console.log(`  the service alone, no limit           ${seconds(directMs)}`);
  console.log('\nFront end of a post (scripts / requests / bytes)');
  console.log(`  before it had audio   ${before.scripts} / ${before.requests} / ${(before.bytes / 1024).toFixed(1)} KB   (baseline)`);
  console.log(
    `  with its player       ${after.scripts} / ${after.requests} / ${(after.bytes / 1024).toFixed(1)} KB   (added scripts: ${after.scripts - before.scripts})`,
  );
} finally {
  await site.close();
}
