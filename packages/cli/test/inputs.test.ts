import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CircassianClient, serviceFacts } from '@circassian/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';
import { readWavHeader } from './helpers/wav.js';

describe('circassian with inputs from the field', () => {
  const service = useCliService();
  const scratch = useScratchDir('inputs');
  let client: CircassianClient;
  beforeAll(() => {
    client = service.client();
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
    await writeFile(join(scratch.path, 'long.txt'), text);
    const run = await runCli(['speak', '--file', 'long.txt', '-o', 'long.wav', '--json'], { env: service.env, cwd: scratch.path });
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as { duration_seconds: number; bytes: number };
    const audio = await readFile(join(scratch.path, 'long.wav'));
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

  it('batch does not send the BOM a Windows editor put before the first line', async () => {
    await writeFile(join(scratch.path, 'bom.txt'), '\uFEFFGood morning\r\nThank you\r\n');
    const expected = await client.translateBatch({ texts: ['Good morning', 'Thank you'], source_lang: 'en', target_lang: 'kbd' });
    const run = await runCli(['batch', 'bom.txt', '--from', 'en', '--to', 'kbd'], { env: service.env, cwd: scratch.path });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${expected.translations.join('\n')}\n`);
  });

  it('translate does not send a BOM piped on stdin', async () => {
    const expected = await client.translate({ text: 'Good morning', source_lang: 'en', target_lang: 'kbd' });
    const run = await runCli(['translate', '--from', 'en', '--to', 'kbd'], { env: service.env, input: '\uFEFFGood morning\r\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${expected.text}\n`);
  });
});
