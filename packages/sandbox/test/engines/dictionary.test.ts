import { describe, expect, it } from 'vitest';
import { lookUpWord } from '../../src/engines/dictionary.js';
import { DICTIONARY } from '../../src/engines/dictionary-words.js';

describe('lookUpWord', () => {
  it('finds a Kabardian word with its gloss, part of speech and example', () => {
    expect(lookUpWord('унэ', 'kbd', 'en')).toEqual({
      word: 'унэ',
      dialect: 'kbd',
      lang: 'en',
      found: true,
      entries: [{ headword: 'унэ', translation: 'house', part_of_speech: 'noun', examples: ['унэ ин — a big house'] }],
    });
  });

  it('glosses in Russian and Turkish too', () => {
    expect(lookUpWord('псы', 'kbd', 'ru').entries[0]).toMatchObject({ translation: 'вода', examples: ['псы щӀыӀэ — холодная вода'] });
    expect(lookUpWord('псы', 'ady', 'tr').entries[0]).toMatchObject({ translation: 'su', examples: ['псы чъыӏэ — soğuk su'] });
  });

  it('keeps the dialects apart', () => {
    expect(lookUpWord('анэ', 'kbd', 'en').entries[0]?.translation).toBe('mother');
    expect(lookUpWord('анэ', 'ady', 'en').found).toBe(false);
    expect(lookUpWord('ны', 'ady', 'en').entries[0]?.translation).toBe('mother');
  });

  it('ignores case, surrounding whitespace and which palochka code point is used', () => {
    for (const word of ['кӀуэн', 'кӏуэн', 'КӀУЭН', ' КӏуэН\n']) {
      expect(lookUpWord(word, 'kbd', 'en')).toMatchObject({ word, found: true, entries: [{ headword: 'кӀуэн', translation: 'to go' }] });
    }
  });

  it('lists every sense of a headword the dialect spells the same way', () => {
    expect(lookUpWord('шы', 'ady', 'en').entries.map((entry) => entry.translation)).toEqual(['brother', 'horse']);
  });

  it('answers an unknown word with found false and no entries', () => {
    expect(lookUpWord('компьютер', 'kbd', 'ru')).toEqual({ word: 'компьютер', dialect: 'kbd', lang: 'ru', found: false, entries: [] });
    expect(lookUpWord('кIуэн', 'kbd', 'ru').found).toBe(false);
  });

  it('holds between 30 and 60 concepts, each complete in both dialects and all gloss languages', () => {
    expect(DICTIONARY.length).toBeGreaterThanOrEqual(30);
    expect(DICTIONARY.length).toBeLessThanOrEqual(60);
    for (const concept of DICTIONARY) {
      for (const dialect of ['kbd', 'ady'] as const) {
        for (const lang of ['ru', 'en', 'tr'] as const) {
          const entry = lookUpWord(concept[dialect], dialect, lang);
          expect(entry.found, `${concept[dialect]} (${dialect})`).toBe(true);
          expect(entry.entries.every((sense) => sense.translation.length > 0 && sense.examples?.length === 1)).toBe(true);
        }
      }
    }
  });

  it('writes Kabardian with the palochka U+04C0 and Adyghe with U+04CF, never a look-alike', () => {
    for (const concept of DICTIONARY) {
      expect(concept.kbd + concept.example.kbd).not.toMatch(/[\u04CFIl1|]/u);
      expect(concept.ady + concept.example.ady).not.toMatch(/[\u04C0Il1|]/u);
    }
  });
});
