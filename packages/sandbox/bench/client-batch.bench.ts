/**
 * Requests translateBatch uses for 10,000 mixed texts (short and long, some repeated, some over the
 * 20,000-character request limit) against the lower bound max(ceil(n / 50), ceil(chars / 20000)),
 * counted from the local service's own call records (so every request also passed its real rules).
 * It lives with the local service (which depends on the client) rather than in core, so core
 * needs no sandbox and the workspace has no dependency cycle.
 * Run: `pnpm bench client-batch`.
 */
import { CircassianClient, serviceFacts } from '@circassian/core';
import { SandboxAdmin, startSandbox } from '../src/index.js';
import { seededRandom } from '../src/testing.js';

const TEXTS = 10_000;
const { batchMaxTexts, batchMaxChars } = serviceFacts.limits;

const WORDS = ['унэ', 'дыгъэ', 'щIалэ', 'псы', 'мэз', 'уафэ', 'адыгэ', 'бзэ', 'хьэблэ', 'лъэпкъ', 'гъатхэ', 'щIыуэпс', 'къалэ', 'жыг'];

function mixedTexts(random: () => number): string[] {
  const sentence = () => {
    const words = Array.from({ length: 3 + Math.floor(random() * 9) }, () => WORDS[Math.floor(random() * WORDS.length)]);
    return `${words.join(' ')}.`;
  };
  const textOf = (chars: number) => {
    let text = '';
    while (text.length < chars) text += `${sentence()} `;
    return text.trim();
  };
  const texts: string[] = [];
  while (texts.length < TEXTS) {
    const roll = random();
    if (roll < 0.1 && texts.length > 0)
      texts.push(texts[Math.floor(random() * texts.length)] ?? ''); // repeat
    else if (roll < 0.8)
      texts.push(textOf(10 + random() * 290)); // short
    else if (roll < 0.99)
      texts.push(textOf(300 + random() * 2_700)); // long
    else texts.push(textOf(batchMaxChars + random() * batchMaxChars * 1.5)); // over one request
  }
  return texts;
}

const bound = (n: number, chars: number) => Math.max(Math.ceil(n / batchMaxTexts), Math.ceil(chars / batchMaxChars));

async function main() {
  const sandbox = await startSandbox({ port: 0 });
  const admin = new SandboxAdmin(sandbox.url, sandbox.adminToken);
  const { key } = await admin.createKey({
    name: 'batch-bench',
    limits: { requests_per_minute: 1_000_000, requests_per_day: 1_000_000, translate_chars_per_day: 1_000_000_000 },
  });
  const client = new CircassianClient({ apiKey: key, baseUrl: sandbox.url });
  try {
    const texts = mixedTexts(seededRandom(2026));
    const distinct = [...new Set(texts)];
    const chars = (xs: string[]) => xs.reduce((n, t) => n + t.length, 0);
    const started = performance.now();
    const result = await client.translateBatch({ texts, source_lang: 'kbd', target_lang: 'ru' });
    const seconds = (performance.now() - started) / 1000;
    if (result.translations.length !== texts.length) throw new Error('translations missing');

    const prefix = key.split('.')[0] ?? '';
    const records = await admin.calls({ key: prefix, operation: 'batch', limit: 100_000 });
    const rejected = records.filter((r) => r.outcome !== 'ok').length;
    // Pieces actually sent: the characters of distinct texts, with over-long ones counted as their parts.
    const sentPieces = distinct.reduce((n, t) => n + Math.max(1, Math.ceil(t.length / batchMaxChars)), 0);
    const boundSent = bound(sentPieces, chars(distinct));
    const boundRaw = bound(texts.length, chars(texts));

    console.log(
      `${texts.length} texts (${distinct.length} distinct, ${texts.filter((t) => t.length > batchMaxChars).length} over ${batchMaxChars} chars), ${chars(texts)} chars; ${seconds.toFixed(1)} s`,
    );
    console.table([
      {
        input: 'as given (repeats counted)',
        'lower bound': boundRaw,
        'requests used': records.length,
        'used / bound': (records.length / boundRaw).toFixed(3),
      },
      {
        input: 'distinct texts, over-long ones split',
        'lower bound': boundSent,
        'requests used': records.length,
        'used / bound': (records.length / boundSent).toFixed(3),
      },
    ]);
    console.log(
      `rejected by the service: ${rejected}; aim (used = bound for the distinct texts): ${records.length === boundSent ? 'yes' : 'no'}`,
    );
  } finally {
    await client.close();
    await sandbox.close();
  }
}

await main();
