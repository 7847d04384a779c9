// The word a palochka look-alike sits in: where its fixes are offered (quick fix, hover), so they
// are reached from anywhere in the word and not only with the pointer on the 8-pixel letter.

/** Letters, combining marks and the characters typed for the palochka (I, l, 1, |). */
const WORD_CHAR = /[\p{L}\p{M}1|]/u;

/** Offsets `[start, end)` of the word of `line` around `[from, to)`. */
export function wordAround(line: string, from: number, to: number): { start: number; end: number } {
  let start = from;
  while (start > 0 && WORD_CHAR.test(line[start - 1] ?? '')) start--;
  let end = to;
  while (end < line.length && WORD_CHAR.test(line[end] ?? '')) end++;
  return { start, end };
}
