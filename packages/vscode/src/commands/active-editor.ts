import * as vscode from 'vscode';
import type { NotDone } from '../services';

/** The editor a command works in, or the outcome to return when there is none. */
export function activeEditor(): vscode.TextEditor | NotDone {
  const editor = vscode.window.activeTextEditor;
  if (editor) return editor;
  const message = vscode.l10n.t('Open a file with text first.');
  void vscode.window.showInformationMessage(message);
  return { status: 'nothing', message };
}

export function isEditor(value: vscode.TextEditor | NotDone): value is vscode.TextEditor {
  return 'document' in value;
}
