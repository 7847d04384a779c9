import { describe, expect, test } from 'vitest';
import type { ClientFactory } from '../src/client-factory';
import { ListingCache } from '../src/listing-cache';
import { isBeside, translatedFileName } from '../src/logic/file-naming';
import { isLanguageId, readLanguageSettings } from '../src/logic/language-id';

const PATHS = ['../../x', '..', '../kbd', 'kbd/../../x', 'x/y', 'kbd\\..\\..\\x', '/etc/passwd', 'C:\\x', 'kbd.json', ''];

describe('language ids: ^[a-z]{2,3}(-[A-Za-z0-9]+)*$', () => {
  test('codes pass, paths and anything else do not', () => {
    for (const code of ['ru', 'kbd', 'ady', 'pt-BR', 'zh-Hans', 'sr-Latn-RS']) expect(isLanguageId(code), code).toBe(true);
    for (const bad of [...PATHS, 'EN', 'e', 'english', 'ru ', 'ru\n', 'ru\u0000', 'pt_BR', 'pt-', '-ru', 'kbd--x'])
      expect(isLanguageId(bad), JSON.stringify(bad)).toBe(false);
  });

  test('the settings keep only codes; a rejected one is named (and the default used)', () => {
    expect(readLanguageSettings({ target: '../../x', source: 'kbd/..', preferred: ['ady', '../x', 'ru'] })).toEqual({
      targetLanguage: 'ru',
      sourceLanguage: '',
      preferredLanguages: ['ady', 'ru'],
      rejected: [
        { setting: 'targetLanguage', value: '../../x' },
        { setting: 'sourceLanguage', value: 'kbd/..' },
        { setting: 'preferredLanguages', value: '../x' },
      ],
    });
    expect(readLanguageSettings({ target: 'kbd', source: '', preferred: [] })).toEqual({
      targetLanguage: 'kbd',
      sourceLanguage: '',
      preferredLanguages: [],
      rejected: [],
    });
  });
});

describe('Translate File’s new file stays beside its source', () => {
  test('a target that is a path names no file', () => {
    for (const target of PATHS) expect(() => translatedFileName('en.json', target), JSON.stringify(target)).toThrow(/not a language code/);
    expect(() => translatedFileName('talk.srt', '../../../.bashrc')).toThrow(/not a language code/);
  });

  test('isBeside: the same folder, a plain name', () => {
    expect(isBeside('/w/locales/en.json', '/w/locales/kbd.json')).toBe(true);
    expect(isBeside('/w/locales/en.json', '/w/x.json')).toBe(false);
    expect(isBeside('/w/locales/en.json', '/w/locales/../x.json')).toBe(false);
    expect(isBeside('/w/locales/en.json', '/w/locales/sub/x.json')).toBe(false);
    expect(isBeside('/w/locales/en.json', '/w/locales/en.json')).toBe(false);
  });
});

describe('the service’s language list', () => {
  test('an item whose id is not a language code is left out', async () => {
    const client = {
      languages: () =>
        Promise.resolve({
          languages: [
            { id: '../../x', title: 'Evil' },
            { id: 'kbd', title: 'Kabardian' },
          ],
        }),
    };
    const cache = new ListingCache({ get: () => Promise.resolve(client) } as unknown as ClientFactory);
    expect((await cache.translationLanguages()).map((item) => item.id)).toEqual(['kbd']);
  });
});
