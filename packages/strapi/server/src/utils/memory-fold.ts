// The memory's search columns: each text as a concordance search compares it (core's memory key,
// case-folded: palochka look-alikes and case aside, as core's `search` folds), and the source's
// words as core's fuzzy percentage cuts them (` w1 w2 `, so ` w ` is found as a whole word) and
// their number. Kept on each row, so the database can
// prefilter near matches and find a phrase without reading every unit into the process (SQLite's
// LOWER folds ASCII only, so the folding cannot be left to SQL).
import { fuzzyWords, memoryKey } from '@circassian/core';

/** A text as a concordance search compares it: its memory key, case-folded. */
export const foldedText = (text: string): string => memoryKey(text).toLowerCase();

/** A unit's search columns. */
export const searchColumns = (
  source: string,
  target: string,
): { sourceFolded: string; targetFolded: string; sourceWords: string; wordCount: number } => {
  const words = fuzzyWords(source);
  return {
    sourceFolded: foldedText(source),
    targetFolded: foldedText(target),
    sourceWords: ` ${words.join(' ')} `,
    wordCount: words.length,
  };
};
