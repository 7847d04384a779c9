import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PALOCHKA,
  SMALL_PALOCHKA,
  countPalochkaLookalikes,
  findPalochkaLookalikes,
  hasPalochkaLookalikes,
  normalizePalochka,
  type PalochkaOptions,
} from '../src/palochka.js';

const LOOKALIKES = ['I', 'l', '1', '|', 'i', '\u0406', '\u0456', PALOCHKA, SMALL_PALOCHKA];
const CYRILLIC = ['к', 'у', 'э', 'щ', 'ы', 'а', 'К', 'У', 'Э', 'Х', 'С', 'М', 'Н', 'е'];
const OTHER = [
  'a',
  'b',
  'C',
  'P',
  'V',
  'X',
  'x',
  's',
  'w',
  '0',
  '2',
  '9',
  ' ',
  '-',
  '.',
  ',',
  '«',
  '»',
  '"',
  "'",
  '@',
  ':',
  '/',
  '(',
  '\n',
  '\u0301',
  'α',
  '😀',
];

/** Short texts dense in look-alikes next to Cyrillic, Latin, digits, punctuation and URL markers. */
const mixedText = fc.string({ unit: fc.constantFrom(...LOOKALIKES, ...CYRILLIC, ...OTHER), maxLength: 60 });
/** Any text, from the whole of Unicode. */
const anyText = fc.oneof(mixedText, fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }));
const HAS_CYRILLIC = /\p{Script=Cyrillic}/u;
const withoutCyrillic = fc.oneof(
  fc.string({ unit: fc.constantFrom(...LOOKALIKES.slice(0, 5), ...OTHER), maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 60 }).filter((text) => !HAS_CYRILLIC.test(text)),
);
const options = fc.constantFrom<PalochkaOptions | undefined>(undefined, { target: 'U+04C0' }, { target: 'U+04CF' });

const RUNS = { numRuns: 2000 };

describe('palochka properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(anyText, options, (text, option) => {
        const once = normalizePalochka(text, option);
        expect(normalizePalochka(once, option)).toBe(once);
      }),
      RUNS,
    );
  });

  it('never touches text without Cyrillic', () => {
    fc.assert(
      fc.property(withoutCyrillic, options, (text, option) => {
        expect(normalizePalochka(text, option)).toBe(text);
        expect(findPalochkaLookalikes(text, option)).toEqual([]);
      }),
      RUNS,
    );
  });

  it('keeps the length and changes only look-alikes, into the target palochka', () => {
    fc.assert(
      fc.property(anyText, options, (text, option) => {
        const target = option?.target === 'U+04CF' ? SMALL_PALOCHKA : PALOCHKA;
        const out = normalizePalochka(text, option);
        expect(out.length).toBe(text.length);
        for (let i = 0; i < text.length; i++) {
          if (out[i] === text[i]) continue;
          expect(out[i]).toBe(target);
          expect(LOOKALIKES).toContain(text[i]);
        }
      }),
      RUNS,
    );
  });

  it('reports ranges that, applied, give exactly the normalised text', () => {
    fc.assert(
      fc.property(anyText, options, (text, option) => {
        const lookalikes = findPalochkaLookalikes(text, option);
        const chars = text.split('');
        let previousEnd = 0;
        for (const { start, end, found, replacement } of lookalikes) {
          expect(start).toBeGreaterThanOrEqual(previousEnd);
          expect(end).toBe(start + 1);
          expect(text.slice(start, end)).toBe(found);
          chars[start] = replacement;
          previousEnd = end;
        }
        expect(chars.join('')).toBe(normalizePalochka(text, option));
        expect(countPalochkaLookalikes(text, option)).toBe(lookalikes.length);
        expect(hasPalochkaLookalikes(text, option)).toBe(lookalikes.length > 0);
      }),
      RUNS,
    );
  });

  it('decides a word the same way in long text, where the result is built differently', () => {
    const padding = 'Привет, мир! '.repeat(40);
    fc.assert(
      fc.property(anyText, options, (text, option) => {
        expect(normalizePalochka(`${padding}${text}\n${padding}`, option)).toBe(`${padding}${normalizePalochka(text, option)}\n${padding}`);
      }),
      RUNS,
    );
  });

  it('skips ahead only past text where nothing can change', () => {
    // A leading non-target palochka is a candidate at offset 0, so the scan then reads the
    // whole text instead of jumping to the first candidate: the results must not differ.
    fc.assert(
      fc.property(anyText, (text) => {
        expect(normalizePalochka(`${SMALL_PALOCHKA} ${text}`)).toBe(`${PALOCHKA} ${normalizePalochka(text)}`);
      }),
      RUNS,
    );
  });

  it('leaves URLs and e-mail addresses exactly as typed', () => {
    const chunk = fc.string({
      unit: fc.constantFrom(...LOOKALIKES, ...CYRILLIC, 'a', 'x', '0', '-', '.', '/', ':', '@', '\u0301'),
      maxLength: 30,
    });
    const prefix = fc.constantFrom('https://', 'http://сайт.рф/', 'www.', '(www.', 'иван@почта', 'a1@b');
    fc.assert(
      fc.property(prefix, chunk, options, (start, rest, option) => {
        const url = `${start}${rest}`;
        expect(normalizePalochka(`кIуэ ${url} щI`, option)).toBe(
          `${normalizePalochka('кIуэ', option)} ${url} ${normalizePalochka('щI', option)}`,
        );
      }),
      RUNS,
    );
  });

  it('decides which look-alikes to replace independently of the target', () => {
    const typedLookalikes = (text: string, option: PalochkaOptions) =>
      findPalochkaLookalikes(text, option)
        .filter(({ found }) => found !== PALOCHKA && found !== SMALL_PALOCHKA)
        .map(({ start }) => start);
    fc.assert(
      fc.property(anyText, (text) => {
        expect(typedLookalikes(text, { target: 'U+04CF' })).toEqual(typedLookalikes(text, { target: 'U+04C0' }));
      }),
      RUNS,
    );
  });
});
