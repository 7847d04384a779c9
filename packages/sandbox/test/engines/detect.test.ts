import { isTranslationLanguage } from '@circassian/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DETECT_FALLBACK_LANGUAGE, detectLanguage } from '../../src/engines/detect.js';

describe('detectLanguage', () => {
  it.each([
    ['Уи махуэ фӀыуэ! Дэнэ ущыӀэ?', 'kbd'],
    ['Сыт уи цӀэр?', 'kbd'],
    ['ЩӀалэхэр гъуэгум тетщ.', 'kbd'],
    ['Уимафэ шӏу! Шъукъеблагъ!', 'ady'],
    ['Адыгэхэр къушъхьэхэм ащыпсэух.', 'ady'],
    ['Кӏалэр гъогум тет.', 'ady'],
    ['Привет, как дела? Подъезд закрыт.', 'ru'],
    ['Съешь же ещё этих мягких французских булок, да выпей чаю.', 'ru'],
    ['The quick brown fox jumps over the lazy dog.', 'en'],
    ['Meet me at 5 p.m., OK?', 'en'],
    ['Bugün hava çok güzel, değil mi?', 'tr'],
    ['İstanbul', 'tr'],
  ])('detects %j as %s', (text, language) => {
    expect(detectLanguage(text)).toBe(language);
  });

  it('accepts either palochka code point and any case', () => {
    expect(detectLanguage('ЩӀЭ')).toBe('kbd');
    expect(detectLanguage('щӏэ')).toBe('kbd');
    expect(detectLanguage('ШӀЭН')).toBe('ady');
  });

  it('reads Kabardian уэ against Adyghe о in the same word', () => {
    expect(detectLanguage('гъуэгу къуэ')).toBe('kbd');
    expect(detectLanguage('гъогу къо')).toBe('ady');
  });

  it('goes by the script with more letters in mixed text', () => {
    expect(detectLanguage('Download the file from the site, файл')).toBe('en');
    expect(detectLanguage('Скачайте файл с сайта example')).toBe('ru');
  });

  it('answers the documented default for text without letters', () => {
    expect(DETECT_FALLBACK_LANGUAGE).toBe('kbd');
    for (const text of ['123', '!!! ...', '🙂🙂', ' \n\t', '2026-11-22', 'Καλημέρα', 'مرحبا'])
      expect(detectLanguage(text)).toBe(DETECT_FALLBACK_LANGUAGE);
  });

  it('answers a translation language for any text, odd Unicode included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(isTranslationLanguage(detectLanguage(text))).toBe(true);
      }),
    );
  });
});
