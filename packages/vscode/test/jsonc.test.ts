import { expect, test } from 'vitest';
import { parseJsonc, settingIn } from '../src/logic/jsonc';

test('a settings file with comments and trailing commas reads as VS Code reads it; strings keep what looks like either', () => {
  const text = `{
  // the team's memory
  "circassian.memory.file": "/srv/share//memory.tmx", /* shared */
  "files.exclude": { "**/*.tmp,]": true, },
  "note": "a \\"quoted\\" // not a comment, }",
}`;
  expect(parseJsonc(text)).toEqual({
    'circassian.memory.file': '/srv/share//memory.tmx',
    'files.exclude': { '**/*.tmp,]': true },
    note: 'a "quoted" // not a comment, }',
  });
  expect(() => parseJsonc('{ "a": }')).toThrow();
});

test('a setting is found by its dotted key, or nested under a part of it', () => {
  expect(settingIn({ 'circassian.memory.file': 'a.tmx' }, 'circassian.memory.file')).toBe('a.tmx');
  expect(settingIn({ circassian: { 'memory.enabled': false } }, 'circassian.memory.enabled')).toBe(false);
  expect(settingIn({ circassian: { memory: { file: 'b.tmx' } } }, 'circassian.memory.file')).toBe('b.tmx');
  expect(settingIn({ 'circassian.memoryX': 1 }, 'circassian.memory')).toBeUndefined();
  expect(settingIn(['circassian.memory.file'], 'circassian.memory.file')).toBeUndefined();
});
