import { expect, test } from 'vitest';
import { temporaryName, writerOf } from '../src/logic/temporary-name';

test('a temporary name is hidden, beside its target, and names its writer', () => {
  const name = temporaryName('kbd.json', 4242, '0a1b2c3d');
  expect(name).toBe('.kbd.json.4242-0a1b2c3d.circassian-tmp');
  expect(writerOf('kbd.json', name)).toBe(4242);
});

test('only the temporary names of that target are its leftovers', () => {
  expect(writerOf('kbd.json', 'kbd.json')).toBeUndefined();
  expect(writerOf('kbd.json', '.kbd.json.swp')).toBeUndefined();
  // Another target's, even one whose name starts the same.
  expect(writerOf('kbd.json', temporaryName('kbd.json.bak', 7, 'ff'))).toBeUndefined();
  expect(writerOf('kbd', temporaryName('kbd.json', 7, 'ff'))).toBeUndefined();
  expect(writerOf('kbd.json', '.kbd.json.x-ff.circassian-tmp')).toBeUndefined();
  expect(writerOf('kbd.json', '.kbd.json..circassian-tmp')).toBeUndefined();
});
