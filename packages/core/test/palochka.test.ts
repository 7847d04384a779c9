import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import vectorTable from './palochka-vectors.json' with { type: 'json' };
import {
  PALOCHKA,
  SMALL_PALOCHKA,
  countPalochkaLookalikes,
  findPalochkaLookalikes,
  hasPalochkaLookalikes,
  normalizePalochka,
  type PalochkaLookalike,
} from '../src/palochka.js';

/** One row of shared/vectors/palochka.json; `expected` is for the default target U+04C0. */
interface PalochkaVector {
  readonly input: string;
  readonly expected: string;
  readonly why: string;
  readonly expectedU04CF?: string;
}

const vectors: readonly PalochkaVector[] = vectorTable;

function applyLookalikes(text: string, lookalikes: readonly PalochkaLookalike[]): string {
  let out = text;
  for (const { start, end, replacement } of lookalikes) out = out.slice(0, start) + replacement + out.slice(end);
  return out;
}

describe('palochka vectors (shared/vectors/palochka.json)', () => {
  it('has enough vectors, each with a reason', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60);
    for (const vector of vectors) expect(vector.why.length).toBeGreaterThan(10);
  });

  describe.each(vectors)('$why', (vector) => {
    it('normalizePalochka gives the expected text', () => {
      expect(normalizePalochka(vector.input)).toBe(vector.expected);
    });

    it('applying every findPalochkaLookalikes range gives the same text', () => {
      const lookalikes = findPalochkaLookalikes(vector.input);
      expect(applyLookalikes(vector.input, lookalikes)).toBe(vector.expected);
      expect(countPalochkaLookalikes(vector.input)).toBe(lookalikes.length);
      expect(hasPalochkaLookalikes(vector.input)).toBe(lookalikes.length > 0);
    });

    it('leaves its own output unchanged', () => {
      expect(normalizePalochka(vector.expected)).toBe(vector.expected);
    });
  });

  const withSmallTarget = vectors.filter((vector) => vector.expectedU04CF !== undefined);
  it.each(withSmallTarget)('with target U+04CF: $why', (vector) => {
    expect(normalizePalochka(vector.input, { target: 'U+04CF' })).toBe(vector.expectedU04CF);
  });
});

describe('normalizePalochka options', () => {
  it('writes U+04C0 by default', () => {
    expect(normalizePalochka('кIуэ')).toBe(`к${PALOCHKA}уэ`);
    expect(normalizePalochka('кIуэ', { target: 'U+04C0' })).toBe(`к${PALOCHKA}уэ`);
    expect(PALOCHKA).toBe('\u04C0');
  });

  it('works point-free in map, where the second argument is an index', () => {
    expect(['кIуэ', 'щ1'].map(normalizePalochka)).toEqual([`к${PALOCHKA}уэ`, `щ${PALOCHKA}`]);
  });

  it('writes U+04CF for every look-alike and for U+04C0 when the target is U+04CF', () => {
    expect(normalizePalochka(`кIуэ к${PALOCHKA}уэ к1уэ`, { target: 'U+04CF' })).toBe(`к${SMALL_PALOCHKA}уэ `.repeat(3).trimEnd());
    expect(SMALL_PALOCHKA).toBe('\u04CF');
  });
});

describe('normalizePalochka outside Node', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const dense = '\uFEFF' + 'кIуэ щ1 \uD800 lэ 😀 '.repeat(50);
  const expected = '\uFEFF' + `к${PALOCHKA}уэ щ${PALOCHKA} \uD800 ${PALOCHKA}э 😀 `.repeat(50);

  it("gives the same text without Node's Buffer, byte order mark and lone surrogates included", () => {
    expect(normalizePalochka(dense)).toBe(expected);
    vi.stubGlobal('Buffer', undefined);
    expect(normalizePalochka(dense)).toBe(expected);
    expect(normalizePalochka(dense.replaceAll('\uD800', '').replaceAll('😀', ''))).toBe(
      expected.replaceAll('\uD800', '').replaceAll('😀', ''),
    );
  });

  it('rewrites sparse look-alikes in long text', () => {
    const padding = 'Привет, мир. '.repeat(100);
    expect(normalizePalochka(`${padding}кIуэ${padding}`)).toBe(`${padding}к${PALOCHKA}уэ${padding}`);
  });
});

describe('Cyrillic context', () => {
  it('treats every Cyrillic letter of the BMP as Cyrillic context', () => {
    const romanTwins = new Set(['Х', 'С', 'М']);
    const missed: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const letter = String.fromCharCode(code);
      if (!/\p{Script=Cyrillic}/u.test(letter) || !/\p{L}/u.test(letter) || romanTwins.has(letter)) continue;
      if (letter === PALOCHKA || letter === SMALL_PALOCHKA || letter === '\u0406' || letter === '\u0456') continue;
      if (normalizePalochka(`${letter}I`) !== `${letter}${PALOCHKA}`) missed.push(`U+${code.toString(16)}`);
    }
    expect(missed).toEqual([]);
  });
});

describe('findPalochkaLookalikes', () => {
  it('reports UTF-16 ranges with the character found and its replacement', () => {
    expect(findPalochkaLookalikes(`«кIуэ» 😀 щ1 к${SMALL_PALOCHKA}уэ`)).toEqual([
      { start: 2, end: 3, found: 'I', replacement: PALOCHKA },
      { start: 11, end: 12, found: '1', replacement: PALOCHKA },
      { start: 14, end: 15, found: SMALL_PALOCHKA, replacement: PALOCHKA },
    ]);
  });

  it('reports nothing for text that is already correct', () => {
    expect(findPalochkaLookalikes(`к${PALOCHKA}уэ ${PALOCHKA}эщ`)).toEqual([]);
  });
});

describe('the palochka module', () => {
  it('imports nothing, so it loads in a browser without the HTTP client', () => {
    const source = readFileSync(new URL('../src/palochka.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s|\brequire\(|\bimport\(/m);
  });
});
