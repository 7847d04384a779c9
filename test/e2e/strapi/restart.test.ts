// The queue survives a kill: Strapi is killed (SIGKILL, no shutdown) in the middle of a run of
// queued translations, started again on the same data directory, and finishes the work: nothing
// lost, and no text whose answer had arrived before the kill is bought again. The second start turns
// publicWrites on (a config change takes a restart), so the Public role's writes are translated there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  StrapiClient,
  pidListeningOn,
  sentTexts,
  startSandbox,
  startStrapiHost,
  waitFor,
  type RunningSandbox,
  type StrapiReady,
} from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

const QUEUE_ENV = { CIRCASSIAN_QUEUE_CLAIM_SIZE: '3', CIRCASSIAN_QUEUE_LEASE_MS: '3000', CIRCASSIAN_QUEUE_POLL_MS: '200' };

describe('Strapi: the queue across a kill and a restart', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let host: HostProcess<StrapiReady> | undefined;

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    dataDir = mkdtempSync(join(tmpdir(), 'circassian-strapi-e2e-'));
  });

  afterAll(async () => {
    await host?.stop();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes after a kill with nothing lost, keeping the database and the login', async () => {
    host = await startStrapiHost(sandbox, ['--data-dir', dataDir], QUEUE_ENV);
    let strapi = new StrapiClient(host.ready);
    const firstLogin = host.ready.admin;

    // Every batch answer takes 400 ms, so the kill lands while the queue is busy.
    await sandbox.admin.injectFault({ operation: 'batch', delay_ms: 400, count: 1000 });
    const ids: string[] = [];
    for (let index = 0; index < 12; index++) {
      const body = index === 0 ? { body: 'Текст, который будет озвучен.' } : {};
      ids.push((await strapi.createArticle({ title: `Статья перед сбоем ${index}`, ...body })).documentId);
    }
    await waitFor('some translations done', async () =>
      (await sandbox.admin.calls({ operation: 'batch' })).length >= 3 ? true : undefined,
    );

    const killedAt = new Date().toISOString();
    process.kill(pidListeningOn(Number(new URL(host.ready.url).port)), 'SIGKILL');
    await host.stop();
    const answeredBeforeKill = new Set(
      (await sandbox.admin.calls({ operation: 'batch', limit: 10_000 }))
        .filter((call) => call.outcome === 'ok' && call.timestamp < killedAt)
        .flatMap((call) =>
          ((call.content?.request as { texts?: string[]; target_lang?: string }).texts ?? []).map(
            (text) => `${(call.content?.request as { target_lang: string }).target_lang}:${text}`,
          ),
        ),
    );
    expect(answeredBeforeKill.size).toBeGreaterThan(0);
    await sandbox.admin.clearFaults();

    host = await startStrapiHost(sandbox, ['--data-dir', dataDir], { ...QUEUE_ENV, CIRCASSIAN_TEST_PUBLIC_WRITES: 'true' });
    strapi = new StrapiClient(host.ready);
    expect(host.ready.admin).toEqual(firstLogin);
    for (const id of ids) {
      await waitFor(`article ${id} translated`, async () => {
        for (const locale of ['kbd', 'ady', 'en'])
          if (!(await strapi.article(id, locale))?.title?.startsWith(`[${locale}]`)) return undefined;
        return true;
      });
    }
    const afterRestart = (await sandbox.admin.calls({ operation: 'batch', limit: 10_000 }))
      .filter((call) => call.outcome === 'ok' && call.timestamp >= killedAt)
      .flatMap((call) =>
        ((call.content?.request as { texts?: string[]; target_lang?: string }).texts ?? []).map(
          (text) => `${(call.content?.request as { target_lang: string }).target_lang}:${text}`,
        ),
      );
    // At most the one request in flight at the kill is sent again; everything answered before is reused.
    const repeated = afterRestart.filter((text) => answeredBeforeKill.has(text));
    expect(repeated.length).toBeLessThanOrEqual(3);
    // The audio of the one article with a body is made and served from the data directory.
    const withAudio = await waitFor('audio', async () => {
      const entry = await strapi.article(ids[0] as string, 'kbd');
      return entry?.audio ? entry : undefined;
    });
    expect((await fetch(`${host.ready.url}${withAudio.audio?.url}`)).status).toBe(200);
  });

  it("translates the Public role's Content API writes once publicWrites is on", async () => {
    if (!host) throw new Error('the restart case started no host');
    const strapi = new StrapiClient(host.ready);
    await strapi.allowPublic('api::article', ['article.create']);
    const anonymous = await strapi.publicRest<{ data: { documentId: string } }>('POST', '/api/articles?locale=ru', {
      data: { title: 'Анонимная заметка после перезапуска' },
    });
    expect(anonymous.status).toBe(201);
    await waitFor('the public write translated', async () =>
      (await strapi.article(anonymous.body.data.documentId, 'kbd'))?.title?.startsWith('[kbd]') ? true : undefined,
    );
    expect(await sentTexts(sandbox)).toContain('Анонимная заметка после перезапуска');
  });
});
