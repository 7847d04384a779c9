/**
 * Splits a text longer than a request allows into pieces at sentence boundaries, so each piece is
 * translated or voiced as whole sentences. One splitter serves translateBatch and speech.
 *
 * `pieces[i] + joiners[i]`, concatenated, gives back the input exactly: the whitespace at each
 * cut is kept aside so translated pieces are re-joined with the text's own spacing and line breaks.
 * Lengths are UTF-16 code units, never fewer than the code points the service counts.
 */
export interface SplitText {
  readonly pieces: readonly string[];
  readonly joiners: readonly string[];
}

// A sentence ends after terminal punctuation (with closing quotes or brackets) followed by
// whitespace, or at a line break.
const SENTENCE_END = /[.!?…։؟。]+["'»”’)\]]*\s+|\n\s*/gu;
const WHITESPACE = /\s+/gu;

function cutsOf(pattern: RegExp, text: string): number[] {
  return [...text.matchAll(pattern)].map((m) => m.index + m[0].length);
}

function lastCutWithin(cuts: readonly number[], start: number, end: number): number | undefined {
  let best: number | undefined;
  for (const cut of cuts) {
    if (cut > end) break;
    if (cut > start) best = cut;
  }
  return best;
}

/** A hard cut that does not fall between the halves of a surrogate pair. */
function safeHardCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

export function splitText(text: string, maxChars: number): SplitText {
  if (maxChars < 2) throw new RangeError('maxChars must be at least 2');
  if (text.length <= maxChars) return { pieces: [text], joiners: [''] };
  const sentenceCuts = cutsOf(SENTENCE_END, text);
  const wordCuts = cutsOf(WHITESPACE, text);
  const pieces: string[] = [];
  const joiners: string[] = [];
  let start = 0;
  while (start < text.length) {
    const limit = start + maxChars;
    const cut =
      limit >= text.length
        ? text.length
        : (lastCutWithin(sentenceCuts, start, limit) ?? lastCutWithin(wordCuts, start, limit) ?? safeHardCut(text, limit));
    const chunk = text.slice(start, cut);
    const piece = chunk.trimEnd();
    if (piece === '') {
      // Only whitespace up to the cut: it belongs to the previous joiner, not to a piece of its own.
      if (joiners.length > 0) joiners[joiners.length - 1] += chunk;
      else {
        pieces.push(chunk);
        joiners.push('');
      }
    } else {
      pieces.push(piece);
      joiners.push(chunk.slice(piece.length));
    }
    start = cut;
  }
  return { pieces, joiners };
}

export function joinSplit(pieces: readonly string[], joiners: readonly string[]): string {
  return pieces.map((piece, i) => piece + (joiners[i] ?? '')).join('');
}
