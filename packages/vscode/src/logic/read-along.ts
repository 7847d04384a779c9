// Read-along (issue 35): where each voiced sentence is in the document, and which one the audio is
// at. No editor API here, so both are unit-tested (test/read-along.test.ts).
import type { SentenceTiming } from '@circassian/core';

/** A sentence's place in the audio and in the document (offsets; undefined when it could not be found there). */
export interface PlacedSentence {
  readonly start: number;
  readonly end: number;
  readonly at: { readonly start: number; readonly end: number } | undefined;
}

/**
 * The voiced sentences found in `documentText` in order, from `from` on. The spoken text left out
 * what is not read aloud (links' targets, placeholders: text-protection.ts) and joined lines, so each
 * sentence is looked for as a whole after the one before; one not found as voiced is not highlighted
 * (rather than a wrong range), and the next is looked for after the last one found.
 */
export function placeSentences(documentText: string, from: number, sentences: readonly SentenceTiming[]): PlacedSentence[] {
  let cursor = from;
  return sentences.map(({ start, end, text }) => {
    const found = text === '' ? -1 : documentText.indexOf(text, cursor);
    if (found < 0) return { start, end, at: undefined };
    cursor = found + text.length;
    return { start, end, at: { start: found, end: cursor } };
  });
}

/**
 * The sentence being read at `seconds` of the audio: the one whose span holds it (a shared boundary
 * belongs to the sentence that starts there); undefined before the first and after the last.
 */
export function sentenceAt<T extends { readonly start: number; readonly end: number }>(
  sentences: readonly T[],
  seconds: number,
): T | undefined {
  return sentences.find((sentence) => seconds >= sentence.start && seconds < sentence.end);
}
