/**
 * What a glossary costs a translation (issue 36's aim: a 5,000-entry glossary adds under 5% to a
 * batch of 2,000 sentences, against the local service's round trip measured in the same run).
 *
 * Against the local service (the sandbox in a process of its own, as `pnpm sandbox` runs it, over
 * HTTP on 127.0.0.1, so its work and garbage are not timed with the glossary's):
 * 1. Baseline: `translateBatch` of 2,000 Russian sentences into Kabardian, no glossary.
 * 2. The glossary's own work on the same batch, in process: each text's terms found and sent as
 *    markers, the answers' markers put back, and the term check of every source and answer
 *    (what `{ glossary }` adds to a call), against 1.
 * 3. End to end: `translateBatch` with `{ glossary }` against 1 (noisier: both are round trips).
 * The glossary: 3,000 translate terms (a third of them stem entries, some two-word phrases), 1,000
 * keep names, 800 forbidden words, 200 respellings; built once before (its first build is shown).
 * Each sentence holds two terms and a name. Medians of several rounds, alternated.
 * Run: `pnpm bench glossary` (or `npx tsx packages/core/bench/glossary.bench.ts`).
 */
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { CircassianClient, Glossary, checkTerms, protectTerms, restoreTerms, type GlossaryEntry } from '../src/index.js';

const SENTENCES = 2_000;
const ROUNDS = 11;
const SYLLABLES = ['ка', 'лу', 'ма', 'ри', 'до', 'ше', 'вы', 'на', 'то', 'бе', 'зи', 'гу', 'пэ', 'жа', 'цо', 'ха'];

/** A made-up Cyrillic word, different for every n. */
function word(n: number, length = 3): string {
  let out = '';
  let rest = n;
  for (let i = 0; i < length; i++) {
    out += SYLLABLES[rest % SYLLABLES.length] ?? '';
    rest = Math.floor(rest / SYLLABLES.length) + i + 1;
  }
  return out;
}

function glossaryEntries(): GlossaryEntry[] {
  const pair = { sourceLang: 'ru', targetLang: 'kbd' } as const;
  const entries: GlossaryEntry[] = [];
  for (let i = 0; i < 3_000; i++) {
    const source = i % 7 === 0 ? `${word(i)} ${word(i + 5000)}` : word(i);
    entries.push({ ...pair, type: 'translate', source, target: `${word(i + 20_000)}э`, stem: i % 3 === 0 });
  }
  for (let i = 0; i < 1_000; i++)
    entries.push({ ...pair, type: 'keep', source: `${word(i + 40_000, 2)}ов`.replace(/^./u, (c) => c.toUpperCase()), target: '' });
  for (let i = 0; i < 800; i++)
    entries.push({ ...pair, type: 'forbidden', source: '', target: `${word(i + 60_000)}ыщ`, stem: i % 2 === 0 });
  for (let i = 0; i < 200; i++) entries.push({ ...pair, type: 'say', source: word(i + 80_000), target: `${word(i + 80_000)}-а` });
  return entries;
}

function sentences(entries: readonly GlossaryEntry[]): string[] {
  const terms = entries.filter((entry) => entry.type === 'translate');
  const names = entries.filter((entry) => entry.type === 'keep');
  return Array.from({ length: SENTENCES }, (_, i) => {
    const a = terms[(i * 37) % terms.length]?.source ?? '';
    const b = terms[(i * 101 + 13) % terms.length]?.source ?? '';
    const name = names[(i * 53) % names.length]?.source ?? '';
    return `В ${i} году ${name} рассказал, что ${a}ом и ${b} пользуются каждый день, и это важно для всех.`;
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const best = (xs: number[]) => Math.min(...xs);

/** The local service in its own process (fork() reuses this process's tsx loader); resolves with its URL and key once it listens. */
async function startService() {
  const bin = createRequire(import.meta.url).resolve('@circassian/sandbox/bin');
  const args = ['--port', '0', '--rpm', '1000000', '--rpd', '10000000', '--chars-per-day', '1000000000'];
  const child = fork(bin, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> });
  const first = await lines[Symbol.asyncIterator]().next();
  const { url, key } = JSON.parse(String(first.value ?? '{}')) as { url: string; key: string };
  return { url, key, stop: () => child.kill('SIGTERM') };
}

async function main() {
  const sandbox = await startService();
  const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
  const request = { source_lang: 'ru', target_lang: 'kbd' } as const;
  const pair = { source: 'ru', target: 'kbd' } as const;
  try {
    const entries = glossaryEntries();
    const texts = sentences(entries);
    let start = performance.now();
    const glossary = new Glossary(entries);
    glossary.sourceTerms(pair);
    glossary.agreedTerms(pair);
    glossary.forbiddenWords('kbd');
    const build = performance.now() - start;

    // Warm up both paths (JIT, connections), then alternate.
    for (let i = 0; i < 3; i++) {
      await client.translateBatch({ texts, ...request });
      await client.translateBatch({ texts, ...request }, { glossary });
    }
    // The service's answers to the texts as the glossary sends them, for timing the glossary's own work apart.
    const masked = texts.map((text) => protectTerms(glossary, pair, text).text);
    const maskedAnswers = (await client.translateBatch({ texts: masked, ...request })).translations;
    const plain: number[] = [];
    const glossed: number[] = [];
    const work: number[] = [];
    let protectedTerms = 0;
    let problems = 0;
    for (let round = 0; round < ROUNDS; round++) {
      start = performance.now();
      await client.translateBatch({ texts, ...request });
      plain.push(performance.now() - start);

      start = performance.now();
      const sent = texts.map((text) => protectTerms(glossary, pair, text));
      const restored = sent.map((one, i) => restoreTerms(maskedAnswers[i] ?? '', one));
      // As the client checks: a text whose terms all came back needs only its forbidden words looked for.
      problems = texts.reduce(
        (sum, text, i) =>
          sum + checkTerms(glossary, pair, text, restored[i]?.text ?? '', restored[i]?.lost.length === 0 ? [] : undefined).length,
        0,
      );
      work.push(performance.now() - start);
      protectedTerms = sent.reduce((sum, one) => sum + one.terms.length, 0);

      start = performance.now();
      const result = await client.translateBatch({ texts, ...request }, { glossary });
      glossed.push(performance.now() - start);
      if (result.glossary?.protectedTerms !== protectedTerms) throw new Error(`expected ${protectedTerms} protected terms`);
    }
    const baseline = median(plain);
    const cost = median(work);
    const endToEnd = median(glossed) - baseline;
    const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(2)}%`;
    console.log(
      `A ${entries.length}-entry glossary on a batch of ${SENTENCES} sentences (ru -> kbd, ${protectedTerms} terms sent as markers, ${problems} check findings); the glossary built once in ${build.toFixed(1)} ms; ${ROUNDS} rounds, load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    console.table([
      {
        of: 'medians',
        'batch round trip, no glossary (ms)': baseline.toFixed(1),
        'glossary work: protect + restore + check (ms)': cost.toFixed(1),
        share: percent(cost, baseline),
        'aim < 5%': cost / baseline < 0.05 ? 'yes' : 'no',
        'with { glossary } end to end (ms)': median(glossed).toFixed(1),
        'end-to-end difference': percent(endToEnd, baseline),
      },
      {
        of: 'best rounds',
        'batch round trip, no glossary (ms)': best(plain).toFixed(1),
        'glossary work: protect + restore + check (ms)': best(work).toFixed(1),
        share: percent(best(work), best(plain)),
        'aim < 5%': best(work) / best(plain) < 0.05 ? 'yes' : 'no',
        'with { glossary } end to end (ms)': best(glossed).toFixed(1),
        'end-to-end difference': percent(best(glossed) - best(plain), best(plain)),
      },
    ]);
  } finally {
    await client.close();
    sandbox.stop();
  }
}

await main();
