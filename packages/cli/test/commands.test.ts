import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CircassianClient, parseLanguageListing } from '@circassian/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { useCliService, useScratchDir } from './helpers/sandbox.js';

describe('circassian commands against the local service', () => {
  const service = useCliService();
  const scratch = useScratchDir('commands');
  let client: CircassianClient;
  beforeAll(() => {
    client = service.client();
  });

  it('translate prints the translation of its arguments', async () => {
    const expected = await client.translate({ text: 'Good morning', target_lang: 'kbd', source_lang: 'en' });
    const run = await runCli(['translate', 'Good', 'morning', '--from', 'en', '--to', 'kbd'], { env: service.env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${expected.text}\n`);
  });

  it('translate reads stdin and --json gives the response fields', async () => {
    const run = await runCli(['translate', '--to', 'ru', '--json'], { env: service.env, input: 'Good morning\n' });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { text: string; source_lang: string; target_lang: string };
    expect(result.target_lang).toBe('ru');
    expect(result.source_lang).toBe('en');
    expect(result.text).toBe((await client.translate({ text: 'Good morning', target_lang: 'ru' })).text);
  });

  it('translate sends the text as typed, look-alikes included', async () => {
    // The service normalises palochka look-alikes itself: both spellings translate alike.
    const typed = await runCli(['translate', 'к1уэ', '--from', 'kbd', '--to', 'ru'], { env: service.env });
    const proper = await client.translate({ text: 'к\u04C0уэ', source_lang: 'kbd', target_lang: 'ru' });
    expect(typed.code).toBe(0);
    expect(typed.stdout).toBe(`${proper.text}\n`);
  });

  it('batch prints one translation per input line, in order, keeping empty lines', async () => {
    const lines = ['Good morning', '', 'Thank you', 'Good morning', '', 'See you tomorrow'];
    const file = join(scratch.path, 'lines.txt');
    await writeFile(file, `${lines.join('\r\n')}\r\n`);
    const run = await runCli(['batch', file, '--from', 'en', '--to', 'kbd'], { env: service.env });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const expected = await Promise.all(
      lines.map(async (text) => (text === '' ? '' : (await client.translate({ text, source_lang: 'en', target_lang: 'kbd' })).text)),
    );
    expect(run.stdout).toBe(`${expected.join('\n')}\n`);
  });

  it('batch keeps the order of a file longer than one request holds', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => (i % 17 === 5 ? '' : `Line number ${i} of the long file`));
    const run = await runCli(['batch', '--from', 'en', '--to', 'ady'], { env: service.env, input: `${lines.join('\n')}\n` });
    expect(run.code).toBe(0);
    const expected = await Promise.all(
      lines.map(async (text) => (text === '' ? '' : (await client.translate({ text, source_lang: 'en', target_lang: 'ady' })).text)),
    );
    expect(run.stdout.split('\n').slice(0, -1)).toEqual(expected);
  });

  it('batch reads stdin and --json keeps empty lines as empty strings', async () => {
    const run = await runCli(['batch', '--to', 'ru', '--json'], { env: service.env, input: 'one\n\ntwo' });
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { translations: string[]; target_lang: string };
    expect(result.target_lang).toBe('ru');
    expect(result.translations).toHaveLength(3);
    expect(result.translations[1]).toBe('');
    expect(result.translations[0]).not.toBe('');
  });

  it('detect prints the language, from arguments or stdin', async () => {
    const args = await runCli(['detect', 'Сэ', 'уэ', 'узолъагъу'], { env: service.env });
    expect(args.code).toBe(0);
    expect(args.stdout).toBe(`${(await client.detect({ text: 'Сэ уэ узолъагъу' })).language}\n`);
    const stdin = await runCli(['detect', '--json'], { env: service.env, input: 'Good morning' });
    expect(JSON.parse(stdin.stdout)).toEqual({ language: 'en' });
  });

  it('dict prints the entry, and --json the response object', async () => {
    const expected = await client.dictionary({ word: 'унэ', dialect: 'kbd', lang: 'en' });
    const json = await runCli(['dict', 'унэ', '--dialect', 'kbd', '--lang', 'en', '--json'], { env: service.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(expected);
    const text = await runCli(['dict', 'унэ'], { env: service.env });
    expect(text.code).toBe(0);
    expect(text.stdout.length).toBeGreaterThan(0);
  });

  it('dict rejects a dialect the service does not have', async () => {
    const run = await runCli(['dict', 'унэ', '--dialect', 'xx'], { env: service.env });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('kbd, ady');
  });

  it('voices lists the voices and speech languages the service returns', async () => {
    const listing = await client.voices();
    const text = await runCli(['voices'], { env: service.env });
    expect(text.code).toBe(0);
    for (const item of [...listing.voices, ...listing.languages]) expect(text.stdout).toContain(item.id);
    const json = await runCli(['voices', '--json'], { env: service.env });
    expect(JSON.parse(json.stdout)).toEqual(listing);
  });

  it('languages prints the translation languages listing', async () => {
    const listing = await client.languages();
    const json = await runCli(['languages', '--json'], { env: service.env });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(listing);
    const text = await runCli(['languages'], { env: service.env });
    expect(text.stdout).toContain('kbd');
  });

  it('languages prints one code and name per line, as the shared listing parser reads them', async () => {
    const items = parseLanguageListing(await client.languages());
    const text = await runCli(['languages'], { env: service.env });
    const width = Math.max(...items.map((item) => item.id.length));
    expect(text.stdout.trimEnd().split('\n')).toEqual(items.map((item) => `${item.id.padEnd(width)}  ${item.title}`));
  });

  it('me shows the key details, with --key and --base-url instead of the environment', async () => {
    const details = await client.me();
    const run = await runCli(['me', '--key', service.key, '--base-url', service.url, '--json']);
    expect(run.code).toBe(0);
    // The usage counters move with every call (this one included): compare what identifies the key.
    const { name, prefix, limits, content_logging } = details;
    expect(JSON.parse(run.stdout)).toMatchObject({ name, prefix, limits, content_logging });
    const text = await runCli(['--key', service.key, 'me', '--base-url', service.url]);
    expect(text.stdout).toContain(`prefix: ${details.prefix}`);
    expect(text.stdout).toContain('requests_per_minute');
  });

  it('--sandbox runs a command without a key and says so on stderr', async () => {
    const run = await runCli(['translate', 'Good morning', '--to', 'kbd', '--sandbox', '--json']);
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { target_lang: string }).target_lang).toBe('kbd');
    const notice = JSON.parse(run.stderr.trim().split('\n')[0] ?? '') as { notice: string };
    expect(notice.notice).toContain('--sandbox');
    const plain = await runCli(['me', '--sandbox']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).toContain('local service');
  });
});
