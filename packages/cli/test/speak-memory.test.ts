// `circassian speak` and the speech memory, the real executable against the local service: what it
// asked for is read from the service's call log.
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import webvtt from 'webvtt-parser';
import { describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';
import { readWavHeader } from './helpers/wav.js';

// A CommonJS package: Node's ESM sees its exports only through the default import.
const { WebVTTParser } = webvtt;

const STORY = ['Уи пщэддджыжь фӀыуэ. Сэ уэ узолъагъу!', 'Мэзым дыкӀуащ.', 'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.', ''].join('\n');

interface Summary {
  readonly file: string;
  readonly bytes: number;
  readonly content_type: string;
  readonly duration_seconds: number;
  readonly speech_memory: {
    readonly folder: string | null;
    readonly sentences: number;
    readonly parts: number;
    readonly voiced: { readonly parts: number; readonly seconds: number };
    readonly from_memory: { readonly parts: number; readonly seconds: number };
  };
}

describe('circassian speak and the speech memory', () => {
  const service = useCliService();
  const scratch = useScratchDir('speak-memory');

  /** The texts of the speech requests made since there were `before`, in the order they were made. */
  async function spokenSince(before: number): Promise<string[]> {
    return (await service.calls('speech')).slice(before).map((call) => (call.content?.request as { text: string }).text);
  }
  const speechCalls = async () => (await service.calls('speech')).length;

  it('a second run of the same file makes no request; an edit of one sentence asks for that sentence only', async () => {
    const dataHome = join(scratch.path, 'data');
    const file = join(scratch.path, 'story.txt');
    await writeFile(file, STORY);
    const args = ['speak', '--file', file, '-o', join(scratch.path, 'story.wav'), '--json'];
    const env = { ...service.env, XDG_DATA_HOME: dataHome };
    let before = await speechCalls();
    const first = await runCli(args, { env });
    expect(first.code).toBe(0);
    expect(await spokenSince(before)).toEqual([
      'Уи пщэддджыжь фӀыуэ.',
      'Сэ уэ узолъагъу!',
      'Мэзым дыкӀуащ.',
      'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.',
    ]);
    const firstSummary = JSON.parse(first.stdout) as Summary;
    // The default folder: circassian/speech beside the translation memory, in the data folder.
    expect(firstSummary.speech_memory).toMatchObject({
      folder: join(dataHome, 'circassian', 'speech'),
      sentences: 4,
      voiced: { parts: 4 },
    });
    const firstAudio = await readFile(join(scratch.path, 'story.wav'));

    before = await speechCalls();
    const second = await runCli(args, { env });
    expect(second.code).toBe(0);
    expect(await speechCalls()).toBe(before);
    expect((await readFile(join(scratch.path, 'story.wav'))).equals(firstAudio)).toBe(true);
    expect(second.stderr).toContain('"notice":"4 of 4 sentences from the speech memory');

    await writeFile(file, STORY.replace('Мэзым дыкӀуащ.', 'Мэзым дыкӀуащ жэщым.'));
    const edited = await runCli(args, { env });
    expect(edited.code).toBe(0);
    expect(await spokenSince(before)).toEqual(['Мэзым дыкӀуащ жэщым.']);
    expect((JSON.parse(edited.stdout) as Summary).speech_memory).toMatchObject({ voiced: { parts: 1 }, from_memory: { parts: 3 } });
  });

  it('--no-cache asks for every sentence and keeps nothing; --cache DIR names the folder', async () => {
    const cache = join(scratch.path, 'cache');
    const args = ['speak', 'Сэ кӀуэ. Уэ укӀуэ. Сэ кӀуэ.', '-o', join(scratch.path, 'no-cache.wav')];
    let before = await speechCalls();
    await runCli([...args, '--cache', cache], { env: service.env });
    // A sentence the text repeats is asked for once.
    expect(await spokenSince(before)).toEqual(['Сэ кӀуэ.', 'Уэ укӀуэ.']);
    before = await speechCalls();
    const again = await runCli([...args, '--cache', cache], { env: service.env });
    expect(again.code).toBe(0);
    expect(await speechCalls()).toBe(before);
    const uncached = await runCli([...args, '--no-cache'], { env: service.env });
    expect(uncached.code).toBe(0);
    expect(await spokenSince(before)).toEqual(['Сэ кӀуэ.', 'Уэ укӀуэ.']);
    expect((await readdir(cache)).length).toBeGreaterThan(0);
    const both = await runCli([...args, '--no-cache', '--cache', cache], { env: service.env, cwd: scratch.path });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--cache and --no-cache together');
  });

  it('--timings and --vtt write where each sentence is in the audio, as JSON and as WebVTT a parser reads', async () => {
    const dir = join(scratch.path, 'timed');
    await mkdir(dir);
    const run = await runCli(['speak', '-o', 'timed.wav', '--timings', 'timed.json', '--vtt', 'timed.vtt', '--no-cache'], {
      env: service.env,
      cwd: dir,
      input: STORY,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('wrote timed.json (timings of 4 sentences)');
    expect(run.stdout).toContain('wrote timed.vtt (WebVTT, 4 cues)');
    const timings = JSON.parse(await readFile(join(dir, 'timed.json'), 'utf8')) as {
      format: string;
      duration: number;
      sentences: { start: number; end: number; text: string }[];
      parts: { key: string }[];
    };
    expect(timings.format).toBe('circassian-speech-timings');
    expect(timings.sentences.map((sentence) => sentence.text)).toEqual([
      'Уи пщэддджыжь фӀыуэ.',
      'Сэ уэ узолъагъу!',
      'Мэзым дыкӀуащ.',
      'Пщыхьэщхьэм унэм дыкъэкӀуэжащ.',
    ]);
    expect(timings.parts.every((part) => /^[0-9a-f]{64}$/.test(part.key))).toBe(true);
    const wav = readWavHeader(await readFile(join(dir, 'timed.wav')));
    // The timings are rounded to the millisecond.
    expect(Math.abs(timings.duration - wav.dataBytes / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8)))).toBeLessThanOrEqual(
      0.0005 + 1e-9,
    );
    expect(timings.sentences[timings.sentences.length - 1]?.end).toBe(timings.duration);
    const parsed = new WebVTTParser().parse(await readFile(join(dir, 'timed.vtt'), 'utf8'), 'metadata');
    expect(parsed.errors).toEqual([]);
    expect(parsed.cues.map((cue) => [cue.text, Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000)])).toEqual(
      timings.sentences.map((sentence) => [sentence.text, Math.round(sentence.start * 1000), Math.round(sentence.end * 1000)]),
    );
    expect(existsSync(join(dir, 'timed.json.part'))).toBe(false);
  });

  it('-o x.mp3 writes an MP3 (MPEG-1 Layer III frames, mono), no system encoder needed', async () => {
    const run = await runCli(['speak', 'Уи пщэддджыжь фӀыуэ.', '-o', join(scratch.path, 'hello.mp3'), '--json', '--no-cache'], {
      env: { ...service.env, PATH: '/nonexistent' },
    });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as Summary;
    expect(summary.content_type).toBe('audio/mpeg');
    const mp3 = await readFile(join(scratch.path, 'hello.mp3'));
    expect(summary.bytes).toBe(mp3.byteLength);
    // The first frame's header: sync, MPEG-1, Layer III, 44.1 kHz, mono.
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xfe).toBe(0xfa);
    expect((mp3[2]! >> 2) & 3).toBe(0);
    expect(mp3[3]! >> 6).toBe(3);
    // 64 kbit/s: 8,000 bytes a second, give or take the encoder's padding and its header frame.
    expect(mp3.byteLength).toBeGreaterThan(summary.duration_seconds * 8000 * 0.9);
    expect(mp3.byteLength).toBeLessThan(summary.duration_seconds * 8000 + 2000);
  });

  it('refuses --timings or --vtt with --job: a job id does not say which sentences it holds', async () => {
    const run = await runCli(['speak', '--job', 'abc', '-o', 'x.wav', '--vtt', 'x.vtt'], { env: service.env, cwd: scratch.path });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--timings and --vtt need the text');
  });

  it('interrupted after two sentences, says the same command again asks only for the rest; it does', async () => {
    const cache = join(scratch.path, 'interrupted');
    const text = 'Япэрей псалъэухар. ЕтӀуанэ псалъэухар. Ещанэ псалъэухар. ЕплӀанэ псалъэухар.';
    const args = ['speak', text, '-o', join(scratch.path, 'interrupted.wav'), '--cache', cache, '--json'];
    const start = await speechCalls();
    const interrupted = await runCli(args, { env: service.env, interruptWhen: (stderr) => stderr.includes('"part":3') });
    expect(interrupted.code).toBe(130);
    const { error } = jsonError(interrupted);
    expect(error.hint).toContain('2 of 4 sentences are in the speech memory: the same command again asks only for the rest');
    expect(error.hint).not.toContain('--job');
    // The third sentence's request was under way: the service records it once it has answered it.
    await expect.poll(speechCalls, { timeout: 10_000 }).toBe(start + 3);
    const before = await speechCalls();
    const resumed = await runCli(args, { env: service.env });
    expect(resumed.code).toBe(0);
    expect(await spokenSince(before)).toEqual(['Ещанэ псалъэухар.', 'ЕплӀанэ псалъэухар.']);
  });
});
