// The text editor the user worked in last, for commands run while something else has focus (the
// Welcome page, a webview): VS Code then has no active text editor, and the walkthrough's Try step
// must act on the file the user was in rather than fail or open something else.
import * as vscode from 'vscode';

export class LastTextEditor implements vscode.Disposable {
  #last: vscode.TextEditor | undefined = vscode.window.activeTextEditor;
  readonly #subscription = vscode.window.onDidChangeActiveTextEditor((editor) => {
    if (editor) this.#last = editor;
  });

  /**
   * The active text editor; else the last one, shown again with its selections, while its file is
   * still open in a tab (a closed file is not reopened); else undefined.
   */
  async reveal(): Promise<vscode.TextEditor | undefined> {
    const active = vscode.window.activeTextEditor;
    if (active) return active;
    const last = this.#last;
    if (!last || last.document.isClosed || !inATab(last.document.uri)) return undefined;
    const editor = await vscode.window.showTextDocument(last.document, {
      ...(last.viewColumn === undefined ? {} : { viewColumn: last.viewColumn }),
      preview: false,
    });
    editor.selections = [...last.selections];
    return editor;
  }

  dispose(): void {
    this.#subscription.dispose();
  }
}

function inATab(uri: vscode.Uri): boolean {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .some((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
}
