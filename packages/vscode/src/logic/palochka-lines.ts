// The palochka findings of one document, kept per line so an edit rescans only the lines it
// touched: a 5 MB file is scanned once (in slices, see palochka/diagnostics.ts), then each
// keystroke costs one line. Pure: the editor layer turns findings into Diagnostics.
import { findPalochkaLookalikes, type PalochkaOptions } from '@circassian/core/palochka';

export interface LineFinding {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly found: string;
  readonly replacement: string;
}

type Found = ReturnType<typeof findPalochkaLookalikes>;
const NONE: Found = [];

/** The findings of one line of text. */
export function scanLine(text: string, options?: PalochkaOptions): Found {
  const found = findPalochkaLookalikes(text, options);
  return found.length === 0 ? NONE : found;
}

export class PalochkaLines {
  #lines: Found[] = [];
  #count = 0;

  constructor(private readonly options: PalochkaOptions = {}) {}

  get count(): number {
    return this.#count;
  }

  get lineCount(): number {
    return this.#lines.length;
  }

  /** Scans lines `[from, from + texts.length)` of a document being read for the first time. */
  appendLines(texts: readonly string[]): void {
    for (const text of texts) {
      const found = scanLine(text, this.options);
      this.#count += found.length;
      this.#lines.push(found);
    }
  }

  /**
   * An edit replaced old lines `[startLine, oldEndLine]` (inclusive) with `newTexts`: those lines
   * are rescanned, the lines after them shift.
   */
  replaceLines(startLine: number, oldEndLine: number, newTexts: readonly string[]): void {
    const fresh = newTexts.map((text) => scanLine(text, this.options));
    const removed = this.#lines.splice(startLine, oldEndLine - startLine + 1, ...fresh);
    for (const found of removed) this.#count -= found.length;
    for (const found of fresh) this.#count += found.length;
  }

  /** Every finding, in document order. */
  *findings(): Generator<LineFinding> {
    for (let line = 0; line < this.#lines.length; line++) {
      const found = this.#lines[line] as Found;
      for (const item of found) yield { line, start: item.start, end: item.end, found: item.found, replacement: item.replacement };
    }
  }
}

/**
 * The old line span one `TextDocumentChangeEvent` covers and how many lines it nets, from its
 * content changes (ranges in the old document, non-overlapping): the union, so several cursors
 * typing at once rescan one span.
 */
export function changedLineSpan(
  changes: ReadonlyArray<{ startLine: number; endLine: number; text: string }>,
): { startLine: number; oldEndLine: number; lineDelta: number } | undefined {
  if (changes.length === 0) return undefined;
  let startLine = Number.POSITIVE_INFINITY;
  let oldEndLine = -1;
  let lineDelta = 0;
  for (const change of changes) {
    startLine = Math.min(startLine, change.startLine);
    oldEndLine = Math.max(oldEndLine, change.endLine);
    let newLines = 0;
    for (let index = change.text.indexOf('\n'); index !== -1; index = change.text.indexOf('\n', index + 1)) newLines++;
    lineDelta += newLines - (change.endLine - change.startLine);
  }
  return { startLine, oldEndLine, lineDelta };
}
