// Scaling out: two Strapi instances on one database (Debian's PostgreSQL, then Debian's MariaDB
// through Strapi's mysql client, each on a private data directory and port) share a bulk run
// through row locks; every text is sent once. MariaDB and MySQL refuse an UPDATE that selects
// from its own table with a LIMIT, so on MariaDB this also checks the queue's claim works there.
// The translation memory's SQL (its UNIQUE key made on bootstrap, inserts that merge into a row the
// other instance made, the statistics' GROUP BY) runs on both databases too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ARTICLE_UID,
  StrapiClient,
  sentTexts,
  startSandbox,
  startStrapiHost,
  waitFor,
  type RunningSandbox,
  type StrapiReady,
} from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

const ENTRIES = 40;
const QUEUE_ENV = { CIRCASSIAN_QUEUE_CLAIM_SIZE: '4', CIRCASSIAN_QUEUE_POLL_MS: '200' };

describe.each([
  ['PostgreSQL', 'postgres'],
  ['MariaDB', 'mysql'],
])('Strapi: two instances on %s', (_name, database) => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  const hosts: HostProcess<StrapiReady>[] = [];

  beforeAll(async () => {
    // A key of 600 requests a minute: at the default 60 the run waits out two or three minutes of
    // pacing (each instance paces at its 29), which tests nothing more than the share's unit test.
    sandbox = await startSandbox({ speechJobMs: 20, limits: { requests_per_minute: 600 } });
    dataDir = mkdtempSync(join(tmpdir(), `circassian-strapi-${database}-`));
    // The first instance starts the database server in the data directory; the second shares it.
    hosts.push(await startStrapiHost(sandbox, ['--database', database, '--data-dir', dataDir], QUEUE_ENV));
    hosts.push(await startStrapiHost(sandbox, ['--database', database, '--data-dir', dataDir], QUEUE_ENV));
  });

  afterAll(async () => {
    for (const host of hosts.splice(0).reverse()) expect(await host.stop()).toBe(0);
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes a bulk run with both instances working and every text sent once', async () => {
    const [first, second] = hosts.map((host) => new StrapiClient(host.ready)) as [StrapiClient, StrapiClient];
    expect((await first.plugin('POST', '/queue/pause')).status).toBe(200);
    const ids: string[] = [];
    for (let index = 0; index < ENTRIES; index++) {
      const client = index % 2 === 0 ? first : second;
      ids.push(
        (await client.createArticle({ title: `Статья на двух серверах ${index}`, summary: `Описание ${index}` }, { publish: false }))
          .documentId,
      );
    }
    // One database: what one instance wrote, the other reads.
    expect((await second.article(ids[0] as string, 'ru'))?.title).toBe('Статья на двух серверах 0');

    await sandbox.admin.injectFault({ operation: 'batch', delay_ms: 150, count: 10_000 });
    const started = await first.plugin<{ run: string; jobs: number; entries: number; locales: string[] }>(
      'POST',
      `/bulk/${encodeURIComponent(ARTICLE_UID)}`,
      { locales: ['kbd', 'ady', 'en'] },
    );
    expect(started.body).toMatchObject({ entries: ENTRIES, locales: ['kbd', 'ady', 'en'], jobs: ENTRIES * 3 });
    await second.plugin('POST', '/queue/resume');
    const finished = await waitFor(
      'the end of the run',
      async () => {
        const run = (
          await second.plugin<{
            finished: boolean;
            translate: Record<string, number>;
            audio: Record<string, number>;
            instances: number;
          }>('GET', `/runs/${started.body.run}`)
        ).body;
        return run.finished ? run : undefined;
      },
      180_000,
    );
    // The run's jobs: every translation done, and for kbd and ady the audio step (the title is read:
    // these entries have no body), each made, skipped or (an audio job the other instance took
    // before this one tagged it with the run) not queued; none failed.
    expect(finished.translate).toMatchObject({ total: ENTRIES * 3, done: ENTRIES * 3, failed: 0 });
    expect(finished.audio).toMatchObject({ total: ENTRIES * 2, failed: 0 });
    expect((finished.audio.done ?? 0) + (finished.audio.skipped ?? 0) + (finished.audio.notQueued ?? 0)).toBe(ENTRIES * 2);
    expect(finished.instances).toBe(2);
    await sandbox.admin.clearFaults();

    for (const id of ids) {
      for (const locale of ['kbd', 'ady', 'en']) expect((await first.article(id, locale))?.title).toMatch(new RegExp(`^\\[${locale}\\] `));
    }
    const sent = await sentTexts(sandbox);
    expect(sent.length).toBe(new Set(sent).size * 3);
    expect(sent.length).toBe(ENTRIES * 2 * 3);
  });

  it('keeps one memory unit per text and pair, whichever instance stored it, also when both import the same units at once', async () => {
    const [first, second] = hosts.map((host) => new StrapiClient(host.ready)) as [StrapiClient, StrapiClient];
    const unitsPerPair = async () =>
      (await second.plugin<{ stats: { pairs: Array<{ target: string; units: number }> } }>('GET', '/memory')).body.stats.pairs.map(
        (pair) => [pair.target, pair.units],
      );
    // The run's answers, stored by both instances as they came: each text once (a title and a summary per entry).
    const expected = ['ady', 'en', 'kbd'].map((target) => [target, ENTRIES * 2]);
    expect(await unitsPerPair()).toEqual(expected);
    const exported = await fetch(`${first.ready.url}/circassian/memory/export`, {
      headers: { authorization: `Bearer ${await first.adminJwt()}` },
    });
    const tmx = await exported.text();
    expect((await first.plugin('POST', '/memory/clear', { source: 'ru', target: 'kbd' })).status).toBe(200);
    // Both find the Kabardian units missing and insert them at once: the UNIQUE key merges the second.
    const imports = await Promise.all(
      [first, second].map(async (client) =>
        fetch(`${client.ready.url}/circassian/memory/import`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await client.adminJwt()}`, 'content-type': 'application/x-tmx+xml' },
          body: tmx,
        }),
      ),
    );
    expect(imports.map((response) => response.status)).toEqual([200, 200]);
    expect(await unitsPerPair()).toEqual(expected);
  });
});
