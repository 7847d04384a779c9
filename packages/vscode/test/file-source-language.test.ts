import { describe, expect, test } from 'vitest';
import { formatFor } from '../src/logic/file-formats';
import { firstAvailable, languagesInPath, normalizeLanguage } from '../src/logic/file-source-language';

const SERVICE = ['ru', 'en', 'tr', 'kbd', 'ady'];

describe('the source language a file states', () => {
  test('by its name, then its folders from the nearest', () => {
    expect(languagesInPath('/w/locales/en.json')).toEqual(['en']);
    expect(languagesInPath('/w/config/messages.en.yaml')).toEqual(['en']);
    expect(languagesInPath('/w/public/locales/en-US/translation.json')).toEqual(['en-US']);
    expect(languagesInPath('/w/locale/ru/LC_MESSAGES/django.po')).toEqual(['ru']);
    expect(languagesInPath('/w/src/app/talk.srt')).toEqual([]);
    expect(languagesInPath('/w/i18n/pt_BR.json')).toEqual(['pt-BR']);
  });

  test('codes are normalised (en_US, en-us, sr@latin) and anything else is no code', () => {
    expect(normalizeLanguage('en_US')).toBe('en-US');
    expect(normalizeLanguage('EN-us')).toBe('en-US');
    expect(normalizeLanguage('sr@latin')).toBe('sr');
    expect(normalizeLanguage('../x')).toBeUndefined();
    expect(normalizeLanguage('')).toBeUndefined();
  });

  test('only a language the service translates from is kept: the code, or its primary language', () => {
    expect(firstAvailable(['en-US'], SERVICE)).toBe('en');
    expect(firstAvailable(['de', 'en'], SERVICE)).toBe('en');
    expect(firstAvailable(['de', undefined], SERVICE)).toBeUndefined();
    expect(firstAvailable(['os'], SERVICE)).toBeUndefined();
  });

  test('by what the format says inside: PO header, XLIFF 1.2 and 2.0, front matter, a YAML root key, a WebVTT header', () => {
    const stated = (name: string, text: string): string | undefined => formatFor(name)?.statedLanguage?.(text);
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: en\\n"\n\nmsgid "Open"\nmsgstr ""\n';
    expect(stated('messages.po', po)).toBe('en');
    expect(stated('messages.pot', 'msgid "Open"\nmsgstr ""\n')).toBeUndefined();
    expect(stated('m.xlf', '<xliff version="1.2"><file source-language="en-US" datatype="plaintext"><body/></file></xliff>')).toBe('en-US');
    expect(stated('m.xliff', '<xliff version="2.0" srcLang="en" trgLang="kbd"><file id="f"/></xliff>')).toBe('en');
    expect(stated('notes.md', '---\ntitle: Notes\nlang: ru\n---\n\nText.\n')).toBe('ru');
    expect(stated('notes.md', 'Text.\n\nlang: ru\n')).toBeUndefined();
    expect(stated('app.yml', 'en:\n  open: Open\n')).toBe('en');
    expect(stated('app.yml', 'open: Open\nclose: Close\n')).toBeUndefined();
    expect(stated('talk.vtt', 'WEBVTT\nKind: captions\nLanguage: en\n\n00:01.000 --> 00:02.000\nHi\n')).toBe('en');
    expect(stated('data.json', '{"open":"Open"}')).toBeUndefined();
  });
});
