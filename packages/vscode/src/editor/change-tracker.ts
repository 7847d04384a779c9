// Follows the edits made to a document while a request is in flight, so the answer lands where
// its text is now, and a range the user edited meanwhile is left alone (nothing typed is lost).
import * as vscode from 'vscode';
import { shiftRange, type OffsetRange } from '../logic/translation-plan';

export class ChangeTracker implements vscode.Disposable {
  readonly #ranges: Array<OffsetRange | undefined>;
  readonly #subscription: vscode.Disposable;

  constructor(
    readonly document: vscode.TextDocument,
    ranges: readonly OffsetRange[],
  ) {
    this.#ranges = [...ranges];
    this.#subscription = vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.document !== document) return;
      // Changes of one event are relative to the text before it; from the highest down, each
      // leaves the coordinates of the ones below it untouched.
      const changes = [...event.contentChanges].sort((a, b) => b.rangeOffset - a.rangeOffset);
      for (const change of changes) {
        const moved = { start: change.rangeOffset, end: change.rangeOffset + change.rangeLength, text: change.text };
        for (let index = 0; index < this.#ranges.length; index++) {
          const range = this.#ranges[index];
          if (range) this.#ranges[index] = shiftRange(range, moved);
        }
      }
    });
  }

  /** Where each range is now; `undefined` for a range an edit touched. */
  current(): ReadonlyArray<OffsetRange | undefined> {
    return this.#ranges;
  }

  dispose(): void {
    this.#subscription.dispose();
  }
}
