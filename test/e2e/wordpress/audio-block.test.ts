// The audio block in a real WordPress (oldest and newest supported), driven by Chromium against the
// local service: inserted through the inserter, short and long audio, the Media Library, the
// published post's static <audio>, regeneration, a reload resuming a job, and a notice for every
// error the service can send.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Dialog, FrameLocator, Locator, Page } from 'playwright-core';
import {
  editorCanvas,
  firstBlock,
  insertThroughInserter,
  newPost,
  publishPost,
  restFromPage,
  saveDraft,
  WORDPRESS_VERSIONS,
  type TestSite,
} from '@circassian/test-support/hosts/wordpress/testing.js';
import { itOnServerSideLine, useSiteWithAdmin } from './use-site.js';

const SHORT_TEXT = 'Уи пщэддджыжь фӀыуэ. Сэ кӀуэ.';
const SENTENCE = 'Адыгэбзэр бзэ дахэщ, абы и псалъэхэр макъамэ хуэдэщ. ';
/** Over 1500 characters: a job at the service. */
const LONG_TEXT = SENTENCE.repeat(40).trim();
/** Over 20000 characters: two requests, joined into one file. */
const VERY_LONG_TEXT = SENTENCE.repeat(420).trim();

interface MediaItem {
  readonly id: number;
  readonly mime_type: string;
  readonly source_url: string;
  readonly circassian: { duration: number; source_hash: string } | null;
}

async function audioBlock(canvas: FrameLocator | Page): Promise<Locator> {
  const block = canvas.locator('.wp-block-circassian-audio').first();
  // The file's first block on a fresh site loads the editor's block scripts cold: beside another
  // lane's hosts that took longer than the default 30 s once (WordPress 6.8, a fresh CI run).
  await block.waitFor({ timeout: 60_000 });
  return block;
}

/** Presses the generate button, whichever name it has now ("Regenerate audio" once the block has audio). */
async function generate(block: Locator, text: string): Promise<void> {
  await block.getByLabel('Text to voice').fill(text);
  await block.getByRole('button', { name: /^(Generate|Regenerate) audio$/ }).click();
}

async function audioSrc(block: Locator, previous?: string | null): Promise<string> {
  const audio = block.locator('audio');
  await audio.waitFor({ timeout: 60_000 });
  if (previous) await expect.poll(() => audio.getAttribute('src'), { timeout: 60_000 }).not.toBe(previous);
  return (await audio.getAttribute('src')) as string;
}

async function media(page: Page, id: unknown): Promise<{ status: number; item: MediaItem }> {
  const { status, body } = await restFromPage(page, `wp/v2/media/${String(id)}?context=edit`);
  return { status, item: body as MediaItem };
}

describe.each(WORDPRESS_VERSIONS)('WordPress %s: the Circassian Audio block', (version) => {
  const context = useSiteWithAdmin(version);
  // What the plugin's PHP does whatever the editor (WP-Cron, splitting and joining long text): one line.
  const once = itOnServerSideLine(version);
  let site: TestSite;
  let page: Page;

  beforeEach(() => {
    ({ site, page } = context);
  });

  it(`runs the ${version} line the ready line names`, () => {
    expect(site.ready.wordpress).toMatch(new RegExp(`^${version.replace('.', '\\.')}\\.\\d+$`));
  });

  it('is inserted through the inserter, makes short audio into the Media Library, and publishes a static <audio>', async () => {
    const canvas = await newPost(page, site.ready.url);
    await canvas.getByRole('textbox', { name: /add title/i }).fill('Audio post');
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    await generate(block, SHORT_TEXT);
    const src = await audioSrc(block);
    expect(src).toMatch(/\/wp-content\/uploads\/.+\.wav$/);

    const { attributes } = await firstBlock(page, 'circassian/audio');
    const { status, item } = await media(page, attributes.attachmentId);
    expect(status).toBe(200);
    expect(item.mime_type).toBe('audio/wav');
    expect(item.source_url).toBe(src);
    expect(item.circassian?.duration).toBeGreaterThan(0);
    expect(item.circassian?.source_hash).toBe(attributes.sourceHash);

    // The WAV itself is served and is audio.
    const wav = await page.request.get(src);
    expect(wav.status()).toBe(200);
    expect((await wav.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');

    const permalink = await publishPost(page);
    const html = await (await page.request.get(permalink)).text();
    expect(html).toContain(`<figure class="wp-block-circassian-audio"><audio controls src="${src}"></audio>`);
    // The front end loads no script of the plugin.
    expect(html).not.toMatch(/plugins\/circassian\/[^"']*\.js/);

    // The attachment is listed in the Media Library.
    await page.goto(`${site.ready.url}/wp-admin/upload.php?mode=list`);
    await expect.poll(() => page.locator(`#post-${String(attributes.attachmentId)}`).count()).toBe(1);
  });

  it('names the button "Generate audio", then "Regenerate audio" once there is audio; says when the text changed, and regenerating replaces the attachment', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    // Before any audio the button makes it; once there is audio it says it will replace it.
    await block.getByLabel('Text to voice').fill(SHORT_TEXT);
    expect(await block.getByRole('button', { name: 'Regenerate audio', exact: true }).count()).toBe(0);
    await block.getByRole('button', { name: 'Generate audio', exact: true }).click();
    const first = await audioSrc(block);
    const firstId = (await firstBlock(page, 'circassian/audio')).attributes.attachmentId;
    await expect.poll(() => block.locator('.circassian-audio__changed').count()).toBe(0);
    expect(await block.getByRole('button', { name: 'Generate audio', exact: true }).count()).toBe(0);

    await block.getByLabel('Text to voice').fill(`${SHORT_TEXT} Дауэ ущыт?`);
    await expect.poll(() => block.locator('.circassian-audio__changed').count()).toBe(1);
    await block.getByRole('button', { name: 'Regenerate audio', exact: true }).click();
    const second = await audioSrc(block, first);
    await expect.poll(() => block.locator('.circassian-audio__changed').count()).toBe(0);
    const secondId = (await firstBlock(page, 'circassian/audio')).attributes.attachmentId;
    expect(secondId).not.toBe(firstId);
    expect(second).not.toBe(first);
    expect((await media(page, firstId)).status).toBe(404);
    expect((await media(page, secondId)).status).toBe(200);
  });

  it('makes long text through the service job, showing progress, polling no faster than every 2 s', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    const polls: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/circassian/v1/speech/jobs/')) polls.push(Date.now());
    });
    await generate(block, LONG_TEXT);
    await block.locator('.circassian-audio__progress').waitFor();
    const src = await audioSrc(block);
    const { item } = await media(page, (await firstBlock(page, 'circassian/audio')).attributes.attachmentId);
    expect(item.circassian?.duration).toBeGreaterThan(0);
    expect(src).toMatch(/\.wav$/);
    expect(polls.length).toBeGreaterThan(0);
    for (let i = 1; i < polls.length; i += 1) expect((polls[i] as number) - (polls[i - 1] as number)).toBeGreaterThanOrEqual(1900);
    // The site polled the service's job no faster than every 2 s either (calls are newest first).
    const jobCalls = (await site.sandbox.admin.calls({ operation: 'jobs' })).map((call) => Date.parse(call.timestamp)).reverse();
    expect(jobCalls.length).toBeGreaterThan(0);
    for (let i = 1; i < jobCalls.length; i += 1) expect((jobCalls[i] as number) - (jobCalls[i - 1] as number)).toBeGreaterThanOrEqual(1900);
  });

  once('splits text over 20000 characters at sentence ends and joins the audio into one file', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    const before = (await site.sandbox.admin.calls({ operation: 'speech' })).length;
    await generate(block, VERY_LONG_TEXT);
    await audioSrc(block);
    const calls = (await site.sandbox.admin.calls({ operation: 'speech' })).slice(0, -before || undefined);
    expect(calls.length).toBe(2);
    const { item } = await media(page, (await firstBlock(page, 'circassian/audio')).attributes.attachmentId);
    const wav = await page.request.get(item.source_url);
    const bytes = await wav.body();
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // One file: its duration is the two parts' together, as the service reported them.
    const served = calls.reduce((sum, call) => sum + ((call.volume as { audio_seconds?: number }).audio_seconds ?? 0), 0);
    expect(item.circassian?.duration).toBeCloseTo(served, 0);
  });

  /**
   * A long text's job started in a new post's block and the draft saved with its id, then the editor
   * reloaded: while the job runs, or (collected) once the block has its audio but before that was saved.
   */
  async function reloadWithJob(collected: boolean): Promise<Locator> {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    await generate(block, LONG_TEXT);
    await expect.poll(async () => (await firstBlock(page, 'circassian/audio')).attributes.jobId ?? null).not.toBe(null);
    await saveDraft(page);
    if (collected) await audioSrc(block);
    // WordPress asks before leaving unsaved changes (the audio the editor collected): leave.
    const leave = (dialog: Dialog): void => void dialog.accept();
    page.on('dialog', leave);
    try {
      await page.reload();
    } finally {
      page.off('dialog', leave);
    }
    return audioBlock(await editorCanvas(page));
  }

  it('resumes a running job after the editor is reloaded', async () => {
    expect(await audioSrc(await reloadWithJob(false))).toMatch(/\.wav$/);
    expect((await firstBlock(page, 'circassian/audio')).attributes.jobId ?? null).toBe(null);
  });

  it('gives the block its audio after a reload that lost it: the job collected after the draft was saved', async () => {
    // The saved block still names the job the editor collected before the reload.
    expect(await audioSrc(await reloadWithJob(true))).toMatch(/\.wav$/);
    expect((await firstBlock(page, 'circassian/audio')).attributes.jobId ?? null).toBe(null);
  });

  once('finishes a long job through WP-Cron when no editor polls it, and offers it to the editor once', async () => {
    await newPost(page, site.ready.url);
    const audioCount = async (): Promise<number> =>
      ((await restFromPage(page, 'wp/v2/media?per_page=100&media_type=audio')).body as unknown[]).length;
    const before = await audioCount();
    const started = await restFromPage(page, 'circassian/v1/speech', 'POST', { text: LONG_TEXT });
    expect(started.status).toBe(200);
    const job = (started.body as { job: string | null }).job;
    expect(job).toMatch(/^[a-f0-9-]{36}$/);
    // Nothing polls the job from here on: only cron moves it (the test site runs cron when asked).
    await expect
      .poll(
        async () => {
          await (await fetch(`${site.ready.url}/wp-cron.php?doing_wp_cron`)).text();
          return audioCount();
        },
        { timeout: 60_000, interval: 2_500 },
      )
      .toBe(before + 1);
    const reported = await restFromPage(page, `circassian/v1/speech/jobs/${String(job)}`);
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ status: 'done', attachment: expect.objectContaining({ id: expect.any(Number) }) });
    // Collected: the same answer again (an editor reloaded before saving asks with the block's job
    // id), and no longer offered to resume.
    const attachment = (reported.body as { attachment: { id: number } }).attachment.id;
    expect(await restFromPage(page, `circassian/v1/speech/jobs/${String(job)}`)).toMatchObject({
      status: 200,
      body: { status: 'done', attachment: { id: attachment } },
    });
    const offered = (await restFromPage(page, 'circassian/v1/speech/jobs')).body as Array<{ id: string }>;
    expect(offered.map((one) => one.id)).not.toContain(job);
  });

  it('shows a notice saying what to do for every error the service sends, keeps the text, and leaves no attachment', async () => {
    const canvas = await newPost(page, site.ready.url);
    await insertThroughInserter(page, 'Circassian Audio', /Circassian Audio/);
    const block = await audioBlock(canvas);
    const mediaBefore = ((await restFromPage(page, 'wp/v2/media?per_page=100&media_type=audio')).body as unknown[]).length;
    const expected: Record<string, RegExp> = {
      unauthorized: /API key/,
      invalid_request: /language, voice, speed and text/,
      rate_limited: /Wait a minute/,
      quota_exceeded: /daily allowance is spent/,
      queue_timeout: /busy\. Try again in a few seconds/,
      upstream_unavailable: /down for the moment/,
      upstream_error: /Try once more/,
      not_found: /expired/,
      internal_error: /internal error/,
    };
    for (const [type, advice] of Object.entries(expected)) {
      await site.sandbox.admin.clearFaults();
      await site.sandbox.admin.injectFault({ operation: 'speech', error_type: type as never, count: 5 });
      await generate(block, SHORT_TEXT);
      const notice = block.locator(`.circassian-audio__error.is-${type}`);
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.textContent()).toMatch(advice);
      expect(await block.getByLabel('Text to voice').inputValue()).toBe(SHORT_TEXT);
    }
    // A long job that fails at the service.
    await site.sandbox.admin.clearFaults();
    await site.sandbox.admin.injectFault({ operation: 'speech', error_type: 'job_failed', count: 1 });
    await generate(block, LONG_TEXT);
    await block.locator('.circassian-audio__error.is-job_failed').waitFor({ timeout: 30_000 });
    expect(await block.getByLabel('Text to voice').inputValue()).toBe(LONG_TEXT);
    await site.sandbox.admin.clearFaults();

    expect(await block.locator('audio').count()).toBe(0);
    const mediaAfter = ((await restFromPage(page, 'wp/v2/media?per_page=100&media_type=audio')).body as unknown[]).length;
    expect(mediaAfter).toBe(mediaBefore);
  });
});
