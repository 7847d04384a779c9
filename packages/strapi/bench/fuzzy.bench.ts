/**
 * Near matches and the concordance search on the Strapi memory at 100,000 units (issue 33): the
 * memory service on a real SQLite file (test/services/sqlite.ts, the table as Strapi makes it and
 * the bootstrap's indexes), ru into kbd, sentences of 6 to 12 words drawn from 3,000 words with
 * a few very common ones (Zipf-like). Measured in the same run, p50 and p95 of 50 lookups each:
 *   - the baseline: an exact lookup of one sentence (one indexed SELECT);
 *   - a near-match lookup of an edited sentence (one word of a stored sentence replaced): the SQL
 *     prefilter (nearCandidates) and core's scoring of its candidates;
 *   - a near-match lookup of a sentence of common words only (the prefilter's slow case);
 *   - a concordance search of a word, first page of 20 with the total.
 * The panel makes one near-match lookup per sentence without an exact unit. Run:
 * `pnpm bench strapi/bench/fuzzy` (about a minute).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MemoryUnitInput } from '@circassian/core';
import { fakeStrapi } from '../test/services/fake-strapi';
import { createMemoryTable, sqliteDatabase } from '../test/services/sqlite';
import { prepareMemoryTable } from '../server/src/utils/memory-table-setup';

const UNITS = 100_000;
const LOOKUPS = 50;
const PAIR = { source: 'ru', target: 'kbd' } as const;

/** A deterministic generator, so every run stores and asks the same texts. */
function random(seed: number): () => number {
  return () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
}

const next = random(2026);
const VOCABULARY = Array.from({ length: 3_000 }, (_, index) => `слово${index.toString(36)}`);
const COMMON = ['и', 'в', 'на', 'не', 'что', 'с'];
/** A word: one of the common six a fifth of the time, else one of the vocabulary, the first ones likelier. */
const word = () => (next() < 0.2 ? COMMON[Math.floor(next() * COMMON.length)] : VOCABULARY[Math.floor(next() ** 2 * VOCABULARY.length)]);
const sentence = () => Array.from({ length: 6 + Math.floor(next() * 7) }, word).join(' ');

const percentile = (times: readonly number[], p: number): number =>
  [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) * p)] ?? 0;

async function timed(asked: readonly string[], work: (text: string) => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (const text of asked) {
    const start = performance.now();
    await work(text);
    times.push(performance.now() - start);
  }
  return `p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${percentile(times, 0.95).toFixed(2)} ms`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'circassian-fuzzy-bench-'));
  const database = await sqliteDatabase(join(dir, 'data.db'));
  try {
    await createMemoryTable(database);
    const strapi = fakeStrapi({}, undefined, { memoryDatabase: database });
    await prepareMemoryTable(strapi);
    const memory = strapi.service('memory');
    const stored: string[] = [];
    const started = performance.now();
    for (let done = 0; done < UNITS; done += 5_000) {
      const units: MemoryUnitInput[] = Array.from({ length: 5_000 }, (_, index) => {
        const source = `${sentence()} ${done + index}`;
        stored.push(source);
        return { sourceLang: 'ru', targetLang: 'kbd', source, target: `перевод ${done + index}`, origin: 'machine' };
      });
      await memory.store(units);
    }
    console.log(`${UNITS.toLocaleString('en')} units stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const known = Array.from({ length: LOOKUPS }, (_, index) => stored[(index * 487) % stored.length] ?? '');
    // One word of each replaced by a word no unit has: a near match of the stored sentence.
    const edited = known.map((text) => text.replace(/^\S+/, 'новое'));
    const common = Array.from({ length: LOOKUPS }, () =>
      Array.from({ length: 8 }, () => COMMON[Math.floor(next() * COMMON.length)]).join(' '),
    );
    const words = Array.from({ length: LOOKUPS }, () => VOCABULARY[Math.floor(next() * 300)] ?? 'слово1');
    let found = 0;
    const measure = async (name: string, asked: readonly string[], work: (text: string) => Promise<unknown>) =>
      console.log(`${name.padEnd(52)}${await timed(asked, work)}`);
    await measure('exact lookup of one sentence (baseline)', known, (text) => memory.lookup(PAIR, [text]));
    await measure('near matches of an edited sentence', edited, async (text) => {
      if ((await memory.fuzzy(PAIR, text)).length > 0) found++;
    });
    await measure('near matches of common words only', common, (text) => memory.fuzzy(PAIR, text));
    await measure('concordance search of a word (20 and the total)', words, (text) => memory.search(text, { limit: 20, offset: 0 }));
    console.log(`(${found} of ${LOOKUPS} edited sentences found their stored sentence among the near matches; SQLite file, one process)`);
  } finally {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
