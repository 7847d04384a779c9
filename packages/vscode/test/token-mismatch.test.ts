import { expect, test } from 'vitest';
import { GENERIC, protectPattern } from '../src/logic/file-formats/protect';
import { locateText } from '../src/logic/text-location';
import { tokenMismatch } from '../src/logic/token-mismatch';

const protect = protectPattern(...GENERIC);

test('a translation with every placeholder and tag of its source, in any order, is fine', () => {
  expect(tokenMismatch('Hello {name}, <b>%d</b> new', '<b>%d</b> жаңа, {name} сәлем', protect)).toBeUndefined();
  expect(tokenMismatch('<i>Wrapped {x}</i>', '<i>Обернуто {x}</i>', protect)).toBeUndefined();
});

test('a lost placeholder, a lost tag and an added one are named', () => {
  expect(tokenMismatch('Hello {name}, welcome to <b>Acme</b>', 'Сәлем, Acme-гэ', protect)).toEqual({
    missing: ['{name}', '<b>', '</b>'],
    extra: [],
  });
  expect(tokenMismatch('Hi %s', 'Hi %s {who}', protect)).toEqual({ missing: [], extra: ['{who}'] });
  expect(tokenMismatch('Hi %s and %s', 'Hi %s', protect)).toEqual({ missing: ['%s'], extra: [] });
});

test('a unit’s text is found again in the file as the file spells it, forward from the last one', () => {
  const file = '{\n  "a": "Say \\"hi\\"",\n  "b": "Say \\"hi\\""\n}\n';
  const first = locateText(file, 'Say "hi"', 0);
  expect(first && file.slice(first.start, first.end)).toBe('Say \\"hi\\"');
  const second = locateText(file, 'Say "hi"', first?.end ?? 0);
  expect(second?.start).toBeGreaterThan(first?.start ?? 0);
  expect(locateText('<target>a &lt; b</target>', 'a < b', 0)).toEqual({ start: 8, end: 16 });
});

test('Markdown’s bare brackets are no placeholder: a translation that adds some in its prose is fine, a lost link target is not', () => {
  const markdown = /`+[^`]*?`+|!?\[|\]\([^)\s]*\)|\]/y;
  expect(tokenMismatch('See [the guide](/guide).', '[kbd] Еплъ [гид](/guide).', markdown)).toBeUndefined();
  expect(tokenMismatch('See [the guide](/guide).', 'Еплъ гид.', markdown)).toEqual({ missing: ['](/guide)'], extra: [] });
});
