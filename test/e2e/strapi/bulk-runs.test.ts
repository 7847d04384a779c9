// Bulk runs a content team can leave and come back to, in Chromium: the run is stored, shown
// again after leaving the page, Start stays disabled while it goes, its totals are fixed at the
// start (audio in its own total), and a cancel is counted honestly: done, cancelled and the rest
// apart, adding up to the total, never "63 of 63 done".
import { describe, expect, it } from 'vitest';
import { waitFor } from './strapi-fixture.js';
import { useStrapiAdmin } from './use-strapi-admin.js';

type Progress = Record<'pending' | 'running' | 'done' | 'skipped' | 'failed' | 'cancelled' | 'total' | 'notQueued', number>;
interface Run {
  run: string;
  state: string;
  finished: boolean;
  translate: Progress;
  audio: Progress;
}

const ENTRIES = 6;

describe('Strapi admin: a bulk run left, reopened and cancelled', () => {
  const app = useStrapiAdmin({
    // Two jobs a claim and slow batches: the run is still going when it is cancelled.
    env: { CIRCASSIAN_QUEUE_CLAIM_SIZE: '2', CIRCASSIAN_QUEUE_POLL_MS: '200' },
    prepare: async (strapi) => {
      expect((await strapi.plugin('POST', '/queue/pause')).status).toBe(200);
      for (let index = 0; index < ENTRIES; index++)
        await strapi.createArticle({ title: `Статья для прогона ${index}`, body: `Текст ${index}` });
    },
  });
  const { shot } = app;

  let runId: string;

  it('starts a run with its totals fixed, shows it again after leaving the page, and keeps Start disabled', async () => {
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await app.page.getByRole('button', { name: 'Estimate the cost', exact: true }).click({ timeout: 60_000 });
    await app.page.getByTestId('circassian-estimate').waitFor();
    await app.page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect
      .poll(() => app.page.getByTestId('circassian-run-translate').textContent(), { timeout: 60_000 })
      .toBe(`Translations: 0 done, ${ENTRIES * 3} waiting of ${ENTRIES * 3}`);
    await expect(app.page.getByTestId('circassian-run-audio').textContent()).resolves.toBe(`Audio: 0 done of ${ENTRIES * 2}`);
    await expect(app.page.getByTestId('circassian-pause').first().textContent()).resolves.toBe('Paused by an administrator.');
    await expect(app.page.getByRole('button', { name: 'Start', exact: true }).isDisabled()).resolves.toBe(true);
    const runs = (await app.strapi.plugin<{ runs: Run[] }>('GET', '/runs')).body.runs;
    expect(runs).toHaveLength(1);
    runId = (runs[0] as Run).run;

    // Away to the settings page and back: the run is shown again, from the server.
    await app.page.goto(`${app.host.ready.url}/admin/settings/circassian`);
    await app.page.getByTestId('circassian-usage').waitFor({ timeout: 30_000 });
    await app.page.goto(`${app.host.ready.url}/admin/plugins/circassian`);
    await expect
      .poll(() => app.page.getByTestId('circassian-run-translate').textContent(), { timeout: 30_000 })
      .toBe(`Translations: 0 done, ${ENTRIES * 3} waiting of ${ENTRIES * 3}`);
    await expect(app.page.getByRole('button', { name: 'Start', exact: true }).isDisabled()).resolves.toBe(true);
    await shot('bulk-reopened');

    // A second run of the same content type is refused while this one goes.
    const second = await app.strapi.plugin<{ error: { message: string } }>(
      'POST',
      `/bulk/${encodeURIComponent('api::article.article')}`,
      {},
    );
    expect(second.status).toBe(400);
    expect(second.body.error.message).toMatch(/^A bulk run of Article is already going/);
  });

  it('is cancelled part way with every count apart, adding up to the totals', async () => {
    await app.sandbox.admin.injectFault({ operation: 'batch', delay_ms: 1_500, count: 10_000 });
    await app.page.getByRole('button', { name: 'Resume the queue', exact: true }).click();
    await waitFor('some translations done', async () => {
      const run = (await app.strapi.plugin<Run>('GET', `/runs/${runId}`)).body;
      return run.translate.done >= 2 ? run : undefined;
    });
    // It asks first: nothing is cancelled until the dialog's own button, then a toast says how much.
    await app.page.getByRole('button', { name: 'Cancel this run', exact: true }).click();
    await app.page.getByRole('button', { name: 'Keep it going', exact: true }).click();
    expect((await app.strapi.plugin<Run>('GET', `/runs/${runId}`)).body.state).toBe('active');
    await app.page.getByRole('button', { name: 'Cancel this run', exact: true }).click();
    await app.page.getByRole('button', { name: 'Cancel the run', exact: true }).click();
    await expect
      .poll(
        () =>
          app.page
            .getByText(/^Cancelled: \d+ jobs? no longer waits?\.$/)
            .first()
            .isVisible(),
        { timeout: 60_000 },
      )
      .toBe(true);
    const ended = await waitFor('the end of the cancelled run', async () => {
      const run = (await app.strapi.plugin<Run>('GET', `/runs/${runId}`)).body;
      return run.finished ? run : undefined;
    });
    await app.sandbox.admin.clearFaults();
    const { translate, audio } = ended;
    expect(ended.state).toBe('cancelled');
    expect(translate.total).toBe(ENTRIES * 3);
    expect(translate.done).toBeGreaterThanOrEqual(2);
    expect(translate.cancelled).toBeGreaterThan(0);
    expect(translate.done + translate.failed + translate.skipped + translate.cancelled).toBe(ENTRIES * 3);
    expect(audio.total).toBe(ENTRIES * 2);
    expect(audio.done + audio.failed + audio.skipped + audio.cancelled + audio.notQueued).toBe(ENTRIES * 2);

    const words = [`${translate.done} done`, ...(translate.failed ? [`${translate.failed} failed`] : [])];
    if (translate.skipped) words.push(`${translate.skipped} skipped`);
    words.push(`${translate.cancelled} cancelled`);
    await expect
      .poll(() => app.page.getByTestId('circassian-run-translate').textContent(), { timeout: 60_000 })
      .toBe(`Translations: ${words.join(', ')} of ${ENTRIES * 3}`);
    await expect.poll(() => app.page.getByTestId('circassian-run-state').textContent()).toMatch(/: cancelled$/);
    await shot('bulk-cancelled');
    // The run is over: Start may be pressed again once an estimate is made.
    await app.page.getByRole('button', { name: 'Estimate the cost', exact: true }).click();
    await expect.poll(() => app.page.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(false);
  });

  it("says why a run's work waits when the service refuses it for an allowance that has some left", async () => {
    // Every batch refused for the key's characters, while me() shows most of them left: nothing pauses, the jobs wait.
    await app.sandbox.admin.injectFault({ operation: 'batch', error_type: 'quota_exceeded', count: 10_000 });
    try {
      await app.page.getByRole('button', { name: 'Start', exact: true }).click();
      const reason = await waitFor('a reason the run waits', async () => {
        const runs = (await app.strapi.plugin<{ runs: Array<Run & { waiting: Array<{ type: string; jobs: number }> }> }>('GET', '/runs'))
          .body.runs;
        return runs[0]?.waiting.find((waiting) => waiting.type === 'quota_refused');
      });
      expect(reason.jobs).toBeGreaterThan(0);
      // Before: "0 done, N waiting" and an empty list, the reason only in the server's log.
      await expect
        .poll(() => app.page.getByTestId('circassian-run-waiting').first().textContent(), { timeout: 20_000 })
        .toMatch(/^\d+ jobs? waits? \(.+\): The service refused this (again )?for the key's translation characters/);
      await shot('bulk-waiting-reason');
    } finally {
      await app.sandbox.admin.clearFaults();
      const runs = (await app.strapi.plugin<{ runs: Run[] }>('GET', '/runs')).body.runs;
      if (runs[0]) await app.strapi.plugin('POST', `/runs/${runs[0].run}/cancel`);
    }
  });
});
