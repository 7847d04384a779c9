/**
 * The speech memory's two promises on real content, against the local service (in process, over
 * HTTP), every figure read from the service's call log (its `audio_seconds` per request), not from
 * the memory's own counts:
 *   1. After an edit, the seconds of audio requested against the seconds of audio whose text changed
 *      (aim 1.00x), beside the whole text (what voicing a post or entry cost before: the baseline).
 *      Edits per entry: a typo fixed in one sentence, a paragraph added, two paragraphs swapped.
 *   2. A second run of the same texts: requests (aim 0).
 * Both for one sentence per part (the default) and for sentences grouped into parts of up to 1,500
 * characters (fewer requests, a larger re-voice), with each layout's requests on a first voicing
 * against one request per 20,000 characters, so the trade-off against the per-minute limit is in
 * figures. Then the same at the CLI's level: the `circassian speak` executable on each entry's text
 * file, its folder memory, the same edit, a second run.
 * Corpora: the WordPress corpus (packages/wordpress/test/corpus, the voiced posts and pages: title
 * and words, each block a paragraph; shortcodes and URLs out, as post audio reads them) and the
 * Strapi demo corpus (packages/strapi/bench/demo-corpus.bench.ts: every text field's words, blocks
 * and Markdown paragraphs one line each). Run: `pnpm bench speech-memory` (about five minutes on a loaded 2-core machine, most of it the CLI's
 * 27 runs, each a fresh Node process).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startSandbox, type CallRecord } from '@circassian/sandbox';
import { CORPUS_ENTRIES, corpusContent, keptTokens, stripHtml } from '@circassian/test-support/hosts/wordpress/corpus.js';
import { transformSync } from 'esbuild';
import { CircassianClient, InMemorySpeechStore, memoryKey, SpeechMemory, splitSentences, type VoicedText } from '../src/index.js';

const requireHere = createRequire(import.meta.url);
const GROUPED = 1_500;

interface Entry {
  readonly corpus: string;
  readonly name: string;
  readonly text: string;
}

/** A WordPress corpus entry as post audio reads it: the title, then each block's words on a line. */
function wordpressEntries(): Entry[] {
  return CORPUS_ENTRIES.filter((entry) => entry.voiced).map((entry) => {
    const blocks = corpusContent(entry.name)
      .split(/\n\s*\n/)
      .map((block) => stripHtml(keptTokens(block).reduce((rest, token) => rest.replace(token, ' '), block)))
      .filter((line) => /[\p{L}\p{N}]/u.test(line));
    return { corpus: 'wordpress', name: entry.name, text: [entry.title, ...blocks].join('\n') };
  });
}

/**
 * The Strapi demo corpus. It is written inside that bench file (which runs itself on import), so its
 * `CORPUS` literal is read from the source and evaluated here; a module exporting it would let this
 * import it instead.
 */
function strapiEntries(): Entry[] {
  const source = readFileSync(join(import.meta.dirname, '..', '..', 'strapi', 'bench', 'demo-corpus.bench.ts'), 'utf8');
  const from = source.indexOf('const text = ');
  const corpusAt = source.indexOf('const CORPUS');
  const to = source.indexOf('\n];\n', corpusAt);
  if (from < 0 || corpusAt < 0 || to < 0)
    throw new Error('The Strapi demo corpus (packages/strapi/bench/demo-corpus.bench.ts) has changed shape');
  const { code } = transformSync(`${source.slice(from, to + 3)}\nreturn CORPUS;`, { loader: 'ts' });
  const corpus = new Function(code)() as { name: string; data: unknown }[];
  return corpus.map((entry) => ({ corpus: 'strapi', name: entry.name, text: spokenLines(entry.data).join('\n') }));
}

/** Fields that hold no words: addresses, identifiers, settings. */
const NOT_WORDS = new Set(['slug', 'url', '__component', 'type', 'format', 'theme', 'settings', 'level']);

/** A Strapi entry's words, depth first: each string field's Markdown lines, each block (paragraph, heading, item) a line; code left out. */
function spokenLines(value: unknown, field = ''): string[] {
  if (NOT_WORDS.has(field)) return [];
  if (typeof value === 'string')
    return value
      .split('\n')
      .map(markdownWords)
      .filter((line) => /[\p{L}\p{N}]/u.test(line));
  if (Array.isArray(value)) return value.flatMap((item) => spokenLines(item));
  if (value === null || typeof value !== 'object') return [];
  const node = value as { type?: string; children?: unknown[]; text?: string };
  if (node.type === 'code') return [];
  if (typeof node.type === 'string' && Array.isArray(node.children)) {
    const inline = node.children.filter(
      (child) => !(child as { children?: unknown[] }).children || (child as { type?: string }).type === 'link',
    );
    if (inline.length === node.children.length) return [blockWords(node)].filter((line) => line !== '');
    return node.children.flatMap((child) => spokenLines(child));
  }
  return Object.entries(value).flatMap(([name, item]) => spokenLines(item, name));
}

function blockWords(node: { children?: unknown[]; text?: string; code?: boolean }): string {
  if (node.code === true) return '';
  return `${node.text ?? ''}${(node.children ?? []).map((child) => blockWords(child as typeof node)).join('')}`.replace(/\s+/g, ' ').trim();
}

function markdownWords(line: string): string {
  return line
    .replace(/`[^`]*`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/^\s*(#{1,6}|[-*+]|\d+[.)])\s+/, '')
    .replace(/^\s*\|?[\s:|-]+\|[\s:|-]*$/, '')
    .replace(/[*_|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Edit {
  readonly kind: 'typo' | 'paragraph' | 'reorder';
  readonly text: string;
}

/** The three edits of an entry: a letter changed in its middle sentence, a paragraph added after the first line, its first two lines swapped. */
function editsOf(text: string): Edit[] {
  const sentences = splitSentences(text);
  const middle = sentences[Math.floor(sentences.length / 2)]!;
  const at = middle.start + Math.floor(middle.text.length / 2);
  const typo = `${text.slice(0, at)}${text[at] === 'э' ? 'а' : 'э'}${text.slice(at + 1)}`;
  const lines = text.split('\n');
  const paragraph = [lines[0], 'Нобэ псалъэухэр зыщытхуэ тхыгъэщ. Ар иужькӀэ къыдэкӀынущ.', ...lines.slice(1)].join('\n');
  const reorder = lines.length > 1 ? [lines[1], lines[0], ...lines.slice(2)].join('\n') : text;
  return [
    { kind: 'typo', text: typo },
    { kind: 'paragraph', text: paragraph },
    { kind: 'reorder', text: reorder },
  ];
}

/** Seconds of the voiced text whose sentences the previous version did not have (matched as the memory matches). */
function changedSeconds(previous: string, voiced: VoicedText): number {
  const had = new Set(splitSentences(previous).map((sentence) => memoryKey(sentence.text)));
  return voiced.timings.sentences.filter((sentence) => !had.has(memoryKey(sentence.text))).reduce((sum, s) => sum + (s.end - s.start), 0);
}

const sandbox = await startSandbox({
  port: 0,
  speechJobMs: 1,
  limits: { requests_per_minute: 1_000_000, requests_per_day: 1_000_000, speech_seconds_per_day: 10_000_000 },
});
const client = new CircassianClient({ apiKey: sandbox.key, baseUrl: sandbox.url });
const speechLog = async (): Promise<CallRecord[]> => [...(await sandbox.admin.calls({ operation: 'speech', limit: 100_000 }))].reverse();
/** Requests and seconds of audio the service made while `work` ran. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; requests: number; seconds: number }> {
  const before = (await speechLog()).length;
  const result = await work();
  const calls = (await speechLog()).slice(before);
  return { result, requests: calls.length, seconds: calls.reduce((sum, call) => sum + (call.volume.audio_seconds ?? 0), 0) };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const ratio = (of: number, to: number) => (to === 0 ? (of === 0 ? '-' : 'inf') : `${(of / to).toFixed(2)}x`);

try {
  const entries = [...wordpressEntries(), ...strapiEntries()];
  for (const [label, groupCharacters] of [
    ['one sentence per part (default)', 0],
    [`sentences of a line grouped up to ${GROUPED} characters`, GROUPED],
  ] as const) {
    console.log(`\n== Core: SpeechMemory, ${label}`);
    console.log(
      `  ${'entry'.padEnd(30)}${'chars'.padStart(6)}${'1st: requests'.padStart(15)}${'(1 per 20k)'.padStart(12)}${'2nd run'.padStart(9)}  ${'edit'.padEnd(10)}${'requested s'.padStart(12)}${'changed s'.padStart(11)}${'ratio'.padStart(8)}${'whole text s'.padStart(14)}${'baseline'.padStart(10)}`,
    );
    const totals = { requested: 0, changed: 0, whole: 0, reordered: 0, firstRequests: 0, minimal: 0, secondRequests: 0 };
    for (const entry of entries) {
      const memory = new SpeechMemory(new InMemorySpeechStore(), { groupCharacters });
      const first = await measured(() => memory.speak(client, { text: entry.text }));
      const second = await measured(() => memory.speak(client, { text: entry.text }));
      const minimal = Math.ceil(entry.text.length / 20_000);
      totals.firstRequests += first.requests;
      totals.minimal += minimal;
      totals.secondRequests += second.requests;
      for (const [index, edit] of editsOf(entry.text).entries()) {
        const run = await measured(() => memory.speak(client, { text: edit.text }));
        const changed = changedSeconds(entry.text, run.result);
        const whole = run.result.durationSeconds;
        if (edit.kind === 'reorder') totals.reordered += run.seconds;
        else {
          totals.requested += run.seconds;
          totals.changed += changed;
          totals.whole += whole;
        }
        const head =
          index === 0
            ? `  ${`${entry.corpus}/${entry.name}`.padEnd(30)}${String(entry.text.length).padStart(6)}${String(first.requests).padStart(15)}${String(minimal).padStart(12)}${String(second.requests).padStart(9)}`
            : ' '.repeat(2 + 30 + 6 + 15 + 12 + 9);
        console.log(
          `${head}  ${edit.kind.padEnd(10)}${fixed(run.seconds).padStart(12)}${fixed(changed).padStart(11)}${ratio(run.seconds, changed).padStart(8)}${fixed(whole).padStart(14)}${(edit.kind === 'reorder' ? '-' : ratio(whole, changed)).padStart(10)}`,
        );
        // Back to the original for the next edit (from the store: no request).
        await memory.speak(client, { text: entry.text });
      }
    }
    console.log(
      `  all: after a typo or an added paragraph ${fixed(totals.requested)} s requested for ${fixed(totals.changed)} s of changed audio (${ratio(totals.requested, totals.changed)}; aim 1.00x), ` +
        `the whole texts ${fixed(totals.whole)} s (${ratio(totals.whole, totals.changed)}, the baseline); after a reordering ${fixed(totals.reordered)} s; a second run ${totals.secondRequests} requests (aim 0); ` +
        `a first voicing ${totals.firstRequests} requests against ${totals.minimal} at one per 20,000 characters`,
    );
  }

  console.log(
    '\n== CLI: circassian speak --file ENTRY.txt -o ENTRY.wav --cache DIR, the same file again, then a typo fixed in one sentence',
  );
  const cli = requireHere.resolve('@circassian/cli/bin');
  const tsx = requireHere.resolve('tsx');
  const dir = await mkdtemp(join(tmpdir(), 'circassian-speech-bench-'));
  try {
    const env = { ...process.env, CIRCASSIAN_API_KEY: sandbox.key, CIRCASSIAN_BASE_URL: sandbox.url };
    const speak = (file: string) =>
      promisify(execFile)(
        process.execPath,
        ['--import', tsx, cli, 'speak', '--file', file, '-o', `${file}.wav`, '--cache', join(dir, 'cache'), '--json'],
        { env },
      );
    const totals = { requested: 0, changed: 0, second: 0 };
    console.log(
      `  ${'entry'.padEnd(30)}${'1st: requests'.padStart(15)}${'2nd run'.padStart(9)}${'edit: requests'.padStart(16)}${'requested s'.padStart(13)}${'changed s'.padStart(11)}${'ratio'.padStart(8)}`,
    );
    for (const entry of entries) {
      const file = join(dir, `${entry.corpus}-${entry.name.replace(/\W+/g, '-')}.txt`);
      await writeFile(file, entry.text);
      const first = await measured(() => speak(file));
      const second = await measured(() => speak(file));
      const typo = editsOf(entry.text)[0]!.text;
      await writeFile(file, typo);
      const edited = await measured(() => speak(file));
      const changed = changedSeconds(entry.text, await new SpeechMemory(new InMemorySpeechStore()).speak(client, { text: typo }));
      totals.requested += edited.seconds;
      totals.changed += changed;
      totals.second += second.requests;
      console.log(
        `  ${`${entry.corpus}/${entry.name}`.padEnd(30)}${String(first.requests).padStart(15)}${String(second.requests).padStart(9)}${String(edited.requests).padStart(16)}${fixed(edited.seconds).padStart(13)}${fixed(changed).padStart(11)}${ratio(edited.seconds, changed).padStart(8)}`,
      );
    }
    console.log(
      `  all: ${fixed(totals.requested)} s requested for ${fixed(totals.changed)} s changed (${ratio(totals.requested, totals.changed)}); second runs ${totals.second} requests`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await client.close();
  await sandbox.close();
}
