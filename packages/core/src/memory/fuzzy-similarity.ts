/**
 * How alike two source texts are, as a fuzzy match's percentage. Both texts are read in their
 * memory-key form (memory-key.ts: NFC, palochka look-alikes replaced, surrounding whitespace
 * removed), case-folded (`toLowerCase`, which folds Ӏ to ӏ as well), and cut into words: runs of
 * letters, combining marks and digits; punctuation and spacing separate words and count for nothing
 * else. Then, with d the word-level edit distance (Levenshtein: inserting, deleting or replacing
 * one word costs 1) and m, n the two word counts:
 *
 *     percent = 100                                   when the memory keys are equal (an exact match)
 *             = min(99, floor(100 * (1 - d / max(m, n))))   otherwise (0 when neither has a word)
 *
 * So 100% means "the memory answers this text by itself", and two texts that differ only in case,
 * punctuation or inner spacing are 99%: the same words, not the same key. The cases are in
 * shared/vectors/fuzzy.json, which the PHP and Strapi hosts read as well.
 */
import { memoryKey } from './memory-key.js';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words a text is compared by: its memory key, case-folded, cut at everything that is not a letter, mark or digit. */
export function fuzzyWords(text: string): string[] {
  return keyWords(memoryKey(text));
}

/** `fuzzyWords` of a text already in its memory-key form (an index reads its keys so, without keying them again). */
export function keyWords(key: string): string[] {
  return key.toLowerCase().match(WORD) ?? [];
}

/**
 * The word-level edit distance of `a` and `b`, or `Infinity` as soon as it must exceed `limit`
 * (the lookup gives the largest distance its minimum percentage allows, so a hopeless candidate
 * costs one row or two).
 */
export function wordEditDistance<T>(a: ArrayLike<T>, b: ArrayLike<T>, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return Number.POSITIVE_INFINITY;
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const word = a[i - 1];
    for (let j = 1; j <= b.length; j++) {
      const replace = (previous[j - 1] ?? 0) + (word === b[j - 1] ? 0 : 1);
      const value = Math.min(replace, (previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return Number.POSITIVE_INFINITY;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}

/** The percentage of the formula above for words already cut and the keys' equality already known. */
export function percentFromDistance(distance: number, m: number, n: number, sameKey: boolean): number {
  if (sameKey) return 100;
  const longest = Math.max(m, n);
  if (longest === 0 || !Number.isFinite(distance)) return 0;
  return Math.min(99, Math.floor((100 * (longest - distance)) / longest));
}

/** How alike two source texts are, 0 to 100 (the formula at the top of this file). */
export function fuzzySimilarity(a: string, b: string): number {
  const wordsA = fuzzyWords(a);
  const wordsB = fuzzyWords(b);
  return percentFromDistance(wordEditDistance(wordsA, wordsB), wordsA.length, wordsB.length, memoryKey(a) === memoryKey(b));
}

/**
 * The largest word distance a match of `min` percent allows between texts of `m` and `n` words:
 * floor(100 * (1 - d / L)) >= min  <=>  d <= L * (100 - min) / 100, with L = max(m, n).
 */
export function distanceAllowed(min: number, m: number, n: number): number {
  return Math.floor((Math.max(m, n) * (100 - min)) / 100);
}
