import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { isInside } from '../src/logic/path-inside';
import { realPathOf } from '../src/memory/real-path';

const scratch = await mkdtemp(join(tmpdir(), 'circassian-real-path-'));
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** A folder and a place outside it, both real paths. */
async function folders(name: string): Promise<{ folder: string; outside: string }> {
  const folder = join(scratch, name, 'repo');
  const outside = join(scratch, name, 'elsewhere');
  await mkdir(folder, { recursive: true });
  await mkdir(outside, { recursive: true });
  return { folder, outside };
}

const memoryIn = async (folder: string): Promise<boolean> =>
  isInside(await realPathOf(join(folder, '.circassian', 'memory.tmx')), await realPathOf(folder));

test('a memory not created yet stays where it is named, inside the folder', async () => {
  const { folder } = await folders('plain');
  expect(await memoryIn(folder)).toBe(true);
});

test('a committed .circassian link to another folder, or a dangling memory.tmx link, leads outside', async () => {
  const linkedFolder = await folders('linked-folder');
  await symlink(linkedFolder.outside, join(linkedFolder.folder, '.circassian'));
  expect(await memoryIn(linkedFolder.folder)).toBe(false);

  const dangling = await folders('dangling');
  await mkdir(join(dangling.folder, '.circassian'));
  await symlink(join(dangling.outside, 'not-yet.tmx'), join(dangling.folder, '.circassian', 'memory.tmx'));
  expect(await memoryIn(dangling.folder)).toBe(false);
});

test('a link that stays inside the folder is followed and allowed', async () => {
  const { folder } = await folders('inside');
  await mkdir(join(folder, 'team', 'memory'), { recursive: true });
  await symlink(join(folder, 'team', 'memory'), join(folder, '.circassian'));
  expect(await memoryIn(folder)).toBe(true);
});
