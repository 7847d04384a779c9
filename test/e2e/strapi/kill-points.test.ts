// Kill it anywhere (issue 37): Strapi kills itself (SIGKILL, no shutdown) at an exact instruction,
// armed through the plugin's test-only fault file (server/src/utils/fault-points.ts), is started
// again on the same data directory, and the work ends as if nothing had happened: nothing answered
// before the kill is bought again, and a kill between a target's write and its state's leaves no
// field that looks edited by hand (the two are one transaction: SQLite rolls the write back).
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrapiClient, startSandbox, startStrapiHost, waitFor, type RunningSandbox, type StrapiReady } from './strapi-fixture.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

describe('Strapi: killed at a fault point, started again', () => {
  let sandbox: RunningSandbox;
  let dataDir: string;
  let faultFile: string;
  let host: HostProcess<StrapiReady> | undefined;
  // A short lease: the killed instance's claim is taken over soon after the restart.
  const env = () => ({
    CIRCASSIAN_QUEUE_LEASE_MS: '3000',
    CIRCASSIAN_QUEUE_POLL_MS: '200',
    CIRCASSIAN_TEST_FAULT_FILE: faultFile,
  });

  beforeAll(async () => {
    sandbox = await startSandbox({ speechJobMs: 20 });
    dataDir = mkdtempSync(join(tmpdir(), 'circassian-strapi-kill-'));
    faultFile = join(dataDir, 'fault-point');
    host = await startStrapiHost(sandbox, ['--data-dir', dataDir], env());
  });

  afterAll(async () => {
    await host?.stop();
    await sandbox?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Arms `point` (a FaultPoint of fault-points.ts), runs `action`, waits for the self-kill, and starts Strapi again on the same data. */
  const killedAt = async (point: string, action: () => Promise<unknown>): Promise<StrapiClient> => {
    // Answers come 500 ms late, so the save that queued the work has answered before the kill.
    await sandbox.admin.injectFault({ operation: 'batch', delay_ms: 500, count: 1 });
    writeFileSync(faultFile, point);
    await action();
    await waitFor(`the kill at ${point}`, async () => (existsSync(faultFile) ? undefined : true));
    await host?.stop();
    host = await startStrapiHost(sandbox, ['--data-dir', dataDir], env());
    return new StrapiClient(host.ready);
  };

  it('a kill with the answers in hand buys none of them again: the retried jobs find them on their rows', async () => {
    let strapi = new StrapiClient(host!.ready);
    const before = new Date().toISOString();
    const texts = ['Заметка о погоде', 'Завтра будет дождь'];
    let documentId = '';
    strapi = await killedAt('answers-received', async () => {
      ({ documentId } = await strapi.createArticle({ title: texts[0], summary: texts[1] }));
    });
    await waitFor('the article translated after the restart', async () => {
      for (const locale of ['kbd', 'ady', 'en'])
        if (!(await strapi.article(documentId, locale))?.summary?.startsWith(`[${locale}]`)) return undefined;
      return true;
    });
    // The service's own call log: each text answered once per target language, the kill's request included.
    const bought = (await sandbox.admin.calls({ operation: 'batch', limit: 10_000 }))
      .filter((call) => call.outcome === 'ok' && call.timestamp >= before)
      .flatMap((call) => {
        const request = call.content?.request as { texts?: string[]; target_lang: string };
        return (request.texts ?? []).filter((text) => texts.includes(text)).map((text) => `${request.target_lang}:${text}`);
      });
    expect(bought.length).toBeGreaterThan(0);
    expect(bought.filter((text, index) => bought.indexOf(text) !== index)).toEqual([]);
  });

  it('a kill between writing a target and saving its state leaves no field taken for a hand edit: every locale ends translated, none kept by hand', async () => {
    type Status = { locales: Array<{ locale: string; status: string; keptByHand: string[] }> };
    let strapi = new StrapiClient(host!.ready);
    let documentId = '';
    strapi = await killedAt('target-written', async () => {
      ({ documentId } = await strapi.createArticle({ title: 'Новости района', summary: 'Открылась новая библиотека' }));
    });
    const locales = await waitFor('every locale translated after the restart', async () => {
      const { body } = await strapi.plugin<Status>('GET', `${strapi.entryPath(documentId)}/status`);
      return body.locales.length > 0 && body.locales.every((locale) => locale.status === 'translated') ? body.locales : undefined;
    });
    // Before the write and its state were one transaction, the killed write stayed and its state did
    // not: each of its fields differed from the state's hash, was taken for an editor's and kept.
    expect(locales.map((locale) => [locale.locale, locale.keptByHand])).toEqual(locales.map((locale) => [locale.locale, []]));
    for (const locale of ['kbd', 'ady', 'en'])
      expect((await strapi.article(documentId, locale))?.summary).toMatch(new RegExp(`^\\[${locale}\\]`));
  });
});
