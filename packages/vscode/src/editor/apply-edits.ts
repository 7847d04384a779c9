// Applies planned edits as ONE undoable step: through the editor when it is still showing the
// document (one undo stop, selections kept), else as a workspace edit.
import * as vscode from 'vscode';
import type { PlannedEdit } from '../logic/translation-plan';

export async function applyPlannedEdits(document: vscode.TextDocument, edits: readonly PlannedEdit[]): Promise<boolean> {
  if (edits.length === 0) return true;
  const toRange = (edit: PlannedEdit): vscode.Range => new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end));
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  if (editor) {
    return editor.edit(
      (builder) => {
        for (const edit of edits) builder.replace(toRange(edit), edit.newText);
      },
      { undoStopBefore: true, undoStopAfter: true },
    );
  }
  const workspaceEdit = new vscode.WorkspaceEdit();
  for (const edit of edits) workspaceEdit.replace(document.uri, toRange(edit), edit.newText);
  return vscode.workspace.applyEdit(workspaceEdit);
}

/**
 * Whether edits to this document can be expected to work: untitled documents and writable file
 * systems; not read-only ones nor virtual documents of content providers (unknown schemes).
 */
export function isWritable(document: vscode.TextDocument): boolean {
  if (document.isUntitled) return true;
  return vscode.workspace.fs.isWritableFileSystem(document.uri.scheme) === true;
}
