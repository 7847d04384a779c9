// The Strapi part of `pnpm chaos` (issue 37): the local service, a PostgreSQL of the run's own and
// two Strapi instances on it (as teams scale out), a workload of articles created and edited through
// whichever instance is up, and a process killed at a random moment, again and again (SIGKILL or
// SIGTERM, seeded). Once the work is quiet it checks what the issue asks: every job ended, none
// stuck; every target is the translation of its source's final text; no field taken for a hand edit
// nobody made; nothing bought twice (the service's call log against the work).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';

import { startPostgres } from '@circassian/test-support/hosts/strapi/postgres.js';
import type { HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';
import { pseudoTranslate, seededRandom } from '@circassian/sandbox/testing';
import { StrapiClient, pidListeningOn, startSandbox, startStrapiHost, type StrapiReady } from '../e2e/strapi/strapi-fixture.js';
import { boughtTwice, spread } from './ledger.js';

export interface ChaosOptions {
  readonly kills: number;
  readonly seed: number;
  readonly articles: number;
  readonly log: (line: string) => void;
}

export interface Kill {
  readonly instance: string;
  readonly signal: 'SIGKILL' | 'SIGTERM';
  /** The jobs the killed instance held (claimed, running) at the kill. */
  readonly held: number;
  /**
   * From the kill until every job the killed instance held had ended, taken over by the other
   * instance or by itself restarted (ms); undefined when it held none. The other instance's own
   * jobs are not counted: the kill does not touch them.
   */
  readonly recoveredMs: number | undefined;
  /** From the kill until none of those jobs was still claimed by the dead instance (ms). */
  readonly takenOverMs: number | undefined;
}

export interface ChaosReport {
  readonly kills: readonly Kill[];
  readonly recovery: ReturnType<typeof spread>;
  /** Kill to the dead instance's jobs released (seen dead by the other): the part of recovery heartbeats decide. */
  readonly release: ReturnType<typeof spread>;
  /** Targets that are not the translation of their source's final text: article, locale, field. */
  readonly lost: readonly string[];
  readonly twice: ReturnType<typeof boughtTwice>;
  readonly stuck: number;
  readonly failed: number;
  readonly handEdited: readonly string[];
  readonly articles: number;
  readonly calls: number;
}

const TARGETS = ['kbd', 'ady', 'en'] as const;
/** Work claimed four jobs at a time, polled every 200 ms: the two instances share a run, as in two-instances.test.ts. */
const QUEUE_ENV = { CIRCASSIAN_QUEUE_CLAIM_SIZE: '4', CIRCASSIAN_QUEUE_POLL_MS: '200' };
const WORDS = ['погода', 'праздник', 'библиотека', 'школа', 'дорога', 'концерт', 'рынок', 'парк', 'музей', 'река', 'село', 'город'];

interface Slot {
  readonly name: string;
  host: HostProcess<StrapiReady> | undefined;
  /** The plugin's id of the running process (its heartbeat row, its claims `id:…`). */
  instanceId: string | undefined;
  /** One client per start: it logs in once (Strapi limits admin logins per address). */
  client: StrapiClient | undefined;
}

interface Written {
  documentId: string;
  title: string;
  summary: string;
}

export async function strapiChaos(options: ChaosOptions): Promise<ChaosReport> {
  // Two streams: the workload's draws interleave with the kills' as the machine's timing has it, so
  // one shared stream would not give the same kills for the same seed.
  const workRandom = seededRandom(options.seed);
  const killRandom = seededRandom(options.seed + 0x9e3779b9);
  const pickWith =
    (random: () => number) =>
    <T>(items: readonly T[]): T =>
      items[Math.floor(random() * items.length)] as T;
  const pick = pickWith(workRandom);
  const pickToKill = pickWith(killRandom);
  const sandbox = await startSandbox({ speechJobMs: 20, limits: { requests_per_minute: 600 } });
  const dataDir = mkdtempSync(join(tmpdir(), 'circassian-chaos-'));
  // The run's own PostgreSQL: the instances share it, and killing one of them leaves it running.
  const postgres = await startPostgres(dataDir);
  const args = ['--database', 'postgres', '--data-dir', dataDir];
  const slots: Slot[] = [
    { name: 'strapi-1', host: undefined, instanceId: undefined, client: undefined },
    { name: 'strapi-2', host: undefined, instanceId: undefined, client: undefined },
  ];
  const start = async (slot: Slot) => {
    const before = new Set(await instanceIds(postgres.port));
    slot.host = await startStrapiHost(sandbox, args, QUEUE_ENV);
    slot.client = new StrapiClient(slot.host.ready);
    slot.instanceId = await newInstanceId(postgres.port, before);
  };
  try {
    for (const slot of slots) await start(slot);
    options.log(
      `two Strapi instances on PostgreSQL 127.0.0.1:${postgres.port}; ${options.articles} articles, ${options.kills} kills, seed ${options.seed}`,
    );
    const up = () => slots.filter((slot) => slot.host !== undefined);
    /** A call through an instance that is up, tried again on another (or later) when it fails: one may be dying. */
    const anyInstance = async <T>(what: string, call: (strapi: StrapiClient) => Promise<T>): Promise<T> => {
      const deadline = Date.now() + 180_000;
      for (;;) {
        const slot = up()[0] ? pick(up()) : undefined;
        if (slot?.client) {
          try {
            return await call(slot.client);
          } catch (error) {
            if (Date.now() > deadline) throw new Error(`${what}: ${(error as Error).message}`, { cause: error });
          }
        } else if (Date.now() > deadline) throw new Error(`${what}: no instance up for 3 minutes`);
        await sleep(500);
      }
    };

    const written: Written[] = [];
    let killing = options.kills > 0;
    const workload = (async () => {
      // `articles` made, then edits of them until the last kill: every kill meets work under way, and
      // a loaded machine, where kills come slower, edits more rather than making hundreds of articles
      // (a run of 30 kills once made 1,116, more than the two instances could finish).
      for (let index = 0; index < options.articles || killing; index++) {
        if (index >= options.articles) {
          const article = written[Math.floor(workRandom() * written.length)];
          if (article) {
            article.summary = `${article.summary.replace(/, исправлено \d+$/u, '')}, исправлено ${index}`;
            await anyInstance(`editing ${article.title}`, (strapi) =>
              strapi.updateArticle(article.documentId, { summary: article.summary }),
            );
          }
          await sleep(500 + workRandom() * 1_500);
          continue;
        }
        const title = `Хаос ${options.seed}-${index}: ${pick(WORDS)}`;
        const summary = `Новости: ${pick(WORDS)} и ${pick(WORDS)} (${index})`;
        const documentId = await anyInstance(`creating ${title}`, async (strapi) => {
          // A create whose answer was lost with its instance may have been made: found by its title, not made twice.
          const found = await strapi.rest<{ data: Array<{ documentId: string }> }>(
            'GET',
            `/api/articles?locale=ru&status=draft&filters[title][$eq]=${encodeURIComponent(title)}`,
          );
          if (found.status !== 200) throw new Error(`searching answered ${found.status}`);
          return found.body.data[0]?.documentId ?? (await strapi.createArticle({ title, summary })).documentId;
        });
        written.push({ documentId, title, summary });
        // Every third article is edited a little later: its source changes under a translation.
        const earlier = written[index - 2];
        if (index % 3 === 2 && earlier) {
          earlier.summary = `${earlier.summary}, исправлено`;
          await anyInstance(`editing ${earlier.title}`, (strapi) => strapi.updateArticle(earlier.documentId, { summary: earlier.summary }));
        }
        await sleep(100 + workRandom() * 500);
      }
    })();

    const kills: Kill[] = [];
    for (let k = 0; k < options.kills; k++) {
      await sleep(1_000 + killRandom() * 4_000);
      const slot = pickToKill(up());
      if (!slot?.host) continue;
      const signal = killRandom() < 0.7 ? 'SIGKILL' : 'SIGTERM';
      const { host, instanceId } = slot;
      const held = instanceId === undefined ? [] : await jobsHeldBy(postgres.port, instanceId);
      const killedAt = Date.now();
      process.kill(pidListeningOn(Number(new URL(host.ready.url).port)), signal);
      slot.host = undefined;
      slot.instanceId = undefined;
      slot.client = undefined;
      const recovered = instanceId === undefined ? undefined : recovery(postgres.port, held, instanceId, killedAt);
      await host.stop().catch(() => undefined);
      await start(slot);
      const { takenOverMs, recoveredMs } = (await recovered) ?? {};
      kills.push({ instance: slot.name, signal, held: held.length, takenOverMs, recoveredMs });
      const after = (ms: number | undefined) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
      options.log(
        `kill ${k + 1}/${options.kills}: ${slot.name} ${signal}, held ${held.length} jobs, released ${after(takenOverMs)} and ended ${after(recoveredMs)} after`,
      );
    }
    killing = false;
    await workload;

    // Quiet: nothing waiting or working, twice in a row a second apart (a job may be queued by the last write).
    let stuck = 0;
    const quietBy = Date.now() + 300_000;
    for (let calm = 0; calm < 2;) {
      const counts = await anyInstance(
        'reading the queue',
        async (strapi) => (await strapi.plugin<{ queue: { counts: Record<string, number> } }>('GET', '/settings')).body.queue.counts,
      );
      stuck = (counts.pending ?? 0) + (counts.running ?? 0);
      calm = stuck === 0 ? calm + 1 : 0;
      if (Date.now() > quietBy) break;
      await sleep(1_000);
    }
    const strapi = up()[0]?.client as StrapiClient;
    const counts = (await strapi.plugin<{ queue: { counts: Record<string, number> } }>('GET', '/settings')).body.queue.counts;
    const lost: string[] = [];
    const handEdited: string[] = [];
    for (const article of written) {
      for (const locale of TARGETS) {
        const target = await strapi.article(article.documentId, locale);
        for (const field of ['title', 'summary'] as const) {
          const expected = pseudoTranslate(article[field], 'ru', locale);
          if (target?.[field] !== expected) lost.push(`${article.title} ${locale} ${field}: ${JSON.stringify(target?.[field] ?? null)}`);
        }
      }
      const status = await strapi.plugin<{ locales: Array<{ locale: string; keptByHand: string[] }> }>(
        'GET',
        `${strapi.entryPath(article.documentId)}/status`,
      );
      for (const locale of status.body.locales ?? [])
        if (locale.keptByHand.length > 0) handEdited.push(`${article.title} ${locale.locale}: ${locale.keptByHand.join(', ')}`);
    }
    const calls = await sandbox.admin.calls({ limit: 100_000 });
    const recoveries = kills.map((kill) => kill.recoveredMs).filter((ms): ms is number => ms !== undefined);
    return {
      kills,
      recovery: spread(recoveries),
      release: spread(kills.map((kill) => kill.takenOverMs).filter((ms): ms is number => ms !== undefined)),
      lost,
      twice: boughtTwice(calls),
      stuck,
      failed: counts.failed ?? 0,
      handEdited,
      articles: written.length,
      calls: calls.length,
    };
  } finally {
    for (const slot of slots) await slot.host?.stop().catch(() => undefined);
    await postgres.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line.trim() !== '');

/** The jobs `instanceId` has claimed and runs now, by id, read from PostgreSQL as the instances see it. */
async function jobsHeldBy(port: number, instanceId: string): Promise<string[]> {
  if (!/^[0-9a-f]+$/u.test(instanceId)) throw new Error(`not an instance id: ${instanceId}`);
  return lines(await psql(port, `SELECT id FROM circassian_jobs WHERE status = 'running' AND claimed_by LIKE '${instanceId}:%'`));
}

/** The instances with a heartbeat row. */
async function instanceIds(port: number): Promise<string[]> {
  // Before the first start the plugin has not made its table yet.
  return lines(await psql(port, 'SELECT instance_id FROM circassian_instances').catch(() => ''));
}

/** The id of the instance that started since `before` was read: its first heartbeat comes as its worker starts. */
async function newInstanceId(port: number, before: ReadonlySet<string>): Promise<string | undefined> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const added = (await instanceIds(port)).find((id) => !before.has(id));
    if (added !== undefined) return added;
    await sleep(250);
  }
  return undefined;
}

/**
 * How long after `since` none of the jobs `ids` was still claimed by the dead instance `instanceId`,
 * and how long until they had all ended (none running or waiting); polled every 250 ms for up to
 * 5 minutes. Nothing for no jobs.
 */
async function recovery(
  port: number,
  ids: readonly string[],
  instanceId: string,
  since: number,
): Promise<{ takenOverMs: number; recoveredMs: number } | undefined> {
  if (ids.length === 0) return undefined;
  const list = ids.map((id) => Number(id)).join(',');
  const deadline = since + 300_000;
  let takenOverMs: number | undefined;
  while (Date.now() < deadline) {
    const [open, stillHeld] = (
      await psql(
        port,
        `SELECT count(*) FILTER (WHERE status IN ('running', 'pending')), count(*) FILTER (WHERE status = 'running' AND claimed_by LIKE '${instanceId}:%') FROM circassian_jobs WHERE id IN (${list})`,
      )
    )
      .trim()
      .split('|');
    if (stillHeld === '0') takenOverMs ??= Date.now() - since;
    if (open === '0') return { takenOverMs: takenOverMs ?? Date.now() - since, recoveredMs: Date.now() - since };
    await sleep(250);
  }
  return { takenOverMs: takenOverMs ?? Date.now() - since, recoveredMs: Date.now() - since };
}

/** One query through psql, without blocking the run's other work (the workload, a host starting). */
async function psql(port: number, sql: string): Promise<string> {
  const args = ['-h', '127.0.0.1', '-p', String(port), '-U', 'strapi', '-d', 'strapi', '-tAc', sql];
  return (await promisify(execFile)('psql', args, { encoding: 'utf8' })).stdout;
}
