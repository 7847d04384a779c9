import { expect, test } from 'vitest';
import { translatedFileName } from '../src/logic/file-naming';
import { jsonEntries, rebuildJson } from '../src/logic/localisation-json';

test('the new file is named by the target code', () => {
  expect(translatedFileName('en.json', 'kbd')).toBe('kbd.json');
  expect(translatedFileName('messages.en.po', 'kbd')).toBe('messages.kbd.po');
  expect(translatedFileName('talk.srt', 'kbd')).toBe('talk.kbd.srt');
  expect(translatedFileName('notes.md', 'kbd')).toBe('notes.kbd.md');
  expect(translatedFileName('app.json', 'ru')).toBe('app.ru.json');
  expect(translatedFileName('pt-BR.json', 'ady')).toBe('ady.json');
});

test('JSON entries keep their key paths; the rebuilt file keeps keys, order and indentation', () => {
  const source = '{\n    "title": "Hello",\n    "menu": { "open": "Open {file}", "n": 3, "list": ["a", "b"] }\n}\n';
  expect(jsonEntries(source)).toEqual([
    { key: 'title', text: 'Hello' },
    { key: 'menu.open', text: 'Open {file}' },
    { key: 'menu.list.0', text: 'a' },
    { key: 'menu.list.1', text: 'b' },
  ]);
  expect(rebuildJson(source, (key, text) => `${key}:${text}`)).toBe(
    '{\n    "title": "title:Hello",\n    "menu": {\n        "open": "menu.open:Open {file}",\n        "n": 3,\n        "list": [\n            "menu.list.0:a",\n            "menu.list.1:b"\n        ]\n    }\n}\n',
  );
});
