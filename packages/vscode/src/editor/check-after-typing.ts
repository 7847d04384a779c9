// A check run on a document once typing pauses (300 ms), not on every keystroke: the Problems
// panel's checks of translated files and of glossary terms share it.
import type * as vscode from 'vscode';

export class CheckAfterTyping implements vscode.Disposable {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly check: (document: vscode.TextDocument) => unknown) {}

  schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.set(
      key,
      setTimeout(() => {
        this.#timers.delete(key);
        this.check(document);
      }, 300),
    );
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
