/**
 * The translation memory's two promises, measured against the local service (the sandbox, in
 * process, over HTTP on 127.0.0.1):
 * 1. Lookup cost per segment: a 2,000-line batch answered wholly from the memory (key, lookup,
 *    use count; the journal's append and fdatasync included), per segment, against one
 *    `client.translate` round trip of one such segment. Aim: under 1%.
 * 2. Characters sent for a realistic re-run: a 2,000-entry locale file translated once, then
 *    again with 2% of its entries changed; the characters the second run sent (read from the
 *    service's call log) against the changed entries' characters. Aim: 1.00x.
 * Run: `pnpm bench translation-memory` (or `npx tsx packages/core/bench/translation-memory.bench.ts`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox } from '@circassian/sandbox';
import {
  CircassianClient,
  InMemoryTranslationMemory,
  JournalTranslationMemory,
  characterCount,
  type TranslationMemory,
} from '../src/index.js';

const ENTRIES = 2_000;
const CHANGED_EVERY = 50; // 2%
const ROUND_TRIPS = 300;
const ROUNDS = 5;

const WORDS = ['file', 'open', 'save', 'settings', 'account', 'profile', 'message', 'delete', 'confirm', 'cancel', 'search', 'results'];

/** Locale-like strings: UI labels, sentences and a few long help texts, all different. */
function localeEntries(): string[] {
  return Array.from({ length: ENTRIES }, (_, i) => {
    const word = (n: number) => WORDS[(i * 7 + n) % WORDS.length] ?? '';
    if (i % 10 === 0)
      return `Your ${word(1)} ${i} could not be ${word(2)}d. Check the ${word(3)} and try again, or ask an administrator for help.`;
    if (i % 3 === 0) return `${word(0)} ${word(1)} ${i}`;
    return `Do you want to ${word(0)} this ${word(1)} (${i})?`;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main() {
  const sandbox = await startSandbox({
    port: 0,
    limits: { requests_per_minute: 1_000_000, requests_per_day: 10_000_000, translate_chars_per_day: 1_000_000_000 },
  });
  const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
  const dir = await mkdtemp(join(tmpdir(), 'circassian-memory-bench-'));
  const pair = { source_lang: 'en', target_lang: 'kbd' } as const;
  const entries = localeEntries();
  try {
    // 1. Round trip of one segment against the memory's cost per segment.
    const segment = entries[10] ?? '';
    for (let i = 0; i < 100; i++) await client.translate({ text: segment, ...pair });
    const roundTrips: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      for (let i = 0; i < ROUND_TRIPS; i++) await client.translate({ text: segment, ...pair });
      roundTrips.push(((performance.now() - start) * 1000) / ROUND_TRIPS);
    }
    const roundTrip = median(roundTrips);

    const stores: [string, TranslationMemory][] = [
      ['InMemoryTranslationMemory', new InMemoryTranslationMemory()],
      ['JournalTranslationMemory', await JournalTranslationMemory.open(join(dir, 'lookup.jsonl'))],
    ];
    const lookupRows = [];
    for (const [name, memory] of stores) {
      await client.translateBatch({ texts: entries, ...pair }, { memory });
      const perSegment: number[] = [];
      for (let round = 0; round < ROUNDS * 2; round++) {
        const start = performance.now();
        const result = await client.translateBatch({ texts: entries, ...pair }, { memory });
        perSegment.push(((performance.now() - start) * 1000) / ENTRIES);
        if (result.memory?.hits !== ENTRIES) throw new Error(`expected ${ENTRIES} hits, got ${result.memory?.hits}`);
      }
      const cost = median(perSegment);
      lookupRows.push({
        store: name,
        'memory per segment (us)': cost.toFixed(2),
        'client.translate round trip (us)': roundTrip.toFixed(0),
        share: `${((cost / roundTrip) * 100).toFixed(3)}%`,
        'aim < 1%': cost / roundTrip < 0.01 ? 'yes' : 'no',
      });
    }
    console.log(
      `Memory lookup per segment (a ${ENTRIES}-line batch, all from the memory; median of ${ROUNDS * 2}) against one translate round trip to the local service (median of ${ROUNDS} x ${ROUND_TRIPS})`,
    );
    console.table(lookupRows);

    // 2. Characters sent when 2% of a locale file changed.
    const memory = await JournalTranslationMemory.open(join(dir, 'rerun.jsonl'));
    await client.translateBatch({ texts: entries, ...pair }, { memory });
    const changed = entries.map((text, i) => (i % CHANGED_EVERY === 7 ? `${text} (edited)` : text));
    const changedCharacters = changed.reduce((sum, text, i) => sum + (text === entries[i] ? 0 : characterCount(text)), 0);
    const before = (await sandbox.admin.calls({ operation: 'batch', limit: 100_000 })).length;
    const rerun = await client.translateBatch({ texts: changed, ...pair }, { memory });
    const calls = (await sandbox.admin.calls({ operation: 'batch', limit: 100_000 })).slice(0, -before || undefined);
    const sent = calls
      .flatMap((call) => (call.content?.request as { texts: string[] }).texts)
      .reduce((sum, text) => sum + characterCount(text), 0);
    const withoutMemory = changed.reduce((sum, text) => sum + characterCount(text), 0);
    console.log(`Re-run of a ${ENTRIES}-entry locale file with ${ENTRIES / CHANGED_EVERY} entries (2%) changed`);
    console.table([
      {
        'changed entries': ENTRIES / CHANGED_EVERY,
        'changed characters': changedCharacters,
        'characters sent': sent,
        'sent / changed': (sent / changedCharacters).toFixed(2),
        'batch requests': calls.length,
        'from memory': rerun.memory?.hits,
        'characters sent without a memory': withoutMemory,
        'aim 1.00x': sent === changedCharacters ? 'yes' : 'no',
      },
    ]);
  } finally {
    await client.close();
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
