/**
 * Palochka normalisation throughput: `normalizePalochka` against a naive chain of regex
 * replaces, on a ~10 MB mixed corpus of Kabardian, Russian and English text with look-alikes.
 *
 *   npx tsx packages/core/bench/palochka.bench.ts [megabytes]
 *
 * MB/s counts UTF-8 bytes of input (1 MB = 10^6 bytes). Each figure is the median of several
 * timed runs after warm-up. Goal (issue 3): at least 3x the regex chain, and over 100 MB/s.
 */
import { PALOCHKA, normalizePalochka } from '../src/palochka.js';

const TARGET_MB = Number(process.argv[2] ?? 10);
const WARMUP_RUNS = 2;
const TIMED_RUNS = 7;

/**
 * The baseline a careful developer would write first: one global regex per look-alike, each
 * with lookbehind/lookahead for a Cyrillic neighbour and no Latin one, digits kept in runs.
 * It skips the finer rules (Roman numerals, URLs, word-initial digits), so it does less.
 */
const CYR = '[\\u0400-\\u04BF\\u04C1-\\u04CE\\u04D0-\\u052F]';
const LAT = '[A-Za-z]';
function around(lookalike: string): RegExp {
  return new RegExp(`(?<=${CYR})${lookalike}(?!${LAT})|(?<!${LAT})${lookalike}(?=${CYR})`, 'g');
}
const NAIVE_CHAIN: readonly RegExp[] = [
  around('I'),
  around('l'),
  around('\\u0406'),
  around('\\u0456'),
  new RegExp(`(?<=${CYR})i(?=${CYR})`, 'g'),
  new RegExp(`(?<=${CYR})\\|(?=${CYR})`, 'g'),
  new RegExp(`(?<=${CYR})1(?![0-9])|(?<![0-9])1(?=${CYR})`, 'g'),
  /\u04CF/g,
];
function naiveNormalize(text: string): string {
  let out = text;
  for (const regex of NAIVE_CHAIN) out = out.replace(regex, PALOCHKA);
  return out;
}

/** Deterministic PRNG (mulberry32), so every run measures the same corpus. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KABARDIAN = ['кӀуэ', 'лӀэщӀыгъуэ', 'Ӏэщ', 'Ӏуэху', 'щӀы', 'жыӀ', 'щыӀэ', 'адыгэбзэ', 'унэ', 'сыкӀуэнущ', 'КӀУЭ', 'дэӀэпыкъуэгъу', 'тхылъ', 'нобэ'];
const STAND_INS = ['I', '1', 'l', '|', '\u0456', '\u0406', '\u04CF', '\u04C0', '\u04C0'];
const RUSSIAN = ['привет', 'мир', 'язык', 'перевод', 'сегодня', 'Москва', 'книга', 'хорошо', 'текст', 'словарь', '1С', 'ХIХ', 'век'];
const ENGLISH = ['I', 'read', 'the', 'little', 'while', 'Illinois', 'iPhone', 'file1', 'a|b', 'list', 'build', 'million', 'x1'];
const EXTRAS = ['1990', '2024-гъэм', 'https://kbd.wiki/кIуэ', 'user1@mail.ru', '—', '«кIуэ»', '(щI)'];

function buildCorpus(megabytes: number): string {
  const next = random(20251122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < megabytes * 1e6) {
    const roll = next();
    let word: string;
    if (roll < 0.4) word = pick(KABARDIAN).replaceAll('\u04C0', () => pick(STAND_INS));
    else if (roll < 0.65) word = pick(RUSSIAN);
    else if (roll < 0.95) word = pick(ENGLISH);
    else word = pick(EXTRAS);
    const separator = next() < 0.1 ? (next() < 0.5 ? '.\n' : ', ') : ' ';
    parts.push(word, separator);
    bytes += Buffer.byteLength(word) + separator.length;
  }
  return parts.join('');
}

function medianSeconds(run: () => unknown): number {
  for (let i = 0; i < WARMUP_RUNS; i++) run();
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const start = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - start) / 1e9);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

function changedChars(before: string, after: string): number {
  let count = 0;
  for (let i = 0; i < before.length; i++) if (before.charCodeAt(i) !== after.charCodeAt(i)) count++;
  return count;
}

const corpus = buildCorpus(TARGET_MB);
// Typographic dashes and quotes, as in real English text (they also make it a two-byte string).
const englishOnly = `${ENGLISH.join(' ')} — it’s “quoted”. `.repeat(Math.ceil((TARGET_MB * 1e6) / 90));
const megabytes = Buffer.byteLength(corpus) / 1e6;
const englishMegabytes = Buffer.byteLength(englishOnly) / 1e6;

const rows = [
  { corpus: 'mixed kbd/ru/en', megabytes, ours: medianSeconds(() => normalizePalochka(corpus)), naive: medianSeconds(() => naiveNormalize(corpus)) },
  { corpus: 'English only', megabytes: englishMegabytes, ours: medianSeconds(() => normalizePalochka(englishOnly)), naive: medianSeconds(() => naiveNormalize(englishOnly)) },
];

console.log(`palochka normalisation, ${megabytes.toFixed(1)} MB mixed corpus (median of ${TIMED_RUNS} runs)`);
console.table(
  rows.map((row) => ({
    corpus: row.corpus,
    'size MB': Number(row.megabytes.toFixed(1)),
    'normalizePalochka MB/s': Math.round(row.megabytes / row.ours),
    'naive regex chain MB/s': Math.round(row.megabytes / row.naive),
    ratio: `${(row.naive / row.ours).toFixed(1)}x`,
  })),
);
console.log(
  `replaced characters on the mixed corpus: normalizePalochka ${changedChars(corpus, normalizePalochka(corpus))}, ` +
    `naive chain ${changedChars(corpus, naiveNormalize(corpus))} (the chain lacks the Roman numeral, URL and word-initial digit rules)`,
);
