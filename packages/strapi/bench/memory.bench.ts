/**
 * The translation memory on a realistic re-run: 1,000 articles (a title and a two-paragraph
 * Markdown body: 3 texts each) translated into Kabardian, then 5% of them edited in the source (one
 * paragraph of the body rewritten), then a bulk run over every entry again. Printed side by side
 * with the baseline, the same steps with no memory, measured in the same run:
 *   - characters sent by the re-run, against the characters of the changed texts (aim 1.00x: a
 *     changed field's untouched paragraph is not sent again);
 *   - translation requests, against the lower bound of the batch limits for the changed texts;
 *   - the memory's lookup time per text looked up (and its use count per text answered), against
 *     one client round trip to the service (aim under 1%); then the same lookup with the memory
 *     grown to 100,000 units, 3,000 texts in batches of 500.
 * Where it runs: the plugin's real services (translator, batching, writer, the memory service)
 * against the in-process fake Strapi of the unit tests (test/services/fake-strapi.ts) and the
 * local service over HTTP, as the worker drives them (claims of 200). The memory is in a real
 * SQLite file, through knex and better-sqlite3 as the Strapi test app installs them and as Strapi
 * opens it (test/services/sqlite.ts), its table as Strapi makes it with the UNIQUE key-hash index
 * the plugin's bootstrap adds: a lookup is one SELECT ... WHERE key_hash IN (...) per 500 texts.
 * The round trip is over localhost to the local service, which translates instantly: a real
 * service's is longer, so the ratio here is the unfavourable one. Run: `pnpm bench strapi/bench/memory`
 * (about 30 s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { NOTHING_STORED, serviceFacts, type TranslationMemory } from '@circassian/core';
import { characterCount } from '@circassian/core/text';
import { startSandbox, type RunningSandbox } from '@circassian/sandbox';
import { ARTICLE_UID, fakeStrapi, type FakeStrapi } from '../test/services/fake-strapi';
import { articleConfig } from '../test/services/plugin-config';
import { createMemoryTable, sqliteDatabase, type SqlDatabase } from '../test/services/sqlite';

const ENTRIES = 1_000;
const EDITED = ENTRIES / 20;

/** Deterministic sentences, so every run sends the same texts. */
function sentences(): () => string {
  const words = ['новости', 'город', 'река', 'горы', 'школа', 'язык', 'песня', 'дорога', 'весна', 'праздник', 'история', 'народ'];
  let seed = 2026;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  let counter = 0;
  return () => `${Array.from({ length: 10 }, () => words[Math.floor(next() * words.length)]).join(' ')} ${counter++}.`;
}

interface Timed {
  ms: number;
  texts: number;
}

interface Measured {
  characters: number;
  requests: number;
  lookups: Timed;
  uses: Timed;
}

/** A SQLite file with the memory table as Strapi makes it, in a directory of its own. */
async function memoryFile(): Promise<{ database: SqlDatabase; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-memory-bench-'));
  const database = await sqliteDatabase(join(dir, 'data.db'));
  await createMemoryTable(database);
  return {
    database,
    async close() {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every job the queue holds, claimed and run as the worker does, 200 at a time. */
async function drain(strapi: FakeStrapi): Promise<void> {
  for (;;) {
    const jobs = await strapi.service('queue').claim(200);
    if (jobs.length === 0) return;
    const { done } = await strapi.service('translator').run(jobs);
    for (const job of done) await strapi.service('queue').complete(job);
  }
}

async function enqueueAll(strapi: FakeStrapi): Promise<void> {
  for (let index = 0; index < ENTRIES; index++)
    await strapi.service('queue').enqueue({ kind: 'translate', contentType: ARTICLE_UID, entryDocumentId: `doc${index}`, locale: 'kbd' });
}

/** A memory that knows nothing and keeps nothing: the baseline. */
const NO_MEMORY: TranslationMemory = {
  lookup: async (_pair, sources) => sources.map(() => undefined),
  store: async () => NOTHING_STORED,
  recordUse: async () => {},
  remove: async () => 0,
  clear: async () => 0,
  stats: async () => ({ units: 0, savedCharacters: 0, pairs: [] }),
  // eslint-disable-next-line require-yield -- an empty memory has no units
  units: async function* () {
    return;
  },
};

async function scenario(
  sandbox: RunningSandbox,
  memory: boolean,
): Promise<{ rerun: Measured; changed: string[]; strapi: FakeStrapi; close(): Promise<void> }> {
  const file = await memoryFile();
  const strapi = fakeStrapi(articleConfig(sandbox, { targetLocales: ['kbd'], audio: [] }), undefined, { memoryDatabase: file.database });
  const lookups = { ms: 0, texts: 0 };
  const uses = { ms: 0, texts: 0 };
  const real = strapi.service('memory');
  const timed: TranslationMemory = {
    ...real,
    lookup: async (pair, sources) => {
      const start = performance.now();
      const found = await real.lookup(pair, sources);
      lookups.ms += performance.now() - start;
      lookups.texts += sources.length;
      return found;
    },
    recordUse: async (pair, sources) => {
      const start = performance.now();
      await real.recordUse(pair, sources);
      uses.ms += performance.now() - start;
      uses.texts += sources.length;
    },
    units: () => real.units(),
  };
  const plugin = strapi.plugin.bind(strapi);
  strapi.plugin = (name: string) => {
    const found = plugin(name);
    return name === 'circassian'
      ? { ...found, service: (service: string) => (service === 'memory' ? (memory ? timed : NO_MEMORY) : found.service(service)) }
      : found;
  };
  const sentence = sentences();
  const bodies: Array<[string, string]> = [];
  for (let index = 0; index < ENTRIES; index++) {
    bodies.push([sentence(), sentence()]);
    strapi.put(ARTICLE_UID, `doc${index}`, 'ru', { title: `Статья ${index}`, body: bodies[index]?.join('\n\n'), views: index });
  }
  await enqueueAll(strapi);
  await drain(strapi);

  // 5% of the entries: the second paragraph of the body rewritten.
  const changed: string[] = [];
  for (let index = 0; index < ENTRIES; index += ENTRIES / EDITED) {
    const [first] = bodies[index] ?? [];
    const rewritten = sentence();
    changed.push(rewritten);
    strapi.put(ARTICLE_UID, `doc${index}`, 'ru', { ...strapi.version(ARTICLE_UID, `doc${index}`, 'ru'), body: `${first}\n\n${rewritten}` });
  }
  const before = await sandbox.admin.calls({ operation: 'batch', limit: 100_000 });
  Object.assign(lookups, { ms: 0, texts: 0 });
  Object.assign(uses, { ms: 0, texts: 0 });
  await enqueueAll(strapi);
  await drain(strapi);
  const calls = (await sandbox.admin.calls({ operation: 'batch', limit: 100_000 })).slice(0, -before.length || undefined);
  const texts = calls.flatMap((call) => (call.content?.request as { texts: string[] }).texts);
  await strapi.service('client').close();
  return {
    rerun: {
      characters: texts.reduce((sum, text) => sum + characterCount(text), 0),
      requests: calls.length,
      lookups: { ...lookups },
      uses: { ...uses },
    },
    changed,
    strapi,
    close: () => file.close(),
  };
}

/** The memory grown to 100,000 units: 3,000 texts looked up (half known), 500 a query, timed per text (median of 5). */
async function lookupAtScale(strapi: FakeStrapi): Promise<{ perText: number; units: number }> {
  const memory = strapi.service('memory');
  const pair = { source: 'ru', target: 'kbd' } as const;
  const { units: held } = await memory.stats();
  const grown = Array.from({ length: 100_000 - held }, (_, index) => ({
    sourceLang: 'ru' as const,
    targetLang: 'kbd' as const,
    source: `Предложение памяти номер ${index}.`,
    target: `Псалъэуха ${index}.`,
    origin: 'machine' as const,
  }));
  await memory.store(grown);
  const asked = Array.from({ length: 3_000 }, (_, index) =>
    index % 2 ? `Предложение памяти номер ${index * 30}.` : `Нет в памяти ${index}.`,
  );
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    await memory.lookup(pair, asked);
    times.push((performance.now() - start) / asked.length);
  }
  return { perText: times.sort((a, b) => a - b)[2] ?? 0, units: (await memory.stats()).units };
}

/** The mean time of one batch request of one short text, through the plugin's client. */
async function roundTrip(sandbox: RunningSandbox): Promise<number> {
  const strapi = fakeStrapi(articleConfig(sandbox));
  const client = strapi.service('client').get();
  const times: number[] = [];
  for (let index = 0; index < 30; index++) {
    const start = performance.now();
    await client.translateBatch({ texts: [`Проверка ${index}`], source_lang: 'ru', target_lang: 'kbd' });
    times.push(performance.now() - start);
  }
  await strapi.service('client').close();
  return times.slice(5).reduce((sum, time) => sum + time, 0) / (times.length - 5);
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ limits: { requests_per_minute: 100_000, translate_chars_per_day: 100_000_000 } });
  try {
    const started = performance.now();
    const withMemory = await scenario(sandbox, true);
    const baseline = await scenario(sandbox, false);
    const trip = await roundTrip(sandbox);
    const scale = await lookupAtScale(withMemory.strapi);
    await withMemory.close();
    await baseline.close();
    const changedChars = withMemory.changed.reduce((sum, text) => sum + characterCount(text), 0);
    const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;
    const lowerBound = Math.max(Math.ceil(withMemory.changed.length / batchMaxTexts), Math.ceil(changedChars / batchMaxChars));
    const perText = withMemory.rerun.lookups.ms / Math.max(1, withMemory.rerun.lookups.texts);
    const perUse = withMemory.rerun.uses.ms / Math.max(1, withMemory.rerun.uses.texts);
    const share = (ms: number) => `${(ms * 1000).toFixed(1)} µs / ${trip.toFixed(2)} ms = ${((ms / trip) * 100).toFixed(2)}%`;
    const rows: Array<[string, string, string]> = [
      [
        'characters sent / changed characters',
        `${withMemory.rerun.characters} / ${changedChars} = ${(withMemory.rerun.characters / changedChars).toFixed(2)}x`,
        `${baseline.rerun.characters} / ${changedChars} = ${(baseline.rerun.characters / changedChars).toFixed(2)}x`,
      ],
      ['translation requests / lower bound', `${withMemory.rerun.requests} / ${lowerBound}`, `${baseline.rerun.requests} / ${lowerBound}`],
      ['memory lookup per text / client round trip', `${share(perText)} (${withMemory.rerun.lookups.texts} texts looked up)`, 'no lookup'],
      ['use count per text answered / round trip', `${share(perUse)} (${withMemory.rerun.uses.texts} texts answered)`, 'no use count'],
      [
        `lookup at ${scale.units.toLocaleString('en')} units / round trip`,
        `${share(scale.perText)} (3,000 texts, 500 a query)`,
        'no lookup',
      ],
    ];
    console.log(`${ENTRIES} articles (3 texts each) into kbd, ${EDITED} edited (one paragraph), then a run over all ${ENTRIES}:`);
    console.log(`${'measure'.padEnd(44)}${'with memory'.padEnd(62)}baseline (no memory)`);
    for (const [name, memory, without] of rows) console.log(`${name.padEnd(44)}${memory.padEnd(62)}${without}`);
    console.log(
      `(${((performance.now() - started) / 1000).toFixed(1)} s; the memory in a SQLite file with its key-hash index, the rest of Strapi faked in-process, local service over HTTP)`,
    );
  } finally {
    await sandbox.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
