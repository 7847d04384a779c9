/**
 * What the start does with the files of a data directory: state it cannot read stops it, with the
 * file and the cause named, and the file is left as it was; a torn last journal line is dropped with
 * a warning; leftovers (temporary files, audio no job refers to, old journals) are deleted.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../src/index.js';
import { failedStart } from './sandbox-process.js';
import { TestService } from '../src/testing.js';
import { textOf } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-files-'));
  dirs.push(dir);
  return dir;
}

/** A data directory holding one key made by a sandbox that stopped cleanly. */
async function dirWithKey(): Promise<{ dir: string; key: string }> {
  const dir = dataDir();
  const sandbox = await TestService.start({ dataDir: dir });
  const key = await sandbox.newKey();
  await sandbox.close();
  return { dir, key };
}

function files(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => [e.name, readFileSync(join(dir, e.name), 'utf8')]),
  );
}

describe('a data directory it cannot read', () => {
  it('stops the process with the file and the cause named, exit 1, when state.json is not JSON, and leaves the file alone', async () => {
    const { dir } = await dirWithKey();
    writeFileSync(join(dir, 'state.json'), '{"version":2,"keys":[');
    const before = files(dir);
    const run = await failedStart(['--data-dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(join(dir, 'state.json'));
    expect(run.stderr).toMatch(/Could not parse the state file .*state\.json: /);
    expect(files(dir)).toEqual(before);
  });

  it('refuses to start when a folder stands where state.json should be', async () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'state.json'));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(new RegExp(`${join(dir, 'state.json')}: EISDIR`));
    expect(readdirSync(dir).sort()).toEqual(['state.json']);
  });

  it('refuses to start when state.json cannot be opened (a symbolic link loop, an I/O error to the reader)', async () => {
    const dir = dataDir();
    symlinkSync('state.json', join(dir, 'state.json'));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/Could not read the state file .*state\.json: ELOOP/);
    expect(readdirSync(dir)).toEqual(['state.json']);
  });

  it('refuses to start on a damaged journal line that is not the last, naming the file and the line', async () => {
    const { dir } = await dirWithKey();
    const journal = join(dir, 'journal-00000002.jsonl');
    writeFileSync(journal, '{"op":"clock","offsetMs":5}\n{"op":"cl\n{"op":"clock","offsetMs":6}\n');
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(`Damaged line 2 in the journal ${journal}: `);
    expect(readFileSync(journal, 'utf8')).toBe('{"op":"clock","offsetMs":5}\n{"op":"cl\n{"op":"clock","offsetMs":6}\n');
  });

  it('refuses to start when state.json is gone but a later journal continues it', async () => {
    const { dir } = await dirWithKey();
    writeFileSync(join(dir, 'journal-00000001.jsonl'), '{"op":"clock","offsetMs":5}\n');
    rmSync(join(dir, 'state.json'));
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/state\.json is missing, but .*journal-\d+\.jsonl continues it/);
  });

  it('drops a torn last journal line with a warning and keeps everything before it', async () => {
    const { dir, key } = await dirWithKey();
    const journal = readdirSync(dir).find((name) => name.startsWith('journal-')) ?? 'journal-00000001.jsonl';
    writeFileSync(join(dir, journal), '{"op":"clock","offsetMs":7000}\n{"op":"clock","offs');
    const warnings: string[] = [];
    const sandbox = await TestService.start({ dataDir: dir, logger: { info: () => {}, warn: (message) => warnings.push(message) } });
    try {
      expect(warnings.join('\n')).toMatch(/dropped an incomplete last line/);
      expect((await sandbox.admin.advanceClock(0)).offset_seconds).toBe(7);
      expect((await sandbox.call('/v1/me', { key })).status).toBe(200);
    } finally {
      await sandbox.close();
    }
    const again = await TestService.start({ dataDir: dir });
    expect((await again.admin.advanceClock(0)).offset_seconds).toBe(7);
    await again.close();
  });

  it('starts fresh on a directory that does not exist yet', async () => {
    const dir = join(dataDir(), 'new', 'place');
    const sandbox = await TestService.start({ dataDir: dir });
    expect((await sandbox.call('/v1/me')).status).toBe(200);
    await sandbox.close();
    expect(existsSync(join(dir, 'state.json'))).toBe(true);
  });
});

describe('leftovers in a data directory', () => {
  it('deletes temporary files and audio no job refers to at start, and keeps the audio of a job', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir });
    const key = await first.newKey();
    const submitted = await first.call('/v1/speech', { key, body: { text: textOf(1600) } });
    const job = await first.waitForJob((submitted.json as { job_id: string }).job_id, key);
    await first.close();
    const kept = `${(job['audio_url'] as string).split('/').at(-1) ?? ''}.wav`;
    writeFileSync(join(dir, 'state.json.4242.tmp'), '{"half');
    writeFileSync(join(dir, 'audio', 'art_orphan.wav'), 'RIFF');
    writeFileSync(join(dir, 'audio', 'art_half.wav.tmp'), 'RIFF');
    writeFileSync(join(dir, 'audio', 'notes.txt'), 'not ours');

    const second = await TestService.start({ dataDir: dir });
    try {
      expect(readdirSync(join(dir, 'audio')).sort()).toEqual([kept, 'notes.txt'].sort());
      expect(existsSync(join(dir, 'state.json.4242.tmp'))).toBe(false);
      expect((await second.call(job['audio_url'] as string, { key })).status).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('one sandbox per data directory', () => {
  it('refuses a second sandbox on a directory in use, and lets the next one in once the first stops', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir });
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(`Another sandbox (this process) is using the data directory ${dir}`);
    expect((await first.call('/v1/me')).status).toBe(200);
    await first.close();
    const next = await TestService.start({ dataDir: dir });
    await next.close();
  });

  it('refuses another process on a directory in use, with a non-zero exit', async () => {
    const dir = dataDir();
    const first = await TestService.start({ dataDir: dir });
    try {
      const run = await failedStart(['--data-dir', dir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Another sandbox (process ${process.pid}) is using the data directory ${dir}`);
    } finally {
      await first.close();
    }
  });

  it('takes over a directory whose sandbox is gone (killed without a chance to let go)', async () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'sandbox.pid'), '999999999\n');
    const sandbox = await TestService.start({ dataDir: dir });
    expect(readFileSync(join(dir, 'sandbox.pid'), 'utf8')).toBe(`${process.pid}\n`);
    await sandbox.close();
    expect(existsSync(join(dir, 'sandbox.pid'))).toBe(false);
  });

  it('lets the directory go when the start fails on a malformed key', async () => {
    const dir = dataDir();
    await expect(startSandbox({ dataDir: dir, key: 'no-dot' })).rejects.toThrow(/PREFIX\.SECRET/);
    const sandbox = await TestService.start({ dataDir: dir });
    await sandbox.close();
  });
});
