import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceFile } from '../src/index.js';

describe('replaceFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'circassian-replace-file-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the old file whole and nothing beside it when the writing fails halfway', async () => {
    const path = join(dir, 'memory.tmx');
    await writeFile(path, 'the old file\n');
    await expect(
      replaceFile(path, async (handle) => {
        await handle.writeFile('the new file, cut');
        throw new Error('killed halfway');
      }),
    ).rejects.toThrow('killed halfway');
    expect(await readFile(path, 'utf8')).toBe('the old file\n');
    expect(await readdir(dir)).toEqual(['memory.tmx']);
  });

  it('writes under the temporary name the caller gives, beside the target, and leaves only the target', async () => {
    // A folder of its own: the other cases read theirs whole.
    const folder = await mkdtemp(join(tmpdir(), 'circassian-replace-named-'));
    const path = join(folder, 'kbd.json');
    await writeFile(path, '{}\n');
    const seen: string[][] = [];
    await replaceFile(
      path,
      async (handle) => {
        seen.push(await readdir(folder));
        await handle.writeFile('{ "a": 1 }\n');
      },
      { temporaryName: (name) => `.${name}.hidden` },
    );
    expect(seen).toEqual([['.kbd.json.hidden', 'kbd.json']]);
    expect(await readdir(folder)).toEqual(['kbd.json']);
    expect(await readFile(path, 'utf8')).toBe('{ "a": 1 }\n');
    await rm(folder, { recursive: true, force: true });
  });

  it('refuses a folder at the path before writing anything beside it', async () => {
    const folder = join(dir, 'a-folder');
    await mkdir(folder);
    await expect(replaceFile(folder, (handle) => handle.writeFile('x'))).rejects.toMatchObject({ code: 'EISDIR' });
    expect((await readdir(dir)).sort()).toEqual(['a-folder', 'memory.tmx']);
  });

  it("replaces the file a link points to, keeping the link, and keeps the file's permission bits", async () => {
    // A memory kept in a synced folder and linked from ~/.circassian: before, the rename put a plain file where the link was.
    const folder = await mkdtemp(join(dir, 'linked-'));
    const real = join(folder, 'synced-memory.tmx');
    const link = join(folder, 'memory.tmx');
    await writeFile(real, 'old');
    await chmod(real, 0o640);
    await symlink('synced-memory.tmx', link);
    await replaceFile(link, (handle) => handle.writeFile('new'));
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('new');
    expect((await stat(real)).mode & 0o777).toBe(0o640);
    expect((await readdir(folder)).sort()).toEqual(['memory.tmx', 'synced-memory.tmx']);
  });

  it('makes a file that was not there', async () => {
    const path = join(dir, 'new.txt');
    await replaceFile(path, (handle) => handle.writeFile('new\n'));
    expect(await readFile(path, 'utf8')).toBe('new\n');
  });
});
