// Translate File sends its texts as separate batch calls of ONE request each, so that every answer
// is kept the moment it arrives: a failure or a cancel after some calls loses nothing already paid
// for, and the next run sends only the rest. (One translateBatch call over everything would plan
// the same requests but throw away the answers of the finished ones when a later one fails.)
// Packing follows the core client's planner: repeated texts once, the lower bound of requests
// max(ceil(texts / maxTexts), ceil(characters / maxChars)) tried first, largest text first into
// the emptiest request with room. Characters are counted as the service counts them (characterCount).
import { characterCount } from '@circassian/core/text';

export interface ChunkLimits {
  readonly maxTexts: number;
  readonly maxChars: number;
}

/** The lower bound of requests for these (distinct) texts. */
export function requestLowerBound(texts: readonly string[], limits: ChunkLimits): number {
  const chars = texts.reduce((sum, text) => sum + characterCount(text), 0);
  return Math.max(Math.ceil(texts.length / limits.maxTexts), Math.ceil(chars / limits.maxChars));
}

/**
 * The distinct texts grouped into requests, each within the limits. A text longer than
 * `maxChars` is a group of its own (the client splits it at sentence ends into several requests).
 */
export function chunkTexts(texts: readonly string[], limits: ChunkLimits): string[][] {
  const distinct = [...new Set(texts)].filter((text) => text !== '');
  const oversize = distinct.filter((text) => characterCount(text) > limits.maxChars);
  const fitting = distinct.filter((text) => characterCount(text) <= limits.maxChars).sort((a, b) => characterCount(b) - characterCount(a));
  let bins: Array<{ chars: number; texts: string[] }> | undefined;
  for (let count = requestLowerBound(fitting, limits); bins === undefined; count++) {
    const tried = Array.from({ length: count }, () => ({ chars: 0, texts: [] as string[] }));
    let placed = true;
    for (const text of fitting) {
      let target: (typeof tried)[number] | undefined;
      for (const bin of tried) {
        if (bin.texts.length >= limits.maxTexts || bin.chars + characterCount(text) > limits.maxChars) continue;
        if (target === undefined || bin.chars < target.chars) target = bin;
      }
      if (target === undefined) {
        placed = false;
        break;
      }
      target.chars += characterCount(text);
      target.texts.push(text);
    }
    if (placed) bins = tried;
  }
  // In file order within each request, which reads better to the model than largest first.
  const order = new Map(distinct.map((text, index) => [text, index]));
  return [
    ...bins.filter((bin) => bin.texts.length > 0).map((bin) => bin.texts.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))),
    ...oversize.map((text) => [text]),
  ];
}
