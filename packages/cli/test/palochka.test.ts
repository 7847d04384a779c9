import { chmod, lstat, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonError, runCli } from './helpers/run-cli.js';

const PALOCHKA = '\u04C0';
const SMALL_PALOCHKA = '\u04CF';

// Without a key or address, and with an address nobody listens on: palochka must not need either.
const OFFLINE_ENV = { CIRCASSIAN_BASE_URL: 'http://127.0.0.1:9' };

describe('circassian palochka', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'circassian-cli-palochka-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('fixes text from stdin to stdout without a key or network', async () => {
    const run = await runCli(['palochka'], { input: 'к1уэ\nI read 3 books: кIуэ 1990-гъэм\n', env: OFFLINE_ENV });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`к${PALOCHKA}уэ\nI read 3 books: к${PALOCHKA}уэ 1990-гъэм\n`);
  });

  it('writes the small palochka with --target U+04CF', async () => {
    const run = await runCli(['palochka', '--target', 'U+04CF'], { input: 'к|уэ' });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`к${SMALL_PALOCHKA}уэ`);
  });

  it('rejects an unknown --target with exit code 2', async () => {
    const run = await runCli(['palochka', '--target', 'U+0049'], { input: 'кIуэ' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('U+04C0 or U+04CF');
  });

  it('--check lists file:line:col of every look-alike and exits 8', async () => {
    const file = join(dir, 'check.txt');
    await writeFile(file, 'iPhone 1990\nсэ к1уэ\nщI, I said\n');
    const run = await runCli(['palochka', '--check', 'check.txt'], { cwd: dir });
    expect(run.code).toBe(8);
    expect(run.stdout.trim().split('\n')).toEqual([
      `check.txt:2:5: "1" (U+0031) -> ${PALOCHKA} (U+04C0)`,
      `check.txt:3:2: "I" (U+0049) -> ${PALOCHKA} (U+04C0)`,
    ]);
    expect(run.stderr).toContain('palochka --write');
    expect(await readFile(file, 'utf8')).toBe('iPhone 1990\nсэ к1уэ\nщI, I said\n');
  });

  it('--check exits 0 on clean files and on stdin', async () => {
    const file = join(dir, 'clean.txt');
    await writeFile(file, `к${PALOCHKA}уэ, iPhone, 1990\n`);
    const files = await runCli(['palochka', '--check', file]);
    expect(files.code).toBe(0);
    expect(files.stdout).toBe('');
    const stdin = await runCli(['palochka', '--check'], { input: 'I read 3 books' });
    expect(stdin.code).toBe(0);
  });

  it('--check with --target also reports the other palochka code point', async () => {
    const run = await runCli(['palochka', '--check', '--target', 'U+04CF'], { input: `к${PALOCHKA}уэ` });
    expect(run.code).toBe(8);
    expect(run.stdout).toBe(`<stdin>:1:2: "${PALOCHKA}" (U+04C0) -> ${SMALL_PALOCHKA} (U+04CF)\n`);
  });

  it('--check --json reports positions as data', async () => {
    const run = await runCli(['palochka', '--check', '--json'], { input: 'a\nлI' });
    expect(run.code).toBe(8);
    const report = JSON.parse(run.stdout) as {
      count: number;
      files: { file: string; lookalikes: { line: number; column: number; found: string }[] }[];
    };
    expect(report.count).toBe(1);
    expect(report.files[0]?.file).toBe('<stdin>');
    expect(report.files[0]?.lookalikes[0]).toMatchObject({ line: 2, column: 2, found: 'I', replacement: PALOCHKA });
    expect(() => JSON.parse(run.stderr.trim())).not.toThrow();
  });

  it('--write fixes files in place and leaves clean files untouched', async () => {
    const dirty = join(dir, 'dirty.txt');
    const clean = join(dir, 'untouched.txt');
    await writeFile(dirty, 'к1уэ\nКIУЭ\n');
    await writeFile(clean, 'Hello, I am here\n');
    const run = await runCli(['palochka', '--write', dirty, clean]);
    expect(run.code).toBe(0);
    expect(await readFile(dirty, 'utf8')).toBe(`к${PALOCHKA}уэ\nК${PALOCHKA}УЭ\n`);
    expect(await readFile(clean, 'utf8')).toBe('Hello, I am here\n');
    expect(run.stdout).toContain('fixed');
    expect(run.stdout).not.toContain('untouched.txt');
    const again = await runCli(['palochka', '--check', dirty]);
    expect(again.code).toBe(0);
  });

  it('--write replaces a file whole, as the person had it: a link stays a link, a script stays executable, nothing left beside', async () => {
    const folder = await mkdtemp(join(dir, 'whole-'));
    const script = join(folder, 'greet.sh');
    const link = join(folder, 'greet-link.sh');
    await writeFile(script, '#!/bin/sh\necho к1уэ\n');
    await chmod(script, 0o754);
    await symlink('greet.sh', link);
    const run = await runCli(['palochka', '--write', link]);
    expect(run.code).toBe(0);
    // Before, the fix was written in place; a rename alone would have put a plain 0644 file where the link was.
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(script, 'utf8')).toBe(`#!/bin/sh\necho к${PALOCHKA}уэ\n`);
    expect((await stat(script)).mode & 0o777).toBe(0o754);
    expect((await readdir(folder)).sort()).toEqual(['greet-link.sh', 'greet.sh']);
  });

  it('refuses --write without files and --write with --check', async () => {
    expect((await runCli(['palochka', '--write'], { input: 'кIуэ' })).code).toBe(2);
    const both = await runCli(['palochka', '--write', '--check', 'x.txt', '--json']);
    expect(both.code).toBe(2);
    expect(jsonError(both).error.type).toBe('usage');
  });
});
