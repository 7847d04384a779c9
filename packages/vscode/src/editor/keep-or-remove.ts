// The question before removing what cannot be brought back (a memory's units): a choice whose first,
// focused answer keeps everything, so Enter or Escape removes nothing; removing is the row below.
// (A modal dialog's first button, which Enter presses, was Remove.)
import * as vscode from 'vscode';

export interface RemovalQuestion {
  readonly title: string;
  /** The removing answer, as a person reads it ("Remove 2 translation units of en → kbd"). */
  readonly remove: string;
  /** The keeping answer, when "Keep them" does not fit (one unit: "Keep it"). */
  readonly keep?: string;
  readonly description?: string;
  readonly detail?: string;
}

/** Resolves true only when the person picked the removing answer. */
export function confirmRemoval(question: RemovalQuestion): Promise<boolean> {
  return new Promise((resolve) => {
    const keep: vscode.QuickPickItem = {
      label: `$(close) ${question.keep ?? vscode.l10n.t('Keep them')}`,
      description: vscode.l10n.t('nothing is removed'),
    };
    const remove: vscode.QuickPickItem = {
      label: `$(trash) ${question.remove}`,
      ...(question.description ? { description: question.description } : {}),
      ...(question.detail ? { detail: question.detail } : {}),
    };
    const pick = vscode.window.createQuickPick();
    pick.title = question.title;
    pick.items = [keep, remove];
    pick.activeItems = [keep];
    pick.ignoreFocusOut = true;
    let removing = false;
    pick.onDidAccept(() => {
      removing = pick.selectedItems[0] === remove;
      pick.hide();
    });
    pick.onDidHide(() => {
      pick.dispose();
      resolve(removing);
    });
    pick.show();
  });
}
