/**
 * A bulk run of 1,000 published articles x 3 fields (title, summary, body) x 3 target locales,
 * with audio on for two of them (kbd and ady: the title and body read aloud, made when the plugin
 * publishes each target), through the real Strapi app (`pnpm host strapi`) against the local
 * service with a key of 600 requests per minute, once on SQLite with one instance and once with
 * two instances on PostgreSQL. Each run prints, beside its baseline:
 *   - translation requests, against the lower bound of the batch limits: per target language,
 *     max(ceil(distinct texts / 50), ceil(distinct characters / 20000)); speech requests, against
 *     one per entry and audio locale; every other request apart;
 *   - characters sent, against the characters of the distinct source texts (x 3 languages);
 *   - audio seconds made, against the seconds of each distinct speech made once;
 *   - rate-limit errors (429 rate_limited) answered by the service;
 *   - wall time from start to the last audio, against the binding limit: the longer of the time
 *     the per-minute limit makes unavoidable for that many requests (a full minute per
 *     `requests_per_minute` beyond the first) and the time the service's one speech slot takes for
 *     that many speech tasks (one at a time, `SPEECH_TASK_MS` each in the local service). Audio is
 *     bound by the slot: of the 1.08 s a file took in a profiled run on SQLite, 1.0 s was the
 *     speech call and about 80 ms the plugin's own work (plan, upload, update, publish); two
 *     instances share the one slot.
 * Run: `pnpm bench bulk` (installs and builds the app first when needed).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceFacts } from '@circassian/core';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { startHost, type HostProcess } from '@circassian/test-support/hosts/lib/host-process.js';

/** CIRCASSIAN_BENCH_ENTRIES runs a smaller bulk (to look into a failure); the figures are for 1,000. */
const ENTRIES = Number(process.env.CIRCASSIAN_BENCH_ENTRIES ?? 1_000);
const LANGUAGES = ['kbd', 'ady', 'en'] as const;
const AUDIO_LANGUAGES = ['kbd', 'ady'] as const;
const RPM = 600;
/** The local service's time per speech task (its default), run one at a time as the interface says. */
const SPEECH_TASK_MS = 1_000;
const UID = 'api::article.article';

interface Ready {
  url: string;
  admin: { email: string; password: string };
  apiToken: string;
}

/** Deterministic articles; one in ten repeats an earlier summary (repeats must be sent once). */
function articles(): Array<{ title: string; summary: string; body: string }> {
  const words = ['новости', 'город', 'река', 'горы', 'школа', 'язык', 'песня', 'дорога', 'весна', 'праздник', 'история', 'народ'];
  let seed = 2026;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const sentence = (count: number) => Array.from({ length: count }, () => words[Math.floor(next() * words.length)]).join(' ');
  const result: Array<{ title: string; summary: string; body: string }> = [];
  for (let index = 0; index < ENTRIES; index++) {
    const summary = index % 10 === 9 ? (result[index - 5] as { summary: string }).summary : `${sentence(12)}.`;
    result.push({ title: `${sentence(3)} ${index}`, summary, body: `${sentence(40)} ${index}.` });
  }
  return result;
}

/** Strapi refused the admin's token: it expired (after about 30 minutes here, as a run with audio lasts longer). */
class Unauthorized extends Error {}

async function call<T>(ready: Ready, jwt: string | null, method: string, path: string, body?: unknown, attempt = 0): Promise<T> {
  const response = await fetch(`${ready.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${jwt ?? ready.apiToken}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }).catch(async (error: unknown) => {
    // A kept-alive socket the server closed meanwhile: the request never reached Strapi; send it again.
    if (attempt < 3) return null;
    throw error;
  });
  if (response === null) return call(ready, jwt, method, path, body, attempt + 1);
  if (response.status === 401) throw new Unauthorized(`${method} ${path}: 401 ${await response.text()}`);
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function adminJwt(ready: Ready): Promise<string> {
  const response = await fetch(`${ready.url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ready.admin),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function run(label: string, hostArgs: string[][]): Promise<void> {
  const sandbox: RunningSandbox = await startSandbox({ port: 0, speechJobMs: SPEECH_TASK_MS });
  const { key } = await sandbox.admin.createKey({
    name: 'bulk-bench',
    limits: {
      requests_per_minute: RPM,
      requests_per_day: 100_000,
      translate_chars_per_day: 100_000_000,
      speech_seconds_per_day: 10_000_000,
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'circassian-strapi-bench-'));
  const hosts: HostProcess<Ready>[] = [];
  const log: string[] = [];
  try {
    for (const args of hostArgs) {
      hosts.push(
        await startHost<Ready>('strapi', ['--service-url', sandbox.url, '--data-dir', dataDir, ...args], {
          env: {
            CIRCASSIAN_API_KEY: key,
            CIRCASSIAN_QUEUE_CLAIM_SIZE: '500',
            CIRCASSIAN_QUEUE_POLL_MS: '200',
          },
          onLog: (line) => void log.push(line),
        }),
      );
    }
    const ready = (hosts[0] as HostProcess<Ready>).ready;
    let jwt = await adminJwt(ready);
    await call(ready, jwt, 'POST', '/circassian/queue/pause');
    const source = articles();
    for (let index = 0; index < source.length; index += 10) {
      // Published: the plugin publishes each translated target, which queues its audio (audio on publish).
      await Promise.all(
        source.slice(index, index + 10).map((data) => call(ready, null, 'POST', '/api/articles?locale=ru&status=published', { data })),
      );
    }
    const distinct = new Set(source.flatMap((article) => [article.title, article.summary, article.body]));
    const sourceChars = [...distinct].reduce((sum, text) => sum + [...text].length, 0);
    const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
    const bound = LANGUAGES.length * Math.max(Math.ceil(distinct.size / batchMaxTexts), Math.ceil(sourceChars / batchMaxChars));
    const callsBefore = (await sandbox.admin.calls({ limit: 100_000 })).length;

    const started = Date.now();
    const { run: runId } = await call<{ run: string }>(ready, jwt, 'POST', `/circassian/bulk/${encodeURIComponent(UID)}`, {
      locales: LANGUAGES,
    });
    await call(ready, jwt, 'POST', '/circassian/queue/resume');
    type Progress = Record<'done' | 'failed' | 'skipped' | 'total', number>;
    let status: {
      finished: boolean;
      translate: Progress;
      audio: Progress;
      instances: number;
      errors: Array<{ kind: string; type: string | null; message: string | null }>;
    };
    let reported = 0;
    do {
      await sleep(1000);
      status = await call<typeof status>(ready, jwt, 'GET', `/circassian/runs/${runId}`).catch(async (error: unknown) => {
        if (!(error instanceof Unauthorized)) throw error;
        jwt = await adminJwt(ready);
        return call<typeof status>(ready, jwt, 'GET', `/circassian/runs/${runId}`);
      });
      // Said at once, so a long run that goes wrong can be stopped and looked into.
      for (const error of status.errors.slice(reported))
        console.log(
          `  failure seen at ${((Date.now() - started) / 1000).toFixed(0)} s: ${error.kind} ${error.type ?? ''}: ${error.message ?? ''}`,
        );
      reported = Math.max(reported, status.errors.length);
    } while (!status.finished);
    const wallSeconds = (Date.now() - started) / 1000;

    const all = await sandbox.admin.calls({ limit: 100_000 });
    const calls = all.slice(0, all.length - callsBefore); // newest first: the run's own calls
    const requests = calls.length;
    const batches = calls.filter((entry) => entry.operation === 'batch' && entry.outcome === 'ok');
    const speech = calls.filter((entry) => entry.operation === 'speech' && entry.outcome === 'ok');
    const sentChars = batches.reduce(
      (sum, entry) =>
        sum + (((entry.content?.request as { texts?: string[] }) ?? {}).texts ?? []).reduce((chars, text) => chars + [...text].length, 0),
      0,
    );
    // Audio made, and what it would be had no speech been made twice (each distinct request once).
    const audioSeconds = speech.reduce((sum, entry) => sum + (entry.volume.audio_seconds ?? 0), 0);
    const distinctSpeech = new Map(speech.map((entry) => [JSON.stringify(entry.content?.request), entry.volume.audio_seconds ?? 0]));
    const audioBound = [...distinctSpeech.values()].reduce((sum, seconds) => sum + seconds, 0);
    const speechBound = ENTRIES * AUDIO_LANGUAGES.length;
    const rateLimited = calls.filter((entry) => entry.outcome === 'rate_limited').length;
    const unavoidableSeconds = Math.max(0, Math.ceil(requests / RPM) - 1) * 60;
    const speechSlotSeconds = (speech.length * SPEECH_TASK_MS) / 1000;
    const percent = (value: number, bound: number) => `(${value >= bound ? '+' : ''}${(((value - bound) / bound) * 100).toFixed(1)}%)`;
    console.log(
      `\n${label}: ${ENTRIES} entries x 3 fields x ${LANGUAGES.length} locales, audio in ${AUDIO_LANGUAGES.join(' and ')}, key limit ${RPM} requests/minute`,
    );
    console.log(
      `  jobs                      translate ${status.translate.done} done of ${status.translate.total} (failed ${status.translate.failed}), audio ${status.audio.done} done of ${status.audio.total} (failed ${status.audio.failed}, skipped ${status.audio.skipped}), instances working: ${status.instances}`,
    );
    console.log(`  translation requests      ${batches.length}   lower bound ${bound}   ${percent(batches.length, bound)}`);
    console.log(`  speech requests           ${speech.length}   lower bound ${speechBound}   ${percent(speech.length, speechBound)}`);
    console.log(`  other requests            ${requests - batches.length - speech.length} (me() for the key's limits, failed calls)`);
    console.log(
      `  characters sent           ${sentChars}   source characters x ${LANGUAGES.length}: ${sourceChars * LANGUAGES.length}   (repeats in the source: ${ENTRIES * 3 - distinct.size} texts)`,
    );
    console.log(
      `  audio seconds made        ${audioSeconds.toFixed(1)}   each distinct speech once: ${audioBound.toFixed(1)}   ${percent(audioSeconds, audioBound)}`,
    );
    console.log(`  rate-limit errors         ${rateLimited}   baseline 0`);
    // What failed, said once per distinct error, and the plugin's own warnings: a bench that only
    // counts failures leaves the next person to run it again to learn why.
    const grouped = new Map<string, number>();
    for (const error of status.errors) {
      const key = `${error.kind} ${error.type ?? ''}: ${error.message ?? ''}`;
      grouped.set(key, (grouped.get(key) ?? 0) + 1);
    }
    for (const [what, count] of grouped) console.log(`  failed (${count} of those listed)  ${what}`);
    const warnings = new Map<string, number>();
    for (const line of log.filter((candidate) => /\[circassian\]/.test(candidate) && /warn|error/i.test(candidate))) {
      const key = line.replace(/^.*?\[circassian\] /, '').replace(/[0-9a-z]{24}/g, '<id>');
      warnings.set(key, (warnings.get(key) ?? 0) + 1);
    }
    for (const [line, count] of [...warnings].slice(0, 10)) console.log(`  plugin warned ${count}x  ${line.slice(0, 300)}`);
    const binding = Math.max(unavoidableSeconds, speechSlotSeconds);
    console.log(
      `  wall time                 ${wallSeconds.toFixed(1)} s   binding limit ${binding} s ${binding > 0 ? percent(wallSeconds, binding) : ''}: ${RPM}/min for ${requests} requests ${unavoidableSeconds} s, one speech slot for ${speech.length} tasks of ${SPEECH_TASK_MS / 1000} s ${speechSlotSeconds} s`,
    );
  } catch (error) {
    console.error(log.slice(-40).join('\n'));
    throw error;
  } finally {
    for (const host of hosts.reverse()) await host.stop();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// This package is CommonJS (a Strapi plugin), so no top-level await here.
// CIRCASSIAN_BENCH_DATABASES=sqlite (or postgres) runs one of the two; both by default.
async function main(): Promise<void> {
  const only = process.env.CIRCASSIAN_BENCH_DATABASES?.split(',');
  if (!only || only.includes('sqlite')) await run('SQLite, one instance', [[]]);
  if (!only || only.includes('postgres'))
    await run('PostgreSQL, two instances', [
      ['--database', 'postgres'],
      ['--database', 'postgres'],
    ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
