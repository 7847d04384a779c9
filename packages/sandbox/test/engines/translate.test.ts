import fc from 'fast-check';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '@circassian/core';
import { describe, expect, it } from 'vitest';
import { pseudoTranslate } from '../../src/engines/translate.js';

const languageArb = fc.constantFrom(...TRANSLATION_LANGUAGES);

describe('pseudoTranslate', () => {
  it.each<[string, TranslationLanguage, TranslationLanguage, string]>([
    ['Hello, world! 123', 'en', 'kbd', '[kbd] Хеллуэ, ууэрлд! 123'],
    ['Hello, world!', 'en', 'ady', '[ady] Хэлло, уорлд!'],
    ['Hello, world!', 'en', 'ru', '[ru] Хелло, уорлд!'],
    ['Hello, world!', 'en', 'tr', '[tr] Hello, vorld!'],
    ['Shakespeare SHOP', 'en', 'ru', '[ru] Шакеспеаре ШОП'],
    ['Уэ сыт пщӀэрэ?', 'kbd', 'en', '[en] Ue syt pshchӀere?'],
    ['Уэ сыт пщӀэрэ?', 'kbd', 'tr', '[tr] Ue sıt pşçӀere?'],
    ['Уэ сыт пщӀэрэ?', 'kbd', 'ady', '[ady] О сыт пщӀэрэ?'],
    ['Уэ сыт пщӀэрэ?', 'kbd', 'ru', '[ru] О сыт пщӀере?'],
    ['Сэ кӏо, ШЪО', 'ady', 'kbd', '[kbd] Сэ кӏуэ, ШЪУЭ'],
    ['Привет, как дела?\nХорошо.', 'ru', 'kbd', '[kbd] Привет, как дела?\nХуэруэшуэ.'],
    ['Иван ЩИ Щука', 'ru', 'tr', '[tr] İvan ŞÇİ Şçuka'],
    ['Иван ЩИ Щука', 'ru', 'en', '[en] Ivan SHCHI Shchuka'],
    ['Güneş çok güzel, ağaç İstanbul', 'tr', 'en', '[en] Guenesh chok guezel, aghach Istanbul'],
    ['Güneş çok güzel, ağaç İstanbul', 'tr', 'kbd', '[kbd] Гюнеш чуэк гюзел, агъач Истанбул'],
  ])('rewrites %j from %s to %s as %j', (text, source, target, expected) => {
    expect(pseudoTranslate(text, source, target)).toBe(expected);
  });

  it('returns the text unchanged when source and target are the same', () => {
    fc.assert(
      fc.property(fc.string(), languageArb, (text, language) => {
        expect(pseudoTranslate(text, language, language)).toBe(text);
      }),
    );
  });

  it('marks every translation with its target language', () => {
    fc.assert(
      fc.property(fc.string(), languageArb, languageArb, (text, source, target) => {
        fc.pre(source !== target);
        expect(pseudoTranslate(text, source, target).startsWith(`[${target}] `)).toBe(true);
      }),
    );
  });

  it('keeps the length in proportion: each character becomes at most four, two become at least one', () => {
    const textArb = fc.string({ unit: fc.constantFrom(...'abcshzkxyABCSHÇŞĞİıöüабвгщшщъыэюяЩЯӀӏ .,!?\n1'), maxLength: 300 });
    fc.assert(
      fc.property(textArb, languageArb, languageArb, (text, source, target) => {
        fc.pre(source !== target);
        const body = pseudoTranslate(text, source, target).slice(`[${target}] `.length);
        expect(body.length).toBeLessThanOrEqual(4 * text.length);
        expect(body.length).toBeGreaterThanOrEqual(Math.ceil(text.length / 2));
      }),
    );
  });

  it('keeps digits, punctuation, whitespace, line breaks and both palochkas where they were', () => {
    const kept = /[\d\s.,!?;:"'()\u04C0\u04CF-]/u;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ab щӀӏ1,.\n!-"'), maxLength: 100 }), languageArb, (text, target) => {
        const body = pseudoTranslate(text, target === 'en' ? 'ru' : 'en', target).slice(`[${target}] `.length);
        const keptIn = (s: string) => [...s].filter((c) => kept.test(c) && c !== "'").join('');
        expect(keptIn(body)).toBe(keptIn(text));
      }),
    );
  });

  it('writes Cyrillic for ru, kbd and ady and Latin for en and tr', () => {
    const latinSentence = 'The quick brown fox jumps over the lazy dog';
    const cyrillicSentence = 'Съешь же ещё этих мягких французских булок';
    for (const target of ['ru', 'kbd', 'ady'] as const) {
      expect(pseudoTranslate(latinSentence, 'en', target).slice(`[${target}] `.length)).not.toMatch(/[A-Za-z]/u);
    }
    for (const target of ['en', 'tr'] as const) {
      expect(pseudoTranslate(cyrillicSentence, 'ru', target)).not.toMatch(/[\u0400-\u04FF]/u);
    }
  });

  it('copies characters outside its tables as they are, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), languageArb, (text, target) => {
        const body = pseudoTranslate(text, target === 'en' ? 'ru' : 'en', target).slice(`[${target}] `.length);
        const outsideTables = (s: string) => s.replace(/[\p{Script=Latin}\p{Script=Cyrillic}'ʼ]/gu, '');
        expect(outsideTables(body)).toBe(outsideTables(text));
      }),
    );
  });

  it('gives the same output for the same input, call after call', () => {
    const text = 'Уи махуэ фӀыуэ! Good day.';
    expect(pseudoTranslate(text, 'kbd', 'tr')).toBe(pseudoTranslate(text, 'kbd', 'tr'));
  });
});

describe('pseudoTranslate with inline markers', () => {
  it('keeps <xN>, </xN> and <xN/> verbatim and in place, rewriting only the text between them', () => {
    expect(pseudoTranslate('Hello <x1>big</x1> world<x2/>, <x3>fox</x3>.', 'en', 'kbd')).toBe(
      '[kbd] Хеллуэ <x1>биг</x1> ууэрлд<x2/>, <x3>фуэкс</x3>.',
    );
    expect(pseudoTranslate('Уэ <x1>сыт</x1> пщӀэрэ?', 'kbd', 'en')).toBe('[en] Ue <x1>syt</x1> pshchӀere?');
  });

  it('never rewrites a marker, whatever the text around it', () => {
    const marker = fc.constantFrom('<x1>', '</x1>', '<x2/>', '<x12>', '</x12>');
    const piece = fc.string({ unit: fc.constantFrom(...'abxзщ <>/1'), maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, marker), { maxLength: 6 }), languageArb, (parts, target) => {
        const text = parts.map(([words, tag]) => words + tag).join('');
        const markers = (s: string) => s.match(/<\/?x[1-9]\d*\/?>/g) ?? [];
        expect(markers(pseudoTranslate(text, target === 'en' ? 'ru' : 'en', target))).toEqual(markers(text));
      }),
    );
  });
});
