/**
 * readTmx on one long text against the same bytes as many short units: a TMX reader that rescans
 * a text run with every chunk takes time quadratic in the run (issue 32: 8 MB of one `<seg>` took
 * seconds); read once, both cost the same per megabyte. Also the time to refuse a `<seg>` over the
 * cap per text (8 MB, as in the finding).
 *
 *   npx tsx packages/core/bench/tmx-read.bench.ts [characters of the long seg]
 *
 * Chunks of 64 KiB, as a file stream gives them. Each figure is the best of several timed runs
 * after a warm-up, interleaved so a shared machine's load hits both alike.
 */
import { readTmx } from '../src/memory/tmx-read.js';

const LONG = Number(process.argv[2] ?? 900_000);
const CHUNK = 64 * 1024;
const RUNS = 5;

const WORDS = 'Уи пщэддджыжь ф\u04C0ыуэ, сэ уэ узолъагъу & "дунейр" <дахэщ>. ';

function unit(source: string): string {
  const seg = source.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
  return `<tu srclang="ru"><tuv xml:lang="ru"><seg>${seg}</seg></tuv><tuv xml:lang="kbd"><seg>x</seg></tuv></tu>\n`;
}

function document(units: readonly string[]): Uint8Array {
  return new TextEncoder().encode(`<tmx version="1.4"><header srclang="ru"/><body>\n${units.join('')}</body></tmx>\n`);
}

function chunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) out.push(bytes.subarray(at, at + CHUNK));
  return out;
}

const repeat = (characters: number) => WORDS.repeat(Math.ceil(characters / WORDS.length)).slice(0, characters);
const longDoc = chunks(document([unit(repeat(LONG))]));
const shortDoc = chunks(document(Array.from({ length: Math.ceil(LONG / 1000) }, () => unit(repeat(1000)))));
const megabytes = (doc: readonly Uint8Array[]) => doc.reduce((sum, chunk) => sum + chunk.length, 0) / 1e6;

async function read(doc: readonly Uint8Array[]): Promise<number> {
  const started = performance.now();
  let units = 0;
  for await (const item of readTmx(doc)) if (item.kind === 'unit') units++;
  if (units === 0) throw new Error('no unit read');
  return performance.now() - started;
}

async function refuse(doc: readonly Uint8Array[]): Promise<{ ms: number; message: string }> {
  const started = performance.now();
  try {
    for await (const item of readTmx(doc)) void item;
    return { ms: performance.now() - started, message: 'read whole (no cap)' };
  } catch (error) {
    return { ms: performance.now() - started, message: (error as Error).message };
  }
}

await read(longDoc);
await read(shortDoc);
let long = Infinity;
let short = Infinity;
for (let run = 0; run < RUNS; run++) {
  long = Math.min(long, await read(longDoc));
  short = Math.min(short, await read(shortDoc));
}
const perMb = (ms: number, doc: readonly Uint8Array[]) => (ms / megabytes(doc)).toFixed(1);
console.log(
  `one <seg> of ${LONG.toLocaleString('en')} characters (${megabytes(longDoc).toFixed(2)} MB): ${long.toFixed(1)} ms, ${perMb(long, longDoc)} ms/MB`,
);
console.log(
  `baseline, the same text as ${Math.ceil(LONG / 1000)} units of 1,000 characters (${megabytes(shortDoc).toFixed(2)} MB): ${short.toFixed(1)} ms, ${perMb(short, shortDoc)} ms/MB`,
);
console.log(`long / baseline per MB: ${(long / megabytes(longDoc) / (short / megabytes(shortDoc))).toFixed(2)}x`);
const huge = await refuse(chunks(document([unit(repeat(8_000_000))])));
console.log(`one <seg> of 8,000,000 characters: ${huge.ms.toFixed(0)} ms, ${huge.message}`);
