// Translate File's re-run with the workspace's memory (a TMX file, core's TmxFileTranslationMemory),
// through the run the command makes (src/translate/file-run.ts) against the local service over HTTP:
// a 2,000-entry locale file translated once, then with 2% of its entries changed, as a fresh clone
// (its translated file and the last run's state gone, only the committed memory kept). Printed: the
// characters the re-run sent against the changed entries' characters (aim 1.00x), its requests
// against the lower bound, the memory's lookup per segment against one client round trip (aim under
// 1%), the time to read the committed file, and how often each run rewrote it (once per run). Run: `pnpm bench translation-memory-file`.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CircassianClient, TmxFileTranslationMemory, type MemoryUnitInput, type StoreResult } from '@circassian/core';
import { characterCount } from '@circassian/core/text';
import { startSandbox } from '@circassian/sandbox';
import { formatFor, type FileFormat } from '../src/logic/file-formats';
import { maskPlaceholders } from '../src/logic/placeholders';
import { runFileTranslation, type FileRunResult } from '../src/translate/file-run';
import { localisationFile } from './localisation-file';

const ENTRIES = 2_000;
const CHANGED_EVERY = 50; // 2%
const json = formatFor('en.json') as FileFormat;

/** The file store with its rewrites counted (a store that keeps a unit rewrites the whole file). */
class CountedTmxMemory extends TmxFileTranslationMemory {
  rewrites = 0;
  override async store(units: readonly MemoryUnitInput[]): Promise<StoreResult> {
    const result = await super.store(units);
    if (result.stored > 0) this.rewrites++;
    return result;
  }
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: 0,
    limits: { requests_per_minute: 1_000_000, requests_per_day: 10_000_000, translate_chars_per_day: 1_000_000_000 },
  });
  const dir = await mkdtemp(join(tmpdir(), 'circassian-memory-bench-'));
  try {
    const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
    const path = join(dir, '.circassian', 'memory.tmx');
    const run = async (text: string): Promise<FileRunResult & { ms: number; rewrites: number }> => {
      const started = performance.now();
      // A new memory object each run: what a fresh window reads from the committed file.
      const memory = new CountedTmxMemory(path);
      const outcome = await runFileTranslation(
        {
          client: () => Promise.resolve(client),
          detectSource: () => Promise.resolve(undefined),
          memory,
          progress: (_pending, task) => task(() => undefined, new AbortController().signal),
          spend: () => undefined,
        },
        { format: json, sourceText: text, units: json.units(text), previousText: undefined, remembered: {}, target: 'kbd', source: 'en' },
      );
      if (outcome.kind !== 'done' || outcome.failure !== undefined) throw new Error(`the run failed: ${String(outcome.kind)}`);
      return { ...outcome, ms: performance.now() - started, rewrites: memory.rewrites };
    };
    const { json: first, values } = localisationFile(ENTRIES);
    const firstRun = await run(first);
    let second = first;
    let changedChars = 0;
    values.forEach((value, index) => {
      if (index % CHANGED_EVERY !== 7) return;
      const changed = value.replace('(item', '(changed item');
      second = second.replace(JSON.stringify(value), JSON.stringify(changed));
      changedChars += characterCount(maskPlaceholders(changed, json.protect).text);
    });
    const callsBefore = (await sandbox.admin.calls({ operation: 'batch', limit: 100_000 })).length;
    const reRun = await run(second);
    const requests = (await sandbox.admin.calls({ operation: 'batch', limit: 100_000 })).length - callsBefore;
    const oneTrip = performance.now();
    await client.translate({ text: values[3] ?? '', source_lang: 'en', target_lang: 'kbd' });
    const roundTrip = performance.now() - oneTrip;
    const file = await stat(path);
    console.log(
      `first run:  ${firstRun.translated} texts, ${firstRun.sent} characters sent, ${firstRun.ms.toFixed(0)} ms; memory file ${(file.size / 1024).toFixed(0)} KiB, rewritten ${firstRun.rewrites} time(s)`,
    );
    console.log(
      `re-run 2%:  ${reRun.sent} characters sent for ${changedChars} changed (${(reRun.sent / changedChars).toFixed(2)}x, aim 1.00x), ${requests} request(s) (lower bound 1), ${reRun.fromMemory} characters from the memory, the file rewritten ${reRun.rewrites} time(s)`,
    );
    // The memory's own cost, apart from the request and the file's rebuild: reading the committed
    // file (once per change on disk), then a lookup of every segment as the run makes it.
    const texts = values.map((value) => maskPlaceholders(value, json.protect).text);
    const pair = { source: 'en', target: 'kbd' } as const;
    const cold = new TmxFileTranslationMemory(path);
    let started = performance.now();
    await cold.lookup(pair, texts);
    const load = performance.now() - started;
    const ROUNDS = 20;
    started = performance.now();
    for (let round = 0; round < ROUNDS; round++) await cold.lookup(pair, texts);
    const perSegment = (performance.now() - started) / ROUNDS / ENTRIES;
    console.log(
      `memory: reading the ${(file.size / 1024).toFixed(0)} KiB file ${load.toFixed(0)} ms (once per change on disk); lookup ${(perSegment * 1000).toFixed(2)} µs per segment against ${roundTrip.toFixed(1)} ms for one round trip (${((perSegment / roundTrip) * 100).toFixed(3)}%, aim under 1%); the whole re-run ${reRun.ms.toFixed(0)} ms`,
    );
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
