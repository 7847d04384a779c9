/**
 * Packs any number of texts into the fewest batch requests the service accepts. Pure.
 *
 * Repeated texts are sent once; a text longer than one request may carry is split at sentence
 * boundaries and its translated pieces re-joined. Segments are placed largest first into the
 * emptiest request that still has room (by count and by characters), starting from the lower
 * bound max(ceil(segments / maxTexts), ceil(chars / maxChars)) and opening one more request only
 * when that fails. When every text is at most maxChars / maxTexts long the lower bound is always
 * reached (any request of at most maxTexts such texts fits), and in practice it is reached far
 * beyond that.
 */
import { characterCount } from './text/character-count.js';
import { joinSplit, splitText } from './internal/sentences.js';

export interface BatchLimits {
  readonly maxTexts: number;
  readonly maxChars: number;
}

export interface PlannedRequest {
  /** The texts to send, in the order they first appear in the input. */
  readonly texts: readonly string[];
  /** For each sent text, the segment it translates (index into the plan's segments). */
  readonly segments: readonly number[];
}

export interface BatchPlan {
  readonly requests: readonly PlannedRequest[];
  /** Distinct pieces of text sent (after dedupe and splitting). */
  readonly segmentCount: number;
  /** Characters sent in total, counted as the service counts them (code points). */
  readonly charCount: number;
  /** Puts the translations of every request (same order as `requests`) back into input order. */
  assemble(translations: readonly (readonly string[])[]): string[];
  /**
   * For callers that keep each request's answers as it comes (a queue that saves what it paid
   * for before sending the next): `add` takes one request's translations and returns the distinct
   * input texts that are now whole (a split text only once all its pieces are in).
   */
  answers(): BatchAnswers;
}

export interface BatchAnswers {
  add(request: number, translations: readonly string[]): ReadonlyMap<string, string>;
}

export function lowerBound(segmentCount: number, charCount: number, limits: BatchLimits): number {
  return Math.max(Math.ceil(segmentCount / limits.maxTexts), Math.ceil(charCount / limits.maxChars));
}

interface Bin {
  chars: number;
  members: number[];
}

function tryPack(lengths: readonly number[], order: readonly number[], binCount: number, limits: BatchLimits): Bin[] | undefined {
  const bins: Bin[] = Array.from({ length: binCount }, () => ({ chars: 0, members: [] }));
  for (const segment of order) {
    const length = lengths[segment] ?? 0;
    let target: Bin | undefined;
    for (const bin of bins) {
      if (bin.members.length >= limits.maxTexts || bin.chars + length > limits.maxChars) continue;
      if (target === undefined || bin.chars < target.chars) target = bin;
    }
    if (target === undefined) return undefined;
    target.chars += length;
    target.members.push(segment);
  }
  return bins;
}

export function planBatch(texts: readonly string[], limits: BatchLimits): BatchPlan {
  // Dedupe: each distinct text is translated once.
  const uniqueIndex = new Map<string, number>();
  const uniqueTexts: string[] = [];
  const inputToUnique = texts.map((text) => {
    let index = uniqueIndex.get(text);
    if (index === undefined) {
      index = uniqueTexts.push(text) - 1;
      uniqueIndex.set(text, index);
    }
    return index;
  });

  // Split over-long texts; remember which segments and joiners rebuild each distinct text.
  const segments: string[] = [];
  const rebuild = uniqueTexts.map((text) => {
    // The service rejects empty text; its translation is empty without asking.
    if (text === '') return { first: segments.length, count: 0, joiners: [] as readonly string[] };
    const { pieces, joiners } = splitText(text, limits.maxChars);
    const first = segments.length;
    segments.push(...pieces);
    return { first, count: pieces.length, joiners };
  });

  const lengths = segments.map(characterCount);
  const charCount = lengths.reduce((a, b) => a + b, 0);
  const order = segments.map((_, i) => i).sort((a, b) => (lengths[b] ?? 0) - (lengths[a] ?? 0) || a - b);
  let bins: Bin[] | undefined;
  for (let binCount = lowerBound(segments.length, charCount, limits); bins === undefined; binCount++) {
    bins = tryPack(lengths, order, binCount, limits);
  }
  const requests: PlannedRequest[] = bins
    .filter((bin) => bin.members.length > 0)
    .map((bin) => {
      const members = [...bin.members].sort((a, b) => a - b);
      return { segments: members, texts: members.map((m) => segments[m] ?? '') };
    });

  const translated: (string | undefined)[] = new Array<string | undefined>(segments.length);
  const place = (r: number, out: readonly string[] | undefined): void => {
    const request = requests[r];
    if (request === undefined || out === undefined || out.length !== request.segments.length) {
      throw new Error(`Batch response ${r} has ${out?.length ?? 0} translations for ${request?.segments.length ?? 0} texts`);
    }
    request.segments.forEach((segment, i) => (translated[segment] = out[i] ?? ''));
  };
  const rebuilt = (u: number): string | undefined => {
    const { first, count, joiners } = rebuild[u] ?? { first: 0, count: 0, joiners: [] };
    const pieces = translated.slice(first, first + count);
    return pieces.every((piece) => piece !== undefined) ? joinSplit(pieces as string[], joiners) : undefined;
  };
  const uniqueOfSegment = rebuild.flatMap(({ count }, u) => Array<number>(count).fill(u));

  return {
    requests,
    segmentCount: segments.length,
    charCount,
    assemble(translations) {
      requests.forEach((_, r) => place(r, translations[r]));
      return inputToUnique.map((u) => rebuilt(u) ?? '');
    },
    answers() {
      translated.fill(undefined);
      return {
        add(r, out) {
          place(r, out);
          const whole = new Map<string, string>();
          for (const segment of requests[r]?.segments ?? []) {
            const u = uniqueOfSegment[segment] ?? 0;
            const text = uniqueTexts[u] ?? '';
            const translation = rebuilt(u);
            if (translation !== undefined) whole.set(text, translation);
          }
          return whole;
        },
      };
    },
  };
}
