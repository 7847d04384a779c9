// Which sentences of a translated field a person corrected, and what each one translates. When the
// plugin writes a field it records, per sentence (as the translation walks them: Markdown lines,
// blocks, inner fields of components), a hash of the source sentence it sent and of the sentence
// as written and read back. Later, the field as the editor left it is lined up against what was
// written (a longest common subsequence of the hashes): a sentence that reads as written is not a
// correction, whatever it says (an untouched line of the machine's stays the machine's); a run of
// changed sentences that replaces as many written ones is paired one to one; sentences added or
// removed pair with nothing. A corrected sentence is paired with the source sentence it was
// translated from, and only while the source still says it (lined up the same way): after the
// source moved on, an edit may answer either text, and a wrong pair is worse than none. Pure.
import { hashValue } from './hash';

/** What the plugin wrote into one field: per sentence, the hash of its source and of the written text. */
export interface SentenceRecord {
  /** Hashes of the source sentences, in order. */
  readonly source: readonly string[];
  /** Hashes of the sentences as written (same length as `source`). */
  readonly written: readonly string[];
  /**
   * The source sentences themselves, as they were translated (same length as `source`): what the
   * review by sentence shows as the earlier source (sentence-review.ts). Records of earlier
   * versions have none.
   */
  readonly sourceText?: readonly string[];
}

/** A corrected sentence and the source sentence it translates. */
export interface Correction {
  readonly source: string;
  readonly target: string;
}

/** The record of one field the plugin wrote, or null where its sentences do not line up one to one (nothing can be paired). */
export function sentenceRecord(source: readonly string[], written: readonly string[]): SentenceRecord | null {
  if (source.length !== written.length) return null;
  return { source: source.map(sentenceHash), written: written.map(sentenceHash), sourceText: [...source] };
}

/** A sentence's hash as recorded (the state store keeps hashes, never texts). */
export const sentenceHash = (text: string): string => hashValue(text);

/** Pairs of indexes (in `a`, in `b`) of equal items, in order: a longest common subsequence. */
function commonPairs(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
  const pairs: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) i++;
    else j++;
  }
  return pairs;
}

/**
 * Per index of `a`, the index of `b` it stands for: items equal in both, and the items of a run
 * that replaces a run of the same length between two equal ones (position by position); -1 where
 * nothing stands for it (removed, or replaced by a run of another length). `changed` tells which
 * of these were replaced rather than equal.
 */
export function lineUp(a: readonly string[], b: readonly string[]): { match: Int32Array; changed: Uint8Array } {
  const match = new Int32Array(a.length).fill(-1);
  const changed = new Uint8Array(a.length);
  let [lastA, lastB] = [-1, -1];
  for (const [i, j] of [...commonPairs(a, b), [a.length, b.length] as [number, number]]) {
    const gapA = i - lastA - 1;
    if (gapA > 0 && gapA === j - lastB - 1)
      for (let k = 1; k <= gapA; k++) {
        match[lastA + k] = lastB + k;
        changed[lastA + k] = 1;
      }
    if (i < a.length) match[i] = j;
    [lastA, lastB] = [i, j];
  }
  return { match, changed };
}

/**
 * The sentences of `target` (the field as the editor left it, walked as the translation walks it)
 * that a person changed from what the plugin wrote, each with the sentence of `source` (the
 * field's source now) it was translated from; none where the source of that sentence moved on.
 */
export function corrections(record: SentenceRecord, source: readonly string[], target: readonly string[]): Correction[] {
  const written = lineUp(record.written, target.map(sentenceHash));
  const sourceNow = lineUp(record.source, source.map(sentenceHash));
  const found: Correction[] = [];
  record.written.forEach((_, index) => {
    const edited = written.match[index] ?? -1;
    const from = sourceNow.match[index] ?? -1;
    // Changed by a person, and its source sentence still as it was translated.
    if (edited < 0 || written.changed[index] !== 1 || from < 0 || sourceNow.changed[index] === 1) return;
    const pair = { source: source[from] ?? '', target: target[edited] ?? '' };
    if (pair.source.trim() !== '' && pair.target.trim() !== '') found.push(pair);
  });
  return found;
}
