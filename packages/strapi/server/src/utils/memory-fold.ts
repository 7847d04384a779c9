// The memory's search columns: each text as a concordance search compares it (core's memory key,
// case-folded: palochka look-alikes and case aside, as core's `search` folds), and the source's
// word count as core's fuzzy percentage counts words. Kept on each row, so the database can
// prefilter near matches and find a phrase without reading every unit into the process (SQLite's
// LOWER folds ASCII only, so the folding cannot be left to SQL).
import { fuzzyWords, memoryKey } from '@circassian/core';

/** A text as a concordance search compares it: its memory key, case-folded. */
export const foldedText = (text: string): string => memoryKey(text).toLowerCase();

/** A unit's search columns. */
export const searchColumns = (source: string, target: string): { sourceFolded: string; targetFolded: string; wordCount: number } => ({
  sourceFolded: foldedText(source),
  targetFolded: foldedText(target),
  wordCount: fuzzyWords(source).length,
});
