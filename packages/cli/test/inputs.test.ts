import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CircassianClient, serviceFacts } from '@circassian/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { startTestService, type TestService } from './helpers/sandbox.js';
import { readWavHeader } from './helpers/wav.js';

describe('circassian with inputs from the field', () => {
  let service: TestService;
  let client: CircassianClient;
  let dir: string;

  beforeAll(async () => {
    service = await startTestService();
    client = new CircassianClient({ apiKey: service.key, baseUrl: service.url });
    dir = await mkdtemp(join(tmpdir(), 'circassian-cli-inputs-'));
  });

  afterAll(async () => {
    await client.close();
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('batch reads CRLF lines from stdin: no carriage return is sent or printed, blank lines stay', async () => {
    const lines = ['Good morning', '', 'Thank you', 'Good morning'];
    const expected = await client.translateBatch({ texts: ['Good morning', 'Thank you'], source_lang: 'en', target_lang: 'kbd' });
    const run = await runCli(['batch', '--from', 'en', '--to', 'kbd'], { env: service.env, input: `${lines.join('\r\n')}\r\n` });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('\r');
    const [morning, thanks] = expected.translations;
    expect(run.stdout).toBe(`${morning}\n\n${thanks}\n${morning}\n`);
  });

  it('speak voices text over the request limit in parts into one valid WAV', async () => {
    const sentence = 'Уи пщэддджыжь фӀыуэ, сэ уэ узолъагъу. ';
    const text = sentence.repeat(Math.ceil((serviceFacts.limits.textMaxChars + 500) / sentence.length));
    await writeFile(join(dir, 'long.txt'), text);
    const run = await runCli(['speak', '--file', 'long.txt', '-o', 'long.wav', '--json'], { env: service.env, cwd: dir });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { duration_seconds: number; bytes: number };
    const audio = await readFile(join(dir, 'long.wav'));
    const wav = readWavHeader(audio);
    expect(summary.bytes).toBe(audio.byteLength);
    expect(summary.duration_seconds).toBeCloseTo(wav.dataBytes / (wav.sampleRate * wav.channels * (wav.bitsPerSample / 8)), 1);
  }, 120_000);

  it('never prints the key, neither from --key nor from the environment, even when it is refused', async () => {
    const wrong = `${service.key.split('.')[0]}.wrongsecret0123456789`;
    for (const run of [
      await runCli(['me', '--json', '--key', wrong, '--base-url', service.url]),
      await runCli(['me', '--key', wrong, '--base-url', service.url]),
      await runCli(['translate', 'x', '--to', 'ru', '--json'], { env: { CIRCASSIAN_API_KEY: wrong, CIRCASSIAN_BASE_URL: service.url } }),
    ]) {
      expect(run.code).toBe(3);
      expect(run.stdout + run.stderr).not.toContain('wrongsecret0123456789');
    }
    const me = await runCli(['me', '--json'], { env: service.env });
    expect(me.code).toBe(0);
    expect(me.stdout + me.stderr).not.toContain(service.key.split('.')[1]);
  });

  it('gives a --json error object with the exit code for a failure of the service', async () => {
    await service.admin.injectFault({ operation: 'detect', error_type: 'internal_error', count: 1 });
    const run = await runCli(['detect', 'унэ', '--json'], { env: service.env });
    expect(run.code).toBe(5);
    expect(jsonError(run).error).toMatchObject({ type: 'internal_error', exit_code: 5, status: 500 });
    expect(run.stdout).toBe('');
  });
});
