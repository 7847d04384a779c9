import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceFacts } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promisify } from 'node:util';
import { BIN_ARGS, REPO_ROOT, runCli } from './helpers/run-cli.js';
import { startTestService, type TestService } from './helpers/sandbox.js';
import { readWavHeader } from './helpers/wav.js';

/**
 * One Kabardian-looking sentence just over the synchronous limit: `speak` voices a text sentence by
 * sentence, so only a sentence this long makes the service answer with a job.
 */
function longText(): string {
  const clause = 'уи пщэддджыжь фӀыуэ, сэ уэ узолъагъу, ';
  return `Сэ ${clause.repeat(Math.ceil((serviceFacts.limits.speechSyncMaxChars + 100) / clause.length))}дауэ ущыт.`;
}

describe('circassian speak', () => {
  let service: TestService;
  let dir: string;

  beforeAll(async () => {
    service = await startTestService();
    dir = await mkdtemp(join(tmpdir(), 'circassian-cli-speak-'));
  });

  afterAll(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a valid WAV for short text, synchronously', async () => {
    const run = await runCli(['speak', 'Уи пщэддджыжь фӀыуэ', '-o', 'short.wav', '--voice', 'female', '--speed', '1.2'], {
      env: service.env,
      cwd: dir,
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^wrote short\.wav \(/u);
    const wav = readWavHeader(await readFile(join(dir, 'short.wav')));
    expect(wav.dataBytes).toBeGreaterThan(0);
    expect(await readdir(dir)).not.toContain('short.wav.part');
  });

  it('reads the text from stdin and reports the file as JSON', async () => {
    const run = await runCli(['speak', '-o', join(dir, 'stdin.wav'), '--json'], { env: service.env, input: 'Good morning\n' });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { file: string; bytes: number; content_type: string; duration_seconds?: number };
    const bytes = await readFile(join(dir, 'stdin.wav'));
    expect(summary.bytes).toBe(bytes.byteLength);
    expect(summary.content_type).toMatch(/^audio\//u);
    expect(summary.duration_seconds).toBeGreaterThan(0);
    readWavHeader(bytes);
  });

  it('writes the audio to stdout with -o -', async () => {
    const run = await runCli(['speak', 'Good morning', '-o', '-', '--language', 'en'], { env: service.env });
    expect(run.code).toBe(0);
    expect(readWavHeader(run.stdoutBytes).dataBytes).toBeGreaterThan(0);
  });

  it('runs text over the synchronous limit as a job, shows progress lines and writes one valid WAV', async () => {
    const file = join(dir, 'long.txt');
    await writeFile(file, longText());
    const run = await runCli(['speak', '--file', file, '-o', 'long.wav'], { env: service.env, cwd: dir });
    expect(run.code).toBe(0);
    // stderr is not a terminal here: plain progress lines, no spinner control codes.
    expect(run.stderr).toMatch(/speech job \S+: (submitted|queued|running)/u);
    expect(run.stderr).toContain(': done');
    expect(run.stderr).not.toContain('\x1b[');
    const wav = readWavHeader(await readFile(join(dir, 'long.wav')));
    expect(wav.dataBytes).toBeGreaterThan(0);
  });

  it('reports job progress as JSON lines with --json and names the job in the summary', async () => {
    const run = await runCli(['speak', '-o', join(dir, 'long-json.wav'), '--json'], { env: service.env, input: longText() });
    expect(run.code).toBe(0);
    const events = run.stderr
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { progress: { phase: string; jobId?: string } });
    expect(events.map((event) => event.progress.phase)).toContain('done');
    const summary = JSON.parse(run.stdout) as { job_id?: string };
    expect(summary.job_id).toBeDefined();
    expect(events.some((event) => event.progress.jobId === summary.job_id)).toBe(true);
  });

  it('on Ctrl-C during a job exits 130 with the job id, and --job picks the job up again', async () => {
    const interrupted = await runCli(['speak', '-o', join(dir, 'never.wav'), '--json'], {
      env: service.env,
      input: longText(),
      interruptWhen: (stderr) => stderr.includes('"jobId"'),
    });
    expect(interrupted.code).toBe(130);
    const lines = interrupted.stderr.trim().split('\n');
    const { error } = JSON.parse(lines[lines.length - 1] ?? '') as { error: { type: string; job_id: string; hint: string } };
    expect(error.type).toBe('interrupted');
    expect(error.hint).toContain(`circassian speak --job ${error.job_id}`);
    expect(await readdir(dir)).not.toContain('never.wav');

    const resumed = await runCli(['speak', '--job', error.job_id, '-o', 'resumed.wav', '--json'], { env: service.env, cwd: dir });
    expect(resumed.code).toBe(0);
    const summary = JSON.parse(resumed.stdout) as { job_id: string; duration_seconds: number };
    expect(summary.job_id).toBe(error.job_id);
    const wav = readWavHeader(await readFile(join(dir, 'resumed.wav')));
    expect(wav.dataBytes).toBeGreaterThan(0);
    // The same summary as a run that waited: the duration comes with the resumed job too.
    const seconds = wav.dataBytes / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8));
    expect(summary.duration_seconds).toBeCloseTo(seconds, 1);
  });

  // `script` (util-linux, on every Debian) gives the command a terminal, the way a user runs it.
  it('draws a spinner with the elapsed time when stderr is a terminal', async () => {
    expect(existsSync('/usr/bin/script'), "util-linux's script, which gives the command a terminal").toBe(true);
    const file = join(dir, 'tty.txt');
    await writeFile(file, longText());
    const command = [process.execPath, ...BIN_ARGS, 'speak', '--file', file, '-o', join(dir, 'tty.wav')].map((arg) => `'${arg}'`).join(' ');
    const { stdout } = await promisify(execFile)('/usr/bin/script', ['-qec', command, '/dev/null'], {
      cwd: REPO_ROOT,
      // Its own data folder: the user's would keep this text's speech memory, and the next run would voice nothing.
      env: { ...process.env, ...service.env, XDG_DATA_HOME: join(dir, 'tty-data') },
    });
    expect(stdout).toMatch(/\r\x1b\[2K[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] speech job \S+: (queued|running) \d+s/u);
    expect(stdout).toContain('wrote ');
    readWavHeader(await readFile(join(dir, 'tty.wav')));
  });

  it('rejects a language that cannot be spoken before sending anything', async () => {
    const run = await runCli(['speak', 'hello', '-o', join(dir, 'tr.wav'), '--language', 'tr'], { env: service.env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('circassian voices');
  });
});
